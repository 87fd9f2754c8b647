"""Coverage (faithfulness.py): every number of the intent that could be data is drawn, inside a drawn
label, or explained as not data; notes, number words, changes and a stated scale are accounted for."""


from __future__ import annotations

import re

from .faithful_reading import Unfaithful, _fold, _Spans, _title_text_of
from .faithful_words import (
    _CHANGE_AFTER,
    _CHANGE_BARE,
    _CHANGE_BEFORE,
    _CHANGE_KEYS,
    _CHANGE_SUBJECT,
    _CHANGE_VERB,
    _CHANGE_VERB_KEYS,
    _JSON_TITLE,
    _SCALE_ONCE,
    _TITLE,
    _VALUE_THEN_LABEL,
    DATE_SPAN,
    FOOTNOTE_RE,
    NOT_DATA_AFTER,
    NOT_DATA_BEFORE,
    NUMBER_WORD_RE,
    _is_unit_word,
    _year_like,
    counts_marks,
    in_day_first_date,
)
from .ranking_check import is_rank_count
from .references import reference_statements
from .values import SHARE_AFTER_RE, StatedNumber

# "North 120", "Q3: 14", "Oslo — 0.7M": one label-and-value item (not "n = 412", not "June 2024"); two or more
# in a quoted title or a subject make it data
_DATA_ITEM = re.compile(r"[^\W\d_][\w'’.-]+\s*[:=—–-]?\s*[-−+]?[$€£¥]?(?!(?:19|20)\d\d\b)\d[\d.,]*\s?(?:%|[kKMB]\b)?\s*(?:[,;/|'\"”’)\]]|$)")


# The words before a sample's size: "survey of 100 households", "polled 2,000 voters", "sample of 40 schools"
_SAMPLE_BEFORE = re.compile(r"\b(?:(?:survey|poll|sample|study|census)\s+of|surveyed|polled|asked|interviewed|questioned)"
                            r"\s+(?:(?:about|around|some|roughly|nearly|over)\s+)?$", re.IGNORECASE)


