"""Grounding of names (faithfulness.py): every drawn label and series name is a whole phrase of the intent
(not a fragment of a longer name, no sign glued on), or a documented normal form of one."""


from __future__ import annotations

import re

from .calendar import NUMERIC_RANGE_RE, RANGE_RE, is_time_like, numeric_ranges
from .faithful_reading import Unfaithful, _calendar_spans, _fold, _phrase_re, _Point, _word_before, _words
from .faithful_words import (
    _CAPITALISED_AFTER_LOWER,
    _CLAUSE_OPENING,
    _CLOCK_WITH_TAIL,
    _DIGIT,
    _DROPPING_OPENS_LABEL,
    _INNER_NUMBER,
    _INSTRUCTION_IN_LABEL,
    _JOIN_TOKENS,
    _LEADER_FREE_WORD,
    _LETTER,
    _LINKING_EDGE,
    _MARK_NAMES,
    _ONE_WORD,
    _OPENING_BRACKET_BEFORE,
    _SCORE_AFTER,
    _SENTENCE_BREAK,
    _SIGNS,
    _SPACED_DASH,
    _THOUSANDS_GROUP,
    _TOTAL_ASIDE,
    _TRAILING_DIGITS,
    _VERSUS_AFTER,
    _VERSUS_BEFORE,
    _WORD_AFTER,
    _WORD_RUN,
    AMOUNT_VERBS,
    CAPITALISED_ARTICLES,
    CONNECTOR_WORDS,
    CURRENCY_CODES,
    INSTRUCTION_WORDS,
    LINKING_WORDS,
    NAME_JOINING_WORDS,
    OPENING_WORDS,
    TAIL_WORDS,
    _fills_a_gap,
    _is_past_verb,
    _is_unit_word,
)


def _value_then_bracketed_value(label: str, after: str) -> bool:
    """"marketing 120 (110)": a number ending the label and a bracketed one after it of the same size (within 5x)
    are two values; "Plan 2 (45)" is a name with its number, then the value."""
    inner = re.search(r"(?:^|\s)[-+−]?[$€£¥]?(\d[\d,]*(?:\.\d+)?)[kKMB%]?$", label)
    bracketed = re.match(r"\s*[(\[]\s*[-+−]?[$€£¥]?(\d[\d,]*(?:\.\d+)?)", after)
    if inner is None or bracketed is None:
        return False
    one, other = (float(m.group(1).replace(",", "")) for m in (inner, bracketed))
    return min(one, other) > 0 and max(one, other) / min(one, other) <= 5


# "morning shift… Reno": an ellipsis between words ends one statement before the next; no name runs across it
_ELLIPSIS_BREAK = re.compile(r"[^\s.…](?:…|\.{3})\s+\S")
# The verb an intent opens with to ask for the chart, lowercase, before a lowercase word ("chart revenue:",
# "plot signups"): it is never part of the first series' name. "Plot A", "Graph theory" are names.
_ASKING_VERB_OPENS = re.compile(r"(?:chart|plot|graph|draw|visuali[sz]e)\s+[a-z]")

