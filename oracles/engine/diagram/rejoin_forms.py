"""The drafter's reading of the ways a sentence says that every branch before it goes on to one
step, rewritten to the wording the sentence reader reads, "In both cases, <step>" (reading.py,
REJOIN_RE):

- "After both, update the log", "After either one, …", "After either path, …"
- "Whichever happens, …", "Whichever path is taken, …", "Whichever it is, …"
- "Regardless, …", "No matter which, …", "No matter which path, …"

Only at the start of a sentence, before its comma: "after both are done" waits for parallel steps
(a fan-in, read elsewhere) and is left as written. The check reads these on its own
(rejoin_normal.py)."""

from __future__ import annotations

import re

REJOIN_OPENER_RE = re.compile(
    r"(?P<start>^|[.;!\n]\s*)(?P<said>after\s+(?:both|either(?:\s+(?:one|path|branch|route|way))?)"
    r"|whichever\s+(?:happens|it\s+is|one\s+(?:happens|it\s+is)|(?:path|branch|route|way)(?:\s+is\s+(?:taken|chosen))?)"
    r"|regardless(?:\s+of\s+which)?|no\s+matter\s+(?:which|what)(?:\s+(?:one|path|branch|route|way|happens))?)\s*,\s*",
    re.IGNORECASE,
)


def rejoin_openers(text: str) -> str:
    """ "After both, X", "Whichever happens, X", "Regardless, X" → "In both cases, X"."""
    return REJOIN_OPENER_RE.sub(lambda m: f"{m.group('start')}In both cases, ", text)
