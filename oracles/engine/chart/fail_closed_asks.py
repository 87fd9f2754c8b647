"""Fail-closed rules of the chart check about what the intent *asks of* its data, beside fail_closed.py.

The reader may take every value it finds; these rules re-read, on their own, the asks that change which values
a faithful chart holds, and refuse a drawing that does not follow them:

- A subset ("chart just the three biggest", "the 3 slowest endpoints", "bottom 3", {"limit": 4}): the chart
  holds that many categories, not every one given.
- A number cut at its thousands separator ("09:00 – 1,240" drawn as '09:00 – 1' and 240): a label that ends
  (or starts) with a digit group of a longer number is a fragment, and so is its value.
- A removal or a correction ("actually remove Beta", "wait no, the 9 was Thursday", "sorry, Tue was 18"): the
  check does not resolve which value stands, so a chart drawn from such an intent is refused with a hint to
  restate the final numbers; a label made only of sentence words ("the") is never a name.
- A remainder named without a number ("tablet is whatever's left", "other makes up the difference"): a part
  the chart would leave out.
- A field named in a JSON ask ({"errors": […], "requests": […], "chart": "bar of errors per service"}): only
  that field is drawn.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

from .calendar import is_time_like
from .fail_closed_values import series_not_named

_Reader = Any
Refusal = tuple[str, str]

# ---------------------------------------------------------------------------------------------
# 1. A subset asked

_COUNT_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split()) if n >= 2}
_COUNT = r"(?P<n>\d{1,3}(?![\d.,]\d)|" + "|".join(_COUNT_WORDS) + r")"
_SUPERLATIVE = (r"(?:(?:most|least)\s+[^\W\d_][\w-]*|biggest|largest|highest|lowest|smallest|slowest|fastest|longest|"
                r"shortest|best|worst|greatest|cheapest|priciest|busiest|quietest|heaviest|lightest|oldest|newest|"
                r"youngest|hottest|coldest|warmest|coolest|strongest|weakest|tallest|widest|richest|poorest|"
                r"leading|costliest|popular)")
_SUBSET_ASKS = [
    # "top 5", "bottom-3", "first two", "last 3"
    re.compile(rf"\b(?P<edge>top|bottom|first|last)[\s-]+{_COUNT}\b", re.IGNORECASE),
    # "the 3 slowest", "three biggest", "5 most visited"
    re.compile(rf"\b{_COUNT}\s+{_SUPERLATIVE}\b", re.IGNORECASE),
    # "largest 4", "the biggest three" (a count after the superlative, not a value: no unit, no decimal after it)
    re.compile(rf"\b{_SUPERLATIVE}\s+{_COUNT}\b(?!\s*[%.,:]?\s*\d)", re.IGNORECASE),
    # "for the three services that paged last night": a subset picked by a clause the data do not show
    re.compile(rf"\bthe\s+{_COUNT}\s+(?:[^\W\d_][\w-]*\s+){{1,2}}?(?:that|which|who|whose|where)\b", re.IGNORECASE),
    # {"limit": 4}, top_n=3, "max_bars": 5
    re.compile(r"[\"']?\b(?:limit|top|top_?n|n_?top|head|max_?(?:items|bars|rows|categories|results|slices))\b[\"']?"
               r"\s*[:=]\s*(?P<n>\d{1,3})\b", re.IGNORECASE),
]
# "in the first 72 hours", "over the last 4 weeks": a window of time that frames the measure, unless the
# categories drawn are themselves periods (then "last 3 months" picks three of them).
_TIME_UNIT_AFTER = re.compile(r"\s+(?:full\s+|calendar\s+|business\s+|working\s+)?(?:hours?|days?|nights?|weeks?|"
                              r"weekends?|months?|quarters?|years?|minutes?|mins?|seconds?|secs?|sprints?|seasons?|"
                              r"sessions?|shifts?)\b", re.IGNORECASE)


def _count(text: str) -> int:
    return int(text) if text.isdigit() else _COUNT_WORDS[text.lower()]


def _subset_asked(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"the three biggest" of seven values given: a chart of all seven ignores the ask."""
    if reader.pairs:
        return None
    categories = list(dict.fromkeys(p.label for p in reader.points if isinstance(p.label, str)))
    if len(categories) < 2:
        return None
    periods: bool | None = None  # whether every category is a period, read only when a "first"/"last" ask needs it
    for pattern in _SUBSET_ASKS:
        for match in reader.scan.matches(pattern):
            start, end = match.span("n")
            setting = pattern is _SUBSET_ASKS[-1]  # {"limit": 4}: a setting of the chart, never a value
            if (start in used and not setting) or reader._inside_drawn_name(match.start(), match.end()):
                continue  # the number is drawn as a value, or the words are part of a drawn name ("Top 3 box")
            edge = (match.groupdict().get("edge") or "").lower()
            if edge in ("first", "last") and _TIME_UNIT_AFTER.match(reader.intent, end):
                if periods is None:
                    periods = all(is_time_like(c) for c in categories)
                if not periods:
                    continue
            wanted = _count(match.group("n"))
            if wanted >= len(categories):
                continue
            return ("REQUEST_NOT_HONOURED", (
                f"The intent asks for '{match.group(0).strip()}' ({wanted} of the {len(categories)} given), but the "
                f"chart draws all {len(categories)}. I do not pick values for you: send just the {wanted} to draw, "
                f"e.g. '{_example(reader, wanted, match.group(0))}'."))
    return None