class NameRules:
    """The rules of grounded names, mixed into the check's reader (faithfulness._Reader)."""

    def _find(self, phrase: str) -> list[tuple[int, int]]:
        """Whole-phrase occurrences of `phrase` in the intent (case- and dash-insensitive)."""
        if phrase not in self._occurrences:
            folded = _fold(phrase).strip()
            if _ONE_WORD.fullmatch(folded):  # one word: its occurrences are whole \w+ runs (no regex to build)
                self._occurrences[phrase] = [(a, a + len(folded)) for a in self._word_index().get(folded, [])]
                return self._occurrences[phrase]
            pattern = _phrase_re(phrase)
            first = _ONE_WORD.match(folded)
            if pattern is None:
                found: list[tuple[int, int]] = []
            elif first is not None:  # only where a word starts with the phrase's first word
                found = [m.span() for start in self._word_index().get(first.group(0), [])
                         if (m := pattern.match(self.folded, start))]
            else:
                found = [m.span() for m in pattern.finditer(self.folded)]
            self._occurrences[phrase] = found
        return self._occurrences[phrase]

    def _word_index(self) -> dict[str, list[int]]:
        if self._words_at is None:
            self._words_at = {}
            # "AV______800": a leader parts two words (without a leader in the intent, plain \w+ runs are the same)
            words = _LEADER_FREE_WORD if "___" in self.folded else _WORD_RUN
            for match in words.finditer(self.folded):
                self._words_at.setdefault(match.group(0), []).append(match.start())
        return self._words_at

    def _range_labels(self) -> list[tuple[int, int, list[str]]]:
        spans = []
        for match_range, expanded in _calendar_spans(self.intent) if self.scan.may_match(RANGE_RE) else ():
            spans.append((*match_range, expanded))
        for start, end, labels in numeric_ranges(self.intent) if self.scan.may_match(NUMERIC_RANGE_RE) else ():
            dated = re.match(r"(?:,|\s+(?:of|in))?\s+(?:19|20)\d\d\b", self.intent[end:end + 10])
            if dated and labels and all(is_time_like(label) for label in labels):
                end += dated.end()  # "weeks 10–14 of 2025": the year dates the range, it is no value
            spans.append((start, end, labels))
        return spans

    def _check_names(self) -> dict[str, list[tuple[int, int]]]:
        """Every drawn label and series name is a whole phrase of the intent; returns their spans."""
        ranges = self._range_labels()
        spans: dict[str, list[tuple[int, int]]] = {}
        # each per-name search, or one that finds nothing when no name can match its pattern
        names = self.drawn.scan
        clause_opening, dropping_opens = names.finder(_CLAUSE_OPENING, "match"), names.finder(_DROPPING_OPENS_LABEL, "match")
        total_aside, inner_number, spaced_dash, instruction_in = (
            names.finder(p) for p in (_TOTAL_ASIDE, _INNER_NUMBER, _SPACED_DASH, _INSTRUCTION_IN_LABEL))
        capitalised = names.may_match(_CAPITALISED_AFTER_LOWER)
        for name in self._names:
            stripped = name.strip()
            if not stripped:
                raise Unfaithful("LABEL_NOT_IN_INTENT", "A drawn label is empty.")
            if clause_opening(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The name '{stripped}' is the start of a sentence, not a name. Name each series, e.g. "
                    "'units sold: March 58, April 61. Returns: March 4'."))
            if stripped.casefold() in _MARK_NAMES and self._is_series_name(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The series '{stripped}' is named by the chart word that asks for the drawing, not a name of the "
                    "data. Name each series, e.g. 'measured: (1, 2), (2, 4). Outlier: (6, 30)', or send one list."))
            if dropping_opens(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' starts with a request to leave something out, not with a name. Send just "
                    "the values to draw, e.g. 'Jan 10, Feb 12'."))
            aside = total_aside(stripped)
            if aside:
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds a note about the data ('{aside.group(0)}'), not part of the name. "
                    "Leave totals out of the list, e.g. 'sat 1200, sun 1750, mon 640'."))
            if stripped[-1] in _SIGNS + "−–" and any(
                    re.match(r"\d", self.intent[b:b + 1]) for _, b in self._find(stripped)):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' carries the sign of its value. Put the sign on the number, e.g. "
                    f"'{stripped[:-1].strip()}: {stripped[-1]}6'."))
            if re.search(r"\d\.$", stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' carries the full stop that ends its sentence. Write the label without it, "
                    f"e.g. '{stripped[:-1]}: 14', or keep each item in one list ('Q1 10, Q2 12, Q3 14')."))
            if all(w.lower() in CONNECTOR_WORDS for w in _words(stripped)) \
                    and _words(stripped) and not re.search(r"\d", stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{stripped}' is not a name. Put each label right before its value, e.g. 'Haaland 27, Salah 19'."))
            if stripped.count("(") != stripped.count(")") or stripped.count("[") != stripped.count("]"):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' opens a bracket it does not close, so it runs into a note. Put notes "
                    "after the value, e.g. 'organic 1,240 (up 12%)' → 'organic 1,240'."))
            if inner_number(stripped) and not (is_time_like(stripped) and not _CLOCK_WITH_TAIL.match(stripped)):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' has a number inside it between words, so it may hold another value. "
                    "Give one value per label, e.g. 'Team A high: 3, Team A low: 5'."))
            if _ELLIPSIS_BREAK.search(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The name '{stripped}' runs across an ellipsis, which ends one statement before the next. Name it "
                    "after the break only, e.g. 'Reno: 6am 140, 8am 165'."))
            if spaced_dash(stripped) and not is_time_like(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds a dash between spaces, which separates statements, so it runs "
                    "into the next one. Put each label right before its value, e.g. 'May 70, line chart'."))
            if _ASKING_VERB_OPENS.match(stripped) and re.match(r"[\W_]*" + re.escape(stripped), self.intent):
                # "chart revenue: 2022 1.2 …; costs: …": the intent's opening verb asks for the chart
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The name '{stripped}' opens with '{stripped.split()[0]}', which asks for the chart rather than "
                    f"names the series. Name it alone, e.g. '{stripped.split(None, 1)[1]}: 2022 1.2, 2023 1.8'."))
            instructing = instruction_in(stripped)
            if instructing:
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds '{instructing.group(0)}', which asks for the chart rather than "
                    "names a value. Put the request apart from the data, e.g. 'line chart: Mar 58, Apr 61'."))
            edge_words = [w.strip(".,;:!?()\"'").lower() for w in stripped.split()]  # "E.ON" is one word, not "E" and "on"
            edge_words = [w for w in edge_words if w]
            opening = next((m for m in _CAPITALISED_AFTER_LOWER.finditer(stripped)
                            if m.group("word").lower() in OPENING_WORDS), None) if capitalised else None
            if opening:
                # "bars Also Rovers": a capitalised opening word after a lowercase one starts a new statement
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' runs into the next statement at '{opening.group('word')}'. End each "
                    "statement with a full stop, e.g. 'Rovers 9. Also Town 4.'"))
            if len(edge_words) > 1 and (edge_words[0] in LINKING_WORDS | OPENING_WORDS
                                        or edge_words[-1] in LINKING_WORDS | CONNECTOR_WORDS) \
                    and not self._line_heading(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' starts or ends with a linking word. Write 'label value' items, e.g. "
                    "'control 3.2%, variant 4.1%'."))
            if _LINKING_EDGE.search(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' carries part of its statement. Write 'label value' items, e.g. 'iOS 52k', "
                    "or x/y pairs as '(28, 41.2)'."))
            self._check_split_number(stripped)
            found = [s for s in self._find(stripped) if self._whole(s, stripped)]
            if not found:
                expanded = [(a, b) for a, b, labels in ranges if _fold(stripped) in {_fold(x) for x in labels}]
                if expanded:
                    spans[name] = expanded
                    continue
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"I could not find '{stripped}' as a whole name in the intent. Write each label in full next to "
                    f"its value, e.g. 'New York 8.3M, Los Angeles 3.9M'."))
            if all(self._cut_from_line_head(a, b) for a, b in found):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{stripped}' is only part of the name that heads its line. Write each name in full, e.g. "
                    "'- tickets closed: wk1 110'."))
            spans[name] = found
        return spans

    def _cut_from_line_head(self, start: int, end: int) -> bool:
        """"- bugs closed: wk1 12" drawn as "bugs": the occurrence sits in the head of a line (before its colon)
        whose other words would read as linking words ("closed"), so the name was cut from the head."""
        line_start = self.intent.rfind("\n", 0, start) + 1
        colon = self.intent.find(":", end)
        newline = self.intent.find("\n", end)
        if colon < 0 or 0 <= newline < colon:
            return False
        head = re.sub(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*", "", self.intent[line_start:colon])
        if re.search(r"[\d,;()]", head):
            return False
        rest = _words(self.intent[line_start:start]) + _words(self.intent[end:colon])
        return bool(rest) and all(w.lower() in CONNECTOR_WORDS for w in rest)

    def _line_heading(self, name: str) -> bool:
        """"- tickets closed: wk1 110": the name is the whole head of a line (after a bullet) before its colon,
        so a word like "closed" ends the name, not a sentence."""
        for start, end in self._find(name):
            head = self.intent[self.intent.rfind("\n", 0, start) + 1:start]
            if re.fullmatch(r"[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*", head) and re.match(r"[ \t]*:", self.intent[end:end + 3]):
                return True
        return False

    def _check_split_number(self, label: str) -> None:
        """"Bergen 289 330", "Zürich 48'200": a label ending with one to three digits right before a group of
        three may hold the first group of a number written with a space or an apostrophe between thousands."""
        head = _TRAILING_DIGITS.search(label)
        if head is None or is_time_like(label):
            return
        stem = _fold(label[:head.start()]).strip()
        if stem and self.drawn.numbered_stems.get(stem, 0) > 1:
            return  # "Team 1 100, Team 2 200": labels that number one word, each with its value
        for _, end in self._find(label):
            group = _THOUSANDS_GROUP.match(self.intent[end:end + 6])
            if group:
                whole = f"{head.group(1)}{group.group(1)}"
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{label}' ends with '{head.group(1)}', which with '{group.group(1)}' after it may be one "
                    f"number written with a separator between thousands. Write it as {whole} or {int(whole):,}, or put a "
                    f"colon after the label, e.g. '{label}: {group.group(1)}'."))

    def _joined_on(self, start: int, label: str) -> bool:
        """"Home and Garden 320", "The Lord of the Rings 8.9": the words before the label join it to a
        content word ("and", "of", "the"), so the label is the tail of a longer name. Not when a value,
        a request word or another drawn name stands before the joining words ("Alice 27 and Bob 19")."""
        window = self.intent[max(0, start - 60):start]
        last = window.rstrip()[-1:]
        if not last or last.isdecimal() or not (last.isalnum() or last in "_&"):
            return False  # it ends in a number or a sign, so its last token is no joining word (the common case)
        words = _JOIN_TOKENS.findall(window)
        joined = 0
        while words and words[-1].lower() in NAME_JOINING_WORDS:
            words.pop()
            joined += 1
        if not joined or not words or not _LETTER.match(words[-1]):
            return False
        word = words[-1].lower()
        if len(words) > 1 and _DIGIT.match(words[-2]):
            return False  # "120 units of Basic": a unit after a value, then the value's label
        if word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or _is_unit_word(word) or _fold(word) in self._folded_names:
            return False
        return not (word.islower() and self._opens_the_list(start) and not is_time_like(label))

    def _is_series_name(self, name: str) -> bool:
        return any(p.series is not None and str(p.series).strip() == name for p in self.points)

    def _whole(self, span: tuple[int, int], label: str) -> bool:
        """Not a fragment of a longer name: no content word glued on either side (spaces only between)."""
        start, end = span
        if end < len(self.intent) and self.intent[end] in _SIGNS + "−" and end + 1 < len(self.intent) \
                and self.intent[end + 1].isdigit() and label[-1:] in _SIGNS + "−–":
            return False
        if _SENTENCE_BREAK.search(self.intent, start, end):
            return False  # "office? London": a sentence break is never inside a label
        if re.fullmatch(r"(?:years?|month|week|quarter|season|term|semester|sprint|day|weekend)", label, re.IGNORECASE) \
                and re.search(r"\b(?:this|last|next|previous|current|that)\s+$", self.intent[max(0, start - 10):start], re.IGNORECASE):
            return False  # "year" of "This year: …": the period is named with its word before it
        if label[:1].isdigit() and re.search(r"[<>≤≥⩽⩾]=?\s?$", self.intent[max(0, start - 3):start]):
            return False  # ">4 h" drawn as "4 h": the comparison is half of the name ("over 4 hours")
        if label[-1:].isdigit() and _SCORE_AFTER.match(self.intent[end:end + 2]):
            return False  # "Team Red 3-1": the label's number is half of a score or range
        if label[-1:].isdigit() and not is_time_like(label) and _value_then_bracketed_value(label, self.intent[end:end + 16]):
            return False  # "marketing 120 (110)": the label's number is a value, the bracketed one another
        before = _word_before(self.intent, start)
        after = _WORD_AFTER.match(self.intent[end:end + 40])
        names = self._folded_names
        if self._joined_on(start, label):
            return False
        if before is not None and before.group(1) in CAPITALISED_ARTICLES and label[:1].isupper() \
                and not is_time_like(label):
            return False  # "The Grind" drawn as "Grind": a capitalised article before a capitalised name opens it
        if before is None and after is None:
            return True  # nothing but separators and numbers on either side (the common case: no word to weigh)
        # A name beside "vs" ("Python vs R usage", "iOS against Android crash rate") is delimited on that side;
        # the other may run into the measure.
        versus_before = _VERSUS_BEFORE.search(self.intent[max(0, start - 10):start])
        versus_after = _VERSUS_AFTER.match(self.intent[end:end + 10])
        for side, neighbour in (("before", before.group(1) if before else None), ("after", after.group(1) if after else None)):
            if neighbour is None:
                continue
            word = neighbour.lower()
            if word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or _is_unit_word(word) or _fold(word) in names:
                continue
            if side == "after" and neighbour in CURRENCY_CODES and _DIGIT.match(self.intent[end + len(neighbour) + 1:end + len(neighbour) + 3].lstrip()):
                continue  # "Basel CHF 980k": the money's code, then its amount
            if is_time_like(label):
                continue  # "revenue Jan 1.2k", "2024 sales": a calendar name stands on its own
            if neighbour.islower() and ((side == "after" and versus_before) or (side == "before" and versus_after)):
                continue
            if side == "after" and _is_past_verb(neighbour) and not label[:1].islower():
                continue  # "Alice resolved 27": a verb links the name to its value
            if side == "after" and neighbour in AMOUNT_VERBS and _DIGIT.search(self.intent[end:end + len(neighbour) + 4]):
                continue  # "education received $2.4 million": the verb takes the amount right after it
            if side == "before" and neighbour.islower() and self._opens_the_list(start) and not self._bare_run(start):
                continue  # "rating per app version v1 3.9, v2 4.1": the subject runs into the first label
            return False
        return True

    def _check_asides(self, label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """A total drawn beside its parts, or a bracketed note ("(goal 10k)") drawn as a category."""
        by_series: dict[str | None, list[_Point]] = {}
        for point in self.points:
            by_series.setdefault(point.series, []).append(point)
        for points in by_series.values():
            for point in points:
                if isinstance(point.label, str) and _fold(point.label).strip() in {"total", "sum", "overall", "grand total", "all"}:
                    rest = sum(p.value for p in points if p is not point)
                    if len(points) > 2 and abs(rest - point.value) <= 1e-9 * max(1.0, abs(rest)) + 1e-6:
                        raise Unfaithful("VALUE_NOT_PLACED", (
                            f"'{point.label}' is the sum of the other values, so the chart would count it twice. "
                            "Leave the total out, e.g. 'Alice 40, Bob 38.5, Carol 42'."))
        if len(self.points) < 3:
            return
        for point in self.points:
            for start, end in label_spans.get(str(point.label), []):
                if not _OPENING_BRACKET_BEFORE.search(self.intent[max(0, start - 3):start]):
                    continue  # only a label right after "(" can be a note; the scan for its ")" is only then
                closing = self.intent.find(")", end)
                inside = self.intent[end:closing] if closing > 0 else ""
                # A list in brackets is the data only when no drawn label stands outside the brackets
                # ("signups (Mon 3, Tue 4)"); after labels outside, it is a note ("Mobile 22 (Mobile
                # includes 5 duplicates, count them as 17)"), whatever it lists.
                listed = "," in inside or ";" in inside
                if _DIGIT.search(inside) and (not listed or self._labelled_outside(label_spans, start, closing)):
                    raise Unfaithful("VALUE_NOT_PLACED", (
                        f"'{point.label}' is a note in brackets, not one of the values. Leave it out, or list it with "
                        "the others, e.g. 'Mon 8k, Tue 10k, goal 10k'."))

    @staticmethod
    def _labelled_outside(label_spans: dict[str, list[tuple[int, int]]], start: int, closing: int) -> bool:
        """A drawn label stands in the intent before `start` (an opening bracket's content) or after `closing`."""
        return any(b <= start - 1 or a > closing for spans in label_spans.values() for a, b in spans)

    def _bare_run(self, start: int) -> bool:
        """"new york city 8.3M, los angeles 3.9M": only plain words stand before the first label, none that
        asks, links or measures, and the other names run to several words, so those words may be the start
        of its name, not a subject. With one-word names ("revenue north 120, south 95") the subject stands apart."""
        words = _words(self.intent[:start])
        names = [str(p.label).split() for p in self.points if isinstance(p.label, str)]
        return bool(words) and max((len(n) for n in names), default=1) > 1 and not any(
            _fills_a_gap(w.lower()) or w.lower() in _MARK_NAMES or w.lower() in TAIL_WORDS for w in words)

    def _opens_the_list(self, start: int) -> bool:
        """The first label of the data, with no heading separator (':', '—', a line break) before it."""
        first = self.first_name_start()
        return (first is None or first >= start) and not re.search(r":|\s[-–—]\s|\n|[.?!]\s", self.intent[:start])

    def first_name_start(self) -> int | None:
        """Where the first whole occurrence of any drawn name starts (None: none occurs); found once."""
        if self._first_name_start is None:
            self._first_name_start = min((a for name in self._names for a, _ in self._find(name)), default=-1)
        return None if self._first_name_start < 0 else self._first_name_start
