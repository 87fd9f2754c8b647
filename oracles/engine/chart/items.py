"""One series written as items, one value per item, the way agents and people list values:

    "customers by age band: 18–24: 340, 25–34: 1,120, 55+: 230"   (numbers inside labels)
    "5 stars: 1,204, 4 stars: 312"  ·  "3) Oslo — 0.7M"  ·  "Sales +6, Support -3"
    "reached 1,240 subscribers in week 1, 1,310 in week 2"          (value before label)
    "Season 1 peaked at 48k concurrent players, season 2 at 71k"     (linking words)
    "janvier 1,72 ; février 1,69"                                     (decimal commas, ';' items)

An item's value is its last number (label first) or its first number followed by "in/on/at
<label>" (value first, for the whole list). Everything else in the item is its label, numbers
included. The contract is the cascade's: None when the intent is not such a list (another
reader may take it), a ReadData when it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..contracts import EngineRefusal
from .axis_asks import series_named_together
from .calendar import calendar_with_count, is_time_like
from .numbers import ValueToken, blank_list_numbers, find_value_tokens
from .reading_model import ReadData, SeriesData

# Items end at a comma that is not a thousands separator, a semicolon, a middle dot, a newline, " and ", or a
# sentence end. In a list whose numbers use decimal commas ("1,72 ; 1,69"), only ';' and newlines.
# "rose from 8,300 in 2022 to 11,900 in 2023": "to" before a value and its "in <label>" starts an item
_TO_NEXT_VALUE = r"\s+to\s+(?=[-+−]?[$€£¥]?\d[\d,.]*\s?[kKMB%]?\s+(?:in|on|at|during|for|by)\s)"
ITEM_SPLIT_RE = re.compile(_TO_NEXT_VALUE + r"|,(?!\d{3}(?!\d))|;|\n|\s[|·•]\s|\s+(?:and|vs\.?|versus)\s+|[.!?](?:\s+|$)", re.IGNORECASE)
DECIMAL_COMMA_ITEM_SPLIT_RE = re.compile(r";|\n|\s[|·•]\s|\s+(?:and|vs\.?|versus)\s+|[.!?](?:\s+|$)", re.IGNORECASE)
DECIMAL_COMMA_RE = re.compile(r"(?<![\d,])\d+,\d{1,2}(?![\d,])")
DECIMAL_BEFORE_LIST_COMMA_RE = re.compile(r"(?<![\d,.])\d+,\d{1,2}(?!\d|,\d)")
COMMA_SPACE_ITEM_SPLIT_RE = re.compile(r",\s+|;|\n|\s[|·•]\s|\s+(?:and|vs\.?|versus)\s+|[.!?](?:\s+|$)", re.IGNORECASE)
# The subject before the first label: "customers by age band: ", "… release — ", "per office? "
PREAMBLE_END_RE = re.compile(r":\s+|\s[-–—]\s|[.?!]\s+")
NOTE_AFTER_VALUE_RE = re.compile(r"(\d[%kKMB]?)\s*\((?:up|down|\+|-|−|vs\.?|was|from|prev|change)[^()\n]{0,40}\)", re.IGNORECASE)
LIST_NUMBERING_RE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+")
LINK_WORDS = {"at", "hit", "hits", "reached", "reaches", "peaked", "was", "were", "is", "are", "of", "with",
              "had", "has", "scored", "saw", "got", "totalled", "totaled", "came", "to", "stood", "ended", "closed",
              "did", "made", "sold", "earned", "posted", "recorded", "logged"}
VALUE_FIRST_PREPOSITIONS = ("in", "on", "at", "during", "for", "by", "from", "of", "via", "through")
# Words that may open a later item of a value-first list: "…, then $6.0M in 2024", "and 49 in May".
ITEM_OPENERS = {"then", "and", "while", "but", "with", "plus", "finally", "after", "that", "only", "just", "another",
                "about", "around", "nearly", "almost", "over", "some"}
# A verb before a later item's value saying the level it came to: "…, reached 58 in March", "fell to 95 in week 2",
# "peaked at 80". A verb of change alone ("rose 5 in March") may give the change, not the level, so it opens no
# item; nor does "rose 12% to 340 in Q2", two values in one item. (Only words the check also reads as connectors.)
LEVEL_VERBS = {"reached", "hit", "hits", "was", "were", "is"}
CHANGE_VERBS = {"rose", "fell", "dropped", "climbed", "grew", "peaked", "stood", "ended", "closed"}


def _opens_a_later_item(opener: str) -> bool:
    words = [w.lower() for w in opener.split()]
    while words and words[0] in ITEM_OPENERS:
        words.pop(0)
    if not words:
        return True
    if not all(w in LEVEL_VERBS or w in CHANGE_VERBS or w in ("to", "at") for w in words):
        return False
    return words[-1] in ("to", "at") or all(w in LEVEL_VERBS for w in words)


LABEL_EDGES = " \t\"'“”‘’*:=–—-(→⟶>~≈"
MAX_LABEL_WORDS = 6
MAX_TRAILING_WORDS = 3
INNER_NUMBER_RE = re.compile(r"[^\W\d_]\s+[-+]?\d[\d,.]*\s+[^\W\d_]")  # "34 percent", "48k concurrent players": a unit after the value


def read_items(text: str, data_start: int = 0) -> ReadData | None:
    """One series of items (see the module docstring), or None when the text is not one."""
    # "1. Oslo 0.7M" / "3) Oslo — 0.7M": list numbering is blanked (same length, so positions hold)
    text = blank_list_numbers(text)
    # "organic 1,240 (up 12%)": a note in brackets after a value is about it, not another value
    text = NOTE_AFTER_VALUE_RE.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), text)
    decimal_commas = bool(DECIMAL_COMMA_RE.search(text)) and (";" in text or _only_decimal_commas(text))
    splitter = DECIMAL_COMMA_ITEM_SPLIT_RE if decimal_commas else ITEM_SPLIT_RE
    if not decimal_commas and _decimal_commas_between_spaced_commas(text):
        decimal_commas, splitter = True, COMMA_SPACE_ITEM_SPLIT_RE
    tokens_of = _TokensOf(decimal_commas)  # each item is tried by several layouts: read once
    items: list[tuple[int, str]] = []
    position = 0
    for match in [*splitter.finditer(text), None]:
        end = match.start() if match else len(text)
        if match and match.group(0).strip().lower() == "and" and not tokens_of[text[position:end]] \
                and re.search(r"[^\W\d_]\s*$", text[position:end]):
            continue  # "Home and Garden 320": "and" inside a name, before any value of the item
        if text[position:end].strip():
            items.append((position, text[position:end]))
        position = match.end() if match else len(text)
    items = [(start, item) for start, item in items if tokens_of[item]]
    headed = [i for i, (_, item) in enumerate(items) if PREAMBLE_END_RE.search(item[:tokens_of[item][-1].start])]
    if len(headed) == 1 and headed[0] > 0:
        items = items[headed[0]:]  # "Where the 2.4M budget goes, as a donut: payroll 1.5M": the subject ends at ':'
    if len(items) < 2:
        return None
    read = (_arrow_pairs(items, tokens_of) or _value_first(items, tokens_of) or _label_first(items, tokens_of)
            or _counted_nouns(items, tokens_of))
    if read is None:
        return None
    labels = [str(label).casefold() for label, _ in read.series[0].points]
    if len(set(labels)) != len(labels):
        return None  # a label twice: the list reader explains that
    return read


@lru_cache(maxsize=4096)  # each item is tried by several layouts (pairs, value first, label first)
def _decimal_commas_between_spaced_commas(text: str) -> bool:
    """"maths 12,5, histoire 14,25, anglais 11,75": items split by ", " and every comma between two
    digits unspaced with one or two digits after it (never a thousands group, never a list break)."""
    decimals = DECIMAL_BEFORE_LIST_COMMA_RE.findall(text)
    return len(decimals) >= 2 and len(decimals) == len(re.findall(r"\d,\d", text)) and ", " in text \
        and not re.search(r"\(\s*\d+,\d+\s*\)", text)


def _only_decimal_commas(text: str) -> bool:
    """"Paris 12,3\nLyon 13,1" or "A: 3,2 | B: 4,7": items split by lines, pipes or dots, and every comma
    between digits with one or two digits after it: no comma splits the list or groups thousands."""
    return bool(re.search(r"\n|\s[|·•]\s", text)) and text.count(",") == len(DECIMAL_COMMA_RE.findall(text))


ADJECTIVE_YEAR_RE = re.compile(r"\b(?:the|our|this|that|its|their|your|a)\s+$", re.IGNORECASE)


class _TokensOf(dict[str, list[ValueToken]]):
    """An item's value tokens (`_tokens`), read once per `read_items` call and shared by its layouts."""

    def __init__(self, decimal_commas: bool) -> None:
        super().__init__()
        self.decimal_commas = decimal_commas

    def __missing__(self, item: str) -> list[ValueToken]:
        tokens = self[item] = _tokens(item, self.decimal_commas)
        return tokens


