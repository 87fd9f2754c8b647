"""The check's own reading of a state's move said with its condition first ("If nobody pays within
24h, Pending goes to Cancelled.", "When payment succeeds, Pending becomes Paid.").

Read here without the drafter's code (condition_first_forms.py), word by word, one sentence at a time:
the sentence opens with an opener word ("if", "when", "once", "as soon as"), holds exactly one comma,
which ends the condition; after it come a state's name, one move ("goes to", "goes back to",
"becomes", …) and the state moved to, the last words of the sentence. Both names are capitalised, up
to four words, none a joining word, pronoun, article or move word; the condition says no move of its
own. Such a sentence is said again as "<state> <move> <state> <opener> <condition>.", which the
sentence readers take; any other sentence is left as written.
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

_OPENER_WORDS = sorted((tuple(o.split()) for o in OPENERS), key=len, reverse=True)
_MOVE_WORDS = sorted(MOVES, key=len, reverse=True)


def _name(words: list[str]) -> bool:
    if not words or len(words) > STATE_MAX_WORDS or not words[0][:1].isupper():
        return False
    for word in words:
        low = word.casefold()
        if low in NOT_A_STATE or low in MOVE_WORDS or low in ("to", "back") or not re.fullmatch(r"[\w'-]+", word):
            return False
    return True


def _said_after(sentence: str) -> str | None:
    if not sentence.endswith(".") or sentence.count(",") != 1:
        return None
    condition_part, move_part = sentence[:-1].split(",")
    cond = condition_part.split()
    low = [w.casefold() for w in cond]
    opener = next((o for o in _OPENER_WORDS if tuple(low[: len(o)]) == o), None)
    if opener is None:
        return None
    cond = cond[len(opener):]
    if not cond or len(cond) > CONDITION_MAX_WORDS or any(w.casefold() in MOVE_WORDS for w in cond):
        return None
    if any(not re.fullmatch(r"[\w'%$-]+", w) for w in cond):
        return None
    words = move_part.split()
    low_move = [w.casefold() for w in words]
    found = []
    for at in range(1, len(words)):
        for move in _MOVE_WORDS:
            if tuple(low_move[at: at + len(move)]) == move:
                found.append((at, move))
                break
    if len(found) != 1:
        return None
    at, move = found[0]
    source, target = words[:at], words[at + len(move):]
    if not _name(source) or not _name(target):
        return None
    return f"{' '.join(source)} {' '.join(words[at: at + len(move)])} {' '.join(target)} {' '.join(opener)} {' '.join(cond)}."


def condition_first_normal_form(intent: str) -> str:
    """Each move said condition first, said with its condition after; the rest as written."""
    parts = re.split(r"((?<=[.!?])[ ]+|\n)", intent)
    return "".join(_said_after(part) or part for part in parts)
