"""Fail-closed rules of the chart check about asks and notes said beside the data that the drawn chart does
not carry, beside fail_closed.py (the reader may skip such words; these rules re-read them on their own):

- A title asked without quotes ("title it Q1 sales", "call it Regional revenue"): the drawn title must hold
  it; when it does not, the ask is refused with the quoted rewrite the check reads ("title it 'Q1 sales'").
- A value given by pointing at another ("…, C 5, D same as A", "D twice that", "D half of B"): the chart
  draws only values stated in digits, so the named item would be left out.
- A note in brackets that takes a drawn value out ("abstain 2 (not counted)", "(excluded)", "(ignore)"):
  whether to draw that item is a guess.
- One item asked to be added with no value ("Add Apr with the average"): the chart draws only the values
  given. (A look asked for a drawn item, "show Q3 in red", is styling, not data, and stays valid.)
- A label that ends with a joining word ("Same for last year but" of "Same for last year but 10% lower"):
  a piece of a sentence, not a name.
- A stack asked by a dimension the data do not give ("North 10, South 20 — stacked by channel"), and values
  asked as shares of their total but drawn as stated ("revenue share (% of total): A 120, B 80"; a pie shows
  shares by itself).
- An item after the last value written like the drawn labels but with no value ("…, team B 60% done, team C
  not started", "…, Q2 120, and Q3 is not in yet"): the chart would leave it out.
- Only one of several sets of values asked without saying which ("Table one: … Table two: … make a bar chart
  of only one of them, the one my boss asked for"): drawing both, or either one, is a guess.

Each returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

_Reader = Any
Refusal = tuple[str, str]

# "C=A+B": a value said as a sum of others
_FORMULA = re.compile(r"(?:^|[,;:]|\band)\s*(?P<name>[^\W\d_][\w'’-]*)\s*=\s*(?P<ref>[^\W\d_][\w'’-]*)\s*[-+*/×]\s*[^\W\d_][\w'’-]*",
                      re.IGNORECASE)
# "Add Apr with the average", "add a bar for the total": an item asked for with no value given
_ADD_ITEM = re.compile(r"\badd\s+(?:a\s+|an\s+|one\s+)?(?P<what>[^\W\d_][\w'’-]*)\s+(?:with|as|at|using|showing|equal)\b",
                       re.IGNORECASE)
# parts of the chart itself that may be added: "add labels at the top", "add a line at 11" (read elsewhere)
_CHART_PARTS = frozenset("""title subtitle label labels legend gridlines grid line lines axis axes annotation annotations
    note notes tooltip tooltips border colors colours values numbers percentages caption marker markers""".split())
# a label that ends with a joining word: "Same for last year but"
# lower case: "team A" is a name; a possessive ("savings the rest of my" 2500) or "the rest of" runs on too
_JOINING_END = re.compile(r"\s(?:but|and|or|than|of|for|with|by|to|the|a|an|that|which|my|our|your|their|his|its|"
                          r"this|these|those)$|\bthe\s+rest\s+of\b")

# a whole label that only joins or hedges ("…, Ops 9, plus 3 contractors in Eng" drawn as 'plus' 3)
_JOINING_ONLY = frozenset("""plus minus and then with including incl excluding except or but another more extra
    additional added besides about around approximately approx roughly nearly almost only just further so
    assume assuming say call count treat set use make put""".split())  # "west wasn't reported, assume 0" drawn as 'assume' 0
# a label that only announces a note ("…, Gamma 15, and a note: 30 people attended" drawn as 'a note' 30)
_LEADING_DETERMINER = re.compile(r"^(?:a|an|the|one|my|our)\s+")
_NOTE_WORDS = frozenset("note nb n.b ps p.s fyi comment remark aside update reminder footnote".split())
# "title it Q1 sales", "call it Regional revenue", "titled Sales by region:" (a quoted title is read by
# faithful_shape.py), up to the end of the clause
_PLAIN_TITLE = re.compile(r"\b(?:title\s+it|call\s+it|name\s+it|titled|entitled|with\s+(?:the\s+)?title|"
                          r"the\s+title\s+(?:should\s+be|is|=))\s*:?\s+(?P<title>[^\W_][^.;:!?\n,—–(\"“'‘*`]{0,80})",
                          re.IGNORECASE)
# "D same as A", "D twice that", "D half of B", "D equal to C": a value said by pointing at another
_POINTED = re.compile(r"(?:^|[,;:.—–]|\s-\s|\band)\s*(?P<name>[^\W\d_][\w'’-]*(?:\s+(?!(?:is|was|were|about|roughly|around|nearly|almost|basically|exactly|just|pretty|more|approximately|approx|equal|equals|same|the|twice|double|triple|half|as|matches|like)\b)[^\W\d_][\w'’-]*)?)\s+"
                      r"(?:is\s+|was\s+|were\s+|=\s*)?(?:(?:about|roughly|around|nearly|almost|basically|exactly|just|"
                      r"pretty\s+much|more\s+or\s+less|approximately|approx\.?)\s+)?"
                      r"(?P<how>(?:the\s+)?same\s+as|equal\s+to|equals|twice|double|triple|half(?:\s+of)?|"
                      r"as\s+(?:much|many|high|low)\s+as|matches|like)\s+(?P<ref>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)(?=\s*(?:[.,;!?)\n]|$))",
                      re.IGNORECASE)
_POINTER_WORDS = frozenset("that it this".split())
# "(not counted)", "(excluded)", "(ignore this one)": a bracketed note that takes the item before it out
_TAKEN_OUT = re.compile(r"\((?P<note>[^()]*\b(?:not\s+counted|doesn['’]?t\s+count|don['’]?t\s+count|not\s+included|"
                        r"excluded|exclude|ignored?|skip(?:ped)?|dropped|drop\s+(?:it|this|that)|remove(?:d)?|"
                        r"omit(?:ted)?|leave\s+(?:it\s+)?out)\b[^()]*)\)", re.IGNORECASE)


# "stacked by channel", "split by device", "broken down by team": a dimension of stacks the data must give
_STACKED_BY = re.compile(r"\b(?:stacked|split|broken\s+down|segmented)\s+(?:up\s+)?(?:by|per|into)\s+(?P<dim>[^\W\d_][\w-]*)",
                         re.IGNORECASE)
# "as a percentage of total", "(% of total)", "share of the total": each value as a share of their sum
_SHARE_OF_TOTAL = re.compile(r"(?:%|percent(?:age)?s?|shares?)\s+of\s+(?:the\s+)?total|\bas\s+(?:a\s+)?(?:percentages?|percents?|"
                             r"shares?|%)\b", re.IGNORECASE)


def _stack_without_its_dimension(reader: _Reader) -> Refusal | None:
    """"sales by region: North 10, South 20 — stacked by channel": one value per label, so no channel to stack."""
    found = _STACKED_BY.search(reader.intent)
    if found is None or len({p.series for p in reader.points}) > 1 or reader.pairs:
        return None
    return ("REQUEST_NOT_HONOURED", (
        f"The intent asks for bars {found.group(0).strip()}, but the data give one value per label and no "
        f"'{found.group('dim')}' to stack. Give each part its value, e.g. 'stacked bars, web vs store: North 6/4, South 12/8', "
        "or leave the stacking out."))


def _shares_not_given(reader: _Reader) -> Refusal | None:
    """"revenue share (% of total): A 120, B 80" drawn as 120 and 80: the shares asked are not the values drawn.
    A pie shows each value's share by itself, and values that already add up to 100 are the shares."""
    if reader.mark == "arc" or reader.pairs or not _SHARE_OF_TOTAL.search(reader.intent):
        return None
    total = sum(p.value for p in reader.points)
    if abs(total - 100) <= 1.5 or abs(total - 1) <= 0.015:
        return None
    return ("REQUEST_NOT_HONOURED", (
        "The intent asks for each value as a share of the total, but I draw the values stated and compute none. "
        "Give the shares, e.g. 'A 60%, B 40%', or ask for a pie, which shows each value's share."))


