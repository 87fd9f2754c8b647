"""The check's own reading of a step said again by its first words: "Check the starter. If not doubled,
wait another hour and check again." says "check the starter again": the way back to the step that opened
with "check".

"<words> again" after "and" / "then" is written out as the drawn name that opens with those words when:
- exactly one drawn name opens with them and says more than them ("check" of "check the starter"; a
  name that is the words themselves, "poll", is a step of its own and nothing is rewritten);
- the first of the words occurs only once in the intent before it, and a drawn name is said right there
  (so "check again" after "check the stock … check the payment" stays as written: which check is a guess);
- nothing but a stop, a comma, a bracket or the end follows "again" ("check again later" is not read).

"back to <words>" ("AP clerk resolves -> back to 3-way match" after "3-way match with PO and receipt") is written
out alike, with two words at least: one word after "back to" is too often a place of its own ("back to work",
"back to start", which may be the flow's beginning).

Anything else stays as written, and the grammar refuses it as before ("test again" after "run the tests":
a short name of a step that may be a step of its own). The drafter reads the phrasing on its own
(again_forms.py); this module sees only the intent and the drawn names, and trusts the names only where
the intent says them."""

from __future__ import annotations

import re

from .again_words import LOOSE_ENDS
from .vocabulary import phrase_key

_MAX_WORDS = 3
# one word after "back to" is too often a place of its own ("back to work", "back to start"): two at least
_BACK_MIN_WORDS = 2
# "… and check again.", "…, then poll again;": the words between the joining word and "again"
_WORD = r"(?!(?:and|then)\b)[A-Za-z0-9][\w'-]*"  # ("wait and check again": the words after the last joining word)
_AGAIN_RE = re.compile(rf"\b(?P<join>and|then)\s+(?P<short>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s+again"
                       r"(?=\s*(?:[.,;:!)]|$))", re.IGNORECASE)


# "-> back to 3-way match", "and it goes back to run": a way back naming its step by its first words
_BACK_RE = re.compile(rf"\b(?P<join>(?:(?:go(?:es)?|loops?)\s+)?back\s+to)\s+(?P<short>{_WORD}(?:\s+{_WORD}){{0,2}}?)"
                      r"(?=\s*(?:[.,;:!)]|$))", re.IGNORECASE)


def _said_at(text: str, start: int, name: str) -> bool:
    """Does the drawn `name` occur in `text` starting at `start`, word for word?"""
    words = [re.escape(word) for word in name.split()]
    return bool(re.match(r"\W*".join(words) + r"(?![\w'-])", text[start:], re.IGNORECASE))


def shortened_again_named(intent: str, nodes: list[str]) -> str:
    """ "… and check again" → "… and check the starter again" when 'check the starter' is the one drawn name
    that opens with "check" and the intent says it where it says "check" first; anything else as written."""
    if " again" not in intent.casefold() and "back to" not in intent.casefold():
        return intent
    keys = {phrase_key(node): node for node in nodes}
    again = _AGAIN_RE.sub(lambda m: _written(m, intent, keys, " again", 1), intent)
    return _BACK_RE.sub(lambda m: _written(m, again, keys, "", _BACK_MIN_WORDS), again)


def _written(said: re.Match[str], text: str, keys: dict[str, str], after: str, fewest: int) -> str:
    """The match with its short words written out as the drawn name they open; the match as it is when
    that name is not certain."""
    owner = _owner(said, text, keys) if len(phrase_key(said.group("short")).split()) >= fewest else None
    return f"{said.group('join')} {owner}{after}" if owner else said.group(0)


def _owner(said: re.Match[str], intent: str, keys: dict[str, str]) -> str | None:
    """The one drawn name that opens with the match's short words and is said where the intent says its
    first word, the only time before the match; None otherwise."""
    short = phrase_key(said.group("short"))
    words = short.split()
    if not 1 <= len(words) <= _MAX_WORDS or short in keys or words[-1] in LOOSE_ENDS:
        return None
    owners = [node for key, node in keys.items() if key.split()[: len(words)] == words and len(key.split()) > len(words)]
    if len(owners) != 1:
        return None
    before = intent[: said.start()]
    first = re.escape(said.group("short").split()[0])
    spots = [m.start() for m in re.finditer(rf"(?<![\w'-]){first}(?![\w'-])", before, re.IGNORECASE)]
    return owners[0] if len(spots) == 1 and _said_at(before, spots[0], owners[0]) else None
