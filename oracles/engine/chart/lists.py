"""Values written inline: `label value` lists, named series, (x, y) pairs, and bare numbers whose
labels are given elsewhere in the sentence ("34, 41, 29 (Mon to Wed)")."""

from __future__ import annotations

import re
from bisect import bisect_right

from ..contracts import EngineRefusal
from .calendar import calendar_with_count, expand_ranges, is_calendar_word, numeric_ranges
from .coordinates import named_pairs, slashed_pairs
from .numbers import ValueToken, blank_list_numbers, find_value_tokens, parse_cell
from .reading_model import Label, ReadData, SeriesData
from .surface import TRAILING_WORDS

EXAMPLE = "Say the values with their labels, e.g. 'a bar chart of signups: Mon 34, Tue 41, Wed 29'"
# Between two items: a comma, semicolon, newline, pipe, bullet, " and ", or a sentence end.
# A slash or middle dot between spaces separates items too ("Lars 82,4 / Ingrid 64,9", "Wien 1.234,50 · Graz"),
# where "/search" and "10/12" do not.
ITEM_SEPARATOR_RE = re.compile(r"[,;\n|•·]|\s/\s|\band\b|\.\s+|\.$", re.IGNORECASE)
HEADING_SEPARATOR_RE = re.compile(r":(?!\d\d)|=|\s[-–—]\s")  # not the colon of 09:30
LABEL_EDGE_CHARS = " \t\"'“”‘’*-–—:=()[]{}#>→⟶"
# Articles that open a name when capitalised before a capitalised word ("The Grind", "La Boulange").
CAPITALISED_ARTICLES = frozenset("The La Le Les El Los Las Il Lo Der Die Das De Het".split())
STOP_WORDS = {"of", "for", "on", "in", "at", "by", "with", "the", "a", "an", "and", "is", "was", "were",
              "are", "to", "from", "this", "these", "values", "data"}

_PAIR_NUMBER = r"[-−]?[$€£¥]?\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?(?:[kKMB]|bn)?[%A-Za-z°]*"
# "(1,428)" is one number with a thousands group, not the pair (1, 428)
PAIR_RE = re.compile(rf"\(\s*({_PAIR_NUMBER})(?:\s*,(?!\d{{3}}\s*\))|\s*[;/]|\s+,)\s*({_PAIR_NUMBER})\s*\)")


def _clean_label(text: str) -> str:
    text = re.sub(r"^\s*(?:\d+[.)]\s+|[-*•]\s+)", "", text)  # list bullets "1. ", "- "
    return re.sub(r"\s+", " ", text.strip(LABEL_EDGE_CHARS)).strip(LABEL_EDGE_CHARS)


def _after_open_bracket(segment: str) -> str:
    """ "browser share (Chrome " → "Chrome ": a list opened by a bracket that the segment does not
    close starts after it ("latency (ms): Mon" and "iOS (" keep their text)."""
    depth = 0
    for index in range(len(segment) - 1, -1, -1):
        char = segment[index]
        if char in ")]}":
            depth += 1
        elif char in "([{":
            if depth == 0:
                return segment[index + 1:] if segment[index + 1:].strip() else segment
            depth -= 1
    return segment


def _split_gap(gap: str) -> tuple[str | None, str]:
    """Text between two values → (series heading or None, label of the next value)."""
    parts = ITEM_SEPARATOR_RE.split(gap)
    segment = _after_open_bracket(parts[-1] if parts else gap)
    heading_parts = HEADING_SEPARATOR_RE.split(segment)
    if len(heading_parts) > 1:
        after = _clean_label(heading_parts[-1])
        before = _clean_label(heading_parts[-2])  # "stacked bars: Online: Q1" → heading "Online"
        if after:
            return (before or None), after
        # "Mon: 34": the colon ends the label; anything before an earlier colon is a heading
        if len(heading_parts) > 2:
            return _clean_label(heading_parts[-3]) or None, _clean_label(heading_parts[-2])
        return None, before
    return None, _clean_label(segment)