def _tokens(item: str, decimal_commas: bool) -> list[ValueToken]:
    if decimal_commas:
        item = DECIMAL_COMMA_RE.sub(lambda m: m.group(0).replace(",", "."), item)
    # "the 2025 cloud bill": a year between an article and a noun describes the noun, it is no value
    return [t for t in find_value_tokens(item) if not (
        t.plain_integer and 1900 <= t.value <= 2100 and ADJECTIVE_YEAR_RE.search(item[max(0, t.start - 8):t.start])
        and re.match(r"\s+[^\W\d_]", item[t.end:t.end + 3]))]


def _label_first(items: list[tuple[int, str]], tokens_of: _TokensOf) -> ReadData | None:
    points = []
    units = set()
    first_label_at = 0
    headed = False
    trailers: set[str] = set()
    for index, (start, item) in enumerate(items):
        tokens = tokens_of[item]
        value = tokens[-1]
        trailing = item[value.end:].strip(" .!?)")
        if len(trailing.split()) > MAX_TRAILING_WORDS or re.search(r"\d|→|->|=>", trailing):
            return None
        if trailing:
            trailers.add(trailing.casefold())
        arrow = re.search(r"(?:→|->|=>|⟶)\s*$", item[:value.start])
        if arrow and re.search(r"\d", item[:arrow.start()]):
            return None  # "28 psi → 41.2 m": an x/y pair, not a label ("north → 120" is a label and its value)
        label_text = item[:value.start]
        if re.search(r"\d\s*[a-zA-Z°%]{0,4}\s*/\s*$", label_text):
            return None  # "160cm/55kg": two numbers in one slot (a pair or two series), not a label and its value
        if index == 0:
            pieces = PREAMBLE_END_RE.split(label_text.rstrip(LABEL_EDGES))
            label_text = pieces[-1]
            headed = len(pieces) > 1
            first_label_at = start + item.rfind(label_text, 0, value.start) if label_text.strip() else start
        label = _clean(label_text)
        if not label or len(label.split()) > MAX_LABEL_WORDS or INNER_NUMBER_RE.search(label):
            return None  # "Team A high 3 low 5": a number between words is another value
        if calendar_with_count(label):
            return None  # "Jan 100 95": no day of a month is 100, so 100 is another value
        points.append((label, value.value))
        if value.unit:
            units.add(value.unit)
    if len({len(lbl.split()) for lbl, _ in points[1:]} | {0}) > 3:
        return None
    # "1 hour" beside "8 hours": one unit, said in the singular once
    singular = {t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in trailers}
    if len(singular) > 1 and all(len(t.split()) == 1 for t in trailers):
        raise EngineRefusal(
            "UNITS_MIXED",
            f"The values are followed by different units ({', '.join(sorted(trailers))}), which one axis cannot show. "
            "Convert them to one unit, e.g. 'car 120 km/h, bike 40 km/h'.",
        )
    endings = {lbl.split()[-1] for lbl, _ in points}
    if len(endings) == 1 and all(len(lbl.split()) > 1 for lbl, _ in points) and next(iter(endings)).endswith("ed") \
            and next(iter(endings)).islower() and not all(_grades(lbl) for lbl, _ in points):
        # "Alice resolved 27, Bob resolved 19": the verb frames every item ("very satisfied 41%" is a name)
        points = [(lbl.rsplit(" ", 1)[0], value) for lbl, value in points]
    if len({lbl.split()[-1] for lbl, _ in points}) == 1 and all(
            len(lbl.split()) == 2 and is_time_like(lbl.split()[0]) for lbl, _ in points) and points[0][0].split()[-1].islower():
        points = [(lbl.split()[0], value) for lbl, value in points]  # "Q1 sales 100, Q2 sales 120": the measure is no label
    longest_other = max(len(lbl.split()) for lbl, _ in points[1:])
    if len(points[0][0].split()) > longest_other:
        # "queue depth for mq-01 41, mq-02 77": the subject ends at its last preposition before the first label
        cut = re.split(r"\s(?:for|of|per|by|in|across|from|at|on)\s", str(points[0][0]), flags=re.IGNORECASE)
        others = [str(lbl) for lbl, _ in points[1:]]
        alike = all(o[:2].casefold() == cut[-1][:2].casefold() for o in others) or all(
            is_time_like(x) for x in [cut[-1], *others])  # "mq-01" like "mq-02"; never "the rings" of a title
        if len(cut) > 1 and len(cut[-1].split()) <= longest_other and alike:
            points[0] = (cut[-1], points[0][1])
        elif not headed:
            return None  # "Plot monthly revenue Jan": the first label still carries the subject
    return ReadData([SeriesData(None, points)], unit=units.pop() if len(units) == 1 else None, source="items",
                    data_start=first_label_at)