def _example(reader: _Reader, wanted: int, asked: str) -> str:
    """The values the ask most likely means, as a rewrite to send (largest first, or smallest for "bottom")."""
    smallest = re.search(r"\b(?:bottom|lowest|smallest|least|worst|cheapest|quietest|lightest|weakest|poorest|"
                         r"shortest|fastest|coldest|youngest)\b", asked, re.IGNORECASE)
    if re.search(r"\b(?:first|last)\b", asked, re.IGNORECASE):
        picked = reader.points[:wanted] if asked.lower().startswith("first") else reader.points[-wanted:]
    else:
        picked = sorted(reader.points, key=lambda p: p.value, reverse=not smallest)[:wanted]
    return ", ".join(f"{p.label} {p.value:g}" for p in picked)


# ---------------------------------------------------------------------------------------------
# 2. A number cut at its thousands separator

# The digit group that continues a number: "1,240", "1.240", "1 240", "1'240", "1 240" (a thin or no-break space).
_GROUP_AFTER = re.compile(r"(?P<sep>[,.'’\u00a0\u202f\u2009 ])(?P<group>\d{3})(?![\d])")
_GROUP_BEFORE = re.compile(r"\d[,.'’\u00a0\u202f\u2009 ]$")
# A label whose last digits come right after a separator of its own ("09:00 – 1", "North: 1", "A\t1"): the
# digits are the head of the value, not part of the name, even when the group after them is spaced.
_SEPARATED_DIGITS = re.compile(r"(?:\s[-–—]\s*|[:=]\s+|\t\s*)\d{1,3}$")
# A label ending with the head of a grouped number ("09:00 – 1"), or opening with its tail group ("240").
_HEAD_DIGITS = re.compile(r"(?<![\d,.])\d{1,3}$")
_TAIL_GROUP = re.compile(r"\d{3}(?!\d)")


