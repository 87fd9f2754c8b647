"""Small readings the chart check's rules share (faithfulness.py): spans, tokens in reach, the drawn names,
the refusal, folded phrases, and a value's slot ("10/12", "94 vs 89")."""


from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .calendar import RANGE_RE, calendar_ranges
from .faithful_words import _DASHES, _HYPHENATED_WORD, _NAME_WORD, _WORD_BEFORE
from .scanning import Scanned
from .values import StatedNumber


class _Spans:
    """Sorted spans, for "is this position inside one of them?" in O(log n)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def holds(self, position: int) -> bool:
        index = bisect_right(self.starts, position) - 1
        return index >= 0 and position < self.ends[index]


_NUMBERED_NAME = re.compile(r"(.*?)\s+\d+", re.DOTALL)


# How far a label may stand from its value ("Paris ........ 41"): `_Reader._beside` looks no further.
_REACH = 40


class _TokensInReach:
    """Which numbers can stand beside a label: those starting at most _REACH after its end (label before
    value) or ending at most _REACH before its start (value before label). Sorted once, found by bisection,
    so a rule that ties 1,000 labels to their values does not try every number of the same value."""

    def __init__(self, tokens: list[StatedNumber]) -> None:
        by_start = sorted((t.start, i) for i, t in enumerate(tokens))
        by_end = sorted((t.end, i) for i, t in enumerate(tokens))
        self._starts, self._in_start_order = [start for start, _ in by_start], [i for _, i in by_start]
        self._ends, self._in_end_order = [end for end, _ in by_end], [i for _, i in by_end]

    def near(self, spans: list[tuple[int, int]], direction: str) -> set[int]:
        """Indexes of the tokens in reach of any span, in one direction ("before": the label is before)."""
        found: set[int] = set()
        for start, end in spans:
            if direction == "before":
                found.update(self._in_start_order[bisect_left(self._starts, end):bisect_right(self._starts, end + _REACH)])
            else:
                found.update(self._in_end_order[bisect_left(self._ends, start - _REACH):bisect_right(self._ends, start)])
        return found


class _DrawnNames:
    """The drawn labels and series names, normalised once: the rules ask of every label or mark word
    "is this a drawn name?", so asking must not fold all names again (1,000 labels: a million folds)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names  # sorted, distinct
        self.folded = [(name, _fold(name)) for name in names]
        self.folded_set = {folded for _, folded in self.folded}
        # casefolded words of every name ("Bugs opened" -> bugs, opened)
        self.words_of = {name: frozenset(w.casefold() for w in _NAME_WORD.findall(name)) for name in names}
        self.words = set().union(*self.words_of.values())
        # all names in one text: a pattern that cannot match it matches no name, so its per-name search is skipped
        self.scan = Scanned("\n".join(names))
        # "Team 1", "Team 2": how many names are one stem and a number (the stem, folded and stripped)
        self.numbered_stems: dict[str, int] = {}
        for _, folded in self.folded:
            numbered = _NUMBERED_NAME.fullmatch(folded.strip())
            if numbered:
                self.numbered_stems[numbered.group(1)] = self.numbered_stems.get(numbered.group(1), 0) + 1

    @cached_property
    def _joined(self) -> tuple[str, list[int]]:
        """Every folded name in one text, NUL between them, and where each starts in it."""
        starts, at = [], 0
        for _, folded in self.folded:
            starts.append(at)
            at += len(folded) + 1
        return "\0".join(folded for _, folded in self.folded), starts

    def holding(self, piece: str) -> Iterator[str]:
        """The drawn names, in order, whose folded text holds `piece`: found with str.find in all the names
        at once (a rule asks this of every word of a 1,000-value intent, and a loop over the names is 1,000
        steps each time). A NUL cannot be in a piece found, so no piece found runs across two names."""
        if not piece or "\0" in piece:
            yield from (name for name, folded in self.folded if piece in folded)
            return
        joined, starts = self._joined
        at = joined.find(piece)
        while at >= 0:
            index = bisect_right(starts, at) - 1
            yield self.folded[index][0]
            if index + 1 == len(starts):
                return
            at = joined.find(piece, starts[index + 1])

    @cached_property
    def hyphenated_words(self) -> frozenset[str]:
        """Casefolded words of every name, a hyphen kept inside a word ("e-mail"), read once for the rules that ask."""
        return frozenset(w.casefold() for name in self.names for w in _HYPHENATED_WORD.findall(name))


