"""Scans of a whole text, done at most once per check and skipped when they cannot match.

The chart check asks some forty patterns of the whole intent ("does it ask to leave something out?",
"is a title asked?"), and some of every drawn label. Most need words the text does not hold ("exclude",
"forecast"), yet on a 1,000-value intent each scan of it costs milliseconds. So each pattern is asked
first what it cannot match without: `requirement` reads, from the pattern's own syntax tree, which
literal pieces a text must hold for a match to exist ("two charts" needs a count word *and* "charts").
When the lowered text does not hold them, no match exists and the scan is skipped. The pieces are
derived, never listed by hand, so they cannot drift from the pattern; where the tree holds nothing
certain (a pattern of digits and classes only) the scan always runs. A skip never changes what a rule
decides: it only answers "no match" where the scan would have.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import cache

# The parser of the `re` module: the only reader of a pattern's syntax tree. It is private, so every node
# kind read below is named, and a kind this module does not know requires nothing (the scan always runs).
from re import _constants as sre
from re import _parser as sre_parse
from typing import Any

# A piece (a lowered string the text must hold), or ("all" | "any", parts).
Requirement = str | tuple[str, tuple["Requirement", ...]]

# Under IGNORECASE `re` matches 'ı' as 'i' and 'ſ' as 's', which lower() leaves alone, and 'İ' as 'i', which
# lower() makes two characters ('K', the Kelvin sign, lowers to 'k'); no other character matches an ASCII one.
_REGEX_CASE_FOLDS = str.maketrans({"ı": "i", "ſ": "s", "İ": "i"})


def lowered(text: str) -> str:
    """The text as pieces are looked up in: lower case, with the case folds `re` makes beyond lower()."""
    return text.translate(_REGEX_CASE_FOLDS).lower()


def _piece_char(code: int) -> str | None:
    """The character a literal of a pattern is looked up as, or None when it cannot be looked up safely:
    a cased non-ASCII letter may match, under IGNORECASE, a character that lowers to something else."""
    char = chr(code)
    if char.isascii():
        return char.lower()
    if unicodedata.category(char)[0] in "PS" and char.lower() == char == char.upper():
        return char  # a caseless sign ("≈", "€", "→"): it matches itself only
    return None


# A run of literals is read as every string it may match ("bars?": "bar" or "bars"), up to this many.
_MOST_STRINGS = 64
_EMPTY = frozenset({""})
# What a node tells: (the strings it matches, when few; what else a text needs for it to match, when known).
Reading = tuple[frozenset[str] | None, Requirement | None]


def _one_of(strings: Iterable[str]) -> Requirement | None:
    """Any of these strings; a string holding another adds nothing ("bars" beside "bar")."""
    found = set(strings)
    if "" in found or not found:
        return None
    kept = sorted(s for s in found if not any(t != s and t in s for t in found))
    return kept[0] if len(kept) == 1 else ("any", tuple(kept))


def _joined(kind: str, parts: Iterable[Requirement | None]) -> Requirement | None:
    """All (or any) of the parts, flattened; for "all" a part that needs nothing is left out, for "any" it
    makes the whole need nothing."""
    out: list[Requirement] = []
    for part in parts:
        if part is None:
            if kind == "any":
                return None
            continue
        if isinstance(part, tuple) and part[0] == kind:
            out.extend(p for p in part[1] if p not in out)
        elif part not in out:
            out.append(part)
    if not out:
        return None
    return out[0] if len(out) == 1 else (kind, tuple(sorted(out, key=repr)))  # sorted: equal needs compare equal


def _node(op: Any, av: Any) -> Reading:
    if op is sre.LITERAL:
        char = _piece_char(av)
        return (frozenset({char}), None) if char is not None else (None, None)
    if op is sre.IN:
        chars = {_piece_char(code) if item_op is sre.LITERAL else None for item_op, code in av}
        return (frozenset(chars), None) if chars and None not in chars else (None, None)  # type: ignore[arg-type]
    if op in (sre.AT, sre.ASSERT_NOT):
        return _EMPTY, None  # zero width: "\\bvs\\b" is the run "vs"
    if op is sre.ASSERT:  # a lookaround: what it needs is in the text, if not in the match
        return _EMPTY, _needs(_sequence(av[1]))
    if op is sre.SUBPATTERN:
        return _sequence(av[-1])
    if op is sre.ATOMIC_GROUP:
        return _sequence(av)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, most, body = av
        exact, need = _sequence(body)
        if exact is not None and most == 1:
            return (exact | _EMPTY if least == 0 else exact), (need if least else None)
        return None, (_needs((exact, need)) if least >= 1 else None)
    if op is sre.BRANCH:
        readings = [_sequence(branch) for branch in av[1]]
        exacts = [exact for exact, _ in readings]
        exact = frozenset().union(*exacts) if None not in exacts else None  # type: ignore[arg-type]
        if exact is not None and len(exact) <= _MOST_STRINGS:
            return exact, None  # "(?:two|three)": the strings say it (a lookaround inside is left unread)
        return None, _joined("any", map(_needs, readings))
    return None, None  # a class, a wildcard, a back reference, a conditional: nothing certain


def _needs(reading: Reading) -> Requirement | None:
    """All a node needs: one of its strings, and what else it needs."""
    exact, need = reading
    return _joined("all", [need, _one_of(exact or ())])


def _sequence(nodes: Iterable[tuple[Any, Any]]) -> Reading:
    """What a sequence needs: every node's own need, and each run of exact nodes read as one string (the last
    run, when it is the whole sequence, is left to the caller, which may join it to the nodes around)."""
    needs: list[Requirement | None] = []
    run: frozenset[str] | None = _EMPTY  # the strings the run of exact nodes so far matches
    whole = True  # every node so far is in the run
    for op, av in nodes:
        exact, need = _node(op, av)
        needs.append(need)
        if exact is not None and run is not None and len(run) * len(exact) <= _MOST_STRINGS:
            run = frozenset(a + b for a in run for b in exact)
            continue
        needs.append(_one_of(run or ()))
        whole = False
        run = exact
    if whole:
        return run, _joined("all", needs)
    needs.append(_one_of(run or ()))
    return None, _joined("all", needs)


@cache
def requirement(pattern: re.Pattern[str]) -> Requirement | None:
    """What a text (lowered, see `lowered`) must hold for `pattern` to match anywhere in it; None: nothing certain."""
    try:
        tree = sre_parse.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError):
        return None
    return _needs(_sequence(tree))


_LETTER_RUN = re.compile(r"[a-z]+")


def _find_nothing(text: str) -> None:
    return None


class Scanned:
    """One text of a check, lowered once, and the matches of each pattern asked of it, found once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = lowered(text)
        self._holds: dict[str, bool] = {}
        self._letter_runs: str | None = None
        self._may: dict[re.Pattern[str], bool] = {}
        self._matches: dict[re.Pattern[str], tuple[re.Match[str], ...]] = {}

    def _meets(self, need: Requirement) -> bool:
        if isinstance(need, str):
            held = self._holds.get(need)
            if held is None:
                held = self._holds[need] = need in self._text_for(need)
            return held
        kind, parts = need
        return all(map(self._meets, parts)) if kind == "all" else any(map(self._meets, parts))

    def _text_for(self, piece: str) -> str:
        """Where a piece is looked up: a piece of letters a to z only ever stands inside a run of them, so it is
        looked up in the text's distinct runs (a 1,000-item list repeats a few words), else in the whole text."""
        if not (piece.isascii() and piece.isalpha()):
            return self.lowered
        if self._letter_runs is None:
            self._letter_runs = " ".join(set(_LETTER_RUN.findall(self.lowered)))
        return self._letter_runs

    def may_match(self, pattern: re.Pattern[str]) -> bool:
        """False only when no part of the text can match `pattern` (so neither can any window of it, nor
        any of the names it joins): rules ask it once per pattern, then skip their per-item searches."""
        may = self._may.get(pattern)
        if may is None:
            need = requirement(pattern)
            may = self._may[pattern] = need is None or self._meets(need)
        return may

    def finder(self, pattern: re.Pattern[str], how: str = "search") -> Callable[[str], re.Match[str] | None]:
        """`pattern.search` (or `.match`) for the parts of this text (the names it joins, windows of it); one
        that finds nothing when no part can match, asked once for a loop over every part."""
        return getattr(pattern, how) if self.may_match(pattern) else _find_nothing

    def matches(self, pattern: re.Pattern[str]) -> Sequence[re.Match[str]]:
        """Every match of `pattern` in the text, as `finditer` gives them."""
        found = self._matches.get(pattern)
        if found is None:
            found = tuple(pattern.finditer(self.text)) if self.may_match(pattern) else ()
            self._matches[pattern] = found
        return found

    def first(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """The first match of `pattern` in the text, as `search` gives it."""
        if pattern in self._matches:
            return next(iter(self._matches[pattern]), None)
        return pattern.search(self.text) if self.may_match(pattern) else None
