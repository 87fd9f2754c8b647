"""Fail-closed rules of the chart check for phrasings a fresh corpus found drawn wrong, beside fail_closed.py.

Each rule reads the intent and the drawn chart on its own (never the drafter's facts) and refuses:

- Measured x drawn as names: a scatter (asked or drawn), or an "x vs y" request, whose labels are all
  numbers with a unit ("152 cm", "3.5 kW") was drawn with its x values as categories; they are numbers.
- A trailing adverbial in a label: "12 from Twitter last month" drawn as 'Twitter last month'. A time or
  qualifier phrase (last month, this year, in total, so far, yesterday …) says when or how for the whole
  statement; it is not part of the name (unless each label carries its own and they tell them apart).
- A title with no content: "We had" cut from the start of a sentence names nothing.
- Named items left out: "sales for North, South, East and West" with values for North and South only
  (whatever the intent says about the others) leaves out categories the request names.
- Compared items on the wrong axis: "comparing 2022 and 2023 … by region" names what is compared (the
  series); drawing them as the categories, with the regions as series, transposes the chart. Bars asked
  "by month" want the periods along x; "of 2022 and 2023 sales by region" wants the regions along x.
- A spec key in a label or title: "data=apple", "values: apple", "type=bar; x=fruit": the key of a
  key=value spec is not part of the name.
- A verb glued to a name: "Maya read 14, Leo 9, and little Sam managed 5" drawn as 'Maya read' and 'little
  Sam managed', "Alice ran 5, Bob ran 7" as 'Alice ran'. The verb says what the person did, not who: refused
  when only some labels end with an action verb, or when every label ends with the same one after different
  names ("Units sold 30, Units returned 4" and "Books read 12, Films watched 3" stay names).
- The subject glued to the first label: "temperatures at 6am 12°, noon 21°, 6pm 17°" drawn as 'temperatures at
  6am'; "sales in Berlin 10, Paris 8" as 'sales in Berlin'. The words before "at"/"in"/"on"/"during" say what is
  measured; the name is the rest, like the other labels.
- A word of the sentence kept in a label: "Wednesday also 23, Thursday it go down to 19" drawn as 'Wednesday
  also' and 'Thursday it go down'. A pronoun or an adverb about the statement ("also", "too", "still", "it",
  "they") after a label's first word is not part of the name when other labels lack it.
- A preposition kept before a period: "In 2021: coal 120, …" drawn with the label 'In 2021'. The period is
  the name; "in" belongs to the sentence ("In progress 7", "On hold 5" stay names: no period follows).
- A title cut before its end: "Time in queue 5, Handling 3" drawn with the title 'Time in' and the label 'queue';
  a drawn title ending in a word that needs a next one ("in", "of", "and", "the") is a cut, not a name.
- A compound quantity split: "1h 5m", "2h30", "3 min 20 s", "5 ft 10 in", "1:05" are one quantity;
  a drawn value or label holding one of its parts splits it ("Car 1h" = 5).

Each rule returns (code, message) of the refusal with a rewrite suggestion; the codes are the chart
section of `ground/reasons.py`.
"""

from __future__ import annotations

import re
from typing import Any

from . import faithful_words
from .axis_asks import BY_DIMENSION, CALENDAR_DIMENSIONS, names_the_series
from .calendar import is_time_like
from .vocabulary import EMPTY_TITLE_WORDS, TITLE_CUT_WORDS

_Reader = Any
Refusal = tuple[str, str]
LabelSpans = dict[str, list[tuple[int, int]]]

# ---------------------------------------------------------------------------------------------
# Vocabulary

# A number with an optional unit: "152 cm", "3.5kW", "70 kg", "12" (a measured x value written as a label).
_MEASURED = re.compile(r"[-+−]?\d[\d,]*(?:\.\d+)?\s*(?P<unit>[^\W\d_][^\W\d_/²³]{0,11}\.?|°\s?[CFcf]|%)?")
# "height vs weight", "price against size", "the relationship between": an x/y request.
_X_VS_Y = re.compile(r"\b(?:vs\.?|versus|against|relationship\s+between|correlat\w*|plotted\s+against)\b", re.IGNORECASE)
# When or how, said once for the whole statement ("… and 12 from Twitter last month").
_ADVERBIAL = re.compile(
    r"\s+(?P<adverbial>(?:(?:last|this|next|past|previous|the\s+last|the\s+past)\s+"
    r"(?:week|weekend|month|year|quarter|season|night|term|semester|fortnight|time|summer|winter|spring|autumn|fall)|"
    r"in\s+total|in\s+all|all\s+told|so\s+far|to\s+date|year\s+to\s+date|ytd|yesterday|today|tonight|"
    r"this\s+morning|this\s+afternoon|overall|altogether|on\s+average|recently|lately|each|apiece|respectively|"
    r"each\s+(?:day|week|month|year|quarter)))\s*$", re.IGNORECASE)  # not "once a week", "per day": a scale, a unit