VALUE_FIRST_RE = re.compile(rf"^(?P<between>(?:\s*[^\W\d_][\w%°'-]*){{0,3}}?)\s+(?P<prep>{'|'.join(VALUE_FIRST_PREPOSITIONS)})\s+(?P<label>.+)$",
                            re.IGNORECASE)


PERCENT_FIRST_RE = re.compile(r"\s*(?:%|percent\b|per\s+cent\b|pct\b)\s+(?P<label>[^\W\d_].*)$", re.IGNORECASE)


def _value_first(items: list[tuple[int, str]], tokens_of: _TokensOf) -> ReadData | None:
    percent_first = False
    points = []
    units = set()
    first_at = 0
    linking: list[str] = []
    for index, (start, item) in enumerate(items):
        tokens = tokens_of[item]
        if index == 0:  # "In 2024 we sold 320 bicycles in spring": a year the subject names is no value
            tokens = [t for t in tokens if not (t.plain_integer and 1900 <= t.value <= 2100 and re.search(
                r"\b(?:in|since|during|for|of)\s+$", item[max(0, t.start - 8):t.start], re.IGNORECASE))] or tokens
        value = tokens[0]
        opener = item[:value.start].strip(" :-–—")
        if index > 0 and opener and not _opens_a_later_item(opener):
            return None
        # 'reached 1.9M in Q3."': the sentence's end inside a closing quote is no part of the label
        match = VALUE_FIRST_RE.match(item[value.end:].rstrip(" .!?\"'”’").rstrip(" .!?"))
        if match is None and value.unit in (None, "%"):  # "60 % equities, 30 % bonds": a share, then what it is of
            match = PERCENT_FIRST_RE.match(item[value.end:].rstrip(" .!?")) if value.unit is None else \
                re.match(r"\s+(?P<label>[^\W\d_].*)$", item[value.end:].rstrip(" .!?"))
            if match is not None and (index == 0 or percent_first):
                percent_first = True
                units.add("%")
            else:
                match = None
        if match is None:
            return None
        # "70 in May — line chart please": a spaced dash ends the statement; what follows asks for the chart
        label = _clean(re.split(r"\s[-–—]\s", match.group("label"))[0])
        label = re.sub(rf"^(?:{'|'.join(VALUE_FIRST_PREPOSITIONS)})\s+", "", label, flags=re.IGNORECASE)  # "came in via email"
        if not label or len(label.split()) > MAX_LABEL_WORDS or any(t.start > value.end for t in tokens
                                                                    if t.start < value.end + match.start("label")):
            return None
        points.append((label, value.value))
        linking.append((match.groupdict().get("prep") or "").lower())  # none after a share: "60 % equities"
        if value.unit:
            units.add(value.unit)
        if index == 0:
            first_at = start + value.start
    points[0] = (_relinked(str(points[0][0]), linking), points[0][1])
    return ReadData([SeriesData(None, points)], unit=units.pop() if len(units) == 1 else None, source="items",
                    data_start=first_at)


