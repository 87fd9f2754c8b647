"""Is the drawn chart what the intent says? Read from the intent on its own, conservatively.

This check never looks at the drafter's facts. It takes the chart's own inline rows, mark and
encoding, and the intent text, and refuses (a reason naming what it could not place and how to
say it) unless all of these hold:

- Grounding: every drawn value is a number the intent states, at its own place in the text (two
  equal values need two statements); every label and series name is a whole phrase of the intent
  (not "York" out of "New York", no sign glued on: "Sales +"), or a documented normal form of one
  (a calendar or numbered range expanded: "Mon to Fri", "weeks 1 to 4").
- Placement: each value sits beside its label in the text (in one direction for the whole
  chart: "Mon 34" or "58 in March"), in its table row under its series' column, at its key in
  JSON, or in order against a range or list of labels; a value belongs to the series named last
  before it (or, in "2023 vs 2024: Jan 10/12", to the series in its slot).
- Coverage: every number in the intent that could be data is drawn, or is inside a drawn label,
  or is explained as not data (`NOT_DATA_BEFORE`/`NOT_DATA_AFTER`, a year that names the subject).
- The asked shape: a mark, orientation, stacking, title or sort order the intent asks for is
  the one drawn; x/y pairs are drawn as pairs and plain numbers are not drawn as categories.
  Words that only instruct are listed once, in `INSTRUCTION_WORDS` (faithful_words.py); a chart word inside a
  drawn name ("the coastal line") asks for nothing.

Reason codes are the chart section of `ground/reasons.py`.

This module is the entry point: the reader below runs the rules in order. Each family lives in its own
module, mixed into the reader: the asked shape (faithful_shape.py), grounded names (faithful_names.py),
placed values (faithful_placement.py), coverage (faithful_coverage.py), then what those cannot explain
(fail_closed*.py). The check's own reading of structured data is faithful_grid.py; the words it reads
with are faithful_words.py, and the small readings the rules share are faithful_reading.py.
"""


from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .calendar import is_time_like
from .decimal_commas import semicolon_comma_refusal
from .fail_closed import check_fail_closed
from .faithful_coverage import CoverageRules
from .faithful_grid import _Structured, _structured_points
from .faithful_names import NameRules
from .faithful_placement import PlacementRules
from .faithful_reading import Unfaithful, _DrawnNames, _fold, _number_key, _Point, _Spans
from .faithful_shape import ShapeRules
from .faithful_words import _is_degree_word, _strict
from .picks import read_field_picks
from .picks_check import pick_fields
from .pictograph_labels import mixed_pictograph_labels
from .ranking_check import ranked_grid, set_left_out_apart
from .scanning import Scanned
from .values import stated_numbers