def check_side_asks(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    for rule in (_plain_title, _pointed_value, _formula, _taken_out_note, _item_added,
                 _label_ends_joined, _stack_without_its_dimension, _shares_not_given, _one_of_several_asked):
        refusal = rule(reader)
        if refusal:
            return refusal
    return _item_without_value(reader, used)


def _folded(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.casefold()))


def _drawn_labels(reader: _Reader) -> set[str]:
    """The drawn labels and series names, folded; worked out once per check (several rules ask)."""
    cached = getattr(reader, "_side_asks_drawn", None)
    if cached is None:
        cached = {_folded(str(p.label)) for p in reader.points} | {_folded(str(p.series)) for p in reader.points if p.series}
        reader._side_asks_drawn = cached
    return cached


# the words a value given by pointing needs ("same as", "twice", "half of", "as much as", "matches", "like"): an
# intent with none of them skips the pointed-value scan, which is the costliest of this module on long lists
_POINTING_HINT = re.compile(r"same|equal|twice|double|triple|half|\bas\s+(?:much|many|high|low)|match|like", re.IGNORECASE)


def _plain_title(reader: _Reader) -> Refusal | None:
    title = reader.spec.get("title")
    drawn = _folded(" ".join(str(title.get(k) or "") for k in ("text", "subtitle")) if isinstance(title, dict)
                    else str(title or ""))
    for match in _PLAIN_TITLE.finditer(reader.intent):
        asked = match.group("title").strip()
        if _folded(asked) not in drawn:
            return ("REQUEST_NOT_HONOURED", (
                f"The intent asks for the title '{asked}', but it is not drawn. Put the title in quotes, e.g. "
                f"\"title it '{asked}'\"."))
    return None


