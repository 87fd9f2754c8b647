"""The drafter's reading of a closing remark ("… closed → open on reopen. that's it", "That is all."): after the
last sentence's end it says the list is complete and names nothing, so it is left out. Anywhere else ("a -> b ->
that's it", "that's it? c -> d") it is left as written. The check finds it its own way (closing_normal.py)."""

from __future__ import annotations

import re

from .closing_words import CLOSING_REMARKS

_REMARK_RE = re.compile(
    r"(?<=[.!?])\s+(?:" + "|".join(r"\s+".join(re.escape(w).replace("'", "['’]") for w in words)
                                   for words in CLOSING_REMARKS) + r")\s*[.!]*\s*$",
    re.IGNORECASE)


def without_closing_remark(intent: str) -> str:
    """The intent without a closing "that's it" after its last sentence."""
    return _REMARK_RE.sub("", intent)
