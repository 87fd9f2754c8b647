"""The check's own reading of a state machine told as a story about one thing ("it"):
"It starts Idle. When called it goes to Moving. After a timeout it goes back to Idle.",
"The assistant sits in Idle. The wake word moves it to Listening. From Listening, the end of speech
moves it to Thinking, and after 30 s of silence it falls back to Idle."

Read here without the drafter's code (state_story_forms.py), word by word: a sentence is a move when
it holds exactly one "it" + move verb ("it goes to", "it becomes", "moves it to") with a state's name
(capitalised, up to four words, none of them a joining word) after it, and the rest of the sentence
is the event, opened by "when", "once", "after" or "on" (said before or after), or the mover before
"moves it". The thing is in the opening's state first, then in the state each move names; "From X,"
sets the state for its clauses only, after which the thing's state is no longer known. Any other
sentence ends the story: a later "it" sentence is left as written, and its words must be placed like
any others, so it is refused. Each move becomes "X -> Y <event>" (or "X -> Y: <mover>").
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

_OPENERS = tuple(o.split() for o in EVENT_OPENERS)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\s]+", text)


def _state_name(words: list[str]) -> str | None:
    """The whole of `words` as a state's name, or None."""
    if not words or len(words) > STATE_MAX_WORDS or not words[0][:1].isupper():
        return None
    if any(w.casefold() in NOT_IN_A_STATE or not re.fullmatch(r"[\w'-]+", w) for w in words):
        return None
    return " ".join(words)


def _opens_event(words: list[str]) -> bool:
    low = [w.casefold() for w in words]
    return any(low[: len(o)] == list(o) for o in _OPENERS)


def _read_move(clause: str) -> tuple[str, str] | None:
    """(state, label text) of one move clause: event before or after "it <verb> (back) (to)", or a
    mover before "<verb> it (back) to"."""
    words = _words(clause.strip().rstrip(".").replace(",", " , "))
    low = [w.casefold() for w in words]
    found = [i for i in range(len(low) - 1) if low[i] == "it" and low[i + 1] in MOVE_VERBS]
    movers = [i for i in range(1, len(low) - 1) if low[i] in EVENT_VERBS and low[i + 1] == "it"]
    if len(found) + len(movers) != 1:
        return None
    if found:
        at = found[0]
        before = [w for w in words[:at] if w != ","]
        after = words[at + 2:]
        while after and after[0].casefold() in ("back", "to", "into"):
            after = after[1:]
        for cut in range(len(after), 0, -1):  # the state, then the event said after it
            name = _state_name(after[:cut])
            rest = after[cut:]
            if name and not before and rest and _opens_event(rest) and "," not in rest:
                return name, " ".join(rest)
            if name and before and not rest and _opens_event(before):
                return name, " ".join(before)
        return None
    at = movers[0]
    mover = [w for w in words[:at] if w != ","]
    after = words[at + 2:]
    while after and after[0].casefold() == "back":
        after = after[1:]
    if not after or after[0].casefold() not in ("to", "into") or not mover or len(mover) > 10:
        return None
    name = _state_name(after[1:])
    return (name, ": " + " ".join(mover)) if name else None


def _opening(sentence: str) -> tuple[str, str] | None:
    """(heading kept, state) of "[heading:] it starts (as|in) X.", or None."""
    head, colon, body = sentence.rpartition(":")
    if colon and (len(head) > 60 or "." in head):
        return None
    words = _words(body.strip().rstrip("."))
    low = [w.casefold() for w in words]
    verb = next((i for i, w in enumerate(low) if w in OPENING_VERBS), None)
    if verb is None or verb > 2 or (verb == 1 and low[0] != "it") or (verb == 2 and low[0] not in ("a", "an", "the")):
        return None
    rest = words[verb + 1:]
    for particles in (("out", "off"), ("as", "in")):  # "starts off in Idle"; a state named "Off" is kept
        if len(rest) > 1 and rest[0].casefold() in particles:
            rest = rest[1:]
    name = _state_name(rest)
    return ((head + colon).strip(), name) if name else None


def _arrow(source: str, move: tuple[str, str]) -> str:
    state, event = move
    return f"{source} -> {state}{event}." if event.startswith(":") else f"{source} -> {state} {event[0].lower()}{event[1:]}."


def state_story_normal_form(intent: str) -> str:
    """The story's moves as arrow lines; the intent unchanged when it tells no story."""
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+|\n", intent) if s.strip()]
    lines: list[str] = []
    state: str | None = None
    opening_line: tuple[int, str] | None = None
    told = False
    for sentence in sentences:
        opening = _opening(sentence)
        if opening:
            state = opening[1]
            opening_line = (len(lines), opening[0])
            lines.append(sentence)
            continue
        source = re.match(r"^from\s+(?P<rest>.+)$", sentence.rstrip("."), re.IGNORECASE)
        if source and "," in source.group("rest"):
            name_part, clauses = source.group("rest").split(",", 1)
            origin = _state_name(_words(name_part))
            parts = [p for p in re.split(r";|,?\s+and\s+", clauses) if p.strip()]
            moves = [_read_move(p) for p in parts]
            if origin and moves and all(moves):
                lines += [_arrow(origin, m) for m in moves if m]
                told, state, opening_line = True, None, None
                continue
        move = _read_move(sentence) if state else None
        if move and state:
            if opening_line and opening_line[0] == len(lines) - 1:
                lines[opening_line[0]] = opening_line[1]
            lines.append(_arrow(state, move))
            state, told, opening_line = move[0], True, None
            continue
        state, opening_line = None, None
        lines.append(sentence)
    return "\n".join(line for line in lines if line) if told else intent
