"""Words of a transition list whose events are said in square brackets after the target, under a
note that says so ("Bug workflow (event in brackets):\nReported -> Triaged [triage]"), shared as
vocabulary by the drafter (bracket_event_forms.py) and the check (bracket_event_normal.py)."""

from __future__ import annotations

# what the bracket holds, in the note: "(event in brackets)", "(triggers in square brackets)"
EVENT_NOUNS = ("event", "events", "trigger", "triggers")
# the brackets, in the note
BRACKET_NOUNS = ("brackets", "square brackets")
EVENT_MAX_WORDS = 6