# An enumeration of names: "North, South, East and West", "Oslo, Bergen, or Tromsø" (no digits inside).
_NAME = r"[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,2}"
_ENUMERATION = re.compile(rf"(?<![\w-])({_NAME}(?:\s*,\s*{_NAME})+\s*,?\s+(?:and|or|&)\s+{_NAME})")
# "comparing 2022 and 2023", "compare Q1 with Q2", "2022 vs 2023": the compared items are the series.
_COMPARED = re.compile(
    r"\bcompar(?:e|es|ed|ing|ison\s+(?:of|between))\s+(?:the\s+)?(?P<a>[\w'’.-]+)\s+(?:and|with|to|vs\.?|versus|against)\s+"
    r"(?:the\s+)?(?P<b>[\w'’.-]+)|(?P<c>[\w'’.-]+)\s+(?:vs\.?|versus)\s+(?P<d>[\w'’.-]+)", re.IGNORECASE)
# "sales by region", "per team", "for each product": the dimension along x of a bar chart. Not "stacked by
# year", "split by", "coloured by": those name the series.
# Two names said together in the request: "of 2022 and 2023 sales", "Q1 & Q2", "men or women".
_NAMED_PAIR = re.compile(r"(?<![\w'’.-])(?P<a>[\w'’.-]+)\s+(?:and|&|or|vs\.?|versus)\s+(?P<b>[\w'’.-]+)", re.IGNORECASE)
# A key of a key=value spec: "data=apple", "values: apple", "x = fruit".
_SPEC_KEY_IN_LABEL = re.compile(
    r"=|^\s*(?:data|values?|labels?|series|points|items|rows|categories|x|y)\s*:\s*\S", re.IGNORECASE)
_SPEC_KEY_IN_TITLE = re.compile(
    r"\b(?:type|mark|kind|chart|x|y|data|values?|labels?|series|title)\s*=\s*\S", re.IGNORECASE)
_SPEC_ONLY_KEYS = frozenset("type mark kind chart data values value".split())  # never the name of an axis
# Two parts of one quantity: "1h 5m", "2h30", "1 hr 20 min", "3 min 20 s", "2 d 4 h", "5 ft 10 in", "1:05".
_HOURS = r"(?:h|hrs?|hours?)"
_MINUTES = r"(?:m|mins?|minutes?)"
_SECONDS = r"(?:s|secs?|seconds?)"
# (Every way starts at a digit; "(?=\d)" says so first, so the scan of a long intent passes other characters at once.)
_COMPOUND = re.compile(
    rf"(?=\d)(?:\b\d+(?:\.\d+)?\s*{_HOURS}\s*(?:and\s+)?\d+\s*{_MINUTES}\b|\b\d+\s*h\d{{2}}(?![\w.])|"
    rf"\b\d+\s*{_MINUTES}\s*(?:and\s+)?\d+(?:\.\d+)?\s*{_SECONDS}\b|"
    rf"\b\d+\s*(?:d|days?)\s*(?:and\s+)?\d+\s*{_HOURS}\b|"
    r"\b\d+\s*(?:ft|feet|foot|')\s*\d+(?:\.\d+)?\s*(?:in|inches|inch|\")(?!\w)|"
    r"\b\d+\s*(?:lbs?|pounds?)\s*(?:and\s+)?\d+(?:\.\d+)?\s*(?:oz|ounces?)\b|"
    r"\b\d+\s*(?:st|stone)\s+\d+\s*(?:lbs?|pounds?)\b|"
    r"(?<![\d:])\d{1,3}:\d{2}(?::\d{2})?(?![\d:]))", re.IGNORECASE)


