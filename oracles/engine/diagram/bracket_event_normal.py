"""The check's normal form for transitions whose event is said in square brackets after the target,
under a note saying the brackets hold events ("(event in brackets)"). Written apart from the
drafter's reader (bracket_event_forms.py); only the word list (bracket_event_words.py) is shared.

Line by line: a line that is "A -> B [event]" (an optional bullet, exactly one arrow, one bracket
pair at the end, nothing bracketed in A or B) becomes "A -[event]-> B". Without the note nothing
changes: a one-word bracket may be a tag of the name.
"""

from __future__ import annotations

import re

from .bracket_event_words import BRACKET_NOUNS, EVENT_MAX_WORDS, EVENT_NOUNS


def says_events_in_brackets(intent: str) -> bool:
    for inside in re.findall(r"\(([^()]*)\)", intent):
        words = inside.casefold().split()
        if not words or words[0] == "the" and len(words) > 1:
            words = words[1:] if words else words
        if not words or words[0] not in EVENT_NOUNS:
            continue
        rest = " ".join(w for w in words[1:] if w not in ("is", "are"))
        if rest in {f"in {b}" for b in BRACKET_NOUNS}:
            return True
    return False


def _line(line: str) -> str:
    body = line.rstrip()
    if not body.endswith("]") or body.count("[") != 1 or body.count("]") != 1:
        return line
    arrows = body.count("->") + body.count("→")
    if arrows != 1:
        return line
    before, _, event = body[:-1].rpartition("[")
    bullet = re.match(r"^[ \t]*(?:[-*•][ \t]+)?", before)
    lead = bullet.group(0) if bullet else ""
    pair = before[len(lead):]
    tail, _, head = pair.partition("->") if "->" in pair else pair.partition("→")
    tail, head, event = tail.strip(), head.strip(), event.strip()
    if not tail or not head or not event or len(event.split()) > EVENT_MAX_WORDS or \
            set("()[]") & set(tail + head):
        return line
    return f"{lead}{tail} -[{event}]-> {head}"


def bracket_event_normal_form(intent: str) -> str:
    """The intent with each "A -> B [event]" line as "A -[event]-> B", when it says brackets hold events."""
    if not says_events_in_brackets(intent):
        return intent
    return "\n".join(_line(line) for line in intent.split("\n"))