def read_pairs(text: str) -> ReadData | None:
    """(x, y) pairs, optionally in named groups ("men: (170, 65), (182, 81); women: …"), or "x=0 y=1" pairs."""
    matches = list(PAIR_RE.finditer(text))
    if len(matches) < 2:
        read = named_pairs(text)  # "x=0 y=1, x=1 y=2.7", "t=0 d=0, t=1 d=4.9"
        if read is None:
            slashed = slashed_pairs(text)  # "x/y = 3/7, 5/9, 8/4"
            if slashed is None:
                return None
            points = [(parse_cell(m.group(1)), parse_cell(m.group(2))) for m in slashed[1]]
            if any(x is None or y is None for x, y in points):
                return None
            return ReadData([SeriesData(None, points)], pairs=True, source="pairs", data_start=slashed[0])  # type: ignore[arg-type]
        named = read[1]
        points = [(parse_cell(m.group("x")), parse_cell(m.group("y"))) for m in named]
        if any(x is None or y is None for x, y in points):
            return None
        return ReadData([SeriesData(None, points)], pairs=True, source="pairs", data_start=named[0].start())  # type: ignore[arg-type]
    series: list[SeriesData] = [SeriesData(None)]
    previous_end = matches[0].end()
    for index, match in enumerate(matches):
        if index > 0:
            heading, label = _split_gap(text[previous_end:match.start()])
            name = label or heading
            if name:  # "…; women: (160, 55)" starts a new group
                series.append(SeriesData(_series_name(name, "")))
        x, y = parse_cell(match.group(1)), parse_cell(match.group(2))
        if x is None or y is None:
            return None
        series[-1].points.append((x, y))
        previous_end = match.end()
    if len(series) > 1 and all(len(s.points) == 1 for s in series):
        # "Café Uno ($4.50, 4.2), Bean There ($3.75, 3.9)": a name per pair labels a point, it heads no series
        series = [SeriesData(None, [s.points[0] for s in series])]
        _, first_name = _split_gap(text[:matches[0].start()])
        named_at = text.rfind(first_name, 0, matches[0].start()) if first_name else -1
        return ReadData(series, pairs=True, source="pairs",  # the subject ends where the first point's name starts
                        data_start=named_at if named_at >= 0 else matches[0].start())
    elif len(series) > 1:
        heading, label = _split_gap(text[:matches[0].start()])
        series[0].name = _series_name(label or heading, "")
    return ReadData(series, pairs=True, source="pairs", data_start=matches[0].start())


def _outside_ranges(text: str, tokens: list[ValueToken]) -> list[ValueToken]:
    """The numbers of "weeks 1 to 4" or "for 2021 to 2024" are labels, not values."""
    spans = [(start, end) for start, end, _ in numeric_ranges(text)]  # sorted, disjoint
    starts = [start for start, _ in spans]
    kept = []
    for token in tokens:  # bisection: a scan of every span per token is quadratic on long intents
        index = bisect_right(starts, token.start) - 1
        if index < 0 or token.start >= spans[index][1]:
            kept.append(token)
    return kept


_SLASH_NUMBER = r"[-−]?[$€£¥]?\d+(?:,\d{3})*(?:\.\d+)?(?:[kKMB]|bn)?%?"
SLOT_SEPARATOR_RE = re.compile(r"\s*(?:/|\bvs\.?(?=\s)|\bversus\b)\s*", re.IGNORECASE)
SLASH_GROUP_RE = re.compile(rf"(?<![\w.,/])(?!(?:19|20)\d\d/\d\d(?![\d,.]))(?!(?:19|20)\d\d/(?:19|20)\d\d(?![\d,.]))"  # a season
                            rf"{_SLASH_NUMBER}(?:{SLOT_SEPARATOR_RE.pattern}{_SLASH_NUMBER})+(?![\w/])",
                            re.IGNORECASE)
_NAME = r"[A-Za-z0-9$€£][\w$€£'-]*"
SERIES_NAMES_RE = re.compile(rf"(?<![\w'-])({_NAME}(?:\s+(?:vs\.?|versus)\s+{_NAME})+)(?![\w'-])", re.IGNORECASE)


