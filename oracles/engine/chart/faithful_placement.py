"""Placement of values (faithfulness.py): each drawn value sits beside its label in the text, in its table
row, at its JSON key, or in order against a range or list of labels; a value belongs to its series."""


from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace
from functools import cached_property

from .axis_asks import periods_asked_along_x, series_named_together
from .calendar import is_time_like
from .coordinates import named_coordinates
from .fail_closed_values import holds_change
from .faithful_grid import _Structured
from .faithful_reading import _REACH, Unfaithful, _fold, _match, _number_key, _Point, _slot, _Spans, _TokensInReach, _words
from .faithful_words import (
    _BRACKETED,
    _DIGIT,
    _FRACTION_WORDS,
    _IDENTIFIER_DASH,
    _ITEM_BREAK,
    _ITEM_ENDS_AFTER,
    _ITEM_OPENS_BEFORE,
    _LEADER,
    _MARK_NAMES,
    _SEPARATOR_IN_GAP,
    _SETTING_AFTER_LAST,
    _SHARE_GAP,
    _SLASHED_ABBREVIATION,
    _TRAILING_NUMBER,
    _UNIT_AFTER,
    CONNECTOR_WORDS,
    CURRENCY_CODE_BEFORE,
    CURRENCY_CODES,
    LABEL_AFTER_WORDS,
    NOT_DATA_BEFORE,
    PARTICLE_WORDS,
    TAIL_WORDS,
    _fills_a_gap,
    _is_past_verb,
    _year_like,
)
from .numbered_check import numbered_pair, numbered_stem, numbered_structured
from .values import StatedNumber