def _number_fragments(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"09:00 – 1,240" drawn as '09:00 – 1' with 240: the label holds the head of the number, the value its tail."""
    intent = reader.intent
    for point in reader.points:
        label = point.label
        if not isinstance(label, str):
            continue
        stripped = label.strip()
        for start, end in label_spans.get(label, []):
            written = intent[start:end]
            after = _GROUP_AFTER.match(intent, end)
            cut_after = (after is not None and _HEAD_DIGITS.search(written) is not None
                         and (after.group("sep") != " " or _SEPARATED_DIGITS.search(stripped) is not None)
                         and not _csv_row_with_header(intent, start))
            cut_before = _TAIL_GROUP.match(written) is not None and _GROUP_BEFORE.search(intent[max(0, start - 2):start])
            if cut_after or cut_before:
                whole = _whole_number_at(intent, end if cut_after else start)
                return ("LABEL_NOT_IN_INTENT", (
                    f"The label '{label}' holds part of the number '{whole}': it was cut at its thousands separator. "
                    f"Write each value whole after its label, without a separator, e.g. "
                    f"'{_head_of(stripped) or 'label'}: {re.sub(r'[^0-9]', '', whole)}'."))
    return None


# "1.240": a dot before exactly three digits groups thousands in much of Europe and is a decimal elsewhere.
_DOT_GROUP = re.compile(r"[-−+]?[$€£¥]?(?P<number>[1-9]\d{0,2}\.\d{3})(?![\d.,]\d)")
_DECIMALS = re.compile(r"\d\.(?P<digits>\d+)")


def _dot_groups(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"06:00 — 1.050, 07:00 — 1.420": 1,050 or 1.05? Only another decimal (2.5, 0.75) shows the dot is a decimal."""
    if reader.structured is not None and reader.structured.kind == "JSON":
        return None  # a JSON number's dot is always a decimal
    drawn = [n for n in reader.numbers if n.start in used]
    grouped = [n for n in drawn if _DOT_GROUP.fullmatch(n.text.strip().rstrip("%"))]
    if not grouped:
        return None
    if any(len(m.group("digits")) != 3 for n in drawn for m in _DECIMALS.finditer(n.text)):
        return None  # "2.5, 1.250": the list writes decimals with a dot, so 1.250 is one and a quarter
    text = _DOT_GROUP.fullmatch(grouped[0].text.strip().rstrip("%")).group("number")  # type: ignore[union-attr]
    return ("VALUE_NOT_PLACED", (
        f"'{text}' reads two ways: {text.replace('.', '')} with a dot between thousands, or {float(text):g}. Write "
        f"thousands without a separator ('{text.replace('.', '')}') or decimals as you mean them ('{float(text):g}')."))


def _whole_number_at(intent: str, position: int) -> str:
    """The grouped number written around a position ("1,240" around the comma of "– 1,240")."""
    left = position
    while left > 0 and (intent[left - 1].isdigit() or (intent[left - 1] in ",.'’\u00a0\u202f\u2009" and left > 1
                                                       and intent[left - 2].isdigit())):
        left -= 1
    right = position
    while right < len(intent) and (intent[right].isdigit() or (intent[right] in ",.'’\u00a0\u202f\u2009 "
                                                               and intent[right + 1:right + 4].isdigit())):
        right += 1
    return intent[left:right].strip()


def _head_of(label: str) -> str:
    """The name before the cut digits: "09:00" of "09:00 – 1"."""
    return re.sub(r"(?:\s*[-–—:=\t]\s*)?\d{1,3}$", "", label).strip()


# Words of a request line, never of a CSV header ("calls per hour, line chart please").
_REQUEST_WORDS = frozenset("chart graph plot please pls thanks line bar bars pie show make draw can could".split())


def _csv_row_with_header(intent: str, position: int) -> bool:
    """"name,value" above "Store 1,240": a comma-separated table with a header reads its commas as cells."""
    lines = intent[:intent.find("\n", position) if "\n" in intent[position:] else len(intent)].splitlines()
    cells = lines[-1].count(",") if lines else 0
    if not cells:
        return False
    for line in reversed(lines[:-1]):
        if not line.strip() or (line.count(",") == cells and re.search(r"\d", line)):
            continue  # a blank line, or another row of the table
        heads = line.split(",")  # the header: as many short, digit-free names as the rows have cells, not a request
        return len(heads) == cells + 1 and all(
            h.strip() and len(h.split()) <= 2 and not re.search(r"[\d?!]", h)
            and not {w.lower() for w in h.split()} & _REQUEST_WORDS for h in heads)
    return False


# ---------------------------------------------------------------------------------------------
# 3. Removals and corrections

# Asks to take a drawn thing away. The older list of faithfulness._DROPPING ("exclude", "ignore", "without" …)
# is refused there; these are the words it does not know.
_REMOVAL = re.compile(r"\b(?:remove|removing|delete|deleting|disregard|disregarding|discard|discarding|"
                      r"don['’]t\s+count|do\s+not\s+count|not\s+counting|set\s+aside|throw\s+out|toss\s+out|take\s+out|taking\s+out|get\s+rid\s+of|filter\s+out|"
                      r"strip\s+out|leave\s+off|cross\s+out|not\s+including|forget\s+(?:about\s+)?(?:the\s+)?"
                      r"(?=[^\W\d_]))\b", re.IGNORECASE)
# A value taken back and stated again: which one stands is a reading the check does not make. Words that also
# ask for other things ("the axis should be blue", "sorry for the rush") are a correction only before a number.
_THEN_NUMBER = r"(?=[^.;!?\n]{0,30}?\d)"
_CORRECTION = re.compile(
    r"\b(?:correction|corrected|erratum|errata|scratch\s+that|strike\s+that|my\s+bad|i\s+meant|typo|mis-?typed|"
    r"swapped|switched\s+(?:them|these|those|round|around)|"
    # a unit taken back: "(values are in °C actually)", "these are actually in km", "actually in thousands"
    r"(?:are|is|were)\s+(?:actually|really|in\s+fact)\s+(?:in|measured\s+in)\b|\bin\s+[^\s.;,()]{1,12}\s+actually\b|"
    r"\bactually\s+in\s+(?=[°$€£¥%\w])|mixed\s+(?:up|them\s+up)|the\s+other\s+way\s+(?:round|around)|"
    r"(?:the\s+)?wrong\s+way\s+(?:round|around)|back\s*-?\s*to\s*-?\s*front|mis-?label(?:l)?ed|swap\s+(?:them|these|those|the\s+two)|"
    r"(?:are|were|got)\s+(?:flipped|reversed|inverted|transposed)|"
    r"make\s+(?:that|it)\s+[-+$€£¥]?\d|should\s+(?:have\s+)?(?:be|been|read|say)\s+[-+$€£¥]?\d|"
    rf"(?:(?:was|is|were|are|it['’]s)\s+actually|actually\s+(?:it['’]?s|it\s+was|was|is|were|are|had|has)){_THEN_NUMBER}|"
    rf"(?:no\s+wait|wait\s*[,.!—–…:-]\s*(?:no|nope|sorry|actually|i|that|the|it)\b|wait\s+(?:no|nope|sorry|actually)\b)"
    r"(?=[^;!?\n]{0,60}?\d)|"  # "no wait, make it a bar chart" corrects the mark, which the mark rules read
    rf"(?:sorry|oops|whoops)\b[^.;!?\n]{{0,40}}?\b(?:was|were|is|are|meant|not)\b{_THEN_NUMBER})",
    re.IGNORECASE)
# Words that make a sentence, never a category on their own ("the" of "the 9 was Thursday").
_SENTENCE_WORDS = frozenset("""the an this that these those its is are was were be been and or but of to from so than
which whose wait sorry actually oops hmm um uh""".split())


_SENTENCE_WORD = re.compile(r"[^\W\d_][\w'’]*")
_A_DIGIT = re.compile(r"\d")


def _ends_a_drawn_name(reader: _Reader, start: int, end: int) -> bool:
    """A correction that closes a drawn name ("bananas 7, except bananas were actually 9" drawn as the label
    'except bananas were actually') takes its value with it: the name is the correction, not a name."""
    return any(not reader.folded[end:b].strip() for _, b in reader._drawn_names_around(start, end))


def _removals_and_corrections(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                              used: set[int]) -> Refusal | None:
    """"actually remove Beta", "wait no, the 9 was Thursday": refused, with a hint to restate the final data."""
    for point in reader.points:
        label = point.label if isinstance(point.label, str) else ""
        words = _SENTENCE_WORD.findall(label)
        if words and not _A_DIGIT.search(label) and all(w.casefold() in _SENTENCE_WORDS or w == "it" for w in words):
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' is a word of the sentence, not a name. Write 'name value' items, e.g. "
                "'Mon 7, Tue 5, Wed 11'."))
    for pattern, what in ((_REMOVAL, "to take something out"), (_CORRECTION, "to correct a value")):
        for match in reader.scan.matches(pattern):
            if reader._inside_drawn_name(match.start(), match.end()) \
                    and not (pattern is _CORRECTION and _ends_a_drawn_name(reader, match.start(), match.end())):
                continue
            return ("REQUEST_NOT_HONOURED", (
                f"The intent asks {what} ('{match.group(0).strip()}'), and I do not decide which values stand. "
                "Restate the final numbers only, e.g. 'Mon 7, Tue 5, Wed 11, Thu 9'."))
    return None