def read_slash_series(text: str) -> ReadData | None:
    """"2023 vs 2024 sales: Jan 10/12, Feb 11/15": one value per named series in each item,
    in the order the series are named. Only when every item has as many values as names."""
    groups = list(SLASH_GROUP_RE.finditer(text))
    while groups and _names_years(text, groups[0]):
        groups = groups[1:]  # "Compare 2023 versus 2024 bookings: Jan 410 vs 455": the years name the series
    if len(groups) < 2:
        return None
    named = _slot_names(text[:groups[0].start()])
    slots = len(SLOT_SEPARATOR_RE.split(groups[0].group(0)))
    if named is None:  # "comparing 2023 and 2024 signups: Jan 10/14": names joined by "and", as many as the slots
        joined = _slot_names(text[:groups[0].start()], ("and", "&"))
        named = joined if joined is not None and len(joined[0]) == slots else None
    if named is None:  # "grouped bars 2023/2024 by region: North 10/14": the names slotted as the values are
        named = _slashed_names(text[:groups[0].start()], slots)
    labelled = all(_split_gap(text[a.end() if a else 0:b.start()])[1] for a, b in zip([None, *groups], groups, strict=False))
    if named is None:
        if not labelled:
            return None
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"'{groups[0].group(0)}' holds several values but the series are not named. Name them in order, "
            f"e.g. '2023 vs 2024 sales: Jan 10/12, Feb 11/15', or give one value per label.",
        )
    names, names_end = named
    series = [SeriesData(name) for name in names]
    previous_end = names_end
    first_label = ""
    for group in groups:
        values = [parse_cell(v) for v in SLOT_SEPARATOR_RE.split(group.group(0))]
        _, label = _split_gap(text[previous_end:group.start()])
        if len(values) != len(names):
            raise EngineRefusal(
                "UNREADABLE_INTENT",
                f"'{label} {group.group(0)}' has {len(values)} values but {len(names)} series are named "
                f"({', '.join(names)}). Give one value per series, e.g. '{label} "
                f"{'/'.join(v.strip() for v in group.group(0).split('/')[:len(names)])}'.",
            )
        if any(v is None for v in values) or not label:
            return None
        first_label = first_label or label
        for entry, value in zip(series, values, strict=True):
            entry.points.append((label, value))  # type: ignore[arg-type]
        previous_end = group.end()
    start = text.rfind(first_label, names_end, groups[0].start())
    return ReadData(series, source="list", data_start=start if start >= 0 else groups[0].start())


SPACED_ROW_RE = re.compile(rf"^[ \t]*(?P<label>[^\s\d][^\n;]*?)[ \t]+(?P<values>{_SLASH_NUMBER}(?:[ \t]+{_SLASH_NUMBER})+)[ \t]*$")


def read_spaced_slots(text: str) -> ReadData | None:
    """"plan vs actual\nJan 100 95\nFeb 110 112": one row a line, the values split by spaces, as many as
    the series named before the rows (in order). None when the rows or the names do not fit."""
    lines = [(m.start(), m.group(0)) for m in re.finditer(r"[^\n;]+", text)]
    rows = [(start, SPACED_ROW_RE.match(line)) for start, line in lines]
    data = [(start, row) for start, row in rows if row is not None]
    if len(data) < 2:
        return None
    first_at = data[0][0] + data[0][1].start("label")
    if any(row is None and find_value_tokens(line) for (start, line), (_, row) in zip(lines, rows, strict=True)
           if start >= first_at):
        return None  # a line with values that is no row: something else
    named = _slot_names(text[:first_at]) or _slot_names(text[:first_at], ("and", "&"))
    if named is None:
        return None
    names = named[0]
    series = [SeriesData(name) for name in names]
    for _, row in data:
        values = [parse_cell(v) for v in row.group("values").split()]
        if len(values) != len(names) or any(v is None for v in values):
            return None
        label = _clean_label(row.group("label"))
        if not label:
            return None
        for entry, value in zip(series, values, strict=True):
            entry.points.append((label, value))  # type: ignore[arg-type]
    return ReadData(series, source="list", data_start=first_at)


SLASHED_NAMES_RE = re.compile(r"(?<![^\s(])([^\W\d_][\w'&-]*|\d{4})((?:/(?:[^\W\d_][\w'&-]*|\d{4}))+)(?=[\s,:)]|$)")


def _slashed_names(prefix: str, slots: int) -> tuple[list[str], int] | None:
    """The one word of names split by '/' before the values, as many as each item's slots."""
    found = [m for m in SLASHED_NAMES_RE.finditer(prefix) if len(m.group(0).split("/")) == slots]
    if len(found) != 1:
        return None
    names = found[0].group(0).split("/")
    return (names, found[0].end()) if len({n.casefold() for n in names}) == slots else None