class Unfaithful(Exception):
    """The chart is not what the intent says: (code, message) of the refusal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _Point:
    series: str | None
    label: Any  # str for categories, a number for pairs
    value: float


def _title_text_of(spec: dict[str, Any]) -> str:
    title = spec.get("title")
    if isinstance(title, dict):
        parts = [title.get("text"), title.get("subtitle")]
        return " ".join(p if isinstance(p, str) else " ".join(map(str, p or [])) for p in parts)
    return " ".join(map(str, title)) if isinstance(title, list) else str(title or "")


def _fold(text: str) -> str:
    """Same-length, case- and dash-folded text, so positions found in it are positions in the intent."""
    text = text.translate(_DASHES)
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)  # a letter whose lower case is longer


def _phrase_re(phrase: str) -> re.Pattern[str] | None:
    words = _fold(phrase).split()
    if not words:
        return None
    body = r"\s+".join(re.escape(w) for w in words)
    before = r"(?<![\w])" if words[0][0].isalnum() else ""
    after = r"(?:(?![\w])|(?=_{3}))" if words[-1][-1].isalnum() else ""  # "AV______800": a leader ends the name
    return re.compile(before + body + after)


def _number_key(value: Any) -> float:
    return float(f"{float(value):.10g}")


def _words(text: str) -> list[str]:
    return _NAME_WORD.findall(text)


def _word_before(intent: str, start: int) -> re.Match[str] | None:
    """The word before `start`, spaces between (`_WORD_BEFORE` in the 40 characters before it). It asks for
    a word character right before those spaces, so where none stands (", d6") the search is not made."""
    window = intent[max(0, start - 40):start]
    head = window.rstrip(" ")
    if head == window or not head or not (head[-1].isalnum() or head[-1] in "_'’"):
        return None
    return _WORD_BEFORE.search(window)


# ---------------------------------------------------------------------------------------------
# Small readings shared by the rules


def _match(candidates: list[list[tuple[int, ...]]]) -> list[tuple[int, ...]] | None:
    """One distinct statement (tuple of number positions) per point, or None (Kuhn's matching)."""
    owner: dict[int, int] = {}
    choice: dict[int, tuple[int, ...]] = {}

    def assign(i: int, seen: set[int]) -> bool:
        for option in candidates[i]:
            key = option[0]
            if key in seen:
                continue
            seen.add(key)
            if key not in owner or assign(owner[key], seen):
                owner[key] = i
                choice[i] = option
                return True
        return False

    if not all(assign(i, set()) for i in range(len(candidates))):
        return None
    return [choice[i] for i in range(len(candidates))]


_SLOT_NUMBER = r"[-−+]?[$€£¥]?\d[\d,]*(?:\.\d+)?(?:[kKMB]|bn)?%?"
_SLOT_SEPARATOR = r"\s*(?:/|\bvs\.?|\bversus\b)\s*"
_SLOT_LEFT = re.compile(rf"({_SLOT_NUMBER}){_SLOT_SEPARATOR}$", re.IGNORECASE)
_SLOT_RIGHT = re.compile(rf"{_SLOT_SEPARATOR}({_SLOT_NUMBER})", re.IGNORECASE)


def _slot(intent: str, token: StatedNumber) -> tuple[int, int, int] | None:
    """(place, group start, group end) of a value in a "10/12/9" or "94 vs 89" group; None alone."""
    window = 120
    near = intent[max(0, token.start - 12):token.end + 12].lower()
    if "/" not in near and "vs" not in near and "versus" not in near:
        return None  # no slot separator beside the value: the common case, without a regex
    left = intent[max(0, token.start - window):token.start]
    offset = max(0, token.start - window)
    slot, start = 0, token.start
    while (m := _SLOT_LEFT.search(left)) is not None:
        slot += 1
        start = offset + m.start()
        left = left[:m.start()]
    end, right = token.end, intent[token.end:token.end + window]
    moved = 0
    while (m := _SLOT_RIGHT.match(right, moved)) is not None:
        moved = m.end()
        end = token.end + m.end()
    if start == token.start and end == token.end:
        return None
    return slot, start, end


def _calendar_spans(intent: str) -> list[tuple[tuple[int, int], list[str]]]:
    """Calendar ranges ("Mon to Fri") with where they are written."""
    out = []
    for match in RANGE_RE.finditer(intent):
        expanded = calendar_ranges(match.group(0))
        if expanded:
            out.append(((match.start(), match.end()), expanded[0]))
    return out
