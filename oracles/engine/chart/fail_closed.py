"""Fail-closed rules of the chart check: what the check cannot explain in the intent is refused, never skipped.

The faithfulness check (faithfulness.py) ties each drawn point to its statement. These rules run after
it, on the same reading, and refuse where an intent says more than the chart shows or says it in a way
the chart did not honour:

- Label fragments: the words of an item around a drawn label (up to the item's separator, the line
  start or the previous value) are request or connector words, or drawn elsewhere (title, axis, a
  series or another label); a key written "name = value" or "name: value" is drawn whole; a value is
  not the day of a date ("week of 3 March"); a label is not its list's subject glued to a period
  ("revenue 2019" beside "2020"); a label does not open with the verb that frames a breakdown
  ("made up of Product A").
- Numbers: every digit run of the intent is drawn, inside a drawn label, or explained as not data. A
  number glued to letters the scanner does not know ("3.38tn" before it knew "tn"), or a list it
  cannot read as one number ("1,2,3"), is refused, not skipped. Framing numbers ("source: 2024",
  "see note 3") are never drawn as data.
- The asked mark: a mark word said outside drawn names and not refused ("just plain bars", "bar
  please", {"mark": "line"}) is a request; two different marks asked, or one the chart does not
  draw, are refused. Version-like x values ("3.8, 3.9, 3.10") are names, not numbers.
- A part named without a number ("rest is email", "everything else") is refused: the chart would
  leave it out.
- A total drawn beside its parts ("Total revenue", "Overall") is refused: the chart would count it twice.

What the intent asks of its data (a subset, a removal or a correction, a remainder, a field of a JSON ask) and
numbers cut at their thousands separators are read by fail_closed_asks.py, called once, at the end.

Each rule returns (code, message) of the refusal, with a rewrite suggestion; the codes are the chart
section of `ground/reasons.py`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from . import faithful_words
from .calendar import MONTH_INDEX, is_time_like
from .fail_closed_asks import check_asks
from .fail_closed_claims import check_claims
from .fail_closed_gaps import check_gaps
from .fail_closed_missing import check_missing
from .fail_closed_notes import check_notes
from .fail_closed_phrasing import check_phrasing
from .fail_closed_references import check_references
from .fail_closed_side_asks import check_side_asks
from .fail_closed_typos import check_typos
from .fail_closed_units import check_units
from .fail_closed_values import check_values

# The reader is faithfulness._Reader. That module calls this one, so this one never imports it (no import
# cycle): the reader comes as an argument; its word lists are in faithful_words.py, which imports no rule.
_Reader = Any
Refusal = tuple[str, str]

# ---------------------------------------------------------------------------------------------
# Vocabulary

# A bare mark word: said without "chart", it still asks for the mark ("just plain bars", "bar please").
_BARE_MARK = re.compile(r"\b(?P<word>bars?|lines?|area|pie|donut|doughnut|scatter(?:plot)?|histogram|sparkline)\b",
                        re.IGNORECASE)
_BARE_MARK_NAMES = {"bar": "bar", "bars": "bar", "line": "line", "lines": "line", "area": "area", "pie": "arc",
                    "donut": "arc", "doughnut": "arc", "scatter": "point", "scatterplot": "point",
                    "histogram": "bar", "sparkline": "line"}
# The word names a thing, not a mark: "by line", "per bus line", "each tube line", "by product area",
# "on a new line" (a grouping or a line of text), or it is the measure itself: "area by zone".
_DIMENSION_BEFORE = re.compile(r"\b(?:by|per|each|every|which|what|whose|new|next|same|separate|own)\s+"
                               r"(?:[^\W\d_][\w'-]*\s+)?$", re.IGNORECASE)
_MEASURE_AFTER = re.compile(r"\s+(?:by|per)\b", re.IGNORECASE)
# A name in quotes of more than one word ('titled "Lines of code by language"', "the 'Red Line' route"): a mark
# word inside it is part of the name, as the refusal below asks writers to do
_QUOTED_NAME = re.compile(r'"[^"\n]{1,120}"|“[^”\n]{1,120}”|(?<![\w\'’])[\'‘][^\'‘’\n]{1,120}[\'’](?![\w\'’])')
# Words right after a mark word that keep it a request ("bars please", "line thanks", "pie with").
_REQUEST_AFTER_WORDS = frozenset("please pls plz thanks thx chart charts graph graphs plot plots only instead then "
                                 "with for of as is are would will should must need needs go going run running "
                                 "sorted horizontal vertical stacked grouped showing comparing".split())
# "the rest is email", "remaining", "everything else": a part the chart would have to draw without a number.
_REMAINDER = re.compile(
    r"\b(?:the\s+)?rest\b(?=\s+(?:is|are|was|were|goes|go|being|=|:|of\b|in\b|from\b|to\b))|\brest\s*(?:[.!?]|$)|"
    r"\bremain(?:ing|der)\b|\beverything\s+else\b|\banything\s+else\b|\ball\s+(?:the\s+)?others?\b|"
    r"\b(?:the\s+)?others?\b(?!\s+(?:than|hand|way|day|side)\b)(?<!\beach\sother)", re.IGNORECASE)
# A label that is the whole of its siblings ("Total revenue", "Overall", "All", "Sum").
_TOTAL_WORDS = frozenset("total totals overall subtotal subtotals sum combined".split())
# Words that open a breakdown of a whole, never a name: "made up of Product A", "consisting of …".
_FRAMING_VERBS = frozenset("made was were is are been being had has have consisting consists comprising comprised "
                           "composed including includes split broken divided".split())
# A breakdown of a whole into parts: "X $10M, of which A $6M and B $4M", "budget 500k split into …".
_BREAKDOWN = re.compile(r"\b(?:of\s+which|made\s+up\s+of|consist(?:s|ing)\s+of|compris(?:ing|ed\s+of|es)|composed\s+of|"
                        r"split\s+(?:into|between|across|as)|broken\s+down\s+(?:into|as|by)|divided\s+(?:into|between)|"
                        r"breaks\s+down\s+(?:into|as)|including)\b", re.IGNORECASE)
# Words that frame a source or a reference, not a category: "source: 2024", "see note 3".
_REFERENCE_WORDS = frozenset("source sources see cf ref refs reference references footnote footnotes ibid note notes "
                             "citation citations".split())
_STRONG_REFERENCE_WORDS = frozenset("source sources see cf ibid footnote footnotes citation citations".split())
# Letters glued to a number that leave it a name, never a value: "2nd", "9am"; "3D", "5G" and "1990s" in `_name_suffix`.
_NAME_SUFFIXES = frozenset("st nd rd th am pm".split())
# Letters glued to a number that are a unit: the number is a value ("12ms", "5kg").
_UNIT_SUFFIXES = frozenset("""ms s sec secs min mins h hr hrs kg g mg lb lbs km m mi cm mm ft in kb mb gb tb kwh w kw mw
x pts pt px mph kmh l ml rpm fps usd eur k bn mn""".split())
# Magnitude words of other notations the scanners do not read: "12 lakh" is 1,200,000, "3 Mio" 3,000,000.
_OTHER_MAGNITUDES = re.compile(r"\s?(?P<word>lakhs?|lacs?|crores?|cr|mio|mios|mrd|mrds|mld|mln|bln|tys|tsd|milj|miljoen|"
                               r"miljard|millones|mill[oó]n|milliards?|mille)\b\.?", re.IGNORECASE)
_MONTH_AFTER = re.compile(r"\s+(?P<month>[^\W\d_]{3,9})\.?(?![\w])")
# A subject that runs into the first label ends with a bare preposition ("error counts for api-1 14"); with an
# article between ("Dark mode for the mobile app 212") the article opens the name, so the name was cut.
_SUBJECT_END = re.compile(r"\b(?:for|in|on|at|of|by|per|from|across|via|during)\s+$", re.IGNORECASE)
# Compiled once: these run for every label or every value of the intent.
_ALL_OF = re.compile(r"\s*all(?:\s+(?!others\b)[a-z]+s)?\s*", re.IGNORECASE)  # "All", "all regions"
_DAY_NUMBER = re.compile(r"\d{1,2}")
_LETTER = re.compile(r"[^\W\d_]")
_KEY_END = re.compile(r"[:=]")
_PARENTHESISED = re.compile(r"\([^()]*\)")
_ITEM_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_GLUED_LETTERS = re.compile(r"[^\W\d_]+")
_ITEM_BOUNDARY = re.compile(r"[,;\n|•:()\[\]{}]|\s[-–—]\s|[.!?](?:\s|$)|→|->|=>|\t")


def check_fail_closed(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every fail-closed rule; (code, message) of the first that fails, None when all hold."""
    for rule in (_mark_words, _version_like_x, _totals_among_parts, _reference_labels, _framing_verb_labels,
                 _labels_cut_from_an_ask, _two_names_on_one_value, _function_word_names, _grouping_not_drawn, _subject_glued_to_period, _subject_across_an_arrow, _remainder, _numbers_not_covered, _label_fragments,
                 _dates_as_values):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    # changes in labels, bounds, series not asked; then subsets, corrections, remainders (fail_closed_asks.py); then
    # the phrasings of fail_closed_phrasing.py; then units and scales (fail_closed_units.py); then references and
    # measures drawn as categories (fail_closed_references.py); then data the chart cannot hold (fail_closed_missing.py)
    # misspelled chart words, a label ending in a number, another artifact asked (fail_closed_typos.py); a label asked
    # with no value, series in different units (fail_closed_gaps.py); last, notes that change what the values are
    # (fail_closed_notes.py) and statements about the data that the drawn values contradict (fail_closed_claims.py)
    return (check_typos(reader, label_spans, used) or check_gaps(reader, label_spans, used)
            or check_values(reader, label_spans, used)
            or check_asks(reader, label_spans, used)
            or check_phrasing(reader, label_spans, used) or check_units(reader, label_spans, used)
            or check_references(reader, label_spans, used) or check_missing(reader, label_spans, used)
            or check_notes(reader, label_spans, used) or check_claims(reader, label_spans, used)
            or check_side_asks(reader, label_spans, used))  # asks and notes beside the data (fail_closed_side_asks.py)