def _names_years(text: str, group: re.Match[str]) -> bool:
    years = [v.strip() for v in SLOT_SEPARATOR_RE.split(group.group(0))]
    return all(re.fullmatch(r"(?:19|20)\d\d", y) for y in years) and bool(
        re.match(r"[^\d:]*:", text[group.end():group.end() + 60]))


def _slot_names(prefix: str, links_by: tuple[str, ...] = ("vs", "versus", "against")) -> tuple[list[str], int] | None:
    """Series named in order before slotted values: "2023 vs 2024", "carrier A vs carrier B",
    "Python vs R usage" (each name as many words as the first; two words when they share the
    first, as in "carrier A / carrier B"). Returns the names and where the last one ends."""
    words = [(m.group(0), m.start(), m.end()) for m in re.finditer(r"[^\s,:;()]+", prefix)]
    links = [i for i, (w, _, _) in enumerate(words) if w.lower().rstrip(".") in links_by]
    if not links:
        return None
    chain = [links[-1]]
    for index in reversed(links[:-1]):
        if chain[0] - index in (2, 3):
            chain.insert(0, index)
    shared = _shared_last_word_names(prefix, words, chain)
    if shared is not None:
        return shared
    for size in (2, 1):
        gaps_ok = all(b - a == size + 1 for a, b in zip(chain, chain[1:], strict=False))
        first, last = chain[0] - size, chain[-1] + size
        if not gaps_ok or first < 0 or last >= len(words):
            continue
        spans = [(first, chain[0])] + [(i + 1, i + 1 + size) for i in chain]
        names = [" ".join(w for w, _, _ in words[a:b]) for a, b in spans]
        if size == 2 and len({n.split()[0].lower() for n in names}) != 1:
            continue  # "Python vs R usage": one-word names
        return [_clean_label(n) for n in names], words[last][2]
    return None


def _shared_last_word_names(prefix: str, words: list[tuple[str, int, int]], chain: list[int]) -> tuple[list[str], int] | None:
    """"this week vs last week: Mon 40/35", "new users vs churned users": the last name runs to the colon
    (or comma, dash, bracket) and every name ends with the same word, so each is as many words as
    the last one; cutting them to one word would name the series "week" and "last"."""
    size = 0
    for index in range(chain[-1] + 1, len(words)):
        if index > chain[-1] + 1 and re.search(r"[:;,(\n—–]|\s-\s", prefix[words[index - 1][2]:words[index][1]]):
            break
        size += 1
        if re.search(r"[:;,(—–]", prefix[words[index][2]:words[index][2] + 1]):
            break
    if len(chain) == 1 and 1 <= size <= 3:
        bounded = _bounded_pair(prefix, words, chain[0], size)
        if bounded is not None:
            return bounded
    if not 2 <= size <= 3 or chain[0] - size < 0:
        return None
    if any(b - a != size + 1 for a, b in zip(chain, chain[1:], strict=False)):
        return None
    spans = [(chain[0] - size, chain[0])] + [(i + 1, i + 1 + size) for i in chain]
    names = [" ".join(w for w, _, _ in words[a:b]) for a, b in spans]
    if len({n.split()[-1].casefold() for n in names}) != 1 or len({n.casefold() for n in names}) != len(names):
        return None
    if any(re.search(r"[:;,(—–]", prefix[words[a][1]:words[b - 1][2] - 1]) for a, b in spans):
        return None  # a name may not run over a colon or comma
    return [_clean_label(n) for n in names], words[spans[-1][1] - 1][2]


NAME_OPENERS = {"compare", "comparing", "chart", "plot", "graph", "show", "draw", "of", "the", "a", "an", "for",
                "between", "please", "pls", "me", "us", "bars", "lines", "grouped", "stacked", "line", "bar"}


