"""Values written inline: `label value` lists, named series, (x, y) pairs, and bare numbers whose
labels are given elsewhere in the sentence ("34, 41, 29 (Mon to Wed)")."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .calendar import expand_ranges, is_calendar_word
from .numbers import ValueToken, find_value_tokens, parse_cell
from .reading_model import Label, ReadData, SeriesData

EXAMPLE = "Say the values with their labels, e.g. 'a bar chart of signups: Mon 34, Tue 41, Wed 29'"
# Between two items: a comma, semicolon, newline, pipe, bullet, " and ", or a sentence end.
ITEM_SEPARATOR_RE = re.compile(r"[,;\n|•]|\band\b|\.\s+|\.$", re.IGNORECASE)
HEADING_SEPARATOR_RE = re.compile(r":(?!\d\d)|=|\s[-–—]\s")  # not the colon of 09:30
LABEL_EDGE_CHARS = " \t\"'“”‘’*-–—:=()[]{}#>"
STOP_WORDS = {"of", "for", "on", "in", "at", "by", "with", "the", "a", "an", "and", "is", "was", "were",
              "are", "to", "from", "this", "these", "values", "data"}

_PAIR_NUMBER = r"[-−]?[$€£¥]?\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?(?:[kKMB]|bn)?[%A-Za-z°]*"
PAIR_RE = re.compile(rf"\(\s*({_PAIR_NUMBER})\s*[,;/]\s*({_PAIR_NUMBER})\s*\)")


def _clean_label(text: str) -> str:
    text = re.sub(r"^\s*(?:\d+[.)]\s+|[-*•]\s+)", "", text)  # list bullets "1. ", "- "
    return re.sub(r"\s+", " ", text.strip(LABEL_EDGE_CHARS)).strip(LABEL_EDGE_CHARS)


def _split_gap(gap: str) -> tuple[str | None, str]:
    """Text between two values → (series heading or None, label of the next value)."""
    parts = ITEM_SEPARATOR_RE.split(gap)
    segment = parts[-1] if parts else gap
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
    """(x, y) pairs, optionally in named groups ("men: (170, 65), (182, 81); women: …")."""
    matches = list(PAIR_RE.finditer(text))
    if len(matches) < 2:
        return None
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
    if len(series) > 1:
        heading, label = _split_gap(text[:matches[0].start()])
        series[0].name = _series_name(label or heading, "")
    return ReadData(series, pairs=True, source="pairs", data_start=matches[0].start())


def read_label_values(text: str) -> ReadData | None:
    """`label value` items, possibly in several named series; None when the values carry no
    labels of their own (then `read_labels_elsewhere` applies)."""
    tokens = _without_lone_years(text, find_value_tokens(text))
    if not tokens:
        return None
    entries: list[tuple[str | None, str, ValueToken]] = []
    previous_end = 0
    for prefix_start, prefix, token in _merge_number_labels(text, tokens):
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
    return _assemble(text, entries)


YEAR_HEADING_AFTER_RE = re.compile(r"^\s*:\s*(?=[^\d\s-])")
YEAR_MENTION_BEFORE_RE = re.compile(
    r"\b(?:in|since|from|comparing|compare|and|vs\.?|versus|of|between|to|for|during|until|through|by)\s+$", re.IGNORECASE)


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
        if (following is not None and token.plain_integer
                and re.fullmatch(r"\s*[:=]?\s*", text[token.end:following.start])):
            merged.append(token)
            continue
        start = merged[0].start if merged else token.start
        items.append((start, " ".join(t.text for t in merged), token))
        merged = []
    return items


def _assemble(text: str, entries: list[tuple[str | None, str, ValueToken]]) -> ReadData:
    series: list[SeriesData] = []
    first_heading = entries[0][0]
    later_headings = [heading for heading, _, _ in entries[1:] if heading]
    multi = bool(later_headings)
    units = {token.unit for _, _, token in entries if token.unit}
    labels = [label for _, label, _ in entries]
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
    found = text.rfind(str(labels[0]), 0, entries[0][2].start)
    start = found if found >= 0 else entries[0][2].start
    return ReadData(series, unit=units.pop() if len(units) == 1 else None, source="list", data_start=start)


def _trim_first_label(first: str, others: list[str]) -> tuple[str, str]:
    """The first label often carries the preamble ("Plot monthly revenue Jan"): keep as many
    trailing words as the other labels have, starting at a calendar word when there is one."""
    words = first.split()
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
    return " ".join(kept), " ".join(words[:-keep])


def _series_name(heading: str | None, leftover: str) -> str | None:
    text = heading or leftover
    if not text:
        return None
    # "Revenue vs cost by quarter. Revenue" → "Revenue": the last sentence, last few words
    text = re.split(r"[.;\n]\s*", text.strip())[-1]
    words = [w for w in text.split() if w.lower() not in STOP_WORDS]
    return _clean_label(" ".join(words[-3:])) or None


def read_labels_elsewhere(text: str) -> ReadData | None:
    """A bare list of values whose labels are a calendar range ("Mon to Fri", "Jan–Mar") or an
    explicit list ("for Chrome, Safari and Firefox") somewhere else in the sentence."""
    tokens = find_value_tokens(text)
    if len(tokens) < 2:
        return None
    values = [token.value for token in tokens]
    labels = labels_for(text, len(values), tokens)
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


__all__ = ["read_pairs", "read_label_values", "read_labels_elsewhere", "labels_for"]
