"""">" and ">>" typed as arrows: "receive PO > credit check > pick > pack", "Life > Bacteria, Archaea.
Eukarya > Plants, Fungi.", "extract >> validate >> publish" (Airflow's bitshift) — written "->" before
either reading. One definition, read alike by the drafter (reading.py, before its cascade) and the
check's normal form (normal_forms.py); each then reads the arrows its own way.

">" is an arrow only when nothing else in the intent can be:
- at least two of them, every one between two names with spaces around it ("security > features"
  alone may rank, not point);
- no other arrow ("->", "→", "=>"), no "<", ">=" or "≥" (a comparison has its mates);
- no number, sign or currency beside any ">" ("score > 650", "amount > $500" compare);
- no condition word ("if", "when", "then", …: "temperature > high" may compare words);
- no line that opens with ">" (a quotation), no quotes, brackets or code, where ">" may be text.
Any of those and the intent is left as written.
"""

from __future__ import annotations

import re

_ARROW_LIKE_RE = re.compile(r"(?<=[A-Za-z0-9)\]])[ \t]+>>?[ \t]+(?=[A-Za-z\[(])")
_ANGLE_RE = re.compile(r">>?")
_OTHER_ARROWS_RE = re.compile(r"->|→|=>|⇒|⟶|<|>=|≥|≤")
_NUMBER_BESIDE_RE = re.compile(r"[\d%$€£]\s*>|>>?\s*[-+]?[\d$€£]")
_CONDITION_RE = re.compile(r"\b(?:if|when|whenever|unless|until|while|otherwise|else|then)\b", re.IGNORECASE)
_TEXT_RE = re.compile(r"[\"`{}\[\]]|^\s*>", re.MULTILINE)
ARROWS_MIN = 2


def angle_brackets_as_arrows(intent: str) -> str:
    """The intent with its ">" arrows written "->", or as written (see the module's note)."""
    angles = _ANGLE_RE.findall(intent)
    if len(angles) < ARROWS_MIN or len(_ARROW_LIKE_RE.findall(intent)) != len(angles):
        return intent
    if _OTHER_ARROWS_RE.search(intent) or _NUMBER_BESIDE_RE.search(intent) or _CONDITION_RE.search(intent) \
            or _TEXT_RE.search(intent):
        return intent
    return _ARROW_LIKE_RE.sub(" -> ", intent)