def _bounded_pair(prefix: str, words: list[tuple[str, int, int]], link: int, size: int) -> tuple[list[str], int] | None:
    """"Ice cream vs hot chocolate: Jun 120 vs 20": both names stand alone between the start (or a
    comma, colon, line break) and the colon, so each is the whole phrase on its side, not a word of it."""
    first = link
    while first > 0 and not re.search(r"[:;,(\n—–.!?]|\s-\s", prefix[words[first - 1][1]:words[first][1]]):
        first -= 1
    while first < link and words[first][0].lower() in NAME_OPENERS:
        first += 1
    if link - first != size or size < 2:
        return None  # "Tokyo versus Osaka rainfall": words unequal on the sides, the later ones may be the measure
    names = [" ".join(w for w, _, _ in words[first:link]), " ".join(w for w, _, _ in words[link + 1:link + 1 + size])]
    names = [_clean_label(n) for n in names]
    if not all(names) or any(re.search(r"[:;,]", n) for n in names) or names[0].casefold() == names[1].casefold():
        return None
    return names, words[link + size][2]


def read_label_values(text: str) -> ReadData | None:
    """`label value` items, possibly in several named series; None when the values carry no
    labels of their own (then `read_labels_elsewhere` applies)."""
    text = blank_list_numbers(text)  # "1. Organic search: 46%": the item's number is not a value
    tokens = _without_lone_years(text, _outside_ranges(text, find_value_tokens(text)))
    if not tokens:
        return None
    entries: list[tuple[str | None, str, ValueToken]] = []
    previous_end = 0
    breaks: list[bool] = []
    for prefix_start, prefix, token in _merge_number_labels(text, tokens):
        breaks.append(bool(GROUP_SEPARATOR_RE.search(text[previous_end:prefix_start])))
        heading, label = _split_gap(text[previous_end:prefix_start])
        if prefix:
            label = f"{label} {prefix}" if label else prefix
        entries.append((heading, label, token))
        previous_end = token.end
    unlabeled = sum(1 for _, label, _ in entries[1:] if not label)
    if len(entries) >= 2 and unlabeled >= len(entries) - 1 - (len(entries) > 3):
        return None
    if any(not label for _, label, _ in entries):
        raise EngineRefusal("UNREADABLE_INTENT", f"Some values have no label. {EXAMPLE}.")
    later = [label.casefold() for _, label, _ in entries[1:]]
    if not any(heading for heading, _, _ in entries[1:]) and len(set(later)) < len(later):
        regrouped = _regroup(entries, breaks)
        if regrouped is not None:
            name = regrouped[0][0] or ""
            return _assemble(text, regrouped, text.rfind(name, 0, entries[0][2].start))
    return _assemble(text, entries)


GROUP_SEPARATOR_RE = re.compile(r"[;\n]|\.\s+")


def _regroup(entries: list[tuple[str | None, str, ValueToken]],
             breaks: list[bool]) -> list[tuple[str | None, str, ValueToken]] | None:
    """"Team A high 3 low 5; Team B high 1 low 7": the labels repeat in every group, and each
    group's first label starts with the group's series name. None when that reading fails."""
    starts = [0] + [i for i in range(1, len(entries)) if breaks[i]]
    if len(starts) < 2:
        return None
    regrouped: list[tuple[str | None, str, ValueToken]] = []
    for begin, end in zip(starts, [*starts[1:], len(entries)], strict=True):
        group = entries[begin:end]
        label, leftover = _trim_first_label(group[0][1], [lbl for _, lbl, _ in group[1:]])
        name = _series_name(leftover, "")
        if not name or not label or len(group) < 2:
            return None
        regrouped.append((name, label, group[0][2]))
        regrouped.extend((None, lbl, token) for _, lbl, token in group[1:])
    names = [name.casefold() for name, _, _ in regrouped if name]
    return regrouped if len(set(names)) == len(names) else None


YEAR_HEADING_AFTER_RE = re.compile(r"^\s*:\s*(?=[^\d\s-])")
YEAR_MENTION_BEFORE_RE = re.compile(
    r"\b(?:in|since|from|comparing|compare|and|vs\.?|versus|of|between|to|for|during|until|through|by|"
    r"the|our|their|its|this|that)\s+$", re.IGNORECASE)  # "the 2025 cloud bill": the year names the subject


