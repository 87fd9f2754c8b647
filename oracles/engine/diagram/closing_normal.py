"""The check's own reading of a closing remark ("… closed → open on reopen. that's it"): when the intent's last
words are one of the remarks, said after a word that ends a sentence (".", "!", "?"), they are left out; the
words before them are kept exactly. Read without the drafter's code (closing_forms.py)."""

from __future__ import annotations

import re

from .closing_words import CLOSING_REMARKS


def without_closing_remark_normal(intent: str) -> str:
    """The intent without its closing remark, or unchanged."""
    tokens = list(re.finditer(r"\S+", intent))
    words = [t.group(0).replace("’", "'").casefold() for t in tokens]
    if words:
        words[-1] = words[-1].rstrip(".!")
    for remark in CLOSING_REMARKS:
        n = len(remark)
        if len(words) > n and tuple(words[-n:]) == remark and tokens[-n - 1].group(0)[-1:] in ".!?":
            return intent[: tokens[-n - 1].end()]
    return intent