def _relinked(first_label: str, linking: list[str]) -> str:
    """"45% of users on Chrome, 30% on Safari": the later items all link value and label with one
    word ("on"), so the first item's label starts after that same word, not after an earlier one."""
    later = set(linking[1:])
    if len(later) != 1 or linking[0] in later:
        return first_label
    word = later.pop()
    parts = re.split(rf"\s+{word}\s+", first_label, flags=re.IGNORECASE)
    return parts[-1] if len(parts) > 1 and parts[-1].strip() else first_label


# "We sold 120 lattes, 85 cappuccinos and 34 mochas at the pop-up": each value counts the thing named right after
# it. The name ends at a word that starts the sentence's setting or its talk; only the last item may have one.
COUNTED_NAME_RE = re.compile(r"\s+(?:of\s+)?(?P<label>[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,4})(?P<rest>.*)$", re.DOTALL)
# (only these may open what follows the last name: "7 closed for cleaning" is a name, not "closed" at a setting)
COUNTED_SETTING_WORDS = {"at", "in", "on", "from", "during", "sold", "this", "last", "yesterday", "today"}
COUNTED_NAME_ENDS = {*VALUE_FIRST_PREPOSITIONS, "sold", "bought", "left", "made", "were", "was", "are", "is", "this",
                     "last", "yesterday", "today", "total", "each", "per", "so", "lol", "haha", "pls", "please",
                     "thanks", "can", "could", "would", "chart", "bar", "pie"}
