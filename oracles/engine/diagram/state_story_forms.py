"""The drafter's reading of a state machine told as a story, about one thing ("it"):

    "It starts Idle. When called it goes to Moving. When it arrives it goes to Doors Open.
     After a timeout it goes back to Idle."
    "The assistant sits in Idle. The wake word moves it to Listening. From Listening, the end of
     speech moves it to Thinking, and after 30 s of silence it falls back to Idle."

The opening names the first state; each following sentence moves "it" from the state it is in to a
new one, with the event said before ("When called, it goes to Moving"), after ("it goes to Moving when
called") or as the mover ("the wake word moves it to Listening"). "From X, …" names the state its
clauses start from. Each move is written as an arrow line the sentence reader takes ("Idle -> Moving
when called"). The story is followed only while every sentence is one of these moves: after any other
sentence "it" is no longer known to be in one state, so later "it" sentences are left as written and
refused. The check reads the story its own way (state_story_normal.py).
"""

from __future__ import annotations

import re

from .state_story_words import (
    EVENT_OPENERS,
    EVENT_VERBS,
    MOVE_VERBS,
    NOT_IN_A_STATE,
    OPENING_VERBS,
    STATE_MAX_WORDS,
)

_STATE = rf"(?P<state>[A-Z][\w'-]*(?:\s+[\w'-]+){{0,{STATE_MAX_WORDS - 1}}})"
_OPENER = "|".join(o.replace(" ", r"\s+") for o in EVENT_OPENERS)
_MOVE = "|".join(MOVE_VERBS)
_OPENING_RE = re.compile(
    rf"^(?P<head>[^:.]{{0,60}}:\s*)?(?:it|(?:an?|the)\s+[a-z]+)\s+(?:{'|'.join(OPENING_VERBS)})(?:\s+(?:out|off))?"
    rf"(?:\s+(?:as|in))?\s+{_STATE}\s*\.$",
    re.IGNORECASE,
)
_EVENT_FIRST_RE = re.compile(rf"^(?P<event>(?:{_OPENER})\b[^,;]*?),?\s+it\s+(?:{_MOVE})(?:\s+back)?(?:\s+(?:to|into))?\s+{_STATE}$",
                             re.IGNORECASE)
_EVENT_LAST_RE = re.compile(rf"^it\s+(?:{_MOVE})(?:\s+back)?(?:\s+(?:to|into))?\s+{_STATE}\s+(?P<event>(?:{_OPENER})\b[^,;]+)$",
                            re.IGNORECASE)
_MOVER_RE = re.compile(rf"^(?P<event>[^,;]{{1,50}}?)\s+(?:{'|'.join(EVENT_VERBS)})\s+it(?:\s+back)?\s+(?:to|into)\s+{_STATE}$",
                       re.IGNORECASE)
_FROM_RE = re.compile(rf"^from\s+{_STATE},\s+(?P<rest>.+)$", re.IGNORECASE)
_CLAUSE_SPLIT_RE = re.compile(r",?\s+and\s+|;\s*")
_SENTENCE_RE = re.compile(r"[^.\n]+(?:\.|$)")


def _state(name: str) -> str | None:
    words = name.split()
    if not words or len(words) > STATE_MAX_WORDS or any(w.casefold() in NOT_IN_A_STATE for w in words):
        return None
    return name


def _move(clause: str, source: str) -> tuple[str, str] | None:
    """(arrow line, new state) for one move clause from `source`, or None."""
    clause = clause.strip().rstrip(".")
    for pattern, event_as in ((_EVENT_FIRST_RE, "after"), (_EVENT_LAST_RE, "after"), (_MOVER_RE, "colon")):
        match = pattern.match(clause)
        if match is None:
            continue
        state = _state(match.group("state"))
        if state is None:
            return None
        event = match.group("event").strip()
        event = event[0].lower() + event[1:]
        line = f"{source} -> {state} {event}" if event_as == "after" else f"{source} -> {state}: {event}"
        return line, state
    return None


def state_story_as_arrows(intent: str) -> str:
    """The story's moves as arrow lines; the intent unchanged when it tells no story."""
    sentences = [m.group(0) for m in _SENTENCE_RE.finditer(intent) if m.group(0).strip()]
    out: list[str] = []
    current: str | None = None
    opened = -1
    moved = False
    for sentence in sentences:
        text = sentence.strip()
        opening = _OPENING_RE.match(text)
        if opening and _state(opening.group("state")):
            current, opened = opening.group("state"), len(out)
            out.append(text)  # kept unless the next sentence moves on from the state it opens with
            continue
        starts_from = _FROM_RE.match(text.rstrip("."))
        if starts_from and _state(starts_from.group("state")):
            source = starts_from.group("state")
            moves = [_move(c, source) for c in _CLAUSE_SPLIT_RE.split(starts_from.group("rest"))]
            if all(moves):
                out += [f"{line}." for line, _ in moves if line]  # type: ignore[misc]
                moved, current = True, None  # after several moves from X, "it" is in no one state
                continue
        if current is not None:
            move = _move(text, current)
            if move is not None:
                if opened == len(out) - 1:  # the opening said once, by the first move from its state
                    out[opened] = (_OPENING_RE.match(out[opened]).group("head") or "").strip()  # type: ignore[union-attr]
                out.append(f"{move[0]}.")
                current, moved = move[1], True
                continue
        current = None
        out.append(text)
    if not moved:
        return intent
    return "\n".join(line for line in out if line)
