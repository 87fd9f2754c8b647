"""Fail-closed rules for what a person types by mistake or asks besides a chart.

- A chart-type word misspelled ("hoirzontal bar chart", "donnut chart", "area chrat") is read by no
  pattern, so another mark gets drawn. A word a small edit away from a chart-type word is refused
  when the chart drawn is not that type; the reason names the word and suggests the spelling. Short
  words ("are", "fine") are never taken for "area" or "line": a near-miss must be long (5 letters or
  more) or be a mark word beside a chart word ("area chrat").
- A label that ends in a number followed by another number ("team A 12 15") while other labels end in
  none: which number is the value is not certain.
- A request for another artifact ("convert this to SQL INSERT statements", "write a short summary paragraph of
  these numbers") that says nothing of a chart: drawing bars answers a question not asked. Asked beside a chart
  ("chart these and write a summary"), the text would not be written: refused too, asking for the chart alone.

The reader is faithfulness._Reader, passed in (no import cycle), like the other fail_closed modules.
"""

from __future__ import annotations

import re
from typing import Any

_Reader = Any
Refusal = tuple[str, str]

_WORD = re.compile(r"[^\W\d_][\w'’]*")

# Exact words a near-miss is never taken from: real words a small edit away from a chart word.
_REAL_WORDS = frozenset("""shatter scatted scatters scattered spatter scatter scatterplot scatterplots stocked
stacked stacker stacks tracked snacked slacked smacked grouped groups grouper groped grouse ground grounds donut
donuts doughnut doughnuts donate horizontal horizontally horizon horizons histogram histograms chart charts graph
graphs plot plots chant chat chard charm harts cart carts grape grasp plat plod slot blot pilot""".split())

# (target, the mark it asks for, most edits allowed, least length of the typed word)
_LONG_TARGETS = (("horizontal", "horizontal", 2, 8), ("donut", "arc", 1, 5), ("doughnut", "arc", 2, 6),
                 ("scatter", "point", 1, 6), ("histogram", "bar", 2, 7))
# Said only before a bar/chart word: alone they are a step from real words ("stocked", "groped").
_STACK_TARGETS = (("stacked", "stacked"), ("grouped", "grouped"))
_CHART_WORDS = ("chart", "graph", "plot")
_SHORT_MARKS = {"area": "area", "line": "line", "pie": "arc", "bar": "bar", "bars": "bar", "lines": "line"}


