"""">" typed as an arrow: "receive PO > credit check > pick > pack", "Life > Bacteria, Archaea.
Eukarya > Plants, Fungi." — written "->" before either reading.

">" is an arrow only when nothing else in the intent can be: at least two spaced " > ", no other
arrow ("->", "→", "=>"), no "<" or ">=" (a comparison has its mates), no number on either side
of any ">" ("score > 650" compares), and no quotes, brackets or code, where ">" may be text. Read alike by the drafter (reading.py) and the check's normal
form (normal_forms.py), as the arrow explanations are; each then reads the arrows its own way.
"""

from __future__ import annotations

import re

_SPACED_GT_RE = re.compile(r"(?<=\S) > (?=\S)")
_OTHER_ARROW_RE = re.compile(r"->|→|=>|⟶|<|>=|≥|≤|>>|\S>|>\S")
_NUMBER_BESIDE_RE = re.compile(r"[\d%$€£]\s*>\s|\s>\s*[-+]?[\d$€£]")
GT_ARROWS_MIN = 2


def gt_as_arrows(intent: str) -> str:
    """The intent with its " > " written " -> ", when ">" can only be an arrow; unchanged otherwise."""
    if len(_SPACED_GT_RE.findall(intent)) < GT_ARROWS_MIN or re.search(r"[\"`{}\[\]]", intent):
        return intent  # (a quoted name, code or data may hold ">" as text: left as written)
    if _OTHER_ARROW_RE.search(_SPACED_GT_RE.sub(" ", intent)) or _NUMBER_BESIDE_RE.search(intent):
        return intent
    return _SPACED_GT_RE.sub(" -> ", intent)