# "8 hours sleeping, 9 working": a unit after the value is not the name of what is counted
COUNTED_UNIT_WORDS = {"hours", "hour", "hrs", "h", "minutes", "minute", "mins", "min", "seconds", "secs", "s", "days",
                      "day", "weeks", "week", "months", "month", "years", "year", "kg", "kilos", "kilograms", "g",
                      "grams", "lbs", "pounds", "km", "miles", "m", "cm", "mm", "percent", "pct", "times", "points",
                      "pts", "units", "liters", "litres", "l", "ml", "tons", "tonnes", "dollars", "euros", "usd"}
COUNTED_OPENERS = {"and", "plus", "only", "just", "about", "around", "nearly", "almost", "then", "with",
                   "but", "maybe", "roughly", "some"}


def _counted_nouns(items: list[tuple[int, str]], tokens_of: _TokensOf) -> ReadData | None:
    """"120 lattes, 85 cappuccinos and 34 mochas": a bare count before the name of what it counts, in every item."""
    points = []
    for index, (_, item) in enumerate(items):
        tokens = tokens_of[item]
        value = tokens[0]
        opener = item[:value.start].strip(" :-–—").lower().split()
        if value.unit is not None or (index > 0 and not set(opener) <= COUNTED_OPENERS):
            return None
        match = COUNTED_NAME_RE.match(item[value.end:])
        if match is None:
            return None
        words = match.group("label").split()
        cut = next((i for i, w in enumerate(words) if w.lower() in COUNTED_NAME_ENDS), len(words))
        if words and words[0].lower() in ("the", "a", "an"):
            words, cut = words[1:], cut - 1  # "120 of the small mugs"
        if cut <= 0 or words[cut - 1].lower() in ("one", "ones", "others", "other"):
            return None  # "85 of the large ones": it points back at a name, it names none
        label, rest = " ".join(words[:cut]), " ".join(words[cut:]) + match.group("rest")
        rest = rest.strip(" .!?")
        last = index == len(items) - 1
        if not label or words[0].lower() in COUNTED_UNIT_WORDS or any(t.start > value.end for t in tokens):
            return None
        ends_at_setting = cut < len(words) and words[cut].lower() in COUNTED_SETTING_WORDS
        if rest and not (last and (ends_at_setting or (cut == len(words) and re.match(r"\s[-–—]\s", match.group("rest"))))):
            return None  # a name that runs on: another reader, or a refusal, not a guess at where it ends
        points.append((label, value.value))
    if len(points) < 2 or len({lbl.split()[0].casefold() for lbl, _ in points}) == 1:
        return None  # "5 hours reading, 3 hours gaming": the shared first word is a unit, not a name
    if len(points[0][0].split()) > max(len(lbl.split()) for lbl, _ in points[1:]):
        return None  # "17 bugs frontend, 29 backend": the first name may open with what is counted
    return ReadData([SeriesData(None, points)], unit=None, source="items", data_start=items[0][0] + tokens_of[items[0][1]][0].start)