# ---------------------------------------------------------------------------------------------
# 4. A remainder named without a number

# "whatever's left", "what's left over", "the difference", "the balance", "the rest", "the remainder"
_LEFTOVER = re.compile(r"\b(?:whatever(?:['’]s|\s+is|\s+remains)?\s+left(?:\s+over)?|what(?:['’]s|\s+is)\s+left"
                       r"(?:\s+over)?|left\s*-?\s*over|leftovers?|the\s+difference|the\s+balance|(?:all\s+)?the\s+rest|"
                       r"the\s+remainder|everything\s+else|all\s+else|(?:all\s+)?the\s+remaining)\b", re.IGNORECASE)
# The part a remainder belongs to, written before it: "tablet is …", "other makes up …", "Misc gets …", "iOS: …".
_PART_BEFORE = re.compile(r"(?P<name>[^\W\d_][\w'’-]*)\s*(?:(?:is|are|was|were|=|:|-|–|—|gets?|got|takes?|took|"
                          r"makes?\s+up|made\s+up|accounts?\s+for|covers?|fills?(?:\s+in)?|has|had|being|being\s+all)"
                          r"\s*)+(?:all\s+of\s+|up\s+)?$", re.IGNORECASE)
_NOT_PARTS = frozenset("it that this which what everything and or the of to chart graph please is are".split())