def _pointed_value(reader: _Reader) -> Refusal | None:
    if not _POINTING_HINT.search(reader.intent):
        return None
    drawn = _drawn_labels(reader)
    for match in _POINTED.finditer(reader.intent):
        name, ref = match.group("name"), match.group("ref")
        if _folded(name) in drawn or not (_folded(ref) in drawn or ref.lower() in _POINTER_WORDS):
            continue
        return ("VALUE_MISSING", (
            f"'{name} {match.group('how')} {ref}' gives {name} a value by pointing at another; I only chart values "
            f"stated in digits, so {name} would be left out. Give it its own number, e.g. '{name} 10'."))
    return None


def _taken_out_note(reader: _Reader) -> Refusal | None:
    found = _TAKEN_OUT.search(reader.intent)
    if found is None:
        return None
    return ("REQUEST_NOT_HONOURED", (
        f"The note '({found.group('note').strip()})' takes an item out, but whether to draw it is not certain. Send "
        "just the values to draw, e.g. 'yes 12, no 8'."))


def _formula(reader: _Reader) -> Refusal | None:
    if "=" not in reader.intent:
        return None
    drawn = _drawn_labels(reader)
    for match in _FORMULA.finditer(reader.intent):
        name = match.group("name")
        if _folded(name) in drawn or _folded(match.group("ref")) not in drawn:
            continue
        return ("VALUE_MISSING", (
            f"'{match.group(0).strip(' ,;:')}' gives {name} a value as a sum of others; I only chart values stated in "
            f"digits, so {name} would be left out. Give it its own number, e.g. '{name}=30'."))
    return None


def _item_added(reader: _Reader) -> Refusal | None:
    found = _ADD_ITEM.search(reader.intent)
    if found is None or _folded(found.group("what")) in _drawn_labels(reader) or \
            found.group("what").casefold() in _CHART_PARTS:
        return None
    return ("REQUEST_NOT_HONOURED", (
        f"The intent asks to add '{found.group('what')}' without a value ('{found.group(0).strip()}'); I only chart "
        f"the values given. Give it a number in digits, e.g. '{found.group('what')} 11'."))