# ---------------------------------------------------------------------------------------------
# Small readings


def _a(mark: str) -> str:
    """"a bar", "an area", "a pie" (the arc mark is a pie to a reader)."""
    word = {"arc": "pie", "point": "scatter"}.get(mark, mark)
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


_WORD = re.compile(r"[^\W\d_][\w'’]*")


def _fold_words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def _drawn_text_words(reader: _Reader) -> set[str]:
    """Words drawn anywhere: labels, series names, the title and the axis titles."""
    words = set(reader.drawn.words)
    title = reader.spec.get("title")
    if isinstance(title, dict):
        title = " ".join(str(title.get(k) or "") for k in ("text", "subtitle"))
    words |= _fold_words(str(title or ""))
    for channel in reader.encoding.values():
        if isinstance(channel, dict) and channel.get("title"):
            words |= _fold_words(str(channel["title"]))
    return words


def _beside_spans(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                  used: set[int]) -> list[tuple[Any, tuple[int, int], Any]]:
    """(point, label span, value token) for each point whose label is written right before (or, "58 in
    March", right after) a value drawn for it. Points labelled elsewhere (a range, a list) are left out."""
    tokens = [token for token in reader.numbers if token.start in used]
    by_value: dict[float, list[int]] = {}
    for index, token in enumerate(tokens):
        for reading in token.readings:
            by_value.setdefault(reading, []).append(index)
    in_reach = reader.in_reach(tokens)
    out = []
    for point in reader.points:
        if not isinstance(point.label, str):
            continue
        for span in label_spans.get(point.label, []):
            reach = in_reach.near([span], "before") | in_reach.near([span], "after")  # no other can be beside it
            token = next((tokens[i] for i in by_value.get(point.value, []) if i in reach
                          and (reader._beside(span, tokens[i], "before") or reader._beside(span, tokens[i], "after"))), None)
            if token is not None:
                out.append((point, span, token))
    return out