def _named_remainder(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"tablet is whatever's left": the chart must draw 'tablet', which has no number to draw."""
    for match in reader.scan.matches(_LEFTOVER):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        before = _PART_BEFORE.search(reader.intent[max(0, match.start() - 40):match.start()])
        name = before.group("name") if before else None
        if name and name.casefold() not in _NOT_PARTS and name.casefold() not in reader.drawn.hyphenated_words:
            return ("VALUE_MISSING", (
                f"The intent says '{name}' is '{match.group(0).strip()}', without a number, so the chart would leave it "
                f"out. Give it its number, e.g. '{name} 5%', or leave it out."))
        if not re.search(r"left", match.group(0), re.IGNORECASE) or match.start() < getattr(reader, "_data_start", 0):
            continue  # "the rest" alone: fail_closed._remainder reads it; "what's left of the budget:" heads the data
        if name is None or name.casefold() in _NOT_PARTS:
            return ("VALUE_MISSING", (
                f"The intent names a part without a number ('{match.group(0).strip()}'), which the chart cannot draw. "
                "Give it its number, e.g. 'tablet 5%', or leave it out."))
    return None


# ---------------------------------------------------------------------------------------------
# 5. A field named in a JSON ask

# JSON keys whose string says what to draw: {"chart": "bar of errors per service"}, {"title": "…"}.
_ASK_IN_JSON = re.compile(r"[\"'](?:chart|ask|request|description|desc|prompt|query|instructions?|plot|show|task|goal|"
                          r"caption|what|want|metric|measure|field|y|value|values_field|series)[\"']\s*:\s*"
                          r"[\"'](?P<text>[^\"'\n]{1,200})[\"']", re.IGNORECASE)


def _json_field_asked(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """{"requests": […], "errors": […], "chart": "bar of errors per service"}: 'requests' was not asked."""
    asks = " ".join(m.group("text") for m in reader.scan.matches(_ASK_IN_JSON))
    return series_not_named(reader, asks) if asks else None


# "just estimate something reasonable for March", "make up a number for Q3", "fill in the gap": an ask to
# invent a value. Forma draws only stated values (illustrative data is its own option), so the chart
# without it would ignore the ask and the chart with it would be invented.
_INVENT_ASK = re.compile(
    r"\b(?:estimate|guess|make\s+up|invent|fill\s+in|interpolate|extrapolate|approximate|ballpark|eyeball)\s+"
    r"(?:(?:something|a\s+(?:value|number|figure)|one|it|them|the\s+(?:gap|missing|rest|value|number|figure)s?|"
    r"what(?:ever)?|values?|numbers?|figures?)\b|for\s+(?:it|them|the\b))", re.IGNORECASE)


def _invented_value_asked(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    found = _INVENT_ASK.search(reader.intent)
    if found is None:
        return None
    return ("REQUEST_NOT_HONOURED", (
        f"The intent asks for a value to be made up ('{found.group(0)}'); Forma draws only the values you state. Give it "
        "in digits, e.g. 'Mar 16k', or leave it out of the request (or ask for illustrative data with "
        "allow_generated_data)."))


def check_asks(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    for rule in (_invented_value_asked, _number_fragments, _dot_groups, _removals_and_corrections, _named_remainder,
                 _json_field_asked, _subset_asked):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    return None