def _label_ends_joined(reader: _Reader) -> Refusal | None:
    for point in reader.points:
        label = " ".join(str(point.label).split())
        if isinstance(point.label, str) and _LEADING_DETERMINER.sub("", label.casefold()) in _NOTE_WORDS:
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' says a note follows, not a name: the number after it is about the data, not an "
                "item of it. Leave the note out, or give the item its own name, e.g. 'attendees 30'."))
        if isinstance(point.label, str) and label.casefold() in _JOINING_ONLY:
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' is a joining word, not a name: the number after it adds to or qualifies "
                "something else, and where it belongs is a guess. Give each item its own name and number, e.g. "
                "'Eng 45, Sales 18', or say the extra as an item of its own ('contractors 3')."))
        if isinstance(point.label, str) and len(label.split()) > 1 and _JOINING_END.search(label):
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' ends with a joining word: it is a piece of a sentence, not a name. Say each "
                "item as a name and its number, e.g. 'Jan 10, Feb 12', and say other series in a list of their own."))
    return None


def _shape(token: str) -> str:
    """'Q3' and 'Q1' alike ('A9'), 'team' and 'Team' alike: how a label's first word is written."""
    if any(ch.isdigit() for ch in token):
        return re.sub(r"\d+", "9", re.sub(r"[^\W\d_]+", "A", token))
    return token.casefold()


_NUMBER = re.compile(r"\d")


def _item_without_value(reader: _Reader, used: set[int]) -> Refusal | None:
    """After the last number of the intent's first sentence that holds data, a piece written like the drawn
    labels (same first word, or the same shape: 'Q3' after 'Q1', 'Q2') with no number of its own."""
    labels = [str(p.label) for p in reader.points if isinstance(p.label, str) and str(p.label).split()]
    if not labels or reader.pairs:
        return None
    firsts = {_shape(label.split()[0]) for label in labels}
    multiword = all(len(label.split()) > 1 for label in labels)
    last = max((token.end for token in reader.numbers if token.start in used), default=0)
    if not last:
        return None
    tail = re.split(r"[.!?](?:\s|$)|\n", reader.intent[last:], maxsplit=1)[0]
    for piece in re.split(r"[,;]|\band\b", tail)[1:]:
        words = re.sub(r"^\s*(?:and|&)\s+", "", piece).split()
        if len(words) < 2 or any(_NUMBER.search(w) for w in words[1:]):  # "Q3" is a name, "Q3 14" an item
            continue
        first = words[0].strip("'\"")
        alike = _shape(first) in firsts and (multiword or any(ch.isdigit() for ch in first))
        if alike and _folded(" ".join(words)) not in _drawn_labels(reader):
            said = " ".join(words)
            return ("VALUE_MISSING", (
                f"'{said}' is written like the other items but has no value, so the chart would leave it out. Give it "
                f"a number in digits, e.g. '{' '.join(words[:2] if multiword else words[:1])} 0', or leave it out."))
    return None


# "only one of them", "just one of the two tables", "only 1 of these series": one set of several, not named here
_ONE_OF_SEVERAL = re.compile(r"\b(?:only|just)\s+(?:one|1)\s+of\s+(?:them|these|those|both|the\s+(?:two|three|"
                             r"tables?|series|lists?|sets?|years?))\b", re.IGNORECASE)


def _one_of_several_asked(reader: _Reader) -> Refusal | None:
    """"Table one: … Table two: … only one of them, the one my boss asks for": which set is meant is not said
    beside the ask, so the drawn chart (both sets, or one picked) is a guess."""
    found = _ONE_OF_SEVERAL.search(reader.intent)
    if found is None:
        return None
    return ("UNREADABLE_INTENT", (
        f"The intent asks for {found.group(0).strip()!r}, but I cannot tell which one is meant. Name it and give "
        "only its values, e.g. 'a bar chart of the 2023 sales: Jan 14, Feb 11, Mar 15'."))