class PlacementRules:
    """The rules of placed values, mixed into the check's reader (faithfulness._Reader)."""

    def names_inside(self, label_spans: dict[str, list[tuple[int, int]]]) -> _Spans:
        """Where the drawn names are written, merged once per check: several rules ask if a number is inside one."""
        if self._names_inside is None or self._names_inside[0] is not label_spans:
            self._names_inside = (label_spans, _Spans(span for spans in label_spans.values() for span in spans))
        return self._names_inside[1]

    def _value_tokens(self, label_spans: dict[str, list[tuple[int, int]]]) -> list[StatedNumber]:
        inside = self.names_inside(label_spans)
        # "ticket OPS-4417": the number of an identifier is never a value
        identifier_dash = self.scan.finder(_IDENTIFIER_DASH)
        return [n for n in self.numbers if not inside.holds(n.start) and not self._sized(n, inside)
                and not identifier_dash(self.intent[max(0, n.start - 2):n.start])]

    def _sized(self, number: StatedNumber, names: _Spans) -> bool:
        """"top 5", "a 30-year": a number the word before frames as not data (unless that word is a drawn name: "a 1, b 2")."""
        offset = max(0, number.start - 16)
        window = self.intent[offset:number.start]
        last = window.rstrip()[-1:]
        if not last or not (last.isalpha() or last in "-=:#"):
            return False  # NOT_DATA_BEFORE ends in a word, "-", "=", ":" or "#" (then spaces): none stands here
        match = NOT_DATA_BEFORE.search(window)
        return match is not None and not names.holds(offset + match.start() + (1 if match.group(0)[:1].isspace() else 0))

    def slot(self, token: StatedNumber) -> tuple[int, int, int] | None:
        if token.start not in self._slots:
            self._slots[token.start] = _slot(self.intent, token) if self._slotted else None
        return self._slots[token.start]

    def _place_values(self, label_spans: dict[str, list[tuple[int, int]]]) -> set[int]:
        """Tie each drawn point to the statement it comes from; the numbers used, by position."""
        structured = self.structured
        tokens = self._value_tokens(label_spans)
        if structured is not None:
            return self._match_structured(structured, tokens)
        if self.pairs:
            stem = numbered_stem(self, tokens)
            candidates = [self._pair_candidates(p, tokens, stem) for p in self.points]
        else:
            adjacent, complete = self._adjacent_candidates(tokens, label_spans)
            candidates = adjacent
            if not complete:
                listed = self._listed_candidates(tokens, label_spans)
                if not all(listed):
                    listed = self._series_listed_candidates(tokens, label_spans)
                candidates = listed if all(listed) else adjacent
        chosen = _match(candidates)
        if chosen is None:
            if len({p.series for p in self.points}) > 1 and not all(
                    isinstance(p.label, str) and is_time_like(p.label) for p in self.points):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    "I could not tell which names are the series. Write the series in slots, e.g. "
                    "'2023 vs 2024 sales: North 10/14, South 12/11', one series per sentence over time labels "
                    "('Revenue: Q1 120, Q2 135. Cost: Q1 90, Q2 100'), or a table with one column per series."))
            lost = next((p for p, c in zip(self.points, candidates, strict=True) if not c), self.points[0])
            where = f" in series '{lost.series}'" if lost.series else ""
            raise Unfaithful("VALUE_NOT_PLACED", (
                f"I could not tie {lost.value:,.12g} to '{lost.label}'{where} in the intent. Write each value right "
                f"after its label, e.g. '{lost.label}: {lost.value:,.12g}', and name each series before its values."))
        self._check_units([tokens[i] for index in chosen for i in index[-1:]])
        if not self.pairs and len({p.series for p in self.points}) == 1:
            self._check_statement_breaks([tokens[index[0]] for index in chosen], label_spans)
        used = set()
        for index in chosen:
            used.update(tokens[i].start for i in index)
        return used

    def _check_units(self, values: list[StatedNumber]) -> None:
        """One axis, one unit: "Mon 21 °C, Tue 70 °F" or "$120, €95" cannot be drawn together."""
        units = set()
        for token in values:
            currency = re.match(r"[-−+]?([$€£¥])", token.text) or CURRENCY_CODE_BEFORE.search(
                self.intent, max(0, token.start - 4), token.start)
            after = _UNIT_AFTER.match(self.intent, token.end)
            unit = currency.group(1) if currency else (re.sub(r"\s", "", after.group(1)).upper() if after else None)
            if unit:
                units.add(unit)
        temperatures = {u for u in units if u.startswith("°")}
        money = {u for u in units if u in "$€£¥" or u in CURRENCY_CODES}
        if len(temperatures) > 1 or len(money) > 1:
            raise Unfaithful("UNITS_MIXED", (
                f"The values are stated in different units ({', '.join(sorted(units))}), which one axis cannot show. "
                "Convert them to one unit, e.g. 'Mon 21 °C, Tue 21.1 °C'."))

    def _check_tail(self, statements: list[tuple[int, int, str]]) -> None:
        """A lone name after the last value, with none of its own ("…, Gamma 30, Delta"), is refused: the
        chart would leave it out. A sentence after the list (a request, a note) is not a name."""
        end = statements[-1][1]
        tail = re.split(r"[.!?](?:\s|$)|\n", self.intent[end:end + 80], maxsplit=1)[0]
        if all(not self.intent[a:b].strip(" \t") for (_, a, _), (b, _, _) in zip(statements, statements[1:], strict=False)):
            after = tail  # a list with no separators: any word after the last value stands alone
        else:
            parts = _ITEM_BREAK.split(_BRACKETED.sub(" ", tail), maxsplit=1)
            after = parts[1] if len(parts) > 1 else ""
        words = _words(_SLASHED_ABBREVIATION.sub(r"\1\2", after))  # "Italy n/a" is a name and one word
        if 0 < len(words) <= 2 and not re.search(r"\d", after) and not all(
                _fills_a_gap(w.lower()) or w.lower() in _MARK_NAMES or w.lower() in TAIL_WORDS for w in words):
            raise Unfaithful("VALUE_MISSING", (
                f"I could not place '{after.strip(' ,;')}' after the last value: it has no value of its own. Give it one "
                f"in digits, e.g. '{next((w for w in words if not _fills_a_gap(w.lower())), words[0])} 12', or leave it out."))

    def _check_gaps(self, statements: list[tuple[int, int, str]]) -> None:
        """Between two statements of one list stand only separators, linking or request words, notes in
        brackets, or a word every gap repeats (a unit: "27 points, Bob 19 points"). Anything else is
        content the chart leaves out: "Jan 5, Feb ?, Mar 7", "Mon 34, Tue forty-one, Wed 29"."""
        bracketed = self.scan.may_match(_BRACKETED)  # no "(…)" in the intent: no gap holds one to blank
        gaps = [_BRACKETED.sub(" ", gap) if bracketed else gap
                for gap in (self.intent[a:b] for (_, a, _), (b, _, _) in zip(statements, statements[1:], strict=False))]
        # Words right after a value, before the item's separator, are about it ("48k concurrent players,")
        gaps = [parts[1] if len(parts := _ITEM_BREAK.split(gap, maxsplit=1)) > 1 else gap for gap in gaps]
        words = [{w.lower() for w in _words(gap)} for gap in gaps]
        repeated = set.intersection(*words) if len(words) > 1 else set()
        for gap, found in zip(gaps, words, strict=True):
            stray = sorted(w for w in found - repeated if not _fills_a_gap(w))
            if stray or "?" in gap:
                what = stray[0] if stray else "?"
                raise Unfaithful("VALUE_MISSING", (
                    f"I could not place '{what}' (in '{gap.strip()}') in the chart: it stands between two values "
                    "without one of its own. Give it a value in digits, e.g. 'Feb 6', or leave it out."))

    def _check_statement_breaks(self, placed: list[StatedNumber], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """Statements of one list are split alike: "New Balance 990 model 210, Nike Air Max 340" is
        refused, since "990 model" may be one name when every other item ends at a comma."""
        statements = []
        for point, token in zip(self.points, placed, strict=True):
            spans = label_spans.get(str(point.label), [])
            beside = next((s for s in spans if self._beside(s, token, "before") or self._beside(s, token, "after")), None)
            if beside is None:
                return  # labelled elsewhere (a range, a list): there are no item breaks to compare
            statements.append((min(beside[0], token.start), max(beside[1], token.end), str(point.label)))
        self._check_particles(placed, label_spans)
        statements.sort()
        self._check_gaps(statements)
        self._check_tail(statements)
        bare = [(b, c) for (_, a, _), (b, _, c) in zip(statements, statements[1:], strict=False)
                if not self.intent[a:b].strip(" \t")]
        if bare and len(bare) < len(statements) - 1:
            label = bare[0][1]
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every other item ends at a separator, but nothing separates '{label}' from the number before it, "
                f"so that number may belong to its name. Separate every item alike, e.g. 'A 10, {label} 20'."))

    def _check_particles(self, placed: list[StatedNumber], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """"Sign up 42, Log in 30, Browse 12": where the other items put their value right after the name, a
        lone "in"/"on"/"out" between one name and its value ends that name ("Log in"), it does not link them."""
        linked, plain = [], 0
        for point, token in zip(self.points, placed, strict=True):
            span = next((s for s in label_spans.get(str(point.label), []) if self._beside(s, token, "before")), None)
            if span is None:
                continue
            words = _words(self.intent[span[1]:token.start])
            if (words and re.search(r"\d%?$", str(point.label)) and all(w.lower() in _FRACTION_WORDS for w in words)
                    and not holds_change(str(point.label))):  # "north rose 12% to 840": a change, said by its own rule
                # "Acme 4 of 10", "Team 3 out of 12": a number, a linking word and a number are one
                # statement (a fraction, a score), not a name ending in a number and its value
                said = f"{point.label}{self.intent[span[1]:token.end]}"
                name = _TRAILING_NUMBER.sub("", str(point.label)) or "Acme"
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{said}' reads as one statement (a fraction or a score), not a name and its value. Give one "
                    f"value per name, e.g. '{name}: 40%'."))
            if not words:
                plain += 1
            elif len(words) == 1 and words[0].lower() in PARTICLE_WORDS:
                linked.append(f"{point.label} {words[0]}: {token.text.strip()}")
        if linked and plain:
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"'{linked[0].split(':')[0]}' may be the whole name, since the other items put their value right after the "
                f"name. Write it as '{linked[0]}', with a colon after every name."))

    def _adjacent_candidates(self, tokens: list[StatedNumber],
                             label_spans: dict[str, list[tuple[int, int]]]) -> tuple[list[list[tuple[int, ...]]], bool]:
        """Label right before (or, for the whole chart, right after) its value; series named before.
        Returns the candidates of the better direction and whether every point has one."""
        # With several series written inline, which names are the series is only certain when the
        # categories are points in time ("Revenue: Q1 120, Q2 135; Cost: Q1 90" or "2021 home 34, away
        # 22"): "France — nuclear 320, hydro 55; Germany — …" reads either way, so it is refused unless
        # the series sit in slots ("A vs B: X 10/12").
        multi = len({p.series for p in self.points}) > 1
        # ("male vs female … 18-24: male 120, female 135": series said together in the request read
        # like series over times: axis_asks.py)
        timed = all(isinstance(p.label, str) and is_time_like(p.label) for p in self.points) or (multi and series_named_together(
            self.intent, [str(p.series) for p in self.points if p.series]))
        by_value: dict[float, list[int]] = {}
        for index, token in enumerate(tokens):
            for reading in token.readings:
                by_value.setdefault(reading, []).append(index)
        label_starts = self._label_starts(label_spans)
        # A value in a slot ("10/12") stands where its group stands; found once per value, not once per point
        slots = [self.slot(token) for token in tokens]
        probes = [replace(token, start=grouped[1], end=grouped[2]) if grouped else token
                  for token, grouped in zip(tokens, slots, strict=True)]
        probes_in_reach = _TokensInReach(probes)
        tokens_in_reach = _TokensInReach(tokens) if multi and timed else None  # only series are looked up by token
        best: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        for direction in ("before", "after"):
            candidates = []
            for point in self.points:
                spans = label_spans.get(str(point.label), [])
                series_spans = label_spans.get(point.series, []) if point.series else []
                # only a value in reach of the label (or, below, of its series) can be beside it
                reach = probes_in_reach.near(spans, direction)
                if tokens_in_reach is not None:
                    reach |= tokens_in_reach.near(series_spans, direction)
                found = []
                for index in by_value.get(point.value, []):
                    if index not in reach:
                        continue
                    token, probe = tokens[index], probes[index]
                    slotted = slots[index] is not None
                    beside = self._beside_any(spans, probe, direction)
                    if beside and (point.series is None or ((timed or slotted) and self._series_owns(
                            point.series, token, label_spans))):
                        found.append((index,))
                    elif multi and timed and self._beside_any(series_spans, token, direction) \
                            and self._nearest_before(token.start, spans, label_starts):
                        found.append((index,))  # "2021 home 34, away 22": series beside, label heads the group
                candidates.append(found)
            if direction == "after" and self._first_name_runs_long(label_spans):
                continue  # not tied after their values, neither wholly nor in part
            if all(candidates):
                return candidates, True
            if sum(map(bool, candidates)) > sum(map(bool, best)):
                best = candidates
        return best, False

    def _first_name_runs_long(self, label_spans: dict[str, list[tuple[int, int]]]) -> bool:
        """"17 bugs frontend, 29 backend, 8 infra": with names after their values, a first name longer than
        every other may open with what is counted ("bugs"), not the name; such names are not tied to values."""
        names = [str(p.label).casefold().split() for p in self.points]
        if len(names) < 2 or not all(any(re.search(r"\d[ \u00a0]$", self.intent[max(0, a - 2):a])
                                         for a, _ in label_spans.get(str(p.label), [])) for p in self.points):
            return False  # only names written right after a bare count ("120 lattes"), not "1,240 in week 1"
        # "5 hours reading, 3 hours gaming": a first word shared by every name is the unit, not part of the names
        shared_first = all(len(n) > 1 for n in names) and len({n[0] for n in names}) == 1
        return shared_first or len(names[0]) > max(len(n) for n in names[1:])

    def _label_starts(self, label_spans: dict[str, list[tuple[int, int]]]) -> list[int]:
        labels = {str(p.label) for p in self.points}
        return sorted(a for name, spans in label_spans.items() if name in labels for a, _ in spans)

    def _nearest_before(self, position: int, own: list[tuple[int, int]], all_starts: list[int]) -> bool:
        index = bisect_left(all_starts, position) - 1
        return index >= 0 and any(a == all_starts[index] for a, _ in own)

    def _series_owns(self, series: str, token: StatedNumber, label_spans: dict[str, list[tuple[int, int]]]) -> bool:
        """The series named last before the value, or the one in the value's slot of "10/12"."""
        names = self._series_names
        grouped = self.slot(token)
        if grouped is not None:
            slot = grouped[0]
            order = sorted(names, key=lambda n: min((a for a, _ in label_spans.get(n, [])), default=10**9))
            return slot < len(order) and order[slot] == series
        best, best_start = None, -1
        for name in names:
            for a, b in label_spans.get(name, []):
                if b <= token.start and a > best_start:
                    best, best_start = name, a
        return best == series

    @cached_property
    def _series_names(self) -> list[str]:
        """The drawn series, sorted: read once, not once per value of every point (1,000 points, a million reads)."""
        return sorted({p.series for p in self.points if p.series})

    @staticmethod
    def in_reach(tokens: list[StatedNumber]) -> _TokensInReach:
        """An index of `tokens` by place, for rules that look for the value beside a label (fail_closed.py)."""
        return _TokensInReach(tokens)

    def _beside_any(self, spans: list[tuple[int, int]], token: StatedNumber, direction: str) -> bool:
        for span in spans:  # a loop, not any(genexpr): it runs for every point and every token of its value
            if self._beside(span, token, direction):
                return True
        return False

    def _beside(self, span: tuple[int, int], token: StatedNumber, direction: str) -> bool:
        start, end = span
        if direction == "before":
            if end > token.start or token.start - end > _REACH:
                return False
            gap = self.intent[end:token.start]
            if not gap.strip(" :=-–—"):
                return True  # "Mon 34", "Mon: 34", "2019 – 115": the common case, without a regex
            if _LEADER.fullmatch(gap):
                return True  # "Paris ........ 41": a dot leader on one line joins a label to its value
            words = _words(gap)
            return not _SEPARATOR_IN_GAP.search(gap) and not _DIGIT.search(gap) and len(gap) <= 40 \
                and all(w.lower() in CONNECTOR_WORDS or _is_past_verb(w) or w in CURRENCY_CODES for w in words)
        if start < token.end or start - token.end > _REACH:
            return False
        gap = self.intent[token.end:start]
        if gap in (" ", "\u00a0") and _ITEM_OPENS_BEFORE.search(self.intent[max(0, token.start - 16):token.start]) \
                and (_ITEM_ENDS_AFTER.match(self.intent[end:end + 6]) or _SETTING_AFTER_LAST.match(self.intent, end)):
            return True  # ": 41 occupied, 12 available.": each item is a value and then its label, nothing else
        if _SHARE_GAP.fullmatch(gap):
            return True  # "60 % equities": a share, then what it is of
        words = _words(gap)
        return not _SEPARATOR_IN_GAP.search(gap) and not _DIGIT.search(gap) and len(gap) <= 40 \
            and bool(words) and words[-1].lower() in LABEL_AFTER_WORDS

    def _listed_candidates(self, tokens: list[StatedNumber],
                           label_spans: dict[str, list[tuple[int, int]]]) -> list[list[tuple[int, ...]]]:
        """Bare values labelled elsewhere: the n-th stated value goes with the n-th label of one range
        ("Mon to Fri") or one list ("for Chrome, Safari and Firefox"), in order."""
        empty: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        if any(p.series for p in self.points):
            return empty
        labels = [_fold(str(p.label)) for p in self.points]
        data = [t for t in tokens if t.is_data_candidate]
        if len(data) != len(labels):
            return empty
        if not all(p.value in t.readings for p, t in zip(self.points, data, strict=True)):
            return empty
        in_order = any([_fold(x) for x in expanded] == labels for _, _, expanded in self._range_labels())
        if not in_order:
            positions = [min((a for a, _ in label_spans.get(str(p.label), [])), default=-1) for p in self.points]
            in_order = -1 not in positions and positions == sorted(positions) and all(
                re.fullmatch(r"[\s,&/]*(?:and\s*)?", self.folded[label_spans[str(p.label)][0][1]:nxt])
                for p, nxt in zip(self.points, positions[1:], strict=False))
        if not in_order:
            return empty
        index = {id(t): i for i, t in enumerate(tokens)}
        return [[(index[id(t)],)] for t in data]

    def _series_listed_candidates(self, tokens: list[StatedNumber],
                                  label_spans: dict[str, list[tuple[int, int]]]) -> list[list[tuple[int, ...]]]:
        """Several series of bare values labelled elsewhere: "for Mon, Tue, Wed … p50: 42, 40, 45. p99: 210,
        190, 260": right after each series name, its values in the order of one list or range of labels."""
        empty: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        names = list(dict.fromkeys(p.series for p in self.points))
        if len(names) < 2 or None in names:
            return empty
        labels = [str(p.label) for p in self.points if p.series == names[0]]
        if any([str(p.label) for p in self.points if p.series == name] != labels for name in names):
            return empty
        in_order = any([_fold(x) for x in expanded] == [_fold(x) for x in labels] for _, _, expanded in self._range_labels())
        if not in_order:
            positions = [min((a for a, _ in label_spans.get(label, [])), default=-1) for label in labels]
            in_order = -1 not in positions and positions == sorted(positions) and all(
                re.fullmatch(r"[\s,&/]*(?:and\s*)?", self.folded[label_spans[label][0][1]:nxt])
                for label, nxt in zip(labels, positions[1:], strict=False))
        if not in_order:
            return empty
        data = list(enumerate(tokens))  # every number right after the name: "…, 51, 39. p99 latency" ends at 39
        chosen: dict[str, list[int]] = {}
        for name in names:
            for _, end in label_spans.get(name, []):
                run = [(i, t) for i, t in data if t.start >= end]
                if not run or not re.fullmatch(r"[\s:=\-–—]*", self.intent[end:run[0][1].start]):
                    continue
                values = [run[0]]
                for i, t in run[1:]:
                    if not re.fullmatch(r"\s*(?:,|;)?\s*(?:and\s+)?", self.intent[values[-1][1].end:t.start]):
                        break
                    values.append((i, t))
                if len(values) == len(labels):
                    chosen[name] = [i for i, _ in values]
                    break
            if name not in chosen:
                return empty
        out = []
        for point in self.points:
            index = chosen[point.series][labels.index(str(point.label))]  # type: ignore[index]
            out.append([(index,)] if point.value in tokens[index].readings else [])
        return out

    def _pair_candidates(self, point: _Point, tokens: list[StatedNumber],
                         stem: tuple[str, str] | None = None) -> list[tuple[int, ...]]:
        """x then y in one "(x, y)" or "x → y" statement, or "<stem> x y" of a numbered axis ("week 4 48")."""
        found = []
        for i, x in enumerate(tokens):
            if _number_key(point.label) not in x.readings:
                continue
            for j in range(i + 1, min(i + 2, len(tokens))):
                y = tokens[j]
                gap = self.intent[x.end:y.start]
                if point.value in y.readings and (re.fullmatch(
                        r"\s*(?:[^\W\d_]{1,4}(?:/[^\W\d_]{1,4})?\.?|°\s?[CF]|%)?\s*(?:[,;/:]|→|->|=>|⟶|vs\.?|(?<=\s)[-–—](?=\s))\s*[$€£¥]?\s*", gap)
                        # "1 yr 42k" where the axes are named: the x's unit alone stands between x and y
                        or (re.fullmatch(r"\s*[^\W\d_]{1,6}\.?\s+[$€£¥]?", gap) and self._axes_named())
                        # "x=0 y=1": the coordinates named, y's name between x and y (and x's name before x)
                        # ("t=0 d=0": any one-letter names, the same on every pair: coordinates.py)
                        or ((names := named_coordinates(self.intent)) is not None
                            and re.fullmatch(rf"\s*[,;/]?\s*{names[1]}\s*[=:]\s*", gap, re.IGNORECASE)
                            and re.search(rf"(?<![\w.]){names[0]}\s*[=:]\s*$", self.intent[max(0, x.start - 6):x.start], re.IGNORECASE))
                        # "week 4 48", "4 weeks 48": the numbered axis's word, its number, the value
                        or numbered_pair(self.intent, stem, x, gap)):
                    found.append((i, j))
        return found

    def _match_structured(self, structured: _Structured, tokens: list[StatedNumber]) -> set[int]:
        if self.pairs and not structured.pairs and "point" in self.asked_marks() and all(
                s is None and re.fullmatch(r"[-+]?\d+(?:\.\d+)?", str(lbl).strip()) for s, lbl, _ in structured.points) \
                and not all(_year_like(str(lbl)) for _, lbl, _ in structured.points):
            # {"10": 310, "20": 580} and a scatter asked: the numeric keys are the x of x/y pairs
            structured = replace(structured, pairs=True, points=[(None, _number_key(lbl), v) for _, lbl, v in structured.points])
        if self.pairs and not structured.pairs and (numbered := numbered_structured(self, structured)) is not None:
            structured = numbered  # {"week 1": 100, "week 2": 64, "week 4": 48} as a line: the week is the x
        if structured.pairs != self.pairs:
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "The data are x/y pairs but were drawn as categories." if structured.pairs else
                "The data are labelled values but were drawn as x/y pairs."))
        multi = len({p.series for p in self.points}) > 1
        points = structured.points
        along_x = self.mark in ("line", "area") or (self.mark == "bar" and periods_asked_along_x(self.intent))
        if along_x and not self.pairs and all(s and is_time_like(str(s)) for s, _, _ in points) \
                and not any(is_time_like(str(lbl)) for _, lbl, _ in points):
            # Columns named by times, rows by things: a line runs along time, so each row is a line (and
            # bars asked by period, "stacked bars per quarter", are laid out the same way: axis_asks.py).
            points = [(str(lbl), s, v) for s, lbl, v in points]
        expected = [(s if multi else None, _fold(str(lbl)) if not self.pairs else _number_key(lbl), v)
                    for s, lbl, v in points]
        drawn = [(_fold(p.series) if p.series else None,
                  _fold(str(p.label)) if not self.pairs else _number_key(p.label), p.value) for p in self.points]
        remaining = list(expected)
        for series, label, value in drawn:
            hit = next((e for e in remaining if (e[0] is None or _fold(str(e[0])) == series) and e[1] == label
                        and value in e[2]), None)
            if hit is None:
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"I could not find {value:g} for '{label}'{f' in series {series!r}' if series else ''} where the "
                    f"{structured.kind} puts it. Give one row per label and one column per series."))
            remaining.remove(hit)
        if remaining:
            series, label, _ = remaining[0]
            raise Unfaithful("VALUE_MISSING", f"The {structured.kind} has a value for '{label}'"
                             f"{f' in {series!r}' if series else ''} that the chart does not show.")
        spans = structured.spans or ((structured.start, structured.end),)
        return {t.start for t in tokens if any(a <= t.start < b for a, b in spans)}
