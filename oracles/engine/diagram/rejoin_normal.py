"""The check's normal form for sentences that send every branch before them on to one step
(applied by normal_forms.normal_form), written apart from the drafter's reader (rejoin_forms.py):
a sentence that opens with "after both", "after either (one / path / branch / route / way)",
"whichever happens / it is / path (is taken)", "regardless (of which)" or "no matter which / what
(path / one / happens)", then a comma, opens with "In both cases," instead.

The comma is required: "after both are done, …" is a fan-in of parallel steps, not a rejoin.

A rejoin said after the last branch's step in its own sentence ("otherwise queue it, and both paths
lead to close") is a sentence of its own.

A rejoin sentence that goes on with ", (and) then Y" after its meeting step ("Both paths end at
verify email, then first login") is cut there: "… verify email. Then first login" (Y after the
meeting step, read as a sentence of its own; the meeting step's name ends at the comma).

"…, and everyone meets at the debrief", "Everybody then goes to X" (everyone / everybody / everything / all of
them, then a verb of meeting and its preposition) → "…. All meets at the debrief": every branch meets, no count.

"both end at → postmortem review", "- Both paths end at: write postmortem" (an arrow or a colon right after
the rejoin's verb and its preposition) → "both end at postmortem review".

"In both cases the request is then archived" (a "then" between "is"/"are" and a past participle, in
a sentence opening with "either way" / "in … cases") → "In both cases the request is archived": the
"then" only says again that it comes after the branches.
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


_MEETING_WORDS = (r"both", r"either\s+way", r"in\s+(?:both|either|any|all)\s+cases?",
                  r"(?:all|the\s+(?:two|three|four))\s+(?:paths|branches|routes)")
_GOES_ON_AFTER_MEETING = re.compile(
    rf"((?:^|(?<=[.;!?\n]))\s*(?:and\s+)?(?:then\s+)?(?:{'|'.join(_MEETING_WORDS)})\b,?[^,.;!?\n]*?)(\s*,\s+(?:and\s+)?then\s+[^.;!?\n]*)",
    re.IGNORECASE)
_COMMA_THEN = re.compile(r"\s*,\s+(?:and\s+)?then\s+", re.IGNORECASE)


def _meeting_step_ends(intent: str) -> str:
    """ "Both then feed into reporting, and then the doctor is emailed" → "… reporting. Then the doctor is
    emailed" (every ", then" after the meeting step, to the sentence's end, a full stop)."""
    return _GOES_ON_AFTER_MEETING.sub(lambda m: m.group(1) + _COMMA_THEN.sub(". Then ", m.group(2)), intent)


_AFTER_EVERY_CASE = re.compile(r"^\s*(?:either\s+way|in\s+(?:both|either|any|all)\s+cases?)\b", re.IGNORECASE)
_IS_THEN_DONE = re.compile(r"\b(is|are)\s+then\s+(?=[a-z]+ed\b)", re.IGNORECASE)


def _without_passive_then(intent: str) -> str:
    """ "In both cases the request is then archived" → "In both cases the request is archived"."""
    sentences = re.split(r"(?<=[.;!?\n])", intent)
    return "".join(_IS_THEN_DONE.sub(r"\1 ", s, count=1) if _AFTER_EVERY_CASE.match(s) else s for s in sentences)


_MEETING_VERB = r"(?:end|lead|go|continue|meet|join|feed|merge)(?:e?s)?(?:\s+(?:up|back|on))?\s+(?:at|to|in|into|with)"
_POINTER_AFTER_MEETING = re.compile(
    rf"((?:^|(?<=[.;!?\n])|(?<=,\sand))[ \t]*(?:[-*•][ \t]+)?(?:and\s+)?(?:then\s+)?(?:both|all|{'|'.join(_MEETING_WORDS[1:])})"
    rf"(?:\s+(?:paths|branches|routes|of\s+them))?(?:\s+then)?\s+{_MEETING_VERB})\s*(?:->|→|=>|:)\s*",
    re.IGNORECASE)


_EVERYONE = re.compile(r"(^|(?<=[.;!?\n])[ \t]*|,\s+and\s+)(?:everyone|everybody|everything|all\s+of\s+them)\s+(?:then\s+)?"
                       r"(?=(?:meet|go|end\s+up|continue|proceed|move|arrive)(?:e?s)?\s+(?:up\s+|on\s+)?(?:at|to|in|into|with)\s)",
                       re.IGNORECASE)


def _everyone_as_all(intent: str) -> str:
    """ "…, and everyone meets at the debrief" → "…. All meets at the debrief"."""
    return _EVERYONE.sub(lambda m: (". " if m.group(1).lstrip().startswith(",")
                                    else m.group(1)) + "All ", intent)


def rejoin_normal_form(intent: str) -> str:
    """The intent with "after both, X" / "whichever happens, X" / "regardless, X" as "In both cases, X",
    and a rejoin sentence cut after its meeting step when ", then …" goes on from it."""
    intent = _everyone_as_all(intent)
    intent = _POINTER_AFTER_MEETING.sub(lambda m: m.group(1) + " ", intent)  # "both end at → X" → "both end at X"
    intent = _AFTER_LAST_STEP.sub(". ", intent)
    intent = _SENTENCE_OPENING.sub(lambda m: m.group("space") + "In both cases, ", intent)
    return _without_passive_then(_meeting_step_ends(intent))