def _without_lone_years(text: str, tokens: list[ValueToken]) -> list[ValueToken]:
    """A year that names something ("comparing 2023 and 2024", "2023: North 10") is not a value.
    A year right before another value ("2021 120") stays: it becomes that value's label."""
    kept = []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        merges = following is not None and re.fullmatch(r"\s*[:=]?\s*", text[token.end:following.start])
        year_like = token.plain_integer and 1900 <= token.value <= 2100
        if year_like and not merges and (
            YEAR_HEADING_AFTER_RE.match(text[token.end:token.end + 3])
            or YEAR_MENTION_BEFORE_RE.search(text[max(0, token.start - 14):token.start])
        ):
            continue
        kept.append(token)
    return kept


def _merge_number_labels(text: str, tokens: list[ValueToken]) -> list[tuple[int, str, ValueToken]]:
    """`2021 120` or `Week 3 45`: a plain integer right before another value is part of its
    label. Returns (label-prefix start, label-prefix text, value token) per value."""
    items: list[tuple[int, str, ValueToken]] = []
    merged: list[ValueToken] = []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        word_before = re.search(r"[^\W\d_]{2,9}\.?\s+$", text[max(0, token.start - 12):token.start])
        if (following is not None and token.plain_integer
                and re.fullmatch(r"\s*[:=]?\s*", text[token.end:following.start])
                and not (word_before and calendar_with_count(word_before.group(0) + token.text))):
            merged.append(token)
            continue
        start = merged[0].start if merged else token.start
        items.append((start, " ".join(t.text for t in merged), token))
        merged = []
    return items


def _assemble(text: str, entries: list[tuple[str | None, str, ValueToken]], data_start: int = -1) -> ReadData:
    series: list[SeriesData] = []
    first_heading = entries[0][0]
    later_headings = [heading for heading, _, _ in entries[1:] if heading]
    multi = bool(later_headings)
    units = {token.unit for _, _, token in entries if token.unit}
    labels = [label for _, label, _ in entries]
    if _alone_on_its_line(text, labels[0], entries[0][2].start):
        leftover = ""  # "Traffic sources:\n- Organic search: 46%": the line holds the label and nothing before it
    else:
        labels[0], leftover = _trim_first_label(labels[0], labels[1:])
    for index, (heading, _, token) in enumerate(entries):
        if index == 0:
            name = _series_name(first_heading, leftover) if multi else None
            series.append(SeriesData(name))
        elif heading and multi:
            series.append(SeriesData(_series_name(heading, "")))
        series[-1].points.append((labels[index], token.value))
    for entry in series:
        seen: set[str] = set()
        for label, _ in entry.points:
            key = str(label).casefold()
            if key in seen:
                raise EngineRefusal(
                    "UNREADABLE_INTENT",
                    f"The label '{label}' appears twice{' in ' + entry.name if entry.name else ''}. "
                    "Give each label once, or name the series, e.g. 'Revenue: Q1 120, Q2 135. Cost: Q1 90, Q2 100'.",
                )
            seen.add(key)
    if data_start < 0 and multi and series[0].name:  # "…: Team A: high 3" starts at "Team A"
        data_start = text.rfind(series[0].name, 0, entries[0][2].start)
    found = data_start if data_start >= 0 else text.rfind(str(labels[0]), 0, entries[0][2].start)
    start = found if found >= 0 else entries[0][2].start
    return ReadData(series, unit=units.pop() if len(units) == 1 else None, source="list", data_start=start)


