"""The check's own reading of a ranking ("top 5 by revenue", "the three biggest", "bottom 3"), beside
faithfulness.py. It never takes the drafter's reading (ranking.py); the two share only the word lists of
vocabulary.py.

A chart drawn from a ranking holds N of the values given, and the items it leaves out would otherwise be
refused as data not drawn. They are set apart here, before any other rule reads the intent, only when every
one of these holds:

- the intent asks for a ranking once, of a direction that does not depend on the measure ("top",
  "largest", "bottom", "lowest"; never "slowest" or "best"), with nothing turning it round ("not just the
  top 3", "top 3 and the rest as Other");
- the chart is one series of N categories (not x/y pairs);
- a left-out item is a whole item of the list ("Italy 960", "Cable Pack $9,800"): a short name with no digit
  and one number, between separators; its name is no drawn label, and its value (every reading of it) is
  strictly below the smallest drawn value (strictly above the largest for "bottom"), so a tie at the cut or
  a value the drafter dropped stays and is refused as not drawn;
- every item of a drawn label holds that one number alone ("A 120 (+5%)" may be ranked by its change).

The left-out items are blanked (same length, so positions hold) and every other rule then checks the N drawn
items as any chart. Whatever is not set apart here is read as before, and refused if it is not drawn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .values import StatedNumber, stated_numbers
from .vocabulary import (
    RANK_BOTTOM_KEYS,
    RANK_COUNT_WORDS,
    RANK_HIGH_WORDS,
    RANK_LIMIT_KEYS,
    RANK_LOW_WORDS,
    RANK_MEASURE_WORDS,
    RANK_NEGATING_WORDS,
    RANK_REST_WORDS,
    RANK_SORT_HIGH,
    RANK_SORT_KEYS,
    RANK_SORT_LOW,
    RANK_TOP_KEYS,
)

_TOKEN = re.compile(r"n't|[^\W_]+(?:[.,]\d+)*[%]?|[$€£]", re.IGNORECASE)
_SEPARATOR = re.compile(r"[,;|\n]|[.?!]\s")
# What parts an ask from the first item after it ("top 3 by revenue: Acme 4.2", "… teams — Falcons 88")
_BREAK = re.compile(r"[:\n?!—–(]|\s-\s|\.\s")
_LABEL = re.compile(r"[^\W\d_][\w'’&/+.-]*(?:[ \t]+[\w'’&/+.-]+){0,4}")


@dataclass(frozen=True)
class _Ask:
    count: int
    highest: bool
    start: int
    end: int


def _count_of(token: str) -> int | None:
    if token.isdigit() and len(token) <= 2:
        return int(token)
    return RANK_COUNT_WORDS.get(token.lower())


def is_rank_count(intent: str, position: int) -> bool:
    """Whether the number at `position` is the count of the one ranking asked ("the smallest 2 by stock")."""
    ask = _ask(intent)
    return ask is not None and ask.start <= position < ask.end


@lru_cache(maxsize=8)  # asked once per chart and once per number coverage cannot otherwise explain
def _ask(intent: str) -> _Ask | None:
    """The one ranking asked, read token by token: a rank word with a count right before or after it."""
    tokens = list(_TOKEN.finditer(intent))
    words = [t.group(0).lower() for t in tokens]
    asks = []
    for i, word in enumerate(words):
        if word not in RANK_HIGH_WORDS and word not in RANK_LOW_WORDS:
            continue
        for j in (i + 1, i - 1):  # "top 5", "largest 4" / "the three biggest", "5 highest"
            if not 0 <= j < len(tokens) or (count := _count_of(words[j])) is None:
                continue
            if j == i + 1 and intent[tokens[i].end():tokens[j].start()].strip(" -") != "":
                continue
            if j == i - 1 and intent[tokens[j].end():tokens[i].start()].strip() != "":
                continue
            follow = intent[tokens[j].end():tokens[j].end() + 3] if j > i else ""
            if j > i and re.match(r"[.,]?\d|\s*[%kKM](?![^\W\d_])", follow):
                continue  # "largest 15.4M": a value
            first, last = min(i, j), max(i, j)
            if RANK_NEGATING_WORDS & set(words[max(0, first - 3):first]) \
                    or RANK_MEASURE_WORDS & set(words[last + 1:last + 3]):
                return None
            asks.append(_Ask(count, word in RANK_HIGH_WORDS, tokens[first].start(), tokens[last].end()))
            break
    asks += _settings_asked(intent)
    if len(asks) != 1 or RANK_REST_WORDS & set(words):  # asked twice: of which list is not certain
        return None
    return asks[0]


_KEY_VALUE = re.compile(r"(?P<key>\w+)[\"']?\s*[:=]\s*[\"']?(?P<value>[^\s\"',;})]+)")


def _settings_asked(intent: str) -> list[_Ask]:
    """A ranking set by arguments: a top/bottom count, or a limit under one sort direction."""
    pairs = [(m.group("key").lower(), m.group("value").lower(), m.span()) for m in _KEY_VALUE.finditer(intent)]
    directions = {value for key, value, _ in pairs if key in RANK_SORT_KEYS}
    high, low = bool(directions & RANK_SORT_HIGH), bool(directions & RANK_SORT_LOW)
    asks = []
    for key, value, (start, end) in pairs:
        if not (value.isdigit() and len(value) <= 2):
            continue
        if key in RANK_TOP_KEYS:
            asks.append(_Ask(int(value), True, start, end))
        elif key in RANK_BOTTOM_KEYS:
            asks.append(_Ask(int(value), False, start, end))
        elif key in RANK_LIMIT_KEYS and (high != low) and directions <= RANK_SORT_HIGH | RANK_SORT_LOW:
            asks.append(_Ask(int(value), high, start, end))
    return asks


def ranked_grid(intent: str, points: list[tuple[Any, Any, frozenset[float]]], drawn: int) -> list[tuple[Any, Any, frozenset[float]]]:
    """Of a grid read from JSON or a table (series, label, readings), the points a ranking keeps when the chart
    draws as many as it asks; the grid unchanged otherwise. One series, one reading per cell, no tie at the cut."""
    ask = _ask(intent)
    names = {re.sub(r"\s+", " ", str(label)).strip().casefold() for _, label, _ in points}
    if ask is None or ask.count != drawn or ask.count >= len(points) or _inside_a_name(intent, ask, names) or len({s for s, _, _ in points}) != 1 \
            or any(len(readings) != 1 for _, _, readings in points):
        return points
    ranked = sorted(points, key=lambda point: next(iter(point[2])), reverse=ask.highest)
    if ranked[ask.count - 1][2] == ranked[ask.count][2]:
        return points
    return ranked[:ask.count]


def _segments(intent: str, numbers: list[StatedNumber]) -> list[tuple[int, int]]:
    """The items of the text: spans between separators, a separator inside a number ("1,840") not counted."""
    masked = list(intent)
    for number in numbers:
        masked[number.start:number.end] = "0" * (number.end - number.start)
    text = "".join(masked)
    cuts = [0, *(m.end() for m in _SEPARATOR.finditer(text)), len(text) + 1]
    return [(a, b - 1 if b <= len(text) else len(text)) for a, b in zip(cuts, cuts[1:], strict=False)]


def set_left_out_apart(intent: str, points: list[tuple[Any, Any, float]]) -> str:
    """The intent with the items a ranking leaves out blanked, or the intent unchanged. `points` are the
    drawn (series, label, value) of a chart of categories (not x/y pairs)."""
    if len(points) < 1 or len({s for s, _, _ in points}) != 1 or not all(isinstance(label, str) for _, label, _ in points):
        return intent
    ask = _ask(intent)
    drawn = {re.sub(r"\s+", " ", str(label)).strip().casefold() for _, label, _ in points}
    if ask is None or ask.count != len(points) or _inside_a_name(intent, ask, drawn):
        return intent
    values = [v for _, _, v in points]
    cut = min(values) if ask.highest else max(values)
    numbers = list(stated_numbers(intent))
    blanked = list(intent)
    for a, b in _segments(intent, numbers):
        inside = [n for n in numbers if a <= n.start < b]
        segment = intent[a:b]
        if ask.start < b and a < ask.end:  # "Chart the bottom 3 by footfall: Camden 4,210": what follows the ask
            a, segment, inside = ask.end, intent[ask.end:b], [n for n in inside if n.start >= ask.end]
        if (at := _drawn_label_at(segment, drawn)) is not None:
            if len([n for n in inside if n.start >= a + at]) > 1:
                return intent  # "A 120 (+5%)", "Germany 1,840 in 2023": a drawn item with a second number
            continue
        item = _item_label(segment, inside, a)
        if item is None or item[0].casefold() in drawn:
            continue
        number, a = inside[0], a + item[1]
        if not number.is_data_candidate or not number.readings:
            continue
        readings = _grouped_readings(number)
        beyond = all(r < cut for r in readings) if ask.highest else all(r > cut for r in readings)
        if beyond:
            blanked[a:b] = " " * (b - a)
    return "".join(blanked)


def _item_label(segment: str, inside: list[StatedNumber], offset: int) -> tuple[str, int] | None:
    """The name of an item made of a name and one number ("Italy 960", "Widget Pro: $84,200 units") and where
    it starts in the segment, or None."""
    if len(inside) != 1:
        return None
    number = inside[0]
    before = segment[:number.start - offset].strip().rstrip(":=–—-").strip()
    after = segment[number.end - offset:].strip().rstrip(".!")
    if ": " in before:
        before = before.rsplit(": ", 1)[1]  # "…biggest markets: Italy 960": the name after the lead-in
    if not _LABEL.fullmatch(before) or re.search(r"\d", before):
        return None
    if after and not re.fullmatch(r"%|[^\W\d_]{1,12}", after):
        return None  # one unit word at most ("units"), nothing more
    return re.sub(r"\s+", " ", before).strip(), segment.rindex(before, 0, number.start - offset)


def _drawn_label_at(segment: str, drawn: set[str]) -> int | None:
    """Where the first drawn label stands in the segment (as a whole phrase), or None."""
    folded = segment.casefold()
    found = [m.start() for label in drawn
             if (m := re.search(r"(?<![^\W_])" + r"\s+".join(map(re.escape, label.split())) + r"(?![^\W_])", folded))]
    return min(found, default=None)


def _grouped_readings(number: StatedNumber) -> frozenset[float]:
    """The readings of a number, less those of a part cut at its thousands comma ("4,210" is not 4 nor 210 in
    an item of its own: one name and one number); every other reading stays, so each must be beyond the cut."""
    if not re.fullmatch(r"[-−+]?[$€£¥]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", number.text.strip()):
        return number.readings
    parts = {float(p) for p in re.findall(r"\d+(?:\.\d+)?", number.text.replace(",", " "))}
    return frozenset(r for r in number.readings if r not in parts) or number.readings


def _inside_a_name(intent: str, ask: _Ask, names: set[str]) -> bool:
    """"Top 2 box 45%, middle 30%, bottom 25%": the words of the ask are part of a name (or run into the first
    one with no break between: "Top 2" before a drawn "box"), and ask for nothing."""
    folded = intent.casefold()
    first_after = len(intent)
    for name in names:
        pattern = r"(?<![^\W_])" + r"\s+".join(map(re.escape, name.split())) + r"(?![^\W_])"
        for m in re.finditer(pattern, folded) if name.strip() else ():
            if m.start() < ask.end and ask.start < m.end():
                return True
            if m.start() >= ask.end:
                first_after = min(first_after, m.start())
    return first_after < len(intent) and not _BREAK.search(intent[ask.end:first_after])
