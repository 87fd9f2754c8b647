"""">" and ">>" typed as arrows: "order received > pick items > pack", "Life > Bacteria, Archaea",
"extract >> validate >> publish" (Airflow's bitshift). Read as "->" only when every ">" of the intent
stands between two names with spaces around it and the intent has no other arrow: a ">" before or after
a number, a sign or a currency is a comparison ("amount > $10,000", "score > 700"), a line that opens
with ">" is a quotation, an intent that also writes "->" or "→" means something else by ">", and one
with a condition ("if", "when", "then", …) may compare words ("temperature > high"). Any of those and
the intent is left as written.

Read alike by the drafter (reading.py, before its cascade) and the check's normal form.
"""

from __future__ import annotations

import re

_OTHER_ARROWS_RE = re.compile(r"->|→|=>|⇒|<|>=|≥")
# a condition anywhere makes a ">" between words a comparison it may be ("if the temperature > high")
_CONDITION_RE = re.compile(r"\b(?:if|when|whenever|unless|until|while|otherwise|else|then)\b", re.IGNORECASE)
_ANGLE_RE = re.compile(r">>?")
_ARROW_LIKE_RE = re.compile(r"(?<=[A-Za-z)\]])[ \t]+>>?[ \t]+(?=[A-Za-z\[(])")


def angle_brackets_as_arrows(intent: str) -> str:
    """The intent with its ">" arrows written "->", or as written (see the module's note)."""
    if _OTHER_ARROWS_RE.search(intent) or _CONDITION_RE.search(intent) or re.search(r"(?m)^\s*>", intent):
        return intent
    angles = _ANGLE_RE.findall(intent)
    arrows = _ARROW_LIKE_RE.findall(intent)
    if not angles or len(angles) != len(arrows):
        return intent
    return _ARROW_LIKE_RE.sub(" -> ", intent)
