"""The drafter's reading of transitions whose event is said in square brackets after the target,
when the intent says that is what the brackets hold:

    "Bug workflow (event in brackets):\nReported -> Triaged [triage]" → "… Reported -[triage]-> Triaged"

Without the note a one-word bracket after a name may be a tag of the name ("→ app [v2]") as well as
an event, and stays refused (reading.py). Only whole lines "A -> B [event]" (a bullet allowed) with
one arrow, one bracket and a short event are rewritten, to the labelled arrow the readers read; any
other line is left as written. The check reads these on its own (bracket_event_normal.py).
"""

from __future__ import annotations

import re

from .bracket_event_words import BRACKET_NOUNS, EVENT_MAX_WORDS, EVENT_NOUNS

_NOTE_RE = re.compile(
    r"\(\s*(?:the\s+)?(?:" + "|".join(EVENT_NOUNS) + r")\s+(?:(?:is|are)\s+)?in\s+(?:"
    + "|".join(b.replace(" ", r"\s+") for b in BRACKET_NOUNS) + r")\s*\)", re.IGNORECASE)
_ROW_RE = re.compile(r"^(?P<lead>[ \t]*(?:[-*•][ \t]+)?)(?P<tail>[^\[\]\n]+?)[ \t]*(?:->|→)[ \t]*(?P<head>[^\[\]\n]+?)"
                     r"[ \t]*\[(?P<event>[^\[\]\n]+)\][ \t]*$", re.MULTILINE)


def _row(found: re.Match[str]) -> str:
    tail, head, event = found.group("tail").strip(), found.group("head").strip(), found.group("event").strip()
    if any(a in tail or a in head for a in ("->", "→", "-[", "(", ")")) or not event or \
            len(event.split()) > EVENT_MAX_WORDS:
        return found.group(0)
    return f"{found.group('lead')}{tail} -[{event}]-> {head}"


def bracket_events_as_arrows(intent: str) -> str:
    """Each "A -> B [event]" row as "A -[event]-> B", when the intent says its brackets hold events."""
    if not _NOTE_RE.search(intent):
        return intent
    return _ROW_RE.sub(_row, intent)