ARROW_RE = re.compile(r"\s*(?:→|->|=>|⟶)\s*")


def _arrow_pairs(items: list[tuple[int, str]], tokens_of: _TokensOf) -> ReadData | None:
    """"3.5 kW → 61 °C, 5 kW → 58 °C": x/y pairs, one per item (the subject may precede the first)."""
    points = []
    for index, (_, item) in enumerate(items):
        tokens = tokens_of[item]
        if len(tokens) < 2 or not ARROW_RE.search(item[tokens[-2].end:tokens[-1].start]):
            return None
        x, y = tokens[-2], tokens[-1]
        if re.search(r"\d", item[x.end:y.start]) or (index > 0 and item[:x.start].strip(" :-–—")):
            return None
        points.append((x.value, y.value))
    first = items[0]
    start = first[0] + tokens_of[first[1]][-2].start
    return ReadData([SeriesData(None, points)], pairs=True, source="pairs", data_start=start)  # type: ignore[arg-type]


SCALE_WORDS = {"very", "somewhat", "not", "quite", "fairly", "rather", "extremely", "highly", "slightly", "completely",
               "mostly", "partly", "moderately", "totally", "neither", "strongly", "mildly", "barely"}


def _grades(label: str) -> bool:
    """"very satisfied", "not satisfied": the words before the last grade it (a scale), they name no one."""
    return all(w.lower() in SCALE_WORDS or (w.islower() and w.endswith("ly")) for w in label.split()[:-1])


def _without_unopened_closers(text: str) -> str:
    """'Singapore")' of `chart(spec="… 55 in Singapore")`: a closing bracket (and the quotes beside it) at the end of
    a label that opens none closes the call around the list, not part of the name ("Ward 5 (isolation)" keeps it)."""
    while text and text[-1] in ")]}" and text.count(text[-1]) > text.count({")": "(", "]": "[", "}": "{"}[text[-1]]):
        text = text[:-1].rstrip(LABEL_EDGES + " ")
    return text