def check_phrasing(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    for rule in (_spec_key_in_name, _compound_quantity_split, _measured_x_as_names, _trailing_adverbial,
                 _title_without_content, _named_items_left_out, _compared_items_as_categories,
                 _by_dimension_as_series, _verb_glued_to_name, _subject_in_first_label, _title_cut_before_its_end,
                 _sentence_word_in_label, _preposition_before_a_period):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    return None


def _labels(reader: _Reader) -> list[str]:
    """The drawn labels (not series names), in order, each once."""
    return list(dict.fromkeys(p.label for p in reader.points if isinstance(p.label, str)))


def _names(reader: _Reader) -> list[str]:
    names = [p.label for p in reader.points if isinstance(p.label, str)]
    names += [p.series for p in reader.points if isinstance(p.series, str)]
    return list(dict.fromkeys(names))


_SPACES = re.compile(r"\s+")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+")


def _key(text: str) -> str:
    """A name as compared across the intent and the chart: case-folded, spaces folded, no leading article."""
    return _LEADING_ARTICLE.sub("", _SPACES.sub(" ", text.strip().casefold()))


def _title(reader: _Reader) -> str:
    title = reader.spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        title = " ".join(map(str, title))
    return str(title or "")


# ---------------------------------------------------------------------------------------------
# The rules


def _measured_x_as_names(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """A scatter (or "x vs y") whose labels are all numbers with a unit drew numbers as names."""
    if reader.pairs:
        return None
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    if len(labels) < 2 or len(labels) != len(reader.points):
        return None
    measured = [_MEASURED.fullmatch(label.strip()) for label in labels]
    if not all(measured):
        return None
    units = {(m.group("unit") or "").casefold().rstrip(".s") for m in measured if m}
    if len(units) != 1 or units == {""} and all(re.fullmatch(r"(?:1[89]|20)\d\d", lbl.strip()) for lbl in labels):
        return None  # mixed units are names ("4 stars", "2 rooms"); bare years are periods
    asked = reader.asked_marks()
    scatter = "point" in asked or reader.mark == "point"
    x_vs_y = bool(reader.scan.first(_X_VS_Y)) and not asked & {"bar", "arc", "area"}
    if not (scatter or x_vs_y):
        return None
    return ("SHAPE_NOT_ASKED", (
        f"The x values ('{labels[0]}', '{labels[1]}', …) are numbers, but they were drawn as names, evenly spaced. "
        "Give x/y pairs with the units in the axis names, e.g. 'scatter of weight (kg) against height (cm): "
        "(152, 45), (160, 52)'."))


def _trailing_adverbial(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'Twitter last month': a when/how phrase glued on the last label of a statement is no part of the name."""
    names = _names(reader)
    found = {name: m.group("adverbial") for name in names
             if (m := _ADVERBIAL.search(name)) and m.start() > 0 and not is_time_like(name[:m.start()])}  # "2023 so far"
    if not found:
        return None
    adverbials = [_key(a) for a in found.values()]
    if len(found) == len(names) and len(set(adverbials)) == len(adverbials):
        return None  # "revenue last year", "revenue this year": each label's own period tells them apart
    name, adverbial = next(iter(found.items()))
    return ("LABEL_NOT_IN_INTENT", (
        f"'{name}' ends with '{adverbial}', which says when or how for the whole statement, not part of the name. "
        f"Say it once, in the title, e.g. 'signups {adverbial}: {name[:-len(adverbial)].strip()} 12, …'."))


def _title_without_content(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """A drawn title made only of pronouns and auxiliaries ("We had") is a cut sentence, not a title."""
    words = re.findall(r"[^\W\d_][\w'’]*", _title(reader))
    if not words or any(w.casefold() not in EMPTY_TITLE_WORDS for w in words):
        return None
    return ("REQUEST_NOT_HONOURED", (
        f"The title '{_title(reader)}' is the start of a sentence and names nothing. Say what the chart shows, "
        "e.g. 'signups by source: Google 120, ads 45'."))


def _named_items_left_out(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """The request lists names ("for North, South, East and West"); drawing some of them and not the others
    leaves out categories the request names."""
    vocabulary = faithful_words
    framing = vocabulary.INSTRUCTION_WORDS | vocabulary.CONNECTOR_WORDS | {"per", "each", "every", "chart", "bars"}
    drawn: set[str] | None = None  # the drawn names as compared, read at the first list of names
    for match in reader.scan.matches(_ENUMERATION):
        items = [_key(i) for i in re.split(r"\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+", match.group(1)) if i.strip()]
        if len(items) < 3:
            continue
        if drawn is None:
            drawn = {_key(n) for n in _names(reader)}
            drawn_text = " | ".join(sorted(drawn))
        # The match may run into the words around the list ("sales for North", "West yet"): the first item is
        # its last words, the last item its first words, whichever of them is drawn (else its nearest word).
        items[0] = _drawn_end(items[0], drawn, reverse=True)
        items[-1] = _drawn_end(items[-1], drawn, reverse=False)
        placed = [i for i in items if i in drawn]
        missing = [i for i in items if i not in drawn and not re.search(rf"(?<!\w){re.escape(i)}(?!\w)", drawn_text)
                   and not set(i.split()) & framing]  # "bar chart, visits per clinic, Q1 and Q2": no names
        if len(placed) >= 2 and missing:
            said = [_as_written(match.group(1), item) for item in missing]
            names = "', '".join(said)
            them = "it" if len(said) == 1 else "them"
            return ("REQUEST_NOT_HONOURED", (
                f"The request names '{names}' beside '{_as_written(match.group(1), placed[0])}', but the chart has no "
                f"value for {them}. Give each a value (e.g. '{said[0]} 0' if it is zero), or leave {them} out of the request."))
    return None


def _as_written(text: str, item: str) -> str:
    """`item` (folded) as the intent writes it."""
    found = re.search(r"\s+".join(map(re.escape, item.split())), text, re.IGNORECASE)
    return found.group(0) if found else item


def _drawn_end(item: str, drawn: set[str], *, reverse: bool) -> str:
    """The longest run of `item`'s words at one end that is a drawn name; else the one word at that end."""
    words = item.split()
    for size in range(len(words), 0, -1):
        part = " ".join(words[-size:] if reverse else words[:size])
        if part in drawn:
            return part
    return words[-1] if reverse else words[0]


def _compared_items_as_categories(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """"comparing 2022 and 2023 … by region": what is compared is the series; drawn as the categories (with
    the other dimension as series) the chart is transposed."""
    series = {_key(p.series) for p in reader.points if isinstance(p.series, str)}
    if len(series) < 2:
        return None
    labels = {_key(p.label) for p in reader.points if isinstance(p.label, str)}
    for match in reader.scan.matches(_COMPARED):
        first, second = (match.group("a"), match.group("b")) if match.group("a") else (match.group("c"), match.group("d"))
        compared = {_key(first), _key(second)}
        if compared <= labels and not compared & series:
            return ("SHAPE_NOT_ASKED", (
                f"The intent compares '{first}' and '{second}', so they are the series (the colours), but they were "
                f"drawn as the categories, with '{sorted(series)[0]}' … as series. Say which runs along x, e.g. "
                f"'grouped bars by region, one bar per year: North: {first} = 1,200, {second} = 1,450'."))
    return None


def _by_dimension_as_series(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """Bars asked "by <dimension>" with periods and other names: which set runs along x.

    "by month", "per quarter" want the periods along x: periods drawn as the series are transposed. "by
    region" alone cannot tell ("stacked sales by channel — Q1: online 30 / store 20" splits each quarter by
    channel), but with two of the drawn labels named together in the request ("of 2022 and 2023 sales by
    region") those are the series compared within each region: drawn along x, the chart is transposed."""
    if reader.mark != "bar":
        return None
    series = {p.series for p in reader.points if isinstance(p.series, str)}
    labels = {p.label for p in reader.points if isinstance(p.label, str)}
    if len(series) < 2 or not labels:
        return None
    dims = [m.group("dim") for m in reader.scan.matches(BY_DIMENSION)
            if not reader._inside_drawn_name(m.start("dim"), m.end("dim"))
            and not names_the_series(reader.intent, m.start())]
    kinds = {d.casefold() in CALENDAR_DIMENSIONS for d in dims}
    if len(kinds) != 1:
        return None  # no "by" dimension, or one of each ("by region by year"): the layout decides
    if kinds == {True}:
        transposed = all(is_time_like(name) for name in series) and not all(is_time_like(label) for label in labels)
    else:
        folded = {_key(label) for label in labels}
        transposed = any({_key(m.group("a")), _key(m.group("b"))} <= folded for m in reader.scan.matches(_NAMED_PAIR))
    if not transposed:
        return None
    return ("SHAPE_NOT_ASKED", (
        f"The intent asks for the bars by {dims[0]}, but '{sorted(labels)[0]}' … run along x and '{sorted(series)[0]}' … "
        f"are the series: the chart is transposed. Say which names run along x, e.g. 'grouped bars by {dims[0]}, "
        "one bar per year: North: 2022 = 1,200, 2023 = 1,450'."))


def _spec_key_in_name(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'data=apple', 'values: apple': the key of a key=value spec glued on a label (or a title of keys)."""
    spec_key_in = reader.drawn.scan.finder(_SPEC_KEY_IN_LABEL)
    for name in _names(reader):
        if spec_key_in(name):
            return ("LABEL_NOT_IN_INTENT", (
                f"'{name}' holds the key of a key=value spec, not a name. Write the data as 'label: value' items, "
                "e.g. 'bar chart of kg sold by fruit: apple 34, banana 51'."))
    title = _title(reader)
    keys = [m.group(0).split("=")[0].strip().casefold() for m in _SPEC_KEY_IN_TITLE.finditer(title)]
    if len(keys) > 1 or set(keys) & _SPEC_ONLY_KEYS:  # "X = height (cm)" alone names an axis: a title still
        return ("LABEL_NOT_IN_INTENT", (
            f"The title '{title}' is a key=value spec, not a title. Name the chart in words, e.g. "
            "'bar chart of kg sold by fruit: apple 34, banana 51', or say 'titled \"…\"'."))
    return None


def _compound_quantity_split(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'1h 5m', '3 min 20 s', '5 ft 10 in', '1:05' are one quantity; a drawn value or label holding only a
    part of it splits it."""
    spans = [m.span() for m in reader.scan.matches(_COMPOUND)]
    if not spans:
        return None
    for token in reader.numbers:
        if token.start not in used:
            continue
        for start, end in spans:
            inside = start <= token.start < end
            whole = token.start <= start and end <= token.end
            if inside and not whole:
                quantity = reader.intent[start:end]
                return ("VALUE_NOT_PLACED", (
                    f"'{quantity}' is one quantity, but only part of it was drawn. Give it in one unit, e.g. "
                    "'Car 65 min' for '1h 5m', or say the unit to plot ('in minutes') with each value in it."))
    for name, occurrences in label_spans.items():
        for a, b in occurrences:
            for start, end in spans:
                if a < end and start < b and not (a <= start and end <= b):
                    return ("LABEL_NOT_IN_INTENT", (
                        f"'{name}' holds part of '{reader.intent[start:end]}', which is one quantity. Give it in one "
                        "unit, e.g. 'Car 65 min'."))
    return None


# Past forms of what people do that end a statement's subject ("Maya read 14", "Tom caught 4"): never the
# end of a name when the other names lack them.
_ACTION_VERBS = frozenset("""read ran run caught managed won lost wrote ate drank walked swam biked cycled drove flew sold
    bought made did got had saw took gave spent earned raised scored completed finished reached hit collected baked picked
    watched visited played attended booked submitted solved answered fixed shipped delivered built found sent received
    logged hiked jogged closed opened signed hired posted published painted knitted grew planted harvested""".split())


def _verb_glued_to_name(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'Maya read' beside 'Leo', or 'Alice ran' beside 'Bob ran': the verb is what they did, not their name."""
    labels = _labels(reader)
    if len(labels) < 2:
        return None
    ends = {label: words[-1] if len(words := label.split()) > 1 and words[-1] in _ACTION_VERBS else None
            for label in labels}
    glued = [label for label, verb in ends.items() if verb]
    if not glued or len({_key(label).split()[0] for label in labels}) == 1:
        return None  # "Orders received", "Orders shipped", "Orders returned": one head, told apart by the verb
    heads = {_key(label.rsplit(None, 1)[0]) for label in glued}
    mixed = len(glued) < len(labels)
    same_verb_after_names = not mixed and len(set(ends.values())) == 1 and len(heads) == len(glued)
    if not (mixed or same_verb_after_names):
        return None
    label = glued[0]
    name, verb = label.rsplit(None, 1)
    return ("LABEL_NOT_IN_INTENT", (
        f"The label '{label}' ends with '{verb}', which says what {name} did, not who it is. Put each name right "
        f"before its number, e.g. '{name}: 14', and say what they {verb} once, in the title."))


# "temperatures at 6am": what is measured, then where or when, in the first label only
_SUBJECT_THEN_PLACE = re.compile(r"^(?P<subject>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2})\s+(?P<prep>at|in|on|during)\s+"
                                 r"(?P<rest>\S.*)$", re.IGNORECASE)


def _subject_in_first_label(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'temperatures at 6am' beside 'noon', '6pm': the first label carries the statement's subject."""
    labels = _labels(reader)
    if len(labels) < 2 or (found := _SUBJECT_THEN_PLACE.match(labels[0].strip())) is None:
        return None
    others = labels[1:]
    if any(_SUBJECT_THEN_PLACE.match(other.strip()) for other in others):
        return None  # every label says its own "… in …": names alike ("Sales in Q1", "Sales in Q2")
    rest = found.group("rest")
    if len(rest.split()) > max(len(other.split()) for other in others):
        return None
    return ("LABEL_NOT_IN_INTENT", (
        f"The label '{labels[0]}' starts with '{found.group('subject')} {found.group('prep')}', which says what is "
        f"measured, not the name; the other labels are names like '{others[0]}'. Say the subject once, before the "
        f"list, e.g. '{found.group('subject')}: {rest} 12, {others[0]} 21'."))


# a title's last word that needs a next one: "Time in", "Share of", "Signups from" (before a drawn name)
_NEEDS_NEXT = TITLE_CUT_WORDS | {"from"}


def _title_cut_before_its_end(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'Time in' of "Time in queue 5, Handling 3": the title was cut where the first label ('queue') was taken."""
    words = _title(reader).split()
    labels = [p.label for p in reader.points if isinstance(p.label, str)]
    if len(words) < 2 or words[-1].casefold() not in _NEEDS_NEXT or not labels:
        return None
    said = r"\s+".join(re.escape(w) for w in [*words, *labels[0].split()])
    if not re.search(rf"(?<!\w){said}(?!\w)", reader.intent, re.IGNORECASE):
        return None  # "Membership stood at 1,200 in Jan": the title is cut before a value, not before a name
    return ("LABEL_NOT_IN_INTENT", (
        f"The title '{_title(reader)}' ends with '{words[-1]}', so it was cut from the sentence before its end, and the "
        "first name may have lost its start. Put a colon after the subject and each label right before its value, "
        "e.g. 'handling times: time in queue 5, handling 3'."))


# words about the statement, not the thing named: "Wednesday also 23", "Thursday it go down to 19" (lower case
# only: "IT 5" names a department)
_SENTENCE_WORDS = frozenset("also again still it they he she we you".split())


def _sentence_word_in_label(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'Wednesday also' beside 'Tuesday': the adverb belongs to the sentence, not to the name."""
    labels = _labels(reader)
    if len(labels) < 2:
        return None
    holding = {label: word for label in labels for word in label.split()[1:] if word in _SENTENCE_WORDS}
    if not holding or len(holding) == len(labels):
        return None
    label, word = next(iter(holding.items()))
    name = label.split()[0]
    return ("LABEL_NOT_IN_INTENT", (
        f"The label '{label}' holds '{word}', a word of the sentence, not of the name. Put each name right before its "
        f"number, e.g. '{name} 23', and leave the rest of the sentence out."))


_PREPOSITION_THEN = re.compile(r"(?P<prep>in|for|during|at|on|by|from|since|until|through)\s+(?P<rest>\S.*)", re.IGNORECASE)


def _preposition_before_a_period(reader: _Reader, label_spans: LabelSpans, used: set[int]) -> Refusal | None:
    """'In 2021' of "In 2021: coal 120": the preposition is the sentence's, the period the label."""
    for label in _labels(reader):
        found = _PREPOSITION_THEN.fullmatch(label.strip())
        if found and is_time_like(found.group("rest")):
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' keeps '{found.group('prep')}' of the sentence before its period. Name the "
                f"period alone, e.g. '{found.group('rest')}: coal 120, gas 85'."))
    return None