def _alone_on_its_line(text: str, label: str, value_start: int) -> bool:
    """The first label opens a line of its own below the first line (after a bullet or a number, in bold or
    not): no preamble can be glued to it, so it is kept whole."""
    line_start = text.rfind("\n", 0, value_start) + 1
    if line_start == 0:
        return False
    head = re.sub(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+", "", text[line_start:value_start])
    head = re.sub(r"\*\*|__", "", head).strip(" \t:=")
    return bool(head) and head.casefold() == str(label).strip().casefold()


def _trim_first_label(first: str, others: list[str]) -> tuple[str, str]:
    """The first label often carries the preamble ("Plot monthly revenue Jan"): keep as many
    trailing words as the other labels have, starting at a calendar word when there is one."""
    words = first.split()
    while len(words) > 1 and words[-1].casefold() in TRAILING_WORDS:
        words.pop()  # "Line A made 1,920": the verb before the value is no part of the label
    first = " ".join(words)
    if len(words) <= 1:
        return first, ""
    for index, word in enumerate(words):
        if is_calendar_word(word.strip(".,")) and index > 0:
            return " ".join(words[index:]), " ".join(words[:index])
    keep = max((len(o.split()) for o in others), default=1) if others else 1
    if len(words) <= keep:
        return first, ""
    kept = words[-keep:]
    while len(kept) > 1 and kept[0].lower() in STOP_WORDS:
        kept = kept[1:]
    return _clean_label(" ".join(kept)) or " ".join(kept), " ".join(words[:-keep])


PERIOD_NOUNS = frozenset("year years month week quarter season term semester sprint day weekend".split())


def _names_a_period(words: list[str], index: int) -> bool:
    """"This year: Jan 40 …": "this" before a period is part of the name, never filler."""
    return words[index].lower() in ("this", "these") and index + 1 < len(words) \
        and words[index + 1].lower().strip(".,:;") in PERIOD_NOUNS


_ASKING_VERB = re.compile(r"^(?:chart|plot|graph|draw|visuali[sz]e)\s+(?=[a-z])")


def _series_name(heading: str | None, leftover: str) -> str | None:
    text = heading or leftover
    if not text:
        return None
    # "Revenue vs cost by quarter. Revenue" → "Revenue": the last sentence, last few words
    text = re.split(r"[.;\n…]\s*", text.strip())[-1]  # "… across the morning shift… Reno:": a break, like a stop
    # "chart revenue: 2022 1.2 …; costs: …": the verb asking for the chart opens the intent, not the name
    text = _ASKING_VERB.sub("", text)
    # "Team A" keeps its letter: a capital single letter names, it is not the article
    words = text.split()
    kept = [i for i, w in enumerate(words) if w.lower() not in STOP_WORDS or (len(w) == 1 and w.isupper())
            or _names_a_period(words, i)][-3:]
    if kept and kept[0] > 0 and words[kept[0] - 1] in CAPITALISED_ARTICLES and words[kept[0]][:1].isupper():
        kept.insert(0, kept[0] - 1)  # "The Grind": a capitalised article opens the name, it is part of it
    return _clean_label(" ".join(words[i] for i in kept)) or None


def read_labels_elsewhere(text: str) -> ReadData | None:
    """A bare list of values whose labels are a calendar range ("Mon to Fri", "Jan–Mar") or an
    explicit list ("for Chrome, Safari and Firefox") somewhere else in the sentence."""
    tokens = _outside_ranges(text, find_value_tokens(text))
    if len(tokens) < 2:
        return None
    values = [token.value for token in tokens]
    labels = labels_for(text, len(values), tokens)
    ranges = expand_ranges(text)
    if labels is None and ranges:
        first = ranges[0]
        others = "".join(f" (and '{r[0]} to {r[-1]}' gives {len(r)})" for r in ranges[1:2])
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"I found {len(values)} values but the range '{first[0]} to {first[-1]}' gives {len(first)} labels"
            f"{others}. Give exactly one value per label, or label each value, e.g. "
            f"'{', '.join(f'{label} {value:g}' for label, value in zip(first[:2], values, strict=False))}, …'.",
        )
    if labels is None:
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"I found {len(values)} values but no labels for them. {EXAMPLE}, "
            "or give a range such as '(Mon to Fri)' with exactly one value per day.",
        )
    units = {token.unit for token in tokens if token.unit}
    return ReadData([SeriesData(None, list(zip(labels, values, strict=True)))],
                    unit=units.pop() if len(units) == 1 else None, source="labels-elsewhere",
                    data_start=tokens[0].start)


def labels_for(text: str, count: int, tokens: list[ValueToken] | None = None) -> list[Label] | None:
    """Labels for `count` bare values: a calendar range of that length, or a list of names."""
    for expanded in expand_ranges(text):
        if len(expanded) == count:
            return list(expanded)
    stripped = text
    for token in sorted(tokens or [], key=lambda t: -t.start):
        stripped = stripped[:token.start] + " " + stripped[token.end:]
    candidates = re.findall(r"\(([^()]*)\)", stripped)
    candidates += re.findall(r"\b(?:for|labels?|labelled|labeled|named|categories|across)\s*:?\s*([^.:;\n]*)", stripped, re.IGNORECASE)
    candidates += re.split(r"[:.\n]", stripped)
    for candidate in candidates:
        names = [_clean_label(part) for part in re.split(r",|\band\b|&|/", candidate, flags=re.IGNORECASE)]
        names = [name for name in names if name]
        if len(names) == count and all(len(name.split()) <= 4 for name in names):
            if len(names) > 1:
                names[0] = _trim_first_label(names[0], names[1:])[0]
            return list(names)
    return None


