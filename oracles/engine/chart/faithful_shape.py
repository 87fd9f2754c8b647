"""The asked shape (faithfulness.py): a mark, orientation, stacking, title, axis title or sort order the
intent asks for is the one drawn; a chart word inside a drawn name asks for nothing."""


from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .calendar import is_time_like
from .faithful_grid import _header_words
from .faithful_reading import Unfaithful, _fold
from .faithful_words import (
    _ALPHABETICAL,
    _ASCENDING,
    _AXES_NAMED,
    _AXIS_TITLE_PLAIN,
    _AXIS_TITLE_QUOTED,
    _DESCENDING,
    _DROPPING,
    _FOREIGN_CHART_WORD,
    _INVENTING,
    _JSON_KEY_AROUND,
    _JSON_TITLE,
    _MARK_NAMES,
    _MARK_REQUESTS,
    _NEGATED,
    _PLAIN_NUMBER,
    _SCATTER_WORD,
    _SELECTION,
    _SEVERAL_CHARTS,
    _SORTED,
    _STACKED,
    _SWAPPING,
    _TITLE,
    _WEAK_MARK_REQUESTS,
    CHART_COMPOUND,
    COMPOUND_MARKS,
    FOREIGN_MARKS,
    NOT_CHART_COMPOUNDS,
    _year_like,
)
from .numbered_check import numbered_axis_refusal
from .picks import axis_of_field
from .vocabulary import HORIZONTAL_REQUEST_RE

# Percent said as the unit of the values rather than after each one: "market share (%)", '"unit": "%"',
# "(percent)", "in percentages". A "%" or "percent" right after a number belongs to that number only.
_PERCENT_UNIT = re.compile(r"(?:^|[^\d\s.,])\s*%|(?<![\d\s])\s*\b(?:per\s?cent(?:age)?s?|pct)\b|"
                           r"\b(?:in|as)\s+(?:per\s?cent(?:age)?s?|%)", re.IGNORECASE)


# A markdown key line asking the title: the whole rest of the line, commas and all ("**Title:** A, B vs C")
_MARKDOWN_TITLE_KEY = re.compile(r"(?im)^[ \t]*(?:[-*•][ \t]+)?(?:\*\*|__)title(?::(?:\*\*|__)|(?:\*\*|__):)[ \t]*"
                                 r"([^\n]{1,120}?)[ \t]*$")


