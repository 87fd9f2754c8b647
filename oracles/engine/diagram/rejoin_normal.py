"""The check's normal form for sentences that send every branch before them on to one step
(applied by normal_forms.normal_form), written apart from the drafter's reader (rejoin_forms.py):
a sentence that opens with "after both", "after either (one / path / branch / route / way)",
"whichever happens / it is / path (is taken)", "regardless (of which)" or "no matter which / what
(path / one / happens)", then a comma, opens with "In both cases," instead.

The comma is required: "after both are done, …" is a fan-in of parallel steps, not a rejoin.

A rejoin said after the last branch's step in its own sentence ("otherwise queue it, and both paths
lead to close") is a sentence of its own.
"""

from __future__ import annotations

import re

_BRANCH_NOUN = r"(?:one|path|branch|route|way)"
_OPENERS = (
    rf"after\s+both|after\s+either(?:\s+{_BRANCH_NOUN})?",
    rf"whichever\s+(?:happens|it\s+is|one\s+happens|one\s+it\s+is)|whichever\s+{_BRANCH_NOUN}(?:\s+is\s+(?:taken|chosen))?",
    r"regardless|regardless\s+of\s+which",
    rf"no\s+matter\s+(?:which|what)(?:\s+(?:{_BRANCH_NOUN}|happens))?",
)
_SENTENCE_OPENING = re.compile(rf"(?:(?<=^)|(?<=[.;!\n]))(?P<space>\s*)(?:{'|'.join(_OPENERS)})\s*,\s*", re.IGNORECASE)


_AFTER_LAST_STEP = re.compile(r",\s+and\s+(?=(?:then\s+)?(?:both|either\s+way|in\s+(?:both|either|any|all)\s+cases?|"
                              r"the\s+(?:two|three|four)\s+(?:paths|branches|routes))\b)", re.IGNORECASE)


def rejoin_normal_form(intent: str) -> str:
    """The intent with "after both, X" / "whichever happens, X" / "regardless, X" as "In both cases, X"."""
    intent = _AFTER_LAST_STEP.sub(". ", intent)
    return _SENTENCE_OPENING.sub(lambda m: m.group("space") + "In both cases, ", intent)