def _edits(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _slip_of(word: str, target: str) -> bool:
    """A short mark word typed with two letters swapped or one letter doubled ("lnie", "barr", "aera"):
    never a real word's distance ("are", "fine", "bat")."""
    if word == target or len(word) < 3:
        return False
    if sorted(word) == sorted(target) and _edits(word, target) == 1:
        return True
    return any(word[:i] + word[i + 1:] == target and word[i] in (word[i - 1:i] + word[i + 1:i + 2])
               for i in range(len(word)))


def _chart_word_slip(word: str) -> bool:
    """"chrat", "grpah", "plto", "chrt": a step from chart/graph/plot, not the word itself."""
    bare = word.rstrip("s") if len(word) > 4 else word
    return bare not in _CHART_WORDS and word not in _REAL_WORDS and any(
        _edits(bare, target) == 1 for target in _CHART_WORDS) and len(bare) >= 4


def _drawn_kind(reader: _Reader) -> set[str]:
    kinds = {reader.mark}
    if reader.mark == "bar" and (reader.encoding.get("y") or {}).get("field") == "label":
        kinds.add("horizontal")
    series = {p.series for p in reader.points}
    if len(series) > 1 and reader.mark in ("bar", "area"):
        offset = "xOffset" in reader.encoding or "yOffset" in reader.encoding
        kinds.add("grouped" if offset else "stacked")
    return kinds


def _refuse(typed: str, meant: str) -> Refusal:
    chart = meant if meant.endswith(" chart") else f"{meant} chart"
    return ("SHAPE_NOT_ASKED", (
        f"I could not read '{typed}' as a chart type; did you mean '{meant}'? The chart drawn is not {_a(chart)}. "
        f"Spell the chart type, e.g. '{chart}: …', or quote the word if it is part of a name."))


def _a(words: str) -> str:
    return f"an {words}" if words[:1] in "aeiou" else f"a {words}"


def _misspelled_chart_words(reader: _Reader) -> Refusal | None:
    """"hoirzontal bar chart", "donnut chart", "area chrat": a chart word typed a step off, and not drawn."""
    drawn = _drawn_kind(reader)
    words = [(m.group(0).casefold(), m.start(), m.end()) for m in _WORD.finditer(reader.intent)]
    for index, (word, start, end) in enumerate(words):
        if word in _REAL_WORDS or "'" in word or "’" in word:
            continue  # "don't" is a step from "donut" but a word
        following = words[index + 1][0] if index + 1 < len(words) else ""
        refusal = _slip_refusal(word, following, drawn)
        # a word inside a drawn name is that name's ("the Donnut Shop"); asked last, as it is the
        # dearest question and most words are no slip at all
        if refusal is not None and not reader._inside_drawn_name(start, end):
            return refusal
    return None


def _slip_refusal(word: str, following: str, drawn: set[str]) -> Refusal | None:
    """The refusal for `word` (followed by `following`) if it is a chart word typed a step off and not drawn."""
    for target, kind, most, least in _LONG_TARGETS:
        # (the edit distance is at least the difference in length: most words are ruled out unmeasured)
        if len(word) >= least and abs(len(word) - len(target)) <= most and kind not in drawn \
                and 0 < _edits(word, target) <= most:
            return _refuse(word, target)
    if following in ("bar", "bars", "chart", "column", "columns", "area"):
        for target, kind in _STACK_TARGETS:
            if abs(len(word) - len(target)) <= 1 and kind not in drawn and _edits(word, target) == 1:
                return _refuse(word, target)
    if word in _SHORT_MARKS and _chart_word_slip(following) and _SHORT_MARKS[word] not in drawn:
        return _refuse(f"{word} {following}", f"{word} chart")
    if following in _CHART_WORDS or following in ("charts", "graphs", "plots"):
        for target, mark in _SHORT_MARKS.items():
            if _slip_of(word, target) and mark not in drawn:
                return _refuse(word, target)
    return None


# "team A 12 15": a label ending in a number, then the value.
_ENDS_IN_NUMBER = re.compile(r"\s(\d+(?:\.\d+)?)$")


def _label_ending_in_a_number(reader: _Reader) -> Refusal | None:
    """"team A 12 15, team B 9 11, team C 14" drawn 'team A 12' 15: two numbers in a row, the first taken
    into the label, where a sibling label is the same name without it ('team C'). Names that number
    ("Model 3 1,200, Model Y 1,850", "tutorial 1 88k, tutorial 2 41k", "Room 101: 44") are left alone: no
    sibling is the label without its number, or the number is a series of one stem, or a colon ends the name."""
    if reader.pairs:
        return None
    labels = [str(p.label).strip() for p in reader.points if isinstance(p.label, str)]
    plain = [label.casefold().split() for label in labels if not _ENDS_IN_NUMBER.search(label)]
    ending = [label for label in labels if _ENDS_IN_NUMBER.search(label)]
    if not ending or not plain:
        return None  # "Q1 2023, Q2 2023": every label ends in its number, the numbers name them
    stems = [_ENDS_IN_NUMBER.sub("", label).casefold().split() for label in ending]
    if len({tuple(stem) for stem in stems}) < len(stems):
        return None  # "tutorial 1, tutorial 2": one stem numbered
    lowered = reader.intent.casefold()
    for label, stem in zip(ending, stems, strict=True):
        shaped = any(len(words) == len(stem) and words[:-1] == stem[:-1] for words in plain)
        name = _ENDS_IN_NUMBER.sub("", label)
        if shaped and re.search(re.escape(label.casefold()) + r"[ \t]+[-+]?[$€£]?\d", lowered):
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' ends in a number and another number follows it, while '{name}' reads as a "
                "name like its siblings; which number is the value is not certain. Give one value per label, "
                "e.g. 'team A: 15', or name the two series, e.g. 'first half: team A 12, team B 9; second half: "
                "team A 15, team B 11'."))
    return None


