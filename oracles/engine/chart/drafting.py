"""The chart drafter: intent text → facts → Vega-Lite spec. Deterministic and offline."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..contracts import EngineRefusal
from ..limits import guard_intent
from .ambiguity import refuse_ambiguous_numbers, refuse_unhonoured_requests
from .approximate import approximate_note, blank_approximate_markers
from .axis_asks import periods_asked_along_x
from .calendar import is_time_like
from .coordinates import slashed_pairs
from .illustrative import illustrative_data
from .items import read_grouped, read_items, read_value_first_series
from .limits import CHART_LIMITS
from .lists import (
    EXAMPLE,
    labels_for,
    read_label_values,
    read_labels_elsewhere,
    read_pairs,
    read_series_lists,
    read_slash_series,
    read_spaced_slots,
)
from .notation import normalise_numbers
from .numbered import numbers_run_along_x, uneven_numbers
from .numbers import find_value_tokens, refuse_non_finite_words
from .picked_series import apply_field_picks
from .ranking import apply_rank_ask
from .reading_model import BareValues, ReadData, SeriesData
from .records import read_records
from .references import set_references_apart
from .spec import build_spec
from .surface import blank_surface, tidy_labels
from .tables import read_csv_block, read_json, read_markdown_table, read_yaml
from .wording import blank_quoted_title_asks, label_axis_title, labels_are_time_like, names_nothing, read_wording

CHART_WORD_RE = re.compile(r"\b(?:bars?|columns?|lines?|areas?|pie|donut|doughnut|ring|scatter|dot|bubble|trend|"
                           r"histogram|timeline|stacked|grouped|horizontal)\b", re.IGNORECASE)
CONTROL_CHARS_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def read_data(intent: str) -> ReadData | None:
    """Values in the intent, trying structured forms first; None when it states no values."""
    for reader in (read_json, read_yaml, read_markdown_table, read_csv_block):
        read = reader(intent)
        if isinstance(read, BareValues):
            return _label_bare_values(intent, read)
        if read is not None:
            return read
    intent = blank_surface(intent)  # same length: positions found below still point into the intent
    if not find_value_tokens(intent):
        return read_pairs(intent) if slashed_pairs(intent) else read_slash_series(intent)  # "Jan 10/12" alone reads as dates until series are named
    read = (read_records(intent) or read_pairs(intent) or read_slash_series(intent) or read_spaced_slots(intent)
            or read_grouped(intent) or read_items(intent)
            or read_value_first_series(intent) or read_series_lists(intent) or read_label_values(intent)
            or read_labels_elsewhere(intent))
    if read is not None and not read.pairs:
        _cut_at_sentence_breaks(read)
    if read is not None and not read.pairs and read.source in ("items", "list"):
        for series in read.series:
            labels = tidy_labels([str(label) for label, _ in series.points], is_time_like)
            series.points = [(label, value) for label, (_, value) in zip(labels, series.points, strict=True)]
    return read


SENTENCE_BREAK_RE = re.compile(r"[?!]\s+|\.\s+(?=[A-Z])")


def _cut_at_sentence_breaks(read: ReadData) -> None:
    """"… for last week? Mon 88%": a name never runs across the end of a sentence; what came before it is the
    request, so a first label or series name keeps only what follows the last break."""
    for series in read.series:
        if series.name and SENTENCE_BREAK_RE.search(series.name):
            series.name = SENTENCE_BREAK_RE.split(series.name)[-1].strip() or series.name
        broken = [i for i, (label, _) in enumerate(series.points) if isinstance(label, str) and SENTENCE_BREAK_RE.search(label)]
        if len(read.series) == 1 and broken and broken[-1] < len(series.points) - 1:
            # "… on Ward 4 for last week? Mon 88%, Tue 91%": the question, number and all, came before the data
            del series.points[:broken[-1]]
        if series.points and isinstance(series.points[0][0], str) and SENTENCE_BREAK_RE.search(series.points[0][0]):
            label, value = series.points[0]
            series.points[0] = (SENTENCE_BREAK_RE.split(label)[-1].strip() or label, value)


def _label_bare_values(intent: str, bare: BareValues) -> ReadData:
    labels = labels_for(intent[:bare.data_start], len(bare.values)) or labels_for(intent, len(bare.values))
    if labels is None:
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"I found {len(bare.values)} values but no labels for them. {EXAMPLE}.",
        )
    return ReadData([SeriesData(None, list(zip(labels, bare.values, strict=True)))], unit=bare.unit,
                    source="labels-elsewhere", data_start=bare.data_start)


def _bound(read: ReadData) -> None:
    max_values, max_series = int(CHART_LIMITS["max_values"]), int(CHART_LIMITS["max_series"])
    if read.point_count() > max_values:
        raise EngineRefusal(
            "TOO_MANY_VALUES",
            f"The intent holds {read.point_count():,} values; a chart takes at most {max_values:,}. "
            "Aggregate the data first (e.g. by week or by category).",
        )
    if len(read.series) > max_series:
        raise EngineRefusal("TOO_MANY_VALUES", f"{len(read.series)} series; a chart takes at most {max_series}.")
    _refuse_given_twice(read)
    limit = int(CHART_LIMITS["max_label_chars"])
    for series in read.series:
        series.name = _clean_text(series.name, limit) if series.name else series.name
        series.points = [(_clean_text(label, limit) if isinstance(label, str) else label, value)
                         for label, value in series.points]


def _refuse_given_twice(read: ReadData) -> None:
    """A label given twice in one series ({"label": "Berlin", "value": 120} … 134), or a series name twice:
    a chart has one value per label, so which one holds is not certain (and both drawn would stack)."""
    names = [str(s.name).strip().casefold() for s in read.series if s.name]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise EngineRefusal("UNREADABLE_INTENT", f"The series '{twice}' is given twice. Name each series once.")
    if read.pairs:
        return  # x/y pairs may share an x
    for series in read.series:
        seen: dict[str, Any] = {}
        for label, value in series.points:
            key = str(label).strip().casefold()
            if key in seen:
                given = f"{seen[key]:g} and {value:g}" if seen[key] != value else f"{value:g} both times"
                raise EngineRefusal("UNREADABLE_INTENT", (
                    f"The label '{label}' is given twice ({given}), so which value holds is not certain. Give each "
                    "label once, e.g. 'Berlin 120, Munich 95', or name the series, e.g. '2023: Berlin 120. 2024: Berlin 134'."))
            seen[key] = value


def _clean_text(text: str, limit: int) -> str:
    text = CONTROL_CHARS_RE.sub("", text).strip()
    if len(text) > limit:
        raise EngineRefusal("LABEL_TOO_LONG", f"The label '{text[:40]}…' is longer than {limit} characters. Shorten it.")
    return text


def _choose_mark(wording_mark: str | None, read: ReadData) -> str:
    if wording_mark:
        return wording_mark
    if read.pairs:
        return "point"
    labels = [label for s in read.series for label, _ in s.points]
    return "line" if len(labels) > 1 and labels_are_time_like([str(label) for label in labels]) else "bar"


def draft_facts(intent: str, options: dict[str, Any]) -> tuple[dict[str, Any], bool, list[str]]:
    """Read the intent into chart facts. Returns (facts, generated, notes); raises EngineRefusal."""
    guard_intent(intent)
    refuse_non_finite_words(intent)
    # "Our target is 1,500.": a reference stated apart is no category; left out here, named in the notes (references.py)
    intent, reference_note = set_references_apart(intent)
    # same length: positions read in it are positions in the intent; "~15", "about 15" read as 15 (approximate.py)
    read = read_data(blank_quoted_title_asks(blank_approximate_markers(normalise_numbers(intent))))
    notes: list[str] = []
    generated = False
    if read is None:
        if not options.get("allow_generated_data"):
            raise EngineRefusal(
                "DATA_REQUIRED",
                "The intent has no values to chart. Put the numbers in the intent, e.g. "
                "'a bar chart of signups: Mon 34, Tue 41, Wed 29', or set allow_generated_data "
                "to draw illustrative values.",
            )
        pairs_asked = bool(re.search(r"\bscatter|\bcorrelat|\bvs\.?\b|\bversus\b", intent, re.IGNORECASE))
        read = illustrative_data(intent, pairs_asked)
        generated = True
        notes.append("Illustrative data: the intent gave no values, so these are generated and not real.")
    _bound(read)
    if not generated:
        refuse_ambiguous_numbers(intent, read)  # of every value given: a value read two ways may change a ranking
    subject_end = read.data_start if read.source != "generated" else len(intent)
    wording = read_wording(intent, subject_end)
    # A chart word inside a name ("the coastal line", "Milk Bar") asks for nothing: the shape is read
    # with the names read as data blanked out.
    shape = read_wording(_without_names(intent, read), subject_end)
    wording = replace(wording, mark=shape.mark, horizontal=shape.horizontal, arrangement=shape.arrangement,
                      donut=shape.donut)
    read = apply_field_picks(intent, read, wording.mark)  # {"y_field": "y", "rows": […]}: only the field named
    if not generated:  # after the picks: "top 5 SKUs by units, units only" ranks the one column drawn
        read = apply_rank_ask(intent, read)  # "top 5 by revenue": the 5 largest, largest first (ranking.py)
        refuse_unhonoured_requests(intent, read.point_count() if len(read.series) == 1 else len(read.series[0].points))
    read = _scattered_series_as_pairs(intent, read, wording.mark)
    read, numbered_line = _numbered_labels_as_pairs(intent, read, wording.mark)
    if numbered_line:
        wording = replace(wording, mark="line")
    read = _measured_labels_as_pairs(intent, read, wording.mark)
    if wording.mark is None and wording.arrangement == "grouped" and len(read.series) > 1 and not read.pairs:
        wording = replace(wording, mark="bar")  # "compare them side by side": grouped bars, even over days
    read = _numeric_keys_as_pairs(read, wording.mark)
    mark = _choose_mark(wording.mark, read)
    if mark in ("line", "area") or (mark == "bar" and periods_asked_along_x(intent)):
        read = _times_along_the_axis(read)  # "stacked bars per quarter" over a Q1/Q2/Q3 table too
    if wording.horizontal and mark == "bar":  # "y axis 'Team'" on horizontal bars names the label axis, drawn upright
        wording = replace(wording, x_title=wording.y_title, y_title=wording.x_title)
    if mark == "arc":
        _refuse_bad_pie(read, intent)
    labels = [str(label) for s in read.series for label, _ in s.points]
    single_name = read.series[0].name if len(read.series) == 1 else None
    title = wording.title
    if title is None or title.casefold() in {(s.name or "").casefold() for s in read.series}:
        title = _series_title(read) or title  # "Revenue: Q1 …" names a series, not the chart
    # no title rather than one that names nothing ("Chart", "Y" of a JSON key, "Following CSV?")
    title = _capitalised(title or next((t for t in (wording.y_title, read.y_title, single_name) if t and not names_nothing(t)), None))
    y_title = wording.y_title or read.y_title or (single_name if single_name else None)
    if y_title is None and len(read.series) == 1 and not read.pairs:
        y_title = title
    if read.pairs and (read.x_title is None or read.y_title is None):
        x_title, y_title = _pair_axis_titles(title or "", wording.x_title, wording.y_title or read.y_title)
        read.x_title = read.x_title or x_title
    y_title = _capitalised(y_title)
    if read.unit and y_title and read.unit not in y_title:
        y_title = f"{y_title} ({read.unit})"
    if generated:
        title = f"{title} (illustrative data)" if title else "Illustrative data"
    facts: dict[str, Any] = {
        "series": [{"name": s.name, "points": [{"label": lbl, "value": v} for lbl, v in s.points]}
                   for s in read.series],
        "pairs": read.pairs,
        "mark": mark,
        "orientation": "horizontal" if wording.horizontal and mark == "bar" else "vertical",
        "arrangement": wording.arrangement if len(read.series) > 1 and mark in ("bar", "area") else None,
        "donut": wording.donut and mark == "arc",
        "title": title,
        "x_title": _capitalised(wording.x_title or read.x_title or (None if read.pairs else label_axis_title(labels))),
        "y_title": y_title,
        "sort": wording.sort if not read.pairs else None,
        "unit": read.unit,
        "source": read.source,
        "generated": generated,
    }
    if len(read.series) > 1 and any(s.name is None for s in read.series):
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            "Name every series, e.g. 'Revenue: Q1 120, Q2 135. Cost: Q1 90, Q2 100'.",
        )
    approximate = None if generated else approximate_note(intent)
    if approximate:
        notes.append(approximate)
    if reference_note and not generated:
        notes.append(reference_note)
    return facts, generated, notes


def _without_names(intent: str, read: ReadData) -> str:
    names = {str(label) for s in read.series for label, _ in s.points} | {s.name for s in read.series if s.name}
    for name in sorted(names, key=len, reverse=True):
        if len(name) >= 3 and CHART_WORD_RE.search(name):  # only a name holding a chart word can mislead
            intent = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", lambda m: " " * len(m.group(0)), intent, flags=re.IGNORECASE)
    return intent


# "salary (y) against years of experience (x)", "x axis: load": the intent names what runs along x.
AXES_NAMED_RE = re.compile(r"\((?:x|y)\)|\b[xy][\s-]?axis\b|\bagainst\b", re.IGNORECASE)
MEASURED_LABEL_RE = re.compile(r"([-+]?\d+(?:\.\d+)?)\s*([^\W\d_]+)\.?")
# "pH 5", "t 30": the quantity's name, then its number
NAMED_NUMBER_LABEL_RE = re.compile(r"([^\W\d_]{1,4})\s*=?\s*([-+]?\d+(?:\.\d+)?)")


def _measured_labels_as_pairs(intent: str, read: ReadData, asked_mark: str | None) -> ReadData:
    """"salary (y) against years of experience (x): 1 yr 42k, 3 yrs 51k": with the axes named, labels
    that are each a number in one unit are the x of x/y pairs, not categories (bars or a pie stay asked).
    So are they under an asked scatter or line ("0 h: 7.2, 6 h: 6.9"), and a quantity named before its
    number under an asked scatter ("pH 5: 0.8, pH 6: 2.4 — scatter"),
    where a number with its unit is a place along x."""
    if read.pairs or len(read.series) != 1 or asked_mark in ("bar", "arc", "area"):
        return read
    if not (AXES_NAMED_RE.search(intent) or asked_mark in ("point", "line")):
        return read
    labels = [str(label).strip() for label, _ in read.series[0].points]
    if any(is_time_like(label) for label in labels):
        return read  # "Q1", "week 1", "Day 3": periods, placed along x as they are (or by _numbered_labels_as_pairs)
    measured = [MEASURED_LABEL_RE.fullmatch(label) for label in labels]
    numbers, units = [m.group(1) for m in measured if m], {m.group(2).lower().rstrip("s") for m in measured if m}
    if not all(measured):
        named = [NAMED_NUMBER_LABEL_RE.fullmatch(label) for label in labels]
        if not all(named) or asked_mark != "point":  # ("ep1", "T1" of a line are names, not numbers)
            return read
        numbers, units = [m.group(2) for m in named if m], {m.group(1).lower() for m in named if m}
    if len(units) != 1 or len(numbers) < 2:
        return read
    points = [(float(n) if "." in n else int(n), value) for n, (_, value) in zip(numbers, read.series[0].points, strict=True)]
    return replace(read, series=[SeriesData(None, points)], pairs=True, source="pairs")  # type: ignore[arg-type]


SCATTER_WORD_RE = re.compile(r"\bscatter(?:[\s-]?plot)?s?\b", re.IGNORECASE)


def _scattered_series_as_pairs(intent: str, read: ReadData, asked_mark: str | None) -> ReadData:
    """"Scatter of price (x) and rating (y): Café Uno 4.50/4.2, Bean There 3.75/3.9": a scatter of two numbers per
    name is x/y pairs, the first number the x (a dot plot of two series stays categories)."""
    if read.pairs or asked_mark != "point" or len(read.series) != 2 or not SCATTER_WORD_RE.search(intent):
        return read
    first, second = read.series
    if [label for label, _ in first.points] != [label for label, _ in second.points]:
        return read
    points = [(x, y) for (_, x), (_, y) in zip(first.points, second.points, strict=True)]
    return replace(read, series=[SeriesData(None, points)], pairs=True,  # type: ignore[list-item]
                   x_title=read.x_title if read.source != "list" else None, y_title=None)


def _numbered_labels_as_pairs(intent: str, read: ReadData, asked_mark: str | None) -> tuple[ReadData, bool]:
    """"week 1 100, week 2 64, week 4 48" as a line, or "against week number": uneven numbers along the x are
    x/y pairs, not evenly spaced categories (numbered.py). Returns the reading and whether a line is drawn
    because the labels, being times, would have been drawn as one."""
    if read.pairs or asked_mark in ("bar", "arc"):
        return read, False
    first = [str(label) for label, _ in read.series[0].points]
    uneven = uneven_numbers(first)
    if uneven is None or any([str(label) for label, _ in s.points] != first for s in read.series):
        return read, False
    stem, numbers = uneven
    by_default = asked_mark is None and labels_are_time_like(first)
    if not numbers_run_along_x(intent, stem, "line" if by_default else asked_mark):
        return read, False
    series = [SeriesData(s.name, [(n, value) for n, (_, value) in zip(numbers, s.points, strict=True)]) for s in read.series]
    return replace(read, series=series, pairs=True, x_title=read.x_title or _capitalised(stem)), by_default


def _numeric_keys_as_pairs(read: ReadData, asked_mark: str | None) -> ReadData:
    """{"10": 310, "20": 580} with a scatter asked: keys that are plain numbers (not years) are the x of
    x/y pairs."""
    if read.pairs or len(read.series) != 1 or asked_mark != "point":
        return read
    labels = [str(label).strip() for label, _ in read.series[0].points]
    if not all(re.fullmatch(r"[-+]?\d+(?:\.\d+)?", label) for label in labels) or \
            all(re.fullmatch(r"(?:19|20)\d\d", label) for label in labels):
        return read
    points = [(float(label) if "." in label else int(label), value)
              for label, (_, value) in zip(labels, read.series[0].points, strict=True)]
    return replace(read, series=[SeriesData(None, points)], pairs=True)  # type: ignore[arg-type]


def _times_along_the_axis(read: ReadData) -> ReadData:
    """A line runs along time. A grid whose columns are times ("Apr  May  Jun") and whose rows name
    things ("Kettle", "Toaster") is drawn one line per row, the times along the axis."""
    if read.pairs or len(read.series) < 2 or not all(s.name and is_time_like(s.name) for s in read.series):
        return read
    labels = [str(label) for label, _ in read.series[0].points]
    if any(is_time_like(label) for label in labels) or any([str(lbl) for lbl, _ in s.points] != labels for s in read.series):
        return read
    rows = [SeriesData(label, [(s.name, s.points[index][1]) for s in read.series])  # type: ignore[misc]
            for index, label in enumerate(labels)]
    return replace(read, series=rows, x_title=None)


def _capitalised(text: str | None) -> str | None:
    return text[0].upper() + text[1:] if text else text


def _series_title(read: ReadData) -> str | None:
    """Several series and no subject: "Revenue vs Cost"."""
    names = [s.name for s in read.series if s.name]
    if 1 < len(names) <= 3 and read.source != "generated":
        return " vs ".join(_capitalised(n) or "" for n in names)
    return None


def _pair_axis_titles(title: str, x_title: str | None, y_title: str | None) -> tuple[str | None, str | None]:
    """x/y pairs titled "Height vs weight" or "height/weight": the first named is x, as in the
    pairs themselves; "weight against height" names y first."""
    match = re.fullmatch(r"(.+?)\s*(\bvs\.?|\bversus\b|\bagainst\b|/)\s*(.+?)(?:\s+pairs)?", title, re.IGNORECASE)
    if match is None:
        return x_title, y_title
    first, second = match.group(1).strip(), match.group(3).strip()
    if match.group(2).lower() == "against":
        first, second = second, first
    return x_title or _capitalised(first), y_title or _capitalised(second)


def _refuse_bad_pie(read: ReadData, intent: str) -> None:
    if len(read.series) > 1 or read.pairs:
        raise EngineRefusal(
            "UNSUPPORTED_CHART",
            "A pie chart shows one series of parts of a whole. Ask for grouped bars to compare series, "
            "or send one series, e.g. 'pie chart of market share: Chrome 65%, Safari 19%, Firefox 4%'.",
        )
    if any(value < 0 for _, value in read.series[0].points):
        raise EngineRefusal("UNSUPPORTED_CHART", "A pie chart cannot show negative values. Ask for a bar chart instead.")
    points = read.series[0].points
    total = sum(float(value) for _, value in points)
    # Shares rounded to whole percents may add up to a little over 100: half a point per share.
    if read.unit == "%" and intent.count("%") >= len(points) and total > 100 + 0.5 * len(points):
        raise EngineRefusal(
            "UNSUPPORTED_CHART",
            f"The shares add up to {total:g}%, more than the whole, so they cannot be slices of one pie. Check the "
            "numbers, or ask for bars to compare them, e.g. 'bar chart of approval: Acme 60%, Globex 50%'.",
        )


def draft_spec(intent: str, options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], bool, list[str]]:
    """Facts plus the Vega-Lite spec built from them."""
    facts, generated, notes = draft_facts(intent, options)
    return facts, build_spec(facts), generated, notes