def _clean(text: str) -> str:
    compared = re.match(r"\s*([<>≤≥⩽⩾]=?)\s?(?=\d)", text)  # ">4 h: 3", "≥65: 120": the sign is part of the name
    cleaned = _cleaned(text)
    return compared.group(1) + cleaned if compared and cleaned[:1].isdigit() else cleaned


def _cleaned(text: str) -> str:
    text = LIST_NUMBERING_RE.sub("", text)
    text = re.sub(r"^\s*[%‰]\s+", "", text)  # "60 % equities": the percent sign belongs to the value
    text = re.sub(r"\s+", " ", text).strip(LABEL_EDGES + " ")
    text = _without_unopened_closers(text)
    words = text.split()
    while len(words) > 1 and words[-1].lower() in LINK_WORDS:
        words.pop()  # "Season 1 peaked at" → "Season 1"
    return " ".join(words).strip(LABEL_EDGES)


GROUP_SPLIT_RE = re.compile(r";|\n|\.\s+")
# "Q1: online 30 / store 20, Q2: online 35 / store 18": groups split at a comma before the next "heading:"
HEADED_GROUP_SPLIT_RE = re.compile(r";|\n|\.\s+|,\s*(?=[^,:;\d\s][^,:;]{0,14}\s*:\s)")
# items of a group: "online 30, store 20", "online 30 / store 20", "high 12 low 30" (a name after a value starts the next)
GROUP_ITEM_SPLIT_RE = re.compile(r",(?!\d{3}(?!\d))|\s+and\s+|\s*\+\s*(?=[^\W\d_])|\s*[/|]\s*(?=[^\W\d_])|(?<=[\d%])\s+(?=[^\W\d_])")
# "Jan hot 12 warm 30, Feb hot 14 warm 33": groups split by commas (each must still open with a time)
COMMA_GROUP_SPLIT_RE = re.compile(r";|\n|\.\s+|,(?!\d{3}(?!\d))\s*")
# (a name heading, "activation:", "North warehouse:", "db-01:", counts only before a colon or a spaced dash: _is_heading)
HEADING = (r"(?:[A-Za-z]{1,9}\.?\s?)?'?\d{1,4}|\d{1,3}\s?[-–]\s?\d{1,3}\+?|[A-Za-z]{3,9}\.?"
           r"|[A-Za-z][\w.&'’-]{1,24}(?:\s[A-Za-z][\w.&'’-]{0,15}){0,2}")
HEADED_RE = re.compile(rf"(?<![\w'])({HEADING})(?:\s*:\s*|\s+[-–—]\s+|\s+)(?=[^\W\d_])(.+)$")


def read_grouped(text: str) -> ReadData | None:
    """Groups headed by a point in time, each holding the same named values:
    "2021 home 34, away 22; 2022 home 41, away 27", "Q1 agree 60, neutral 25; Q2 agree 42, …" or
    "Q1: online 30 / store 20, Q2: online 35 / store 18". The heading is the category and the
    repeated names are the series (time always runs along the axis). Headings that are no times
    ("North: A 30, B 20", "18-24: male 120, female 135") are read the same way when the request names
    the repeated names together ("male vs female"). None otherwise, or when the groups do not repeat
    the same names."""
    for splitter in (GROUP_SPLIT_RE, HEADED_GROUP_SPLIT_RE, COMMA_GROUP_SPLIT_RE):
        read = _read_groups(text, [g for g in splitter.split(text) if re.search(r"\d", g)])
        if read is not None:
            return read
    return None