# "Convert this to SQL …", "write it as JSON", "summarise this in two sentences": another artifact asked for.
_OTHER_ARTIFACT = re.compile(
    r"\b(?:convert|translate|turn|rewrite|write|summari[sz]e|sum\s+(?:it|this|these|that|them)\s+up|explain|format|export|generate|transform|reformat)\b"
    r"[^.?!\n|]{0,60}?\b(?:to|into|as|in)\s+(?:an?\s+|the\s+|some\s+)?(?:(?:one|two|three|four|five|a\s+few|few|\d+)\s+)?"
    r"(?:short\s+|brief\s+|plain\s+)?(?P<what>sql|json|csv|yaml|xml|html|markdown|"
    r"latex|text|prose|code|python|javascript|java|a\s+paragraph|paragraph|insert\s+statements|statements|"
    r"an?\s+email|email|a\s+summary|summary|words|sentences?|bullet\s+points)\b", re.IGNORECASE)
# "Can you write a short summary paragraph of these numbers?", "draft an email about them": a text asked for
_WRITTEN_ARTIFACT = re.compile(
    r"\b(?:write|draft|compose)\s+(?:me\s+|us\s+)?(?:an?\s+|the\s+|some\s+)?(?:(?:short|brief|quick|plain|little|few)\s+)*"
    r"(?P<what>summary(?:\s+paragraph)?|paragraph|email|blurb|description|report|caption|tweet|post|sentences?|"
    r"bullet\s+points|text)\b", re.IGNORECASE)
_VISUAL_WORD = re.compile(
    r"\b(?:charts?|graphs?|plot(?:s|ted)?|visual\w*|diagrams?|draw\w*|bars?|lines?|pies?|donut|doughnut|area|"
    r"scatter\w*|histograms?|sparklines?|vega\w*|axis|axes)\b", re.IGNORECASE)

# "no chart needed", "not a chart", "without a graph", "don't chart it", "no need for a chart": a chart word refused
_NEGATED_VISUAL = re.compile(
    r"\b(?:no|not|without|never|nor|don['’]?t|do\s+not|no\s+need\s+(?:for|to))\s+(?:(?:an?|the|any|need|to|as)\s+)*"
    r"(?:charts?|graphs?|plot(?:s|ted)?|visual\w*|diagrams?|draw\w*)\b", re.IGNORECASE)


# "Please calculate the compound annual growth rate … and state it as a percentage": a number asked for
_CALCULATION = re.compile(
    r"\b(?:calculate|compute|work\s+out|figure\s+out|estimate|derive)\b[^.?!\n]{0,40}?\b(?P<what>(?:compound\s+annual\s+)?"
    r"growth\s+rate|cagr|average|mean|median|total|sum|percentage|ratio|difference|change|rate|variance|correlation)\b",
    re.IGNORECASE)


def _another_artifact(reader: _Reader) -> Refusal | None:
    """"Convert this to SQL INSERT statements for the users table: id,name / 1,Ana": no chart is asked."""
    calculation = _CALCULATION.search(reader.intent)
    match = _OTHER_ARTIFACT.search(reader.intent) or _WRITTEN_ARTIFACT.search(reader.intent) or calculation
    if match is None:
        return None
    if _VISUAL_WORD.search(_NEGATED_VISUAL.sub(" ", reader.intent)):
        written = _WRITTEN_ARTIFACT.search(reader.intent)
        if written is not None:
            return ("REQUEST_NOT_HONOURED", (  # "chart these and write a summary": the summary would not be written
                f"The intent also asks me to {written.group(0).strip()}; I draw the chart only and write no text. "
                "Ask for the chart alone, e.g. 'bar chart of …: Ana 1, Ben 2'."))
        if match is not calculation:
            return None
        return ("REQUEST_NOT_HONOURED", (  # "calculate the average and chart it": the chart would not show it
            f"The intent asks me to {match.group(0).strip()}; I draw only the values stated and compute none. Give "
            f"the {match.group('what')} as a value of its own ('{match.group('what')}: <value>'), or ask for the chart alone."))
    return ("UNSUPPORTED_CHART", (
        f"The intent asks for {match.group('what')} ('{match.group(0).strip()}'), not a chart, and names no chart; "
        "Forma draws charts only. To chart these data, say so, e.g. 'bar chart of …: Ana 1, Ben 2'."))


def check_typos(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    return _another_artifact(reader) or _misspelled_chart_words(reader) or _label_ending_in_a_number(reader)