def check_faithful(intent: str, spec: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[str, str] | None:
    """(code, message) when the chart is not faithful to the intent; None when it is."""
    # "top 5 by revenue": the items a ranking leaves out are set apart first, when the check's own reading of
    # the ask and of those items allows it (ranking_check.py); every other rule then reads the drawn ones
    pairs = ((spec.get("encoding") or {}).get("x") or {}).get("field") == "x"
    if not pairs and all(isinstance(r.get("value"), int | float) for r in rows):
        intent = set_left_out_apart(intent, [(r.get("series"), r.get("label"), _number_key(r["value"])) for r in rows])
    try:
        _Reader(intent, spec, rows).check()
    except Unfaithful as refusal:
        return refusal.code, refusal.message
    return None


class _Reader(ShapeRules, NameRules, PlacementRules, CoverageRules):
    """One check of one chart against one intent."""

    def __init__(self, intent: str, spec: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        self.intent = intent
        self.folded = _fold(intent)
        # "_horizontal bars please_", "**stacked**": markdown emphasis around request words (same length)
        self.plain = re.sub(r"[_*]", " ", intent)
        # the scans of the whole intent (and of its plain form), each made once and only where it can match
        self.scan, self.plain_scan = Scanned(intent), Scanned(self.plain)
        self.spec = spec
        self.encoding: dict[str, Any] = spec.get("encoding") or {}
        mark = spec.get("mark")
        self.mark = mark.get("type") if isinstance(mark, dict) else mark
        self.pairs = (self.encoding.get("x") or {}).get("field") == "x"
        self.points = [
            _Point(row.get("series"), row.get("x") if self.pairs else row.get("label"),
                   _number_key(row.get("y") if self.pairs else row.get("value")))
            for row in rows
        ]
        # "AV______800": a leader of underscores parts a label from its number (same length, positions hold)
        unled = re.sub(r"_{3,}", lambda m: " " * len(m.group(0)), intent)
        # every number of the intent as written, scanned once (the fail-closed number rule reads it too)
        self.stated = stated_numbers(intent)
        self.numbers = [n for n in (_strict(n) for n in (self.stated if unled == intent else stated_numbers(unled)))
                        if n.readings]
        self._occurrences: dict[str, list[tuple[int, int]]] = {}
        self._words_at: dict[str, list[int]] | None = None
        self.drawn = _DrawnNames(self._drawn_names())
        self._names = self.drawn.names
        self._folded_names = self.drawn.folded_set
        self._first_name_start: int | None = None
        self._names_inside: tuple[dict[str, list[tuple[int, int]]], _Spans] | None = None
        self._slots: dict[int, tuple[int, int, int] | None] = {}
        # a value stands in a slot ("10/12", "94 vs 89") only where _slot finds one of these beside it
        self._slotted = any(separator in self.scan.lowered for separator in ("/", "vs", "versus"))
        self._asked_marks: set[str] | None = None
        self._named_marks: set[str] = set()

    # -- the rules, in the order a caller would fix them ------------------------------------------

    def check(self) -> None:
        if not self.points:
            raise Unfaithful("VALUE_NOT_PLACED", "The chart has no data.")
        self._check_shape()
        if len(self.points) == 1:
            raise Unfaithful("VALUE_NOT_PLACED", (
                f"I read only one value ({self.points[0].value:g}) from the intent, which makes no chart. "
                "Give each value with its label, e.g. 'Mon 34, Tue 41, Wed 29'."))
        self.structured = self._picked(_structured_points(self.intent))
        stated = {reading for number in self.numbers for reading in number.readings}
        for point in self.points if self.structured is None else ():  # a grid is matched cell by cell
            for number in (point.value, point.label if self.pairs else None):
                if number is not None and _number_key(number) not in stated:
                    raise Unfaithful("VALUE_NOT_IN_INTENT", f"The chart's data holds {float(number):g}, which the intent does not state.")
        doubt = semicolon_comma_refusal(self.intent, self.stated, {float(p.value) for p in self.points})
        if doubt:  # "KW 1;1,094": in semicolon-separated data the comma may be the decimal mark (decimal_commas.py)
            raise Unfaithful("UNREADABLE_INTENT", doubt)
        iconed = mixed_pictograph_labels(sorted({p.label for p in self.points if isinstance(p.label, str)}))
        if iconed:  # "Mon 34 👍 Tue 41": '👍 Tue' beside 'Mon' (pictograph_labels.py)
            raise Unfaithful("LABEL_NOT_IN_INTENT", iconed)
        labels = [str(p.label).split() for p in self.points if isinstance(p.label, str)]
        if len(labels) > 1 and all(len(words) > 1 for words in labels) and len({w[-1] for w in labels}) == 1 \
                and labels[0][-1].islower() and labels[0][-1].endswith("ed") \
                and not all(all(_is_degree_word(w) for w in words[:-1]) for words in labels):
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every label ends with '{labels[0][-1]}', which reads as part of the sentence, not of the names. "
                "Write 'name value' items, e.g. 'Alice 27, Bob 19'."))
        if len(labels) > 1 and all(len(words) == 2 for words in labels) and len({w[-1] for w in labels}) == 1 \
                and labels[0][-1].islower() and all(is_time_like(words[0]) for words in labels):
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every label ends with '{labels[0][-1]}', which names the measure, not the period. Write "
                f"'{labels[0][-1]}: {labels[0][0]} 100, {labels[1][0]} 120'."))
        label_spans = self._check_names()
        self._check_asides(label_spans)
        used = self._place_values(label_spans)
        self._check_given_once()  # after placement: a label drawn twice that the intent states once is not placed
        self._check_footnotes(used, label_spans)
        self._check_coverage(used, label_spans)
        self._check_number_words(label_spans)
        self._check_changes(used)
        self._check_scale()
        if refusal := check_fail_closed(self, label_spans, used):  # what the rules above cannot explain (fail_closed.py)
            raise Unfaithful(*refusal)
        self._check_whole(used)
        self._check_requests()

    def _check_given_once(self) -> None:
        """One value per label in a series, one series per name: "Berlin" drawn twice (120 and 134) stacks or
        hides one of them, and which holds is not certain."""
        seen: dict[tuple[str, str], float] = {}
        for point in self.points if not self.pairs else ():
            key = (_fold(str(point.series or "")).strip(), _fold(str(point.label)).strip())
            if key in seen:
                where = f" in series '{point.series}'" if point.series else ""
                raise Unfaithful("UNREADABLE_INTENT", (
                    f"The label '{point.label}' is drawn twice{where} ({seen[key]:g} and {point.value:g}); a chart has one "
                    "value per label. Give each label once, e.g. 'Berlin 120, Munich 95', or name the series."))
            seen[key] = point.value

    def _picked(self, structured: _Structured | None) -> _Structured | None:
        """The grid a faithful chart holds when the call's arguments name the fields to draw (picks_check.py)."""
        if structured is None:
            return None
        picked = pick_fields(structured, read_field_picks(self.intent), self.intent, "point" in self.asked_marks())
        if isinstance(picked, tuple):
            raise Unfaithful(*picked)
        if picked is not None and not picked.pairs:  # {"sort": "desc", "limit": 4}: the grid's 4 largest (ranking_check.py)
            picked = replace(picked, points=ranked_grid(self.intent, picked.points, len(self.points)))
        return picked
