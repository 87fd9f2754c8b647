"""The drafter's reading of the ways a sentence says that every branch before it goes on to one
step, rewritten to the wording the sentence reader reads, "In both cases, <step>" (reading.py,
REJOIN_RE):

- "After both, update the log", "After either one, …", "After either path, …"
- "Whichever happens, …", "Whichever path is taken, …", "Whichever it is, …"
- "Regardless, …", "No matter which, …", "No matter which path, …"

Only at the start of a sentence, before its comma: "after both are done" waits for parallel steps
(a fan-in, read elsewhere) and is left as written.

A rejoin that goes on past the step the branches meet at ("Both paths end at verify email, then
first login", "both then feed into reporting, and then the doctor is emailed") ends its sentence
there: the steps after ", then" follow the meeting step, as in a sentence of their own ("…
reporting. Then the doctor is emailed"); otherwise the rest would be read as part of its name.

An arrow or a colon after the rejoin's verb ("both end at → postmortem review", "- Both paths end at: write
postmortem") only points at the meeting step: "both end at postmortem review".

In such a sentence a "then" between "is" / "are" and what is done ("In both cases the request is then
archived") only repeats that it comes after the branches: "… the request is archived".

The check reads these on its own (rejoin_normal.py)."""

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


# a sentence that says every branch meets at one step: "both (paths) …", "either way …", "in both
# cases …", "all / the two paths …" (also after ", and": "…, and both paths lead to X"), then the
# steps that go on from it after ", then"
_REJOIN_SENTENCE_RE = re.compile(
    r"(?P<said>(?:^|[.;!?\n]|,\s+and)\s*(?:and\s+)?(?:then\s+)?"
    r"(?:both|either\s+way|in\s+(?:both|either|any|all)\s+cases?|(?:all|the\s+(?:two|three|four))\s+(?:paths|branches|routes))"
    r"\b(?:\s*,)?[^.;!?\n,]*?)(?P<after>,\s+(?:and\s+)?then\s+[^.;!?\n]*)",
    re.IGNORECASE,
)
_THEN_AFTER_COMMA_RE = re.compile(r",\s+(?:and\s+)?then\s+", re.IGNORECASE)


def rejoin_then_apart(text: str) -> str:
    """ "Both paths end at X, then Y, then Z" → "Both paths end at X. Then Y. Then Z" (Y follows the
    meeting step X, each step after ", then" a sentence of its own)."""
    return _REJOIN_SENTENCE_RE.sub(lambda m: m.group("said") + _THEN_AFTER_COMMA_RE.sub(". Then ", m.group("after")), text)


_PASSIVE_THEN_RE = re.compile(
    r"(?P<said>(?:^|[.;!?\n])\s*(?:either\s+way|in\s+(?:both|either|any|all)\s+cases?)\b,?[^.;!?\n,]*?\b(?:is|are))\s+then\s+(?=[a-z]+ed\b)",
    re.IGNORECASE,
)


def rejoin_passive_then(text: str) -> str:
    """ "In both cases the request is then archived" → "In both cases the request is archived"."""
    return _PASSIVE_THEN_RE.sub(lambda m: m.group("said") + " ", text)


_MEETING_ARROW_RE = re.compile(
    r"(?P<said>(?:^|[.;!?\n]|,\s+and)[ \t]*(?:[-*•][ \t]+)?(?:and\s+)?(?:then\s+)?"
    r"(?:both|all|either\s+way|in\s+(?:both|either|any|all)\s+cases?|the\s+(?:two|three|four)\s+(?:paths|branches|routes))"
    r"(?:\s+(?:paths|branches|routes|of\s+them))?(?:\s+then)?\s+"
    r"(?:end|ends|lead|leads|go|goes|continue|continues|meet|meets|join|joins|feed|feeds|merge|merges)"
    r"(?:\s+(?:up|back|on))?\s+(?:at|to|in|into|with))\s*(?:->|→|=>|:)\s*",
    re.IGNORECASE,
)


def rejoin_arrow_dropped(text: str) -> str:
    """ "both end at → postmortem review", "Both paths end at: write postmortem" → "… end at postmortem review"."""
    return _MEETING_ARROW_RE.sub(lambda m: m.group("said") + " ", text)

