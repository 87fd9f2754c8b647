"""The drafter's reading of a state's move said with its condition first:

    "If nobody pays within 24h, Pending goes to Cancelled."  → "Pending goes to Cancelled if nobody pays within 24h."
    "When payment succeeds, Pending becomes Paid."          → "Pending becomes Paid when payment succeeds."

A whole sentence: an opener ("if", "when", "once", "as soon as"), the condition up to the only comma,
a state's name (capitalised, up to four words, no joining word, pronoun or article), a move verb
("goes (back) to", "moves to", "becomes", …) and the state it moves to, which ends the sentence. It
is said again with the condition after the move, the wording the sentence reader already takes (the
event on the arrow). A condition that says a move of its own, a second clause, or anything after the
target is left as written. The check reads these on its own (condition_first_normal.py).
"""

from __future__ import annotations

import re

from .condition_first_words import (
    CONDITION_MAX_WORDS,
    MOVE_WORDS,
    MOVES,
    NOT_A_STATE,
    OPENERS,
    STATE_MAX_WORDS,
)

_NAME = rf"[A-Z][\w'-]*(?:[ ][\w'-]+){{0,{STATE_MAX_WORDS - 1}}}"
_OPENER = "|".join(o.replace(" ", "[ ]") for o in OPENERS)
_MOVE = "|".join("[ ]".join(m) for m in MOVES)
_SENTENCE_RE = re.compile(
    rf"(?P<lead>^|(?<=[.!?])[ ]+|(?<=\n))(?P<opener>{_OPENER})[ ](?P<cond>[^,.;:!?\n]+),[ ]"
    rf"(?P<source>{_NAME})[ ](?P<verb>{_MOVE})[ ](?P<target>{_NAME})\.(?=[ ]|\n|$)",
    re.IGNORECASE | re.MULTILINE,
)


def _state(name: str) -> bool:
    words = name.split()
    return bool(words) and words[0][:1].isupper() and not any(
        w.casefold() in NOT_A_STATE or w.casefold() in MOVE_WORDS or w.casefold() in ("to", "back") for w in words)


def _rewrite(match: re.Match[str]) -> str:
    cond, source, target = match.group("cond"), match.group("source"), match.group("target")
    cond_words = cond.split()
    if not _state(source) or not _state(target) or len(cond_words) > CONDITION_MAX_WORDS:
        return match.group(0)
    if any(w.casefold() in MOVE_WORDS for w in cond_words):
        return match.group(0)
    opener = match.group("opener").lower()
    return f"{match.group('lead')}{source} {match.group('verb')} {target} {opener} {cond}."


def condition_first_moves_plainly(intent: str) -> str:
    """Each move said condition first, said with its condition after; the rest as written."""
    return _SENTENCE_RE.sub(_rewrite, intent)