SERIES_LIST_RE = re.compile(r"[;\n]|\.\s+")
_WORD = r"[^\W_][\w'.-]*"
SLASH_LABELS_RE = re.compile(rf"(?<![\w/])({_WORD}(?:\s*/\s*{_WORD})+)(?![\w/])")
LISTED_LABELS_RE = re.compile(rf"\b(?:for|across|over|in|on)\s+({_WORD}(?:\s*,\s*{_WORD})+(?:,?\s+and\s+{_WORD})?)", re.IGNORECASE)


def _label_list(text: str, count: int) -> list[Label] | None:
    """One range ("Mon to Fri") or one list ("Q1/Q2/Q3", "for Mon, Tue, Wed") of exactly `count` labels."""
    for expanded in expand_ranges(text):
        if len(expanded) == count:
            return list(expanded)
    found = [re.split(r"\s*/\s*", m.group(1)) for m in SLASH_LABELS_RE.finditer(text)]
    found += [re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(1)) for m in LISTED_LABELS_RE.finditer(text)]
    found = [[n.rstrip(".") for n in names] for names in found]
    fitting = [names for names in found if len(names) == count and len({n.casefold() for n in names}) == count]
    return list(fitting[0]) if len(fitting) == 1 else None


def read_series_lists(text: str) -> ReadData | None:
    """Several series of bare values whose labels are one list or range elsewhere: "for Mon, Tue, Wed.
    p50: 42, 40, 45. p99: 210, 190, 260" or "in Q1/Q2/Q3: Northgate 34, 29, 25; Eastfield 41, 44, 38"."""
    groups = []
    position = 0
    for match in [*SERIES_LIST_RE.finditer(text), None]:
        end = match.start() if match else len(text)
        groups.append((position, text[position:end]))
        position = match.end() if match else len(text)
    series: list[SeriesData] = []
    first_start = -1
    spans: list[tuple[int, int]] = []
    for start, group in groups:
        tokens = find_value_tokens(group)
        if len(tokens) < 2:
            continue
        between = [group[a.end:b.start] for a, b in zip(tokens, tokens[1:], strict=False)]
        # "Starter: 10k, 12k, 13k (Jan–Mar).": the labels in brackets after the first series' values stay to be read
        bracketed = re.fullmatch(r"\s*\([^()\d]*(?:\d[^()]*)?\)\s*[.;]?\s*", group[tokens[-1].end:])
        if not all(re.fullmatch(r"\s*[,;]?\s*(?:and\s+)?", gap) for gap in between) or (
                group[tokens[-1].end:].strip(" .)") and not bracketed):
            continue
        name = _clean_label(re.split(r":\s|\s[-–—]\s|[.?!]\s", group[:tokens[0].start].rstrip(" :=–—-"))[-1])  # "…by plan? Starter:"
        if not name or len(name.split()) > 3:
            return None
        series.append(SeriesData(name, [(None, t.value) for t in tokens]))  # type: ignore[misc]
        name_at = start + group.rfind(name, 0, tokens[0].start)
        spans.append((name_at, start + (tokens[-1].end if bracketed else len(group))))  # the labels may be named before it: "in Q1/Q2/Q3 were: North 34, …"
        if first_start < 0:
            first_start = name_at
    counts = {len(s.points) for s in series}
    if len(series) < 2 or len(counts) != 1:
        return None
    rest = text
    for a, b in reversed(spans):
        rest = rest[:a] + " " * (b - a) + rest[b:]
    count = counts.pop()
    labels = _label_list(rest, count)
    if labels is None:
        return None
    for entry in series:
        entry.points = [(label, value) for label, (_, value) in zip(labels, entry.points, strict=True)]
    return ReadData(series, source="list", data_start=max(first_start, 0))


__all__ = ["read_spaced_slots", "read_series_lists", "read_pairs", "read_slash_series", "read_label_values", "read_labels_elsewhere", "labels_for"]