def _heading(group: str, first: bool) -> re.Match[str] | None:
    """The heading of a group: at its start, or (in the first group) the first one with no value
    before it, after the subject ("stacked bars of sales — Q1: online 30"). A heading that is no time
    must end with a colon ("North: A 30, B 20")."""
    if not first:
        match = HEADED_RE.match(LIST_NUMBERING_RE.sub("", group.strip()))  # "- enrich: before 615, …": a bullet opens it
        return match if match and _is_heading(match) else None
    found = None  # the last heading before the first value: "stacked bar: … per sprint — Sprint 1: done 18"
    for candidate in re.finditer(rf"(?<![\w'])(?:{HEADING})(?![\w])", group):
        match = HEADED_RE.match(group, candidate.start())
        if match and _is_heading(match):
            if find_value_tokens(group[:candidate.start()]):
                break
            found = match
    return found


def _is_heading(match: re.Match[str]) -> bool:
    after = match.group(0)[len(match.group(1)):]
    return is_time_like(match.group(1).strip()) or after.lstrip().startswith(":") or bool(re.match(r"\s+[-–—]\s", after))


def _read_groups(text: str, groups: list[str]) -> ReadData | None:
    if len(groups) < 2:
        return None
    groups = [g for g in groups if find_value_tokens(g)]
    if len(groups) < 2:
        return None
    series: dict[str, SeriesData] = {}
    headings: list[str] = []
    data_start = -1
    for index, group in enumerate(groups):
        heading_match = _heading(group, index == 0)
        if heading_match is None:
            return None
        if index == 0:
            data_start = text.find(group) + heading_match.start(1)
        headings.append(heading_match.group(1).strip())
        items = [i for i in GROUP_ITEM_SPLIT_RE.split(heading_match.group(2)) if i.strip()]
        names_seen = []
        for item in items:
            tokens = find_value_tokens(item)
            if len(tokens) != 1 or item[tokens[0].end:].strip(" .)"):
                return None
            name = _clean(item[:tokens[0].start])
            if not name or is_time_like(name) or len(name.split()) > 3:
                return None
            series.setdefault(name.casefold(), SeriesData(name)).points.append((headings[-1], tokens[0].value))
            names_seen.append(name.casefold())
        if len(set(names_seen)) != len(names_seen):
            return None
    if len(set(h.casefold() for h in headings)) != len(headings) or len(series) < 2:
        return None
    if any(len(s.points) != len(headings) for s in series.values()):
        return None
    if not all(is_time_like(h) for h in headings) and not series_named_together(
            text, [s.name for s in series.values() if s.name]):
        # "North: A 30, B 20. South: …": the headings run along x only when the request names the
        # repeated names as the things compared ("product A and product B per region")
        return None
    return ReadData(list(series.values()), source="items", data_start=max(data_start, 0))


SENTENCE_GROUP_SPLIT_RE = re.compile(r";|\n|\.\s+")


def read_value_first_series(text: str) -> ReadData | None:
    """One series per sentence, each value before its label: "Revenue was 120 in Q1 and 135 in Q2;
    cost was 90 in Q1 and 100 in Q2". The words before a sentence's first value name its series."""
    groups = [(m.start(), m.group(0)) for m in re.finditer(r"[^;\n.]+(?:\.\d[^;\n.]*)*", text)]
    groups = [(start, g) for start, g in groups if find_value_tokens(g)]
    if len(groups) < 2:
        return None
    series: list[SeriesData] = []
    data_start = -1
    for start, group in groups:
        first = find_value_tokens(group)[0]
        name = _clean(PREAMBLE_END_RE.split(group[:first.start])[-1])
        if not name or len(name.split()) > 3:
            return None
        items = []
        position = first.start
        for match in [*ITEM_SPLIT_RE.finditer(group, first.start), None]:
            end = match.start() if match else len(group)
            if group[position:end].strip():
                items.append((start + position, group[position:end]))
            position = match.end() if match else len(group)
        read = _value_first(items, _TokensOf(decimal_commas=False))
        if read is None:
            return None
        series.append(SeriesData(name, read.series[0].points))
        if data_start < 0:
            data_start = start + group.find(name)
    if len({s.name.casefold() for s in series if s.name}) != len(series):
        return None
    return ReadData(series, source="items", data_start=max(data_start, 0))