# ---------------------------------------------------------------------------------------------
# The asked mark


def _mark_words(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A mark word outside drawn names asks for that mark unless refused ("not a line") or naming a thing
    ("by line", "floor area by zone"). Two marks asked, or one not drawn, are refused."""
    negated = faithful_words._NEGATED
    reader.asked_marks()  # reads the named requests ("bar chart", "as a line") into _named_marks
    asked = set(reader._named_marks)
    said: dict[str, str] = {}
    text = reader.plain
    quoted: list[tuple[int, int]] | None = None
    for match in reader.plain_scan.matches(_BARE_MARK):
        start, end = match.span("word")
        before = text[max(0, start - 40):start]
        if reader._inside_drawn_name(start, end) or negated.search(text[max(0, start - 24):start]):
            continue
        if quoted is None:  # found once, and only when a mark word is said
            quoted = [m.span() for m in _QUOTED_NAME.finditer(reader.intent) if len(m.group(0)[1:-1].split()) > 1]
        if any(a < start and end < b for a, b in quoted):
            continue  # 'titled "Lines of code"': the word is part of a quoted name
        if _DIMENSION_BEFORE.search(before) or _MEASURE_AFTER.match(text, end) or re.match(r"\s*#?\d", text[end:end + 4]):
            continue  # "by line", "area by zone", "Line 4": a grouping, a measure or a numbered name
        if match.group("word")[0].isupper() and re.search(r"\b[A-Z][\w'-]*\s+$", before):
            continue  # "Red Line", "Bay Area": the end of a proper name
        following = re.match(r"\s+([^\W\d_][\w'-]*)", text[end:end + 30])
        if following and following.group(1).islower() and following.group(1).lower() not in _REQUEST_AFTER_WORDS:
            continue  # "area population", "line items": the word qualifies a noun, it asks for no chart
        mark = _BARE_MARK_NAMES[match.group("word").lower()]
        asked.add(mark)
        said.setdefault(mark, match.group("word"))
    if not said:
        return None
    # The reader's later rules ("a line drawn but no chart type asked") read the same requests as this one.
    reader.asked_marks().update(said)
    reader._named_marks.update(said)
    if len(asked) > 1:
        first, *others = sorted(asked)
        names = " and ".join(_a(m) for m in (first, *others))
        return ("SHAPE_NOT_ASKED", (
            f"The intent names both {names} chart; one chart is one of them. Ask for one, e.g. 'as {_a(first)} chart, "
            f"not {_a(others[0])}'. If a chart word is part of a name, quote the name."))
    wanted = next(iter(asked))
    if reader.mark != wanted:
        word = said.get(wanted, wanted)
        return ("SHAPE_NOT_ASKED", (
            f"The intent says '{word}', which asks for {_a(wanted)} chart, but {_a(str(reader.mark))} chart was drawn. "
            f"Ask plainly, e.g. 'as {_a(wanted)} chart'; if '{word}' is part of a name, quote the name."))
    return None


def _version_like_x(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"3.8, 3.9, 3.10": read as numbers, 3.10 is 3.1 and the text is lost; such x values are names."""
    if not reader.pairs:
        return None
    texts = [n.text.strip() for n in reader.numbers if n.start in used and re.fullmatch(r"\d+\.\d+", n.text.strip())]
    by_whole: dict[str, set[int]] = {}
    for text in texts:
        whole, fraction = text.split(".")
        by_whole.setdefault(whole, set()).add(len(fraction))
    trailing_zero = [t for t in texts if t.endswith("0")]
    for text in trailing_zero:
        if len(by_whole[text.split(".")[0]]) > 1:
            return ("SHAPE_NOT_ASKED", (
                f"'{text}' reads as a name (like a version), not the number {float(text):g}: drawn as a number it "
                f"loses its text. Ask for categories, e.g. 'bar chart: \"{text}\" 37', or write decimals alike."))
    return None


# ---------------------------------------------------------------------------------------------
# Parts and wholes


def _totals_among_parts(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A label naming the whole ("Total revenue", "Overall", "All") drawn beside its parts counts it twice."""
    breakdown = reader.scan.first(_BREAKDOWN)
    if breakdown and not reader._inside_drawn_name(breakdown.start(), breakdown.end()):
        # "Revenue $10M, of which A $6M and B $4M": a value drawn before the breakdown is the whole of the parts after it
        spans = {p.label: [a for a, _ in label_spans.get(p.label, [])] for p in reader.points if isinstance(p.label, str)}
        before = [lbl for lbl, starts in spans.items() if starts and max(starts) < breakdown.start()]
        after = [lbl for lbl, starts in spans.items() if starts and min(starts) > breakdown.start()]
        if before and after:
            return ("VALUE_NOT_PLACED", (
                f"'{before[0]}' is the whole that '{breakdown.group(0)}' breaks into parts, and it is drawn beside them, "
                f"so the chart would count it twice. Give the parts only, e.g. '{after[0]} …', and the whole in the title."))
    by_series: dict[Any, list[Any]] = {}
    for point in reader.points:
        by_series.setdefault(point.series, []).append(point)
    all_of = reader.drawn.scan.finder(_ALL_OF, "fullmatch")
    for points in by_series.values():
        labels = [p.label for p in points if isinstance(p.label, str)]
        if len(labels) < 2:
            continue
        whole = [lbl for lbl in labels if reader.drawn.words_of[lbl] & _TOTAL_WORDS or all_of(lbl)]
        if whole and len(whole) < len(labels):
            return ("VALUE_NOT_PLACED", (
                f"'{whole[0]}' names the whole, and it is drawn beside its parts, so the chart would count it twice. "
                "Leave the total out (or chart the totals alone), e.g. 'Product A 6M, Product B 4M'."))
    return None


_ARROW = re.compile(r"→|->|=>|⇒|⟶")


def _subject_across_an_arrow(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"traffic sources last wk → organic 42%, paid 23%": an arrow inside one label but not its siblings parts the
    subject from the first item; the label is the subject glued to a name. Labels that are all routes ("LHR → JFK")
    hold an arrow each and pass."""
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    arrowed = [label for label in labels if _ARROW.search(label)]
    if not arrowed or len(arrowed) == len(labels):
        return None
    label = arrowed[0]
    before, after = (part.strip() for part in _ARROW.split(label, maxsplit=1))
    return ("LABEL_NOT_IN_INTENT", (
        f"The label '{label}' runs across an arrow, which no other label has: '{before}' reads as what the chart is "
        f"about, not part of the name '{after}'. Write the subject apart, e.g. '{before}: {after} 42, …', or as a title."))


def _remainder(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"the rest is email", "everything else": a part named without a number is a part the chart leaves out."""
    drawn = reader.drawn.words  # drawn as a part: a title names no slice
    data_start = getattr(reader, "_data_start", 0)
    for match in reader.scan.matches(_REMAINDER):
        item = re.split(r"[,;\n]|[.!?](?:\s|$)", reader.intent[match.end():match.end() + 60], maxsplit=1)[0]
        named = re.search(r"\b(?:is|are|was|were|being|=|goes\s+to|go\s+to)\s+(?:the\s+|all\s+)?([^\W\d_][\w'-]*)", item,
                          re.IGNORECASE)
        if named and named.group(1).casefold() not in drawn:
            return ("VALUE_MISSING", (
                f"The intent says what '{match.group(0).strip()}' is ('{named.group(1)}'), but the chart does not draw "
                f"it by that name. Give it its number under that name, e.g. '{named.group(1)} 10%'."))
        if reader._inside_drawn_name(match.start(), match.end()) or match.start() < data_start:
            continue  # before the data, "Tickets remaining by team:" names the measure
        phrase = match.group(0).strip(" .!?")
        return ("VALUE_MISSING", (
            f"The intent names a part without a number ('{phrase}'), which the chart cannot draw. Give it its "
            "number, e.g. 'email 10%', or leave it out."))
    return None


def _reference_labels(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"source: 2024 trade report", "see note 3": a reference, not a category and its value."""
    words_of = faithful_words
    plain = words_of.INSTRUCTION_WORDS | words_of.CONNECTOR_WORDS
    for point in reader.points:
        if not isinstance(point.label, str):
            continue
        words = reader.drawn.words_of[point.label]
        if not words or not words & _REFERENCE_WORDS:
            continue
        if not words <= (_REFERENCE_WORDS | plain):
            continue
        bracketed = any(reader.intent.rfind("(", 0, a) > reader.intent.rfind(")", 0, a)
                        for a, _ in label_spans.get(point.label, []))
        if words & _STRONG_REFERENCE_WORDS or bracketed:
            return ("VALUE_NOT_PLACED", (
                f"'{point.label}' frames a reference (a source or a note), so its number is not data. Leave it "
                "out of the data, e.g. put the source in the title, and give each value with its label."))
    return None


def _framing_verb_labels(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"made up of Product A": the words that open a breakdown are not part of the name."""
    breakdown_named = reader.drawn.scan.may_match(_BREAKDOWN)
    for point in reader.points:
        if not isinstance(point.label, str):
            continue
        words = point.label.split()
        opening = _BREAKDOWN.match(point.label) if breakdown_named else None
        if len(words) > 1 and (words[0] in _FRAMING_VERBS or opening):  # lowercase only: "Made in Italy" may be a name
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{point.label}' opens with '{opening.group(0) if opening else words[0]}', which frames the "
                "sentence, not the name. Write 'name value' items, e.g. 'Product A 6M, Product B 4M'."))
    return None


# An ask to the chart, never a name: "Title it 'Costs", "call it …", "label the axis …".
_ASK_OPENING = re.compile(r"^(?:please\s+)?(?:title|call|name|label|caption|head)\s+(?:it|this|the\s+(?:chart|graph|axis|plot))\b",
                          re.IGNORECASE)
# an opening quote before a word; "Jan '24" is a year, not a quote
_OPEN_QUOTE = re.compile(r"(?:^|(?<=\s))(?:[\"“‘]|'(?=[^\W\d]))(?=\w)")


def _labels_cut_from_an_ask(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A label that opens with an ask to the chart ("Title it …") or opens a quote it never closes
    ("'Option costs") is a piece of an instruction or of a quoted name, cut where a number stood."""
    for point in reader.points:
        if not isinstance(point.label, str):
            continue
        opening = _OPEN_QUOTE.search(point.label)
        unclosed = opening and not re.search(r"[\"”’']", point.label[opening.end():])
        if _ASK_OPENING.match(point.label) or unclosed:
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{point.label}' is part of an instruction or of a quoted name, cut where a number stood. "
                "Put the title in quotes after the data, e.g. \"Plan A 120, Plan B 95. Title it 'Costs 2025'\", "
                "and give each value with its label."))
    return None


# "compare the two stores side by side", "grouped", "clustered": bars next to each other, whatever the labels
_GROUPING_ASKED = re.compile(r"(?<!not\s)(?<!no\s)\b(?:grouped|clustered|side[\s-]by[\s-]side)\b", re.IGNORECASE)


def _grouping_not_drawn(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    if reader.mark == "bar" or len({p.series for p in reader.points}) < 2 or reader.pairs:
        return None
    asked = _GROUPING_ASKED.search(reader.intent)
    if asked is None:
        return None
    return ("SHAPE_NOT_ASKED", (
        f"The intent asks for the series '{asked.group(0)}', which is bars next to each other, but a {reader.mark} "
        "chart was drawn. Ask for one shape, e.g. 'grouped bars' or 'a line per store'."))


# Words that name nothing alone: a series or label of only these was cut from a longer name
# ("Our app rating vs the category average": series 'the').
_NAMES_NOTHING = frozenset("the a an of and or vs versus to in on for by with our my your their its this that "
                           "we they you he she it us them".split())


def _function_word_names(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    # series names only: a label "A" (grade A, option A) is a name; a series "A" too, when capitalised
    for name in dict.fromkeys(p.series for p in reader.points):
        if isinstance(name, str) and name.strip() and not name.isupper() and set(name.casefold().split()) <= _NAMES_NOTHING:
            return ("LABEL_NOT_IN_INTENT", (
                f"'{name}' names nothing on its own: it was cut from a longer name. Name each series before its "
                "values, e.g. 'Our app: Jan 4.2, Feb 4.3. Category average: Jan 3.9, Feb 3.9'."))
    return None


def _two_names_on_one_value(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"North 40 South 35 East West 50": with nothing but spaces between items and one-word names
    elsewhere, a label of capitalised words may be two names given one value (or one missing its
    value); which it is cannot be read, so it is refused."""
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    if len(labels) < 3 or reader.pairs:
        return None
    several_words = {label for label in labels if len(label.split()) >= 2}
    if len(several_words) != 1:
        return None  # the rule is about one such label among one-word labels (and stays O(n) on 1,000)
    ends = sorted(t.end for t in reader.numbers if t.start in used)
    for label in several_words:
        words = label.split()
        if not all(w[:1].isupper() and w.isalpha() for w in words):
            continue
        for start, _ in label_spans.get(label, []):
            previous = bisect_right(ends, start) - 1
            gap = reader.plain[ends[previous]:start] if previous >= 0 else "x"
            # one line of items with only spaces between; a row per line or a tab is a table, read by rows
            if not gap.strip() and "\n" not in gap and "\t" not in gap:
                return ("LABEL_NOT_IN_INTENT", (
                    f"'{label}' follows the previous value with no separator, so it may be two names given one value "
                    f"or one name with its value missing. Separate the items with commas and give each its value, "
                    f"e.g. '{words[0]} 50, {words[1]} 50'."))
    return None


def _subject_glued_to_period(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"revenue 2019 1.2M, 2020 0.9M": every other label is a period, so the first label's leading words
    are the subject of the list, not part of its label."""
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    if len(labels) < 3 or reader.pairs:
        return None
    odd = [lbl for lbl in labels if not is_time_like(lbl)]
    if len(odd) != 1:
        return None
    words = odd[0].split()
    for cut in range(1, len(words)):
        tail = " ".join(words[cut:])
        if is_time_like(tail):
            head = " ".join(words[:cut])
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{odd[0]}' holds '{head}' before a period, while every other label is a period alone: "
                f"'{head}' reads as the subject. Put the subject first, e.g. '{head}: {tail} 1.2M, …'."))
    return None


# ---------------------------------------------------------------------------------------------
# Numbers


def _numbers_not_covered(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Every digit run is drawn, inside a drawn label, or explained; one the scanner could not read (glued
    to unknown letters, or a run like "1,2,3") is refused rather than skipped."""
    inside = reader.names_inside(label_spans).holds
    structured = reader.structured
    readable_starts = {n.start for n in reader.numbers if n.readings}
    magnitudes_said = reader.scan.may_match(_OTHER_MAGNITUDES)
    for number in reader.stated:
        if inside(number.start) or inside(number.end - 1):
            continue
        if structured is not None and structured.start <= number.start < structured.end:
            continue
        glued = _GLUED_LETTERS.match(reader.intent[number.end:number.end + 12])
        before = reader.intent[max(0, number.start - 1):number.start]
        named = bool(before) and (before.isalpha() or before in "_-#/")  # "v2", "OPS-4417", "#2b8cbe", "L/100km"
        suffix = glued.group(0).lower() if glued else ""
        word = reader.intent[number.start:number.end + len(suffix)].strip()
        magnitude = _OTHER_MAGNITUDES.match(reader.intent, number.end) if magnitudes_said else None
        if number.start in used and magnitude:
            return ("VALUE_NOT_PLACED", (
                f"A value was drawn from '{reader.intent[number.start:magnitude.end()].strip()}', but I do not read "
                f"'{magnitude.group('word')}', so I cannot tell what it is worth. Write the number in digits, e.g. "
                "'1,200,000' for 12 lakh, or with k, M, bn or tn."))
        if number.start in used:
            if glued and not named and suffix not in _UNIT_SUFFIXES:
                return ("VALUE_NOT_PLACED", (
                    f"A value was drawn from '{word}', but I do not read '{glued.group(0)}' after a number, so I cannot "
                    "tell what it is worth. Write the number plainly, e.g. '3.38 trillion', '4 lakh' as '400,000'."))
            continue
        readable = number.start in readable_starts
        if glued is None:
            if readable:
                continue  # read by the scanner: the coverage rule of faithfulness.py has placed or explained it
            return ("VALUE_MISSING", (
                f"I could not read '{number.text.strip()}' as one number, so I cannot tell whether the chart shows "
                "it. Write each value on its own with its label, e.g. 'A 1, B 2, C 3'."))
        if named or _name_suffix(number.text, glued.group(0)) or suffix == "px":  # "600px wide": a size of the chart
            continue
        if reader._inside_drawn_name(number.start, number.end + len(suffix)):
            continue
        if suffix in _UNIT_SUFFIXES:
            if reader._explained(number) or _in_subject(reader, number.start):
                continue
            return ("VALUE_MISSING", (
                f"I could not place '{word}' in the chart. Give it a label, e.g. 'build {word}', or, if it is not "
                "data, leave it out."))
        return ("VALUE_MISSING", (
            f"I could not place '{word}' in the chart: I do not read '{glued.group(0)}' after a number, so I cannot "
            "tell what it is worth. Write the number plainly, e.g. '3.38 trillion' or '3,380bn', or leave it out."))
    return None


def _name_suffix(digits: str, letters: str) -> bool:
    """"2nd", "9am", "3D", "5G", "1990s", "80s": the number is part of a name. "30d", "200g", "75s" are units."""
    return letters.lower() in _NAME_SUFFIXES or letters in ("D", "G") or (letters == "s" and digits.strip().endswith("0")
                                                                         and len(digits.strip()) in (2, 4))


def _in_subject(reader: _Reader, position: int) -> bool:
    """Before the first drawn label and before the heading's separator ("p95 over 100ms: Mon 4")."""
    first = reader.first_name_start() or 0
    heading = re.search(r":\s|\s[-–—]\s|\n", reader.intent)
    return position < first and heading is not None and position < heading.start()


def _dates_as_values(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"week of 3 March": a number right before a month name is the day of a date, not a value."""
    for number in reader.numbers:
        if number.start not in used or not _DAY_NUMBER.fullmatch(number.text.strip()):
            continue
        month = _MONTH_AFTER.match(reader.intent, number.end)
        if month is None or month.group("month").lower() not in MONTH_INDEX:
            continue
        if month.group("month") in ("may", "march", "mar"):
            continue  # lowercase: "may vary", "march on" are words, not months
        if reader._inside_drawn_name(month.start("month"), month.end("month")):
            continue
        date = reader.intent[number.start:month.end("month")].strip()
        return ("VALUE_NOT_PLACED", (
            f"'{date}' is a date, but its day was drawn as a value. Keep dates apart from values, e.g. "
            f"'{date}: 5', or leave the date in the title."))
    return None


def _subject_before_periods(reader: _Reader, point: Any, start: int, stray: list[str], used: set[int]) -> bool:
    """"revenue 2019 1.2M, 2020 0.9M, 2021 1.6M": lowercase words before the first of three or more drawn
    labels that are all periods, with no drawn value before them, are the list's subject, not part of a name."""
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    if len(labels) < 3 or not all(is_time_like(lbl) for lbl in labels) or not all(w.islower() for w in stray):
        return False
    return not any(n.start < start for n in reader.numbers if n.start in used)


# ---------------------------------------------------------------------------------------------
# Label fragments


def _label_fragments(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """The words of an item around its drawn label are request or connector words, or drawn elsewhere."""
    words_of = faithful_words
    _is_unit_word = words_of._is_unit_word
    if reader.pairs or reader.structured is not None:
        return None
    drawn = _drawn_text_words(reader)
    allowed = (words_of.INSTRUCTION_WORDS | words_of.CONNECTOR_WORDS | words_of.LINKING_WORDS | words_of.OPENING_WORDS
               | words_of.GAP_WORDS | _FRAMING_VERBS | {"up", "into"})
    number_ends = sorted(n.end for n in reader.numbers)
    by_point: dict[int, list[Refusal]] = {}
    placed: set[int] = set()
    beside = _beside_spans(reader, label_spans, used)
    # labels written right before their value, nothing between ("Bugs opened 19"): the list's own "name value" shape
    bare = {str(p.label).casefold() for p, (_, e), t in beside if t.start >= e and not _LETTER.search(reader.intent, e, t.start)}
    extends: dict[str, str] = {}  # "bugs" -> "Bugs opened": a label that a bare sibling label extends by words
    for name in reader._names:
        if name.casefold() in bare:
            words = name.split()
            for cut in range(1, len(words)):
                extends.setdefault(" ".join(words[:cut]).casefold(), name)
    boundaries = [m.end() for m in _ITEM_BOUNDARY.finditer(reader.intent)]
    for point, (start, end), token in beside:
        placed.add(id(point))
        refusal = None
        if token.start >= end:  # "Bugs closed = 23": a key written before '=' or ':' is drawn whole
            gap = reader.intent[end:token.start]
            key_end = _KEY_END.search(gap)
            if key_end:
                left = _PARENTHESISED.sub(" ", gap[:key_end.start()])
                stray = [w for w in _ITEM_WORD.findall(left) if not _is_unit_word(w.lower())]
                if stray:
                    refusal = ("LABEL_NOT_IN_INTENT", (
                        f"The label '{point.label}' is part of the name '{reader.intent[start:end + key_end.start()].strip()}' "
                        f"('{' '.join(stray)}' was left out). Write each name in full before its value, e.g. "
                        f"'{reader.intent[start:end + key_end.start()].strip()}: {token.text.strip()}'."))
        if refusal is None and token.start >= end:
            # "Bugs opened 19, Bugs closed 23": the words before the value complete the name, as its siblings show
            longer = extends.get(" ".join(str(point.label).split()).casefold())
            between = [w for w in _ITEM_WORD.findall(reader.intent, end, token.start)
                       if not _is_unit_word(w.lower())] if longer is not None else []
            if between and longer is not None:
                whole = f"{point.label} {' '.join(between)}"
                refusal = ("LABEL_NOT_IN_INTENT", (
                    f"The label '{point.label}' leaves out '{' '.join(between)}', which completes its name as in "
                    f"'{longer}'. Write each name in full before its value, e.g. '{whole}: {token.text.strip()}'."))
        if refusal is None and token.start >= end:  # "58 in March": the words after the value are about it
            # the item starts after the last separator, or the last number, before the label
            separator = bisect_right(boundaries, start) - 1
            number = bisect_right(number_ends, start) - 1
            boundary = max(boundaries[separator] if separator >= 0 else 0, number_ends[number] if number >= 0 else 0)
            lead = reader.intent[boundary:start]
            stray = [w for w in _ITEM_WORD.findall(lead)
                     if w.casefold() not in allowed and w.casefold() not in drawn and not _is_unit_word(w.lower())
                     and w.casefold() not in _BARE_MARK_NAMES]
            if stray and all(w.islower() for w in stray) and _SUBJECT_END.search(lead):
                stray = []  # "queue depth for mq-01 41, mq-02 38": a lowercase subject, then a bare preposition
            if stray and _subject_before_periods(reader, point, start, stray, used):
                stray = []  # "revenue 2019 1.2M, 2020 0.9M": the list's subject before its first period
            if stray:
                refusal = ("LABEL_NOT_IN_INTENT", (
                    f"The label '{point.label}' leaves out '{' '.join(stray)}', written before it in the same item, so "
                    f"it may be part of a longer name. Write each name in full before its value, e.g. "
                    f"'{(lead.strip() + ' ' + str(point.label)).strip()}: {token.text.strip()}', or put the subject "
                    "first, followed by a colon."))
        by_point.setdefault(id(point), []).append(refusal)  # type: ignore[arg-type]
    for point in reader.points:
        outcomes = by_point.get(id(point))
        if outcomes and all(outcomes):
            return outcomes[0]
    return None
