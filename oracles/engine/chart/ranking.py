"""The drafter's reading of a ranking asked of one list: "top 5 products by revenue", "the three biggest
markets", "bottom 3 by weekly footfall", "largest 4 metro areas".

The values are the intent's; the ask only says which of them to draw. A faithful chart then holds the N
largest (or smallest) values, in that order, and nothing else. Only words whose direction does not depend on
the measure are read (vocabulary.RANK_*): "the 3 slowest endpoints" may mean the highest latencies or the lowest
speeds, so it is not read, and the drafter keeps refusing (ambiguity.refuse_unhonoured_requests). Nor is a
ranking read when it is asked twice, when words around it turn it round ("not just the top 3", "top 3 and the
rest as Other"), when the data are several series or x/y pairs, or when two values tie at the cut.

The check reads the same ask on its own (ranking_check.py); the two share only the word lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .reading_model import ReadData, SeriesData
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

_WORD = "|".join((*RANK_HIGH_WORDS, *RANK_LOW_WORDS))
_N = r"(?P<n>\d{1,2}|" + "|".join(RANK_COUNT_WORDS) + r")"
_ASKS = (
    re.compile(rf"\b(?P<word>{_WORD})[\s-]+{_N}\b(?![.,]\d)", re.IGNORECASE),  # "top 5", "bottom-3", "largest 4"
    re.compile(rf"\b{_N}\s+(?P<word>{_WORD})\b", re.IGNORECASE),  # "the three biggest", "5 highest"
)
# {"top_n": 3}, "limit": 4, sort="desc": a setting of a tool call, its key quoted or not
_SETTING = re.compile(r"[\"']?\b(?P<key>[A-Za-z_]{1,16})\b[\"']?\s*[:=]\s*[\"']?(?P<value>\w{1,12})\b[\"']?")
_WORDS = re.compile(r"[^\W\d_]+(?:n't)?|n't", re.IGNORECASE)


@dataclass(frozen=True)
class RankAsk:
    count: int
    highest: bool
    start: int
    end: int


def read_rank_ask(intent: str) -> RankAsk | None:
    """The one ranking the intent asks for, or None (none, two, or one whose sense is unclear)."""
    found = []
    for pattern in _ASKS:
        for match in pattern.finditer(intent):
            after = intent[match.end():]
            if re.match(r"\s*(?:[%$€£]|[.,]\d|[kKM]\b)", after):
                continue  # "largest 15.4M", "top 5%": a value, not a count
            n = match.group("n")
            count = int(n) if n.isdigit() else RANK_COUNT_WORDS[n.lower()]
            highest = match.group("word").lower() in RANK_HIGH_WORDS
            before = [w.lower() for w in _WORDS.findall(intent[max(0, match.start() - 24):match.start()])][-3:]
            next_words = [w.lower() for w in _WORDS.findall(after[:30])][:2]
            if RANK_NEGATING_WORDS & set(before) or RANK_MEASURE_WORDS & set(next_words) or count < 1:
                return None
            found.append(RankAsk(count, highest, match.start(), match.end()))
    found += _setting_asks(intent)
    if len(found) != 1:  # "top 2: A 50, B 40 … last year's top 2 were D 60 and E 55": which list is ranked?
        return None
    if RANK_REST_WORDS & {w.lower() for w in _WORDS.findall(intent)}:
        return None
    return found[0]


def _setting_asks(intent: str) -> list[RankAsk]:
    """{"top_n": 3}, {"bottom": 2}, or a limit with a sort order ({"sort": "desc", "limit": 4})."""
    settings = [(m.group("key").lower(), m.group("value").lower(), m) for m in _SETTING.finditer(intent)]
    sorts = {value for key, value, _ in settings if key in RANK_SORT_KEYS}
    asks = []
    for key, value, match in settings:
        if not value.isdigit():
            continue
        if key in RANK_TOP_KEYS or key in RANK_BOTTOM_KEYS:
            asks.append(RankAsk(int(value), key in RANK_TOP_KEYS, match.start(), match.end()))
        elif key in RANK_LIMIT_KEYS and len(sorts) == 1 and sorts <= RANK_SORT_HIGH | RANK_SORT_LOW:
            asks.append(RankAsk(int(value), bool(sorts & RANK_SORT_HIGH), match.start(), match.end()))
    return asks


def apply_rank_ask(intent: str, read: ReadData) -> ReadData:
    """The N points a ranking asks for, largest (or smallest) first; `read` unchanged when none is read or it
    cannot be followed for certain (then the drafter's refusal of an unhonoured selection stands)."""
    if read.pairs or len(read.series) != 1:
        return read
    ask = read_rank_ask(intent)
    points = read.series[0].points
    if ask is None or ask.count >= len(points) or not all(isinstance(v, int | float) for _, v in points):
        return read
    ranked = sorted(points, key=lambda point: point[1], reverse=ask.highest)
    if ranked[ask.count - 1][1] == ranked[ask.count][1]:
        return read  # a tie at the cut: which of the two is in is not certain
    if any(re.search(re.escape(intent[ask.start:ask.end]), str(label), re.IGNORECASE) for label, _ in points):
        return read  # "Top 3 box 45%": the words are part of a name, not an ask
    if _runs_into_a_name(intent, ask, [str(label) for label, _ in points]):
        return read
    return replace(read, series=[SeriesData(read.series[0].name, ranked[:ask.count])])


def _runs_into_a_name(intent: str, ask: RankAsk, labels: list[str]) -> bool:
    """"Top 2 box 45%, middle 30%": nothing ("by revenue:", "—", a new line) parts the ask from the first name
    after it, so the ask may be the start of that name."""
    found = (re.compile(rf"\b{re.escape(label)}\b", re.IGNORECASE).search(intent, ask.end) for label in labels if label.strip())
    starts = [m.start() for m in found if m]
    if not starts:
        return False
    between = intent[ask.end:min(starts)]
    return not any(mark in between for mark in (":", "\n", "?", "!", "—", "–", "(", " - ", ". "))