class ShapeRules:
    """The rules of the asked shape, mixed into the check's reader (faithfulness._Reader)."""

    def _drawn_names_around(self, start: int, end: int) -> Iterator[tuple[int, int]]:
        """The spans of drawn names that hold the text at start:end."""
        word = self.folded[start:end]
        for text in self.drawn.holding(word):  # only a name holding these letters can hold this occurrence
            for a, b in self._find(text):
                if a <= start and end <= b:
                    yield a, b

    def _inside_drawn_name(self, start: int, end: int) -> bool:
        return next(self._drawn_names_around(start, end), None) is not None

    def _drawn_names(self) -> list[str]:
        names = {str(p.label) for p in self.points if isinstance(p.label, str)}
        names |= {p.series for p in self.points if p.series}
        return sorted(names)

    def asked_marks(self) -> set[str]:
        """Marks the intent asks for, ignoring chart words that are part of a drawn name."""
        if self._asked_marks is None:
            self._asked_marks = self._read_asked_marks()
        return self._asked_marks

    def _read_asked_marks(self) -> set[str]:
        asked = set()
        for index, pattern in enumerate(_MARK_REQUESTS):
            for match in self.plain_scan.matches(pattern):
                if _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]):
                    continue  # "a bar chart, not a line": a refusal of a mark asks for none
                if match.start("word") > 0 and self.plain[match.start("word") - 1] in "\"'" \
                        and _JSON_KEY_AROUND.match(self.plain, match.end("word")):
                    continue  # {"columns": […]}: a key of the data names a member, it asks for no chart
                if not self._inside_drawn_name(match.start("word"), match.end("word")):
                    mark = _MARK_NAMES[re.sub(r"\s+", " ", match.group("word").lower())]
                    asked.add(mark)
                    if index not in _WEAK_MARK_REQUESTS:
                        self._named_marks.add(mark)
        for pattern, mark in FOREIGN_MARKS:
            if self.scan.first(pattern):
                asked.add(mark)
                self._named_marks.add(mark)
        for match in self.scan.matches(_FOREIGN_CHART_WORD):
            if not any(p.match(self.intent, match.start()) for p, _ in FOREIGN_MARKS) and not re.fullmatch(
                    r"diagramm\w*", match.group(0), re.IGNORECASE):
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    f"I could not tell which chart '{match.group(0)}' asks for. Name it in English, e.g. 'as a line chart'."))
        self._unread_chart_words = []
        for match in self.scan.matches(CHART_COMPOUND):
            head = match.group("head").lower()
            if head in NOT_CHART_COMPOUNDS or any(p.match(self.intent, match.start()) for p, _ in FOREIGN_MARKS):
                continue
            if head in COMPOUND_MARKS:
                asked.add(COMPOUND_MARKS[head])  # "barchart", "lijngrafiek": the mark is read from the head
                self._named_marks.add(COMPOUND_MARKS[head])
            else:
                self._unread_chart_words.append(match.group(0))
        return asked

    def _asked(self, pattern: re.Pattern[str]) -> bool:
        """The intent asks for it: said outside a drawn name, and not refused ("side by side, not stacked")."""
        return any(not self._inside_drawn_name(m.start(), m.end())
                   and not _NEGATED.search(self.plain[max(0, m.start() - 24):m.start()])
                   for m in self.plain_scan.matches(pattern))

    def _check_shape(self) -> None:
        asked = self.asked_marks()
        drawn = self.mark
        if len(self._named_marks) > 1:
            # "pie chart … draw it as a line": one chart cannot be both; drawing either ignores the other
            named = " and a ".join(sorted(self._named_marks))
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"The intent asks for both a {named} chart; one chart is one of them. Ask for one, e.g. 'as a line "
                "chart'. If a chart word is part of a name, quote the name."))
        if self._unread_chart_words and drawn not in asked:
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"I could not tell which chart '{self._unread_chart_words[0]}' asks for, and a {drawn} chart was "
                f"not asked for otherwise. Name the chart in English, e.g. 'as a bar chart'."))
        if asked and drawn not in asked:
            wanted = " or ".join(sorted(asked))
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"The intent asks for a {wanted} chart but a {drawn} chart was drawn. If a chart word is part of a "
                "name, quote the name, e.g. 'bar chart: \"the coastal line\" 2340'."))
        horizontal_asked = self._asked(HORIZONTAL_REQUEST_RE)
        horizontal = (self.encoding.get("y") or {}).get("field") == "label" and drawn == "bar"
        if horizontal_asked and drawn != "bar":
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"Horizontal bars were asked for but a {drawn} chart was drawn. Ask for one chart, e.g. "
                "'horizontal bar chart: …' or 'as a line chart'."))
        if horizontal != (horizontal_asked and drawn == "bar"):
            raise Unfaithful("SHAPE_NOT_ASKED", "Horizontal bars were asked for but not drawn." if horizontal_asked
                             else "Horizontal bars were drawn but not asked for.")
        series = {p.series for p in self.points}
        if len(series) > 1 and drawn in ("bar", "area"):
            offset = "xOffset" in self.encoding or "yOffset" in self.encoding
            value_channel = self.encoding.get("x" if horizontal else "y") or {}
            stacked = not offset and value_channel.get("stack", True) is not None
            if self._asked(_STACKED) and not stacked:
                raise Unfaithful("SHAPE_NOT_ASKED", "Stacked series were asked for but drawn side by side.")
            if stacked and not self._asked(_STACKED) and drawn == "bar":
                raise Unfaithful("SHAPE_NOT_ASKED", "The bars are stacked but stacking was not asked for.")
        if not self.pairs and self._axes_named() and not asked & {"bar", "arc", "area"}:
            measured = [re.fullmatch(r"[-+]?\d+(?:\.\d+)?\s*([^\W\d_]+)\.?", str(p.label).strip()) for p in self.points]
            if all(measured) and len({m.group(1).lower().rstrip("s") for m in measured if m}) == 1:
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    "The intent names the x and y axes and every label is a number in one unit, so these are x/y pairs, "
                    "not categories. Say which, e.g. 'scatter of salary against years: (1, 42k), (3, 51k)' or "
                    "'bar chart: 1 yr: 42k, 3 yrs: 51k'."))
        if not self.pairs and len(series) == 2 and None not in series and self._asked(_SCATTER_WORD):
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "A scatter plot was asked for, but two numbers per name were drawn as two series over categories; "
                "they are x/y pairs. Draw them as pairs, e.g. 'scatter of price vs rating: (4.50, 4.2), (3.75, 3.9)'."))
        if not self.pairs and {axis_of_field(s) for s in series} == {"x", "y"} \
                and not all(is_time_like(str(p.label)) for p in self.points):  # "brand X vs Y by month" are names
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "The values named x and y were drawn as two series over categories; they are the two coordinates of "
                "x/y pairs. Draw them as pairs, e.g. 'scatter: (0.5, 2.25), (1.0, 3.5)'."))
        if not self.pairs:
            if refusal := numbered_axis_refusal(self, asked):  # "week 1, 2, 4, 8" as a line (numbered_check.py)
                raise Unfaithful(*refusal)
            labels = [p.label for p in self.points]
            numeric = [lbl for lbl in labels if isinstance(lbl, str) and _PLAIN_NUMBER.fullmatch(lbl.strip())]
            if labels and len(numeric) == len(labels) and not all(_year_like(lbl) for lbl in numeric):
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    "The labels are plain numbers, so these look like x/y pairs, not categories. Say which, e.g. "
                    "'scatter of x vs y: (1, 10), (2, 14)' or 'bar chart: size 1: 10, size 2: 14'."))
        elif all(isinstance(p.label, int | float) and float(p.label).is_integer() and _year_like(str(int(p.label)))
                 for p in self.points):
            raise Unfaithful("SHAPE_NOT_ASKED", "Years were drawn as numbers on an x/y plot; they are labels.")
        elif len(series) > 1 and len(series) == len(self.points):
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "Each x/y pair was drawn as a series of its own: a name given with one pair labels a point, it heads "
                "no series. To compare groups, give each several pairs, e.g. 'men: (170, 65), (182, 81); women: "
                "(160, 55), (168, 60)'."))

    def _axes_named(self) -> bool:
        """"salary (y) against years (x)", "x axis: load": the intent says what runs along x."""
        return self.scan.first(_AXES_NAMED) is not None

    def _default_marks(self) -> set[str]:
        """The marks drawn when none is asked: points for x/y pairs, a line (or bars) over time, bars otherwise."""
        if self.pairs:
            return {"point", "line"}
        if all(isinstance(p.label, str) and is_time_like(p.label) for p in self.points):
            return {"line", "bar"}
        return {"bar"}

    def _check_whole(self, used: set[int]) -> None:
        """A pie's slices are parts of one whole: shares stated in percent cannot add up to more than 100
        (half a point per share is rounding)."""
        if self.mark != "arc":
            return
        placed = [n for n in self.numbers if n.start in used]
        if not placed:
            return
        if not all(re.match(r"\s?(?:%|percent\b|pct\b)", self.intent[n.end:n.end + 9]) for n in placed) \
                and not _PERCENT_UNIT.search(self.intent):
            return
        total = sum(p.value for p in self.points)
        if total > 100 + 0.5 * len(self.points):
            raise Unfaithful("UNSUPPORTED_CHART", (
                f"The slices add up to {total:g}%, more than the whole. A pie shows parts of one whole; check the "
                "numbers, or ask for bars, e.g. 'bar chart of approval: Acme 60%, Globex 50%'."))

    def _check_requests(self) -> None:
        if not self.asked_marks() and self.mark not in self._default_marks():
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"A {self.mark} chart was drawn but the intent asks for no chart type, so it gets the plain one "
                f"({' or '.join(sorted(self._default_marks()))}). To ask for another, say so, e.g. 'as a line chart'."))
        for match in self.plain_scan.matches(_SEVERAL_CHARTS):
            if not _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]) \
                    and not self._inside_drawn_name(match.start(), match.end()):
                raise Unfaithful("REQUEST_NOT_HONOURED", (
                    f"The intent asks for more than one chart ('{match.group(0).strip()}'); one answer draws one chart. "
                    "Ask for each chart on its own, or for one chart with several series, e.g. 'signups vs churn: "
                    "Mon 34/3, Tue 41/4'."))
        for match in self.plain_scan.matches(_INVENTING):
            after_data = match.start() >= getattr(self, "_data_start", 0) or match.group("verb")
            if not after_data or self._inside_drawn_name(match.start(), match.end()) \
                    or _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]) \
                    or re.search(r"\(\s*$", self.plain[max(0, match.start() - 3):match.start()]):  # "Mar 14 (projected)": a note
                continue
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                f"The intent asks for values it does not state ('{match.group(0)}'); I only chart the values given and "
                "never project, estimate or invent others. Send every value to draw, e.g. 'Apr 16, May 18'."))
        swapping = self.plain_scan.first(_SWAPPING)
        if swapping and not self._inside_drawn_name(swapping.start(), swapping.end()) \
                and not _NEGATED.search(self.plain[max(0, swapping.start() - 24):swapping.start()]):
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                f"The intent asks to change the data given ('{_clause_at(self.plain, swapping.start())}'); I draw the values as "
                "stated and change none. Send them as they should be drawn, e.g. 'north 20, south 10'."))
        dropping = self.scan.first(_DROPPING)
        if dropping and not self._inside_drawn_name(dropping.start(), dropping.end()):
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                f"The intent asks to leave something out ('{dropping.group(0)}'); I only chart every value given. "
                "Send just the values to draw, e.g. 'Jan 10, Feb 12'."))
        for match in self.scan.matches(_SELECTION):
            words = _fold(match.group(1)).split()
            named = self._folded_names | set(_header_words(self.intent))
            if any(w in named or w in {"column", "columns", "row", "rows", "series"} for w in words):
                raise Unfaithful("REQUEST_NOT_HONOURED", (
                    f"The intent asks to leave some data out ('{match.group(0).strip()}'); I only chart every value "
                    "given. Send just the values to draw."))
        # every title asked is drawn: "title it 'A'" … "Title it 'B'" cannot both be, so it is refused
        in_json = [m.span() for m in self.scan.matches(_JSON_TITLE)]
        asked_titles = [*self.scan.matches(_JSON_TITLE),
                        *(m for m in self.scan.matches(_TITLE) if not any(a <= m.start() < b for a, b in in_json))]
        asked_titles += list(self.scan.matches(_MARKDOWN_TITLE_KEY))  # "**Title:** Avg temperature, Oslo vs Madrid"
        for title_match in asked_titles:
            asked = next(g for g in title_match.groups() if g is not None).strip(" *_`")
            asked_title = _fold(asked).strip()
            drawn = self.spec.get("title")
            drawn_text = drawn.get("text", "") if isinstance(drawn, dict) else str(drawn or "")
            if asked_title not in _fold(str(drawn_text)):
                raise Unfaithful("REQUEST_NOT_HONOURED", f"The title '{asked}' was asked for but not drawn.")
        self._check_axis_titles()
        if self.pairs or self.mark == "arc":
            return
        label_channel = self.encoding.get("y" if (self.encoding.get("y") or {}).get("field") == "label" else "x") or {}
        sort = label_channel.get("sort")
        alphabetical, ascending, descending = orders = [
            bool(self.scan.first(_ALPHABETICAL)), bool(self.scan.first(_ASCENDING)), bool(self.scan.first(_DESCENDING))]
        if sum(orders) > 1:
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                "The intent asks for more than one sort order (alphabetical, ascending, descending); one chart has "
                "one. Ask for one, e.g. 'sorted descending'."))
        if alphabetical:
            wanted: tuple[Any, ...] = ("ascending",)
        elif ascending:
            wanted = ("x", "y")
        elif descending or self.scan.first(_SORTED):
            wanted = ("-x", "-y")
        else:
            return
        if sort not in wanted:
            raise Unfaithful("REQUEST_NOT_HONOURED", "The intent asks for a sort order that the chart does not use.")

    def _check_axis_titles(self) -> None:
        """"y axis 'Errors'", "x-axis: Month": the asked title is on that axis (the one drawn there)."""
        for pattern in (_AXIS_TITLE_QUOTED, _AXIS_TITLE_PLAIN):
            for match in self.scan.matches(pattern):
                axis, asked = match.group(1).lower(), _fold(re.split(r"\s+(?:and|with)\s", match.group(2))[0]).strip()
                channel = self.encoding.get(axis) or {}
                title = channel.get("title") if isinstance(channel, dict) else None
                drawn = " ".join(map(str, title)) if isinstance(title, list) else str(title or "")
                if self.mark == "arc" or asked not in _fold(drawn):
                    raise Unfaithful("REQUEST_NOT_HONOURED", (
                        f"The {axis} axis was asked to read '{match.group(2).strip()}' but it does not. "
                        f"Ask for it plainly, e.g. \"{axis} axis '{match.group(2).strip()}'\"."))


def _clause_at(text: str, start: int) -> str:
    """The clause of `text` from `start` to its end (a comma, a stop, a colon or a line break), at most 60 characters."""
    return re.match(r"[^,.;:\n]{0,60}", text[start:]).group(0).strip()  # type: ignore[union-attr]