class CoverageRules:
    """The rules of coverage, mixed into the check's reader (faithfulness._Reader)."""

    def _check_coverage(self, used: set[int], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        inside = self.names_inside(label_spans)
        self._used = used
        self._data_start = min((a for spans in label_spans.values() for a, _ in spans), default=0)
        for number in self.numbers:
            if number.start in used or not number.is_data_candidate:
                continue
            if inside.holds(number.start):
                continue
            if self._explained(number):
                continue
            text = number.text.strip()
            raise Unfaithful("VALUE_MISSING", (
                f"I could not place '{text}' in the chart. Give it a label, e.g. 'Mar {text}', or, if it is not "
                "data, leave it out."))

    def _footnotes(self) -> _Spans:
        if not hasattr(self, "_footnote_spans"):
            self._footnote_spans = _Spans(m.span() for m in self.scan.matches(FOOTNOTE_RE))
        return self._footnote_spans

    def _check_footnotes(self, used: set[int], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """"*excludes 12 incomplete responses", "Note: 3 regions missing": a note under the data qualifies it;
        its words are no label and its numbers no value."""
        notes = self._footnotes()
        if not notes.starts:
            return
        for label, spans in label_spans.items():
            if spans and all(notes.holds(a) for a, _ in spans):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{label}' is in a note ('{self._note_at(spans[0][0])}'), not in the data. Put every item in the "
                    "list itself, e.g. 'A 12, B 15', and keep notes without numbers, or leave them out."))
        for number in self.numbers:
            if number.start in used and notes.holds(number.start):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"'{number.text.strip()}' is in a note ('{self._note_at(number.start)}'), not in the data. Put every "
                    "item in the list itself, e.g. 'A 12, B 15'."))

    def _note_at(self, position: int) -> str:
        match = next(m for m in self.scan.matches(FOOTNOTE_RE) if m.start() <= position < m.end())
        return match.group(0).strip()[:60]

    def _check_number_words(self, label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """A value written in words ("Zorvex: twelve", "Acme a dozen,") is a value the number scanner
        does not read: it is refused, not left out. Words that count the question ("top five") are not values."""
        inside = self.names_inside(label_spans)
        for match in self.scan.matches(NUMBER_WORD_RE):
            if inside.holds(match.start()) or self._inside_drawn_name(match.start(), match.end()) \
                    or counts_marks(self.intent, match.end()):
                continue
            before = self.intent[max(0, match.start() - 24):match.start()]
            after = self.intent[match.end():match.end() + 3]
            valued = re.search(r"(?:[:=]|\b(?:was|were|is|are|at|reached|hit|totall?ed|scored))\s*$", before) is not None
            ends_item = re.match(r"\s*(?:[,;\n|)]|\.(?:\s|$)|$)", after) is not None and re.search(r"[^\W\d_]\s+$", before) \
                is not None and not NOT_DATA_BEFORE.search(before) and not re.search(
                    r"\b(?:all|both|each|every|these|those|of|the|only|just|with|and|or|no)\s+$", before, re.IGNORECASE)
            if valued or ends_item:
                raise Unfaithful("VALUE_MISSING", (
                    f"I could not place '{match.group(0)}' in the chart: a value written in words or as a guess ('40ish') is not read. Write it in "
                    f"digits, e.g. 'Acme: 12', or leave it out."))

    def _check_changes(self, used: set[int]) -> None:
        """A value stated as a change ("Zorvex is up 937 from last week", "A up 5, B down 3") is not a level:
        drawn as one, a fall reads as a rise and a change as a total. Refused unless every drawn value is a
        change of the same kind, the subject says so, and falls are drawn below zero."""
        verbs = any(key in self.scan.lowered for key in _CHANGE_VERB_KEYS)
        if not verbs and not any(key in self.scan.lowered for key in _CHANGE_KEYS) and not self.scan.may_match(_CHANGE_AFTER):
            return  # no change word anywhere in the intent, so none before or after any value
        placed = [n for n in self.numbers if n.start in used]
        changed = []
        change_after = self.scan.finder(_CHANGE_AFTER, "match")
        for token in placed:
            before = self.intent[max(0, token.start - 30):token.start]
            after = self.intent[token.end:token.end + 40]
            lowered = before.lower()
            said = (_CHANGE_BEFORE.search(before) or _CHANGE_BARE.search(before)) \
                if any(key in lowered for key in _CHANGE_KEYS) else None
            if said is None and verbs and (verb := _CHANGE_VERB.search(before)) is not None \
                    and not self._inside_drawn_name(token.start - len(before) + verb.start(), token.start - len(before) + verb.end("verb")):
                said = verb  # "then grew 10 in Mar": the movement, not March's level (unless the verb is a drawn name: "lost 3")
            tail = change_after(after)
            if said or tail:
                changed.append((token, said, tail))
        if not changed:
            return
        bare_only = [c for c in changed if c[1] is not None and c[1].re is _CHANGE_BARE and c[2] is None]
        if len(bare_only) == 1 and len(changed) == 1:
            return  # "Sign up 42": one name ending in "up" is a name, not a change
        subject_says_change = _CHANGE_SUBJECT.search(self.intent[:getattr(self, "_data_start", 0)]) is not None
        falls_negative = all(
            not (c[1] is not None and re.search(r"down|decreas|fell|dropped|declin|lost|slipped", c[1].group(0), re.IGNORECASE))
            or any(p.value < 0 and abs(p.value) in c[0].readings for p in self.points) for c in changed)
        names_clean = not any(re.search(r"\b(?:up|down)$", str(p.label), re.IGNORECASE) for p in self.points
                              if isinstance(p.label, str))
        if len(changed) == len(placed) and subject_says_change and falls_negative and names_clean:
            return
        token, said_before, said_after = changed[0]
        said = " ".join(part for part in (said_before.group(0).strip() if said_before else "", token.text.strip(),
                                          said_after.group(0).strip() if said_after else "") if part)
        raise Unfaithful("VALUE_NOT_PLACED", (
            f"'{said}' states a change, not a value, and the chart would draw it as a value. Give the values "
            "themselves ('Zorvex 950'), or chart the changes alone with their signs ('change vs last week: A +5, B -3')."))

    def _check_scale(self) -> None:
        """"All figures in thousands", "(values in millions)": a scale stated once for every value is shown
        in the chart (a title or an axis title), or the chart would read a thousand times too small."""
        for match in self.scan.matches(_SCALE_ONCE):
            word = (match.group("scale") or match.group("bracketed")).lower().rstrip("s").lstrip("'")
            root = word if len(word) > 3 or word == "000" else match.group(0).lower()
            shown = " ".join([_title_text_of(self.spec), *self._names, *(
                str((self.encoding.get(c) or {}).get("title") or "") for c in ("x", "y", "color", "theta"))])
            if root not in shown.lower() and not self._inside_drawn_name(match.start(), match.end()):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"The intent says the values are {match.group(0).strip(' ()')}, but the chart does not show it, so "
                    "every value would read as stated. Put the scale in the subject, e.g. 'revenue in thousands: A 12, "
                    "B 15', or write the full values ('A 12,000')."))

    def _explained(self, number: StatedNumber) -> bool:
        """A number the intent states that is not data: counts, sizes, years naming the subject."""
        if self._footnotes().holds(number.start):
            return True  # "*excludes 12 incomplete responses": a note about the data (its labels are refused above)
        if any(r.is_target and r.number_start <= number.start < r.number_end for r in reference_statements(self.intent)):
            return True  # "Our target is 1,500.": a reference stated apart, not data (references.py)
        before = self.intent[max(0, number.start - 16):number.start]
        after = self.intent[number.end:number.end + 24]
        if (NOT_DATA_BEFORE.search(before) and not SHARE_AFTER_RE.match(after)) or NOT_DATA_AFTER.match(after):
            return True  # "top 5", "the 3 of us"; but a share ("bottom 25%") is never a count
        if _SAMPLE_BEFORE.search(before) and re.match(r"[ \t]+[^\W\d_]{3,}", after) and not _is_unit_word(after.split()[0]):
            return True  # "(survey of 100 households)", "we asked 100 parents": who was asked, anywhere in the intent
        if len(number.text.strip()) <= 2 and re.match(r"[.)]\s+[^\W\d_]", after) and re.search(r"(?:^|[\n,;])\s*$", before):
            return True  # "3) Oslo — 0.7M", "1. Oslo": the numbering of a list
        if any(m.start() <= number.start < m.end() for m in DATE_SPAN.finditer(
                self.intent, max(0, number.start - 20), min(len(self.intent), number.end + 12))):
            return True
        if in_day_first_date(self.intent, number.start):
            return True
        digits = number.text.strip()
        note = re.search(r"\d[%kKMB]?\s*\((?:up|down|\+|-|−|vs\.?|was|from|prev|change)[^()\n]{0,40}$", before + self.intent[
            number.start:number.start + 1], re.IGNORECASE)
        if note and any(n.start in self._used and n.end <= number.start and number.start - n.end < 48 for n in self.numbers):
            return True  # "organic 1,240 (up 12%)": a note about the value before it
        heading = re.search(r":\s|\s[-–—]\s", self.intent)
        if heading and len(_DATA_ITEM.findall(self.intent, 0, heading.start())) >= 2:
            heading = None  # "North 120, South 90: …", "titled 'North 120, South 90':": a subject of items is data
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) \
                and re.fullmatch(r"\d{1,2}", digits) and int(digits) <= 20 \
                and re.match(r" [a-z]{3,}", after) and not _is_unit_word(after.split()[0]):
            return True  # "Compare 3 plans: …": a count in the subject, before any data
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) and (
                (re.match(r"\s?-?[^\W\d_]", after) and not _VALUE_THEN_LABEL.match(after)) or re.search(r"\b(?:week|day|month|floor|grade|level|room|under|over|"
                                                             r"aged?|ages|version|round|wave|phase)\s*-?$", before, re.IGNORECASE)):
            return True  # "survey of 1,200 employees", "best 100 m times", "in week 14:": the subject's own numbers
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) and re.fullmatch(r"\d{1,4}", digits) \
                and re.search(r"\b[A-Z][^\W\d_]+\s$", before) and not re.match(r"\s*[:=]", after):
            return True  # "on floor 4 of Building 2 (°C): Room 401 21.5": the number of a name in the subject
        if _year_like(digits) and not re.match(r"\s*[:=\-–—]?\s*[-−$€£¥]?\d", after):
            return True  # "orders in 2024", "2024 revenue": a year that names the subject, not a value
        drawn_title = self.spec.get("title")
        drawn_title = _fold(str(drawn_title.get("text", "") if isinstance(drawn_title, dict) else drawn_title or ""))
        for match in (*self.scan.matches(_TITLE), *self.scan.matches(_JSON_TITLE)):
            group = next(i for i in range(1, (match.re.groups or 1) + 1) if match.group(i) is not None)
            if match.start(group) <= number.start < match.end(group) and _fold(match.group(group)).strip() in drawn_title \
                    and len(_DATA_ITEM.findall(match.group(group))) < 2:
                return True  # "title 'Sprint 42 mix'": a number of the title asked for and drawn
            # "titled 'North 120, South 90'": a title that is a list of items is data, not a name: its numbers
            # are placed or missing like any other (a title is never where a value may be dropped)
        return is_rank_count(self.intent, number.start)  # "the smallest 2 by stock": how many, not a value
