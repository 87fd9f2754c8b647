"""A metamorphic coverage audit of the independent check (issue 8): `python -m oracles.tests.coverage_audit`.

Every dev corpus entry the engine answers `valid` (oracles/tests/eval/*_dev.json only; the held-back
split is never read) is rewritten into variants that ADD content the artifact would have to show:
an extra data item in the entry's own style or appended in another, a second series, a longer
(multi-word) label, a sign before a value, a chart word inside a name, a transposed table; an
extra step, branch, "go back to" clause or actor message, a longer step name. A second round
(`new_chart_variants`, `new_diagram_variants`) adds what agents write around the data: a footnote
or caveat with a number, a scale stated once ("All figures in thousands"), a value in words
("twelve", "a dozen") or approximate ("~937", "937ish"), a range, a total line, a date range in a
label, a value given as a change ("up 937 from last week"), two charts in one intent, a request to
leave an item out; a step with a condition in brackets, edge labels differing only by an operator
("<= 500" / "> 500", also swapped), a step ruled out ("Do not include …"), an optional step, a step
named two ways, and a relation in the passive ("B is called by A", "X comes before Y"). For each variant the
engine must either draw the added content or refuse. A `valid` answer without it is a wrong valid,
counted per family ("miss"), so a rule of the check can be written for the whole family.

What was added is marked with a word no entry uses (MARK) and a number no entry states (VALUE), so
whether it is drawn is read from the artifact alone: the Vega-Lite rows, or Graphviz's own read-back
of the DOT (oracles/eval.py's read_chart / read_diagram), never from the drafter's facts.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from oracles.engine.chart.calendar import is_time_like
from oracles.engine.chart.values import stated_numbers
from oracles.eval import (
    CORRECT,
    Unreadable,
    entry_kind,
    explain,
    load_corpus,
    norm_label,
    read_chart,
    read_diagram,
    run_entry,
)

MARK = "Zorvex"
VALUE = 937
SECOND = (551, 552, 553, 554, 555, 556, 557, 558, 559, 561, 562, 563, 564, 565, 566, 567, 568, 569)

# A variant: (family, intent, judge). The judge reads the drawn artifact and says whether the added
# content is in it (True) or not (a short description of what is missing).
Judge = Callable[[Any], "bool | str"]


@dataclass
class Variant:
    family: str
    intent: str
    judge: Judge


def _answer(kind: str, intent: str) -> Any:
    from oracles.engine import answer, get_kind

    return answer(kind, intent, get_kind(kind).default_format, {})


# ---------------------------------------------------------------------------------------------
# Charts


def _rows(spec: Any) -> list[tuple[str | None, Any, float]]:
    chart = read_chart(spec)
    out = []
    for row in chart.rows:
        label = row.get("label", row.get("x"))
        value = row.get("value", row.get("y"))
        out.append((row.get("series"), label, float(value)))
    return out


def _scaled(value: float, base: float) -> bool:
    """`value` is `base` read with some multiplier or sign ("937", "$937k", "-9.37")."""
    if value == 0:
        return False
    ratio = abs(value) / base
    return any(abs(ratio - 10.0**k) <= 1e-9 * 10.0**k for k in range(-3, 10))


def _has_value(base: float, label_word: str | None = None) -> Judge:
    def judge(spec: Any) -> bool | str:
        for series, label, value in _rows(spec):
            if _scaled(value, base) and (label_word is None or label_word.lower() in norm_label(label)
                                         or label_word.lower() in norm_label(series or "")):
                return True
        return f"no drawn value {base:g}" + (f" with '{label_word}'" if label_word else "")
    return judge


def _has_values(bases: list[int]) -> Judge:
    def judge(spec: Any) -> bool | str:
        drawn = [v for _, _, v in _rows(spec)]
        missing = [b for b in bases if not any(_scaled(v, b) for v in drawn)]
        return True if not missing else f"second series values {missing} not drawn"
    return judge


def _refused_only(spec: Any) -> bool | str:
    drawn = [(lbl, v) for _, lbl, v in _rows(spec) if isinstance(lbl, str) and MARK.lower() in norm_label(lbl)]
    return f"a range drawn as {drawn}" if drawn else f"the item '{MARK}' is not drawn"


def _asked_mark(mark: str) -> Judge:
    def judge(spec: Any) -> bool | str:
        drawn = read_chart(spec).mark
        return True if drawn == mark else f"a {mark} was asked, a {drawn} drawn"
    return judge


def _asked_horizontal(spec: Any) -> bool | str:
    chart = read_chart(spec)
    y = chart.encoding.get("y") or {}
    return True if chart.mark == "bar" and y.get("field") == "label" else "horizontal bars asked, not drawn"


def _asked_title(spec: Any) -> bool | str:
    return True if f"{MARK} report".lower() in read_chart(spec).title.lower() else "the asked title is not drawn"


def _asked_sorted(spec: Any) -> bool | str:
    chart = read_chart(spec)
    channel = next((c for c in (chart.encoding.get("x") or {}, chart.encoding.get("y") or {}) if c.get("field") == "label"), {})
    values = [v for _, _, v in _rows(spec)]
    if channel.get("sort") in ("-x", "-y") or (channel.get("sort") is None and values == sorted(values, reverse=True)):
        return True
    if chart.mark == "arc":
        return True  # a pie has no axis to sort along
    return f"a descending sort asked, drawn with sort {channel.get('sort')!r}"


def _has_pairs(pairs: list[tuple[str, int]]) -> Judge:
    def judge(spec: Any) -> bool | str:
        drawn = _rows(spec)
        for label, value in pairs:
            if not any(isinstance(lbl, str) and norm_label(lbl) == norm_label(label) and _scaled(v, value) for _, lbl, v in drawn):
                return f"second series value {value} for '{label}' not drawn with its label"
        return True
    return judge


def _label_drawn(full: str, fragment: str) -> Judge:
    def judge(spec: Any) -> bool | str:
        names = {norm_label(lbl) for _, lbl, _ in _rows(spec)} | {norm_label(s) for s, _, _ in _rows(spec) if s}
        if norm_label(full) in names:
            return True
        return f"label '{full}' not drawn (drawn: {sorted(names)[:6]}{' — the fragment' if norm_label(fragment) in names else ''})"
    return judge


def _value_with_label(label: str, value: float) -> Judge:
    def judge(spec: Any) -> bool | str:
        for _series, lbl, val in _rows(spec):
            if norm_label(lbl) == norm_label(label) and abs(val - value) < 1e-9 * max(1, abs(value)):
                return True
            if norm_label(lbl) == norm_label(label) and _scaled(val, abs(value)) and (val < 0) == (value < 0):
                return True
        return f"no '{label}' with {value:g} (drawn {[(lbl, v) for _, lbl, v in _rows(spec)][:6]})"
    return judge


def _shape(spec: Any) -> tuple[Any, ...]:
    chart = read_chart(spec)
    y = chart.encoding.get("y") or {}
    x = chart.encoding.get("x") or {}
    value = x if y.get("field") == "label" else y
    return (chart.mark, y.get("field") == "label", "xOffset" in chart.encoding or "yOffset" in chart.encoding,
            value.get("stack", True) is None)


def _same_shape_and_label(original: Any, label: str) -> Judge:
    def judge(spec: Any) -> bool | str:
        if _shape(spec) != _shape(original):
            return f"shape {_shape(spec)} drawn, the entry's own answer was {_shape(original)}"
        return _label_drawn(label, "")(spec)
    return judge


def _number_tokens(intent: str, value: float) -> list[Any]:
    return [n for n in stated_numbers(intent) if any(abs(r - value) <= 1e-9 * max(1, abs(value)) for r in n.readings)]


def _label_span(intent: str, label: str, near: int) -> tuple[int, int] | None:
    """The whole-word occurrence of `label` nearest to position `near`."""
    best = None
    for m in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", intent, re.IGNORECASE):
        if best is None or abs(m.start() - near) < abs(best[0] - near):
            best = m.span()
    return best


def _structured(intent: str) -> bool:
    return bool(re.search(r"[\[{]", intent)) or intent.count("|") >= 4 or "\t" in intent \
        or len([line for line in intent.splitlines() if line.count(",") >= 1]) >= 3


def _located_items(intent: str, spec: Any) -> list[tuple[int, int, int, int, str, float]]:
    """(label start, label end, number start, number end, label, value) of drawn label/value points
    whose label and number are found beside each other (within 40 characters) in the intent."""
    out = []
    for _, label, value in _rows(spec):
        if not isinstance(label, str):
            continue
        tokens = _number_tokens(intent, value)
        for token in tokens:
            span = _label_span(intent, label, token.start)
            if span is None:
                continue
            if abs(span[0] - token.start) <= 40 and (span[1] <= token.start or token.end <= span[0]):
                out.append((span[0], span[1], token.start, token.end, label, value))
                break
    return out


def chart_variants(entry: dict[str, Any], spec: Any) -> Iterator[Variant]:
    intent = entry["intent"]
    rows = _rows(spec)
    pairs = any(not isinstance(lbl, str) for _, lbl, _ in rows)
    structured = _structured(intent)
    items = [] if pairs or structured else _located_items(intent, spec)
    # 1. An extra item in the entry's own style, right after its last item.
    if items:
        last = max(items, key=lambda it: max(it[1], it[3]))
        ls, le, ns, ne, label, value = last
        end = max(le, ne)
        for family, number, where in (("chart/extra-item-same-style", VALUE, end),
                                      ("chart/extra-item-first", VALUE, min(it[0] if it[0] < it[2] else it[2] for it in items)),
                                      ("chart/extra-item-repeated-value", value, end)):
            item = _item_like(intent, ls, le, ns, ne, number)
            judge = _has_value(number, MARK) if number == VALUE else _value_with_label(MARK, value)
            if where == end:
                yield Variant(family, intent[:end] + ", " + item + intent[end:], _preserving(entry, judge))
            else:
                yield Variant(family, intent[:where] + item + ", " + intent[where:], _preserving(entry, judge))
        yield Variant("chart/extra-item-value-first", intent.rstrip().rstrip(".") + f", and {VALUE} at {MARK}.",
                      _preserving(entry, _has_value(VALUE, MARK)))
    elif structured and not pairs:
        table = _extra_table_row(intent)
        if table:
            yield Variant("chart/extra-row-same-style", table, _has_value(VALUE, MARK))
    # 2. An extra item appended in another style, and 3. an extra sentence with a number.
    if not pairs:
        yield Variant("chart/extra-item-appended", intent.rstrip() + f"\nAlso {MARK}: {VALUE}.",
                      _preserving(entry, _has_value(VALUE, MARK)))
        yield Variant("chart/extra-sentence-number", intent.rstrip() + f" {MARK} came in at {VALUE} too.",
                      _has_value(VALUE))
    else:
        yield Variant("chart/extra-pair-appended", intent.rstrip() + f"\nAlso ({VALUE}, {VALUE + 1}).", _has_value(VALUE + 1))
    # 2b. An item whose value is a range, two values for one label, an item in brackets.
    if not pairs:
        yield Variant("chart/extra-item-range-value", intent.rstrip() + f"\nAlso {MARK}: {VALUE - 37}-{VALUE}.", _refused_only)
        yield Variant("chart/extra-item-two-values", intent.rstrip() + f"\nAlso {MARK}: {VALUE} and {VALUE + 1}.",
                      _preserving(entry, _has_values([VALUE, VALUE + 1])))
        yield Variant("chart/extra-item-in-brackets", intent.rstrip() + f" ({MARK} {VALUE})",
                      _preserving(entry, _has_value(VALUE, MARK)))
    # 3b. An asked shape, title or order added at the end.
    if not pairs:
        yield Variant("chart/ask-line", intent.rstrip() + " Draw it as a line chart.", _preserving(entry, _asked_mark("line")))
        yield Variant("chart/ask-horizontal", intent.rstrip() + " Use horizontal bars.", _preserving(entry, _asked_horizontal))
        yield Variant("chart/ask-title", intent.rstrip() + f' Title it "{MARK} report".', _preserving(entry, _asked_title))
        yield Variant("chart/ask-sorted", intent.rstrip() + " Sort it descending.", _preserving(entry, _asked_sorted))
        yield Variant("chart/ask-repeated-label", intent.rstrip() + f" Also {rows[0][1]} {VALUE}.",
                      _preserving(entry, _value_with_label(str(rows[0][1]), VALUE)))
    # 4. A second series, when one is drawn.
    series = {s for s, _, _ in rows}
    labels = [lbl for _, lbl, _ in rows]
    if len(series) == 1 and not pairs and not structured and 2 <= len(labels) <= len(SECOND):
        listed = ", ".join(f"{lbl} {SECOND[i]}" for i, lbl in enumerate(labels))
        yield Variant("chart/second-series", intent.rstrip() + f"\nTarget: {listed}.",
                      _has_pairs([(str(lbl), SECOND[i]) for i, lbl in enumerate(labels)]))
    if not items:
        return
    # 5. A label lengthened to a multi-word name (before or after), on a label written once.
    for ls, le, _, _, label, _ in items[:2]:
        if is_time_like(label) or len(re.findall(rf"(?<!\w){re.escape(label)}(?!\w)", intent, re.IGNORECASE)) != 1:
            continue
        original = intent[ls:le]
        yield Variant("chart/label-lengthened-before", intent[:ls] + f"{MARK} " + original + intent[le:],
                      _label_drawn(f"{MARK} {original}", original))
        yield Variant("chart/label-lengthened-after", intent[:ls] + original + f" {MARK}" + intent[le:],
                      _label_drawn(f"{original} {MARK}", original))
        # 7. A chart word inside a name asks for no chart.
        for word in ("Line", "Area", "Stacked", "Horizontal", "Pie"):
            yield Variant(f"chart/{word.lower()}-word-in-label", intent[:ls] + original + f" {word}" + intent[le:],
                          _same_shape_and_label(spec, f"{original} {word}"))
        break
    # 6. A sign before a value.
    # 6b. An item on a line of its own, before a closing remark that starts with a counted word.
    yield Variant("chart/extra-item-before-remark", intent.rstrip() + f"\n{MARK} {VALUE}\nItems above are weekly totals.",
                  _preserving(entry, _has_value(VALUE, MARK)))
    ls, le, ns, ne, label, value = items[0]
    number_text = intent[ns:ne]
    if not re.match(r"[-−+]", number_text) and value > 0:
        yield Variant("chart/minus-before-value", intent[:ns] + "-" + intent[ns:], _value_with_label(label, -value))
        yield Variant("chart/plus-before-value", intent[:ns] + "+" + intent[ns:], _value_with_label(label, value))


def _unchanged(entry: dict[str, Any]) -> Judge:
    """The entry's own points are drawn and nothing else: what was added is not data."""
    expected = sum(len(series["points"]) for series in entry["expect"]["series"])

    def judge(spec: Any) -> bool | str:
        drawn = _rows(spec)
        if len(drawn) != expected:
            extra = [(lbl, v) for _, lbl, v in drawn][:8]
            return f"{len(drawn)} points drawn, the entry has {expected} (drawn {extra})"
        return True
    return _preserving(entry, judge)


def _never_valid(why: str) -> Judge:
    """What was added cannot be drawn faithfully in one chart (or one diagram): only a refusal is right."""
    def judge(_artifact: Any) -> bool | str:
        return why
    return judge


def _spec_text(spec: Any) -> str:
    import json

    return json.dumps({k: v for k, v in spec.items() if k not in ("data", "datasets")}).lower()


def _scaled_once(entry: dict[str, Any], word: str, factor: float) -> Judge:
    """'All figures in thousands': the values are multiplied out, or drawn as stated with the scale named."""
    def judge(spec: Any) -> bool | str:
        drawn = [v for _, _, v in _rows(spec)]
        stated = [value for series in entry["expect"]["series"] for _, value in series["points"]]
        multiplied = all(any(abs(v - value * factor) <= 1e-6 * max(1, abs(value * factor)) for v in drawn) for value in stated)
        if multiplied:
            return True
        if word in _spec_text(spec):
            return True
        return f"the scale '{word}' is neither applied to the values nor named in the chart"
    return judge


def _one_marked(value: float) -> Judge:
    """Exactly one drawn point carries MARK, with `value`."""
    def judge(spec: Any) -> bool | str:
        marked = [(lbl, v) for s, lbl, v in _rows(spec) if MARK.lower() in norm_label(lbl) or MARK.lower() in norm_label(s or "")]
        if len(marked) == 1 and _scaled(marked[0][1], value):
            return True
        return f"'{MARK}' drawn as {marked}, expected one point {value:g}"
    return judge


def _left_out(entry: dict[str, Any], label: str) -> Judge:
    def judge(spec: Any) -> bool | str:
        drawn = {norm_label(lbl) for _, lbl, _ in _rows(spec)}
        if norm_label(label) in drawn:
            return f"'{label}' was to be left out and is drawn"
        return True
    return judge


def new_chart_variants(entry: dict[str, Any], spec: Any) -> Iterator[Variant]:
    """Families added for the second audit round: footnotes, scales, words, approximations, totals, deltas..."""
    intent = entry["intent"].rstrip()
    rows = _rows(spec)
    if any(not isinstance(lbl, str) for _, lbl, _ in rows):
        return
    series = {s for s, _, _ in rows}
    yield Variant("chart/footnote-number", intent + f"\n*excludes refunds; {VALUE} {MARK} rows missing.", _unchanged(entry))
    yield Variant("chart/footnote-caveat", intent + f"\n* {VALUE - 900} regions not reported yet", _unchanged(entry))
    yield Variant("chart/scale-once-thousands", intent + "\nAll figures in thousands.", _scaled_once(entry, "thousand", 1000))
    yield Variant("chart/scale-once-millions", intent + " (values in millions)", _scaled_once(entry, "million", 1e6))
    for words, number in (("twelve", 12), ("a dozen", 12), ("half a million", 500000), ("forty-two", 42)):
        yield Variant("chart/value-in-words", intent + f"\nAlso {MARK}: {words}.", _preserving(entry, _has_value(number, MARK)))
    for text in (f"~{VALUE}", f"about {VALUE}", f"approx. {VALUE}", f"{VALUE}ish", f"roughly {VALUE}"):
        yield Variant("chart/approximate-value", intent + f"\nAlso {MARK}: {text}.", _preserving(entry, _has_value(VALUE, MARK)))
    yield Variant("chart/range-value-dash", intent + f"\nAlso {MARK}: {VALUE - 5}–{VALUE}.", _refused_only)
    yield Variant("chart/range-value-words", intent + f"\nAlso {MARK}: between {VALUE - 5} and {VALUE}.", _refused_only)
    if len(series) == 1:
        total = sum(v for _, _, v in rows)
        text = f"{total:g}" if total == int(total) else f"{total:.2f}".rstrip("0")
        yield Variant("chart/total-line", intent + f"\nTotal: {text}", _unchanged(entry))
        yield Variant("chart/total-words", intent + f" (total {text})", _unchanged(entry))
    yield Variant("chart/date-range-label", intent + f"\nAlso {MARK} Mar 3–7: {VALUE}.", _preserving(entry, _one_marked(VALUE)))
    yield Variant("chart/date-range-label-iso", intent + f"\nAlso {MARK} 2024-03-03 to 2024-03-07: {VALUE}.",
                  _preserving(entry, _one_marked(VALUE)))
    yield Variant("chart/delta-value", intent + f"\n{MARK} is up {VALUE} from last week.",
                  _never_valid("a value given only as a change was drawn or dropped"))
    yield Variant("chart/delta-value-signed", intent + f"\nAlso {MARK}: +{VALUE} vs last week.",
                  _never_valid("a value given only as a change was drawn or dropped"))
    yield Variant("chart/two-charts", intent + f"\nAnd a second chart: {MARK} {VALUE}, Quorbit {VALUE + 1}.",
                  _never_valid("two charts were asked, one drawn"))
    yield Variant("chart/two-charts-numbered", "1) " + intent + f"\n2) a pie chart of {MARK} {VALUE}, Quorbit {VALUE + 1}.",
                  _never_valid("two charts were asked, one drawn"))
    labels = [str(lbl) for _, lbl, _ in rows]
    if len(set(labels)) >= 3:
        gone = labels[-1]
        yield Variant("chart/leave-out", intent + f"\nLeave out {gone}.", _left_out(entry, gone))
        yield Variant("chart/do-not-include", intent + f"\nDo not include {gone}.", _left_out(entry, gone))
    yield Variant("chart/negated-item", intent + f"\n{MARK} is not included (no data).", _unchanged(entry))


def _item_like(intent: str, ls: int, le: int, ns: int, ne: int, number: float) -> str:
    """The item written at [min(ls, ns), max(le, ne)) with its label MARK and its number `number`."""
    start, end = min(ls, ns), max(le, ne)
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", intent[ns:ne])
    assert digits is not None
    pieces = {(ls, le): MARK, (ns + digits.start(), ns + digits.end()): f"{number:g}"}
    out, at = [], start
    for (a, b), text in sorted(pieces.items()):
        out.append(intent[at:a])
        out.append(text)
        at = b
    out.append(intent[at:end])
    return "".join(out)


def _preserving(entry: dict[str, Any], judge: Judge) -> Judge:
    """The added content is drawn AND everything the entry's own answer drew still is (with its label)."""
    expect = entry["expect"]

    def both(artifact: Any) -> bool | str:
        got = judge(artifact)
        if got is not True:
            return got
        if entry_kind(entry) == "chart":
            drawn = _rows(artifact)
            for series in expect["series"]:
                for label, value in series["points"]:
                    names = {norm_label(x) for x in (label if isinstance(label, list) else [label])}
                    if not any(abs(v - value) <= 1e-9 * max(1, abs(value)) and (
                            (isinstance(lbl, str) and norm_label(lbl) in names) or not isinstance(lbl, str)) for _, lbl, v in drawn):
                        return f"the entry's own point ({label}, {value}) is no longer drawn"
            return True
        labels, edges, _ = _graph(artifact)
        for node in expect["nodes"]:
            names = {norm_label(x) for x in (node if isinstance(node, list) else [node])}
            if not names & set(labels):
                return f"the entry's own node {node!r} is no longer drawn"
        return True
    return both


def _extra_table_row(intent: str) -> str | None:
    """The intent with one more row, copied from its last data row: its first cell MARK, numbers VALUE."""
    lines = intent.split("\n")
    for delimiter in ("|", "\t", ","):
        rows = [i for i, line in enumerate(lines) if line.count(delimiter) >= (2 if delimiter == "|" else 1)
                and re.search(r"\d", line) and not re.fullmatch(r"[\s|:-]+", line)]
        if len(rows) >= 2:
            last = lines[rows[-1]]
            cells = last.split(delimiter)
            first = next((i for i, c in enumerate(cells) if c.strip() and not re.fullmatch(r"[-−+$€£¥\s\d.,%kKMB]+", c.strip())), None)
            if first is None:
                return None
            cells = [re.sub(r"\d[\d,]*(?:\.\d+)?", str(VALUE), c, count=1) if i != first else
                     re.sub(r"[^\s\"].*[^\s\"]|[^\s\"]", MARK, c) for i, c in enumerate(cells)]
            return "\n".join([*lines[:rows[-1] + 1], delimiter.join(cells), *lines[rows[-1] + 1:]])
    return None


def transposed_table_variant(entry: dict[str, Any], spec: Any) -> Iterator[Variant]:
    """A markdown table transposed: each value keeps its (row name, column name) pair."""
    intent = entry["intent"]
    lines = intent.split("\n")
    rows = [(i, [c.strip() for c in line.strip().strip("|").split("|")]) for i, line in enumerate(lines) if line.count("|") >= 2]
    body = [(i, r) for i, r in rows if not all(re.fullmatch(r":?-{2,}:?", c) for c in r)]
    if len(body) < 3 or len({len(r) for _, r in body}) != 1 or len(body[0][1]) < 3:
        return
    grid = [r for _, r in body]
    flipped = [[grid[j][i] for j in range(len(grid))] for i in range(len(grid[0]))]
    table = ["| " + " | ".join(flipped[0]) + " |", "|" + "---|" * len(flipped[0])]
    table += ["| " + " | ".join(r) + " |" for r in flipped[1:]]
    first, last = body[0][0], body[-1][0]
    new = "\n".join([*lines[:first], *table, *lines[last + 1:]])
    cells: dict[float, set[frozenset[str]]] = {}
    for r in grid[1:]:
        for c, head in zip(r[1:], grid[0][1:], strict=True):
            for token in stated_numbers(c):
                for reading in token.readings:
                    cells.setdefault(reading, set()).add(frozenset({norm_label(r[0]), norm_label(head)}))

    def judge(drawn: Any) -> bool | str:
        for series, label, value in _rows(drawn):
            pair = frozenset({norm_label(label), norm_label(series or "")})
            if value in cells and pair not in cells[value]:
                return f"{value:g} drawn at {sorted(pair)}, the table puts it at {[sorted(p) for p in cells[value]]}"
        return True

    yield Variant("chart/transposed-table", new, judge)


# ---------------------------------------------------------------------------------------------
# Diagrams


def _graph(dot: Any) -> tuple[list[str], set[tuple[str, str]], dict[tuple[str, str], list[str]]]:
    graph = read_diagram(dot)
    labels = [norm_label(lbl) for lbl in graph.labels]
    edges = {(norm_label(t), norm_label(h)) for t, h in graph.edges}
    return labels, edges, graph.edge_labels


def _mark_node(after: str | None = None) -> Judge:
    """A node holding MARK is drawn (and, when `after` is given, an edge leads from that node to it)."""
    def judge(dot: Any) -> bool | str:
        labels, edges, edge_labels = _graph(dot)
        marked = [lbl for lbl in labels if MARK.lower() in lbl]
        if not marked:
            if any(MARK.lower() in norm_label(t) for texts in edge_labels.values() for t in texts):
                return True if after is None else f"'{MARK}' drawn only as an edge label"
            return f"no node holds '{MARK}' (drawn {labels[:8]})"
        if after is not None and not any((norm_label(after), m) in edges for m in marked):
            return f"no edge '{after}' -> '{marked[0]}'"
        return True
    return judge


def _edge(tail: str, head: str) -> Judge:
    def judge(dot: Any) -> bool | str:
        _, edges, _ = _graph(dot)
        return True if (norm_label(tail), norm_label(head)) in edges else f"no edge '{tail}' -> '{head}'"
    return judge


def _retried(node: str) -> Judge:
    """The retry (an edge back into `node`) and its count, 3, are drawn."""
    def judge(dot: Any) -> bool | str:
        labels, edges, edge_labels = _graph(dot)
        back = [(t, h) for t, h in edges if h == norm_label(node) and (t == h or (h, t) in edges)]
        counted = any("3" in norm_label(x) for texts in edge_labels.values() for x in texts) or any("3" in lbl for lbl in labels)
        return True if back and counted else f"no retry of '{node}' (at most 3 times) drawn"
    return judge


def _no_edge(tail: str, head: str) -> Judge:
    def judge(dot: Any) -> bool | str:
        _, edges, _ = _graph(dot)
        return f"the ruled-out edge '{tail}' -> '{head}' is drawn" if (norm_label(tail), norm_label(head)) in edges else True
    return judge


def _inserted(before: str, after: list[str]) -> Judge:
    """A step put between `before` and what followed it: drawn with both edges, the old edge gone."""
    def judge(dot: Any) -> bool | str:
        labels, edges, _ = _graph(dot)
        marked = [lbl for lbl in labels if MARK.lower() in lbl]
        if not marked:
            return f"no node holds '{MARK}'"
        m = marked[0]
        if (norm_label(before), m) not in edges:
            return f"no edge '{before}' -> '{m}'"
        for head in after:
            if (m, norm_label(head)) not in edges and (norm_label(before), norm_label(head)) in edges:
                return f"'{before}' -> '{head}' still drawn and '{m}' -> '{head}' not"
        return True
    return judge


def _mark_message(tail: str, head: str) -> Judge:
    def judge(dot: Any) -> bool | str:
        labels, edges, edge_labels = _graph(dot)
        texts = edge_labels.get((norm_label(tail), norm_label(head)), [])
        if any(MARK.lower() in norm_label(t) for t in texts):
            return True
        if any(MARK.lower() in lbl for lbl in labels):
            return True  # drawn as a step of its own: the content is there
        return f"the message '{MARK} receipt' from '{tail}' to '{head}' is not drawn"
    return judge


def _longer_node(full: str, fragment: str) -> Judge:
    def judge(dot: Any) -> bool | str:
        labels, _, _ = _graph(dot)
        if any(MARK.lower() in lbl for lbl in labels):
            return True
        return f"node '{full}' not drawn" + (" (the fragment is)" if norm_label(fragment) in labels else "")
    return judge


def diagram_variants(entry: dict[str, Any], dot: Any) -> Iterator[Variant]:
    intent = entry["intent"]
    graph = read_diagram(dot)
    labels = list(graph.labels)
    if not labels:
        return
    edges = [(t, h) for t, h in graph.edges]
    tails = {t for t, _ in edges}
    heads = {h for _, h in edges}
    sinks = [lbl for lbl in labels if lbl not in tails] or labels[-1:]
    sources = [lbl for lbl in labels if lbl not in heads] or labels[:1]
    last, first = sinks[-1], sources[0]
    lines = intent.rstrip().split("\n")
    # 1. An extra step in the entry's own style.
    tail = lines[-1]
    numbered = re.match(r"^(\s*)(\d+)([.)])\s+", tail)
    bullet = re.match(r"^(\s*)([-*•])\s+", tail)
    if numbered:
        yield Variant("diagram/extra-step-same-style",
                      intent.rstrip() + f"\n{numbered.group(1)}{int(numbered.group(2)) + 1}{numbered.group(3)} {MARK} audit",
                      _mark_node())
    elif bullet and not bullet.group(1):
        yield Variant("diagram/extra-step-same-style", intent.rstrip() + f"\n{bullet.group(2)} {MARK} audit", _mark_node())
    elif re.search(r"(?:->|→|=>)\s*[^\s>][^>]*$", intent.rstrip()):
        arrow = re.findall(r"->|→|=>", intent)[-1]
        yield Variant("diagram/extra-step-same-style", intent.rstrip().rstrip(".") + f" {arrow} {MARK} audit",
                      _mark_node())
    # 1b. An extra step in the middle of an arrow chain, or of a list.
    chain = re.search(r"(\S[^>→\n]*?)\s*(->|→|=>)\s*", intent)
    if chain and numbered is None and bullet is None:
        before = next((lbl for lbl in labels if norm_label(chain.group(1)).endswith(norm_label(lbl))), None)
        rest = norm_label(intent[chain.end():])
        following = max((lbl for lbl in labels if rest.startswith(norm_label(lbl))), key=len, default=None)
        if before is not None and following is not None:
            after_node = [following]
            new = intent[:chain.end()] + f"{MARK} audit {chain.group(2)} " + intent[chain.end():]
            yield Variant("diagram/extra-step-in-chain", new, _inserted(before, after_node))
    listed = [i for i, line in enumerate(lines) if re.match(r"^\s*(?:\d+[.)]|[-*•])\s+", line)]
    if len(listed) >= 3:
        at = listed[1]
        marker = re.match(r"^(\s*)(\d+[.)]|[-*•])\s+", lines[at])
        assert marker is not None
        item = f"{marker.group(1)}{marker.group(2)} {MARK} audit"
        yield Variant("diagram/extra-list-item-middle", "\n".join([*lines[:at], item, *lines[at:]]), _preserving(entry, _mark_node()))
    # 2. An extra step appended in a sentence after the last step.
    yield Variant("diagram/extra-step-sentence", intent.rstrip() + f"\nAfter {last}, run the {MARK} audit.",
                  _preserving(entry, _mark_node(after=last)))
    # 3. An extra branch from a drawn step.
    yield Variant("diagram/extra-branch", intent.rstrip() + f"\nIf {last} fails, page the {MARK} team.",
                  _preserving(entry, _mark_node(after=last)))
    if first != last:
        yield Variant("diagram/extra-relation", intent.rstrip() + f"\nAlso, {first} goes straight to {last}.",
                      _preserving(entry, _edge(first, last)))
    # 4. A 'go back to' clause.
    if first != last and (norm_label(last), norm_label(first)) not in {(norm_label(t), norm_label(h)) for t, h in edges}:
        yield Variant("diagram/go-back-to", intent.rstrip() + f"\nIf {last} fails, go back to {first}.", _edge(last, first))
    # 3b. A retry count, and a branch written with "unless".
    yield Variant("diagram/retry-count", intent.rstrip() + f"\nIf {last} fails, retry it at most 3 times.", _retried(last))
    yield Variant("diagram/unless-branch", intent.rstrip() + f"\nUnless {last} passes, page the {MARK} team.",
                  _preserving(entry, _mark_node(after=last)))
    # 4b. A relation the intent rules out.
    if first != last and (first, last) not in edges:
        yield Variant("diagram/negated-relation", intent.rstrip() + f"\n{first} never goes straight to {last}.",
                      _no_edge(first, last))
    # 5. An actor message, when the diagram is a sequence of messages between actors.
    labelled = [(t, h) for (t, h), texts in graph.edge_labels.items() if texts]
    if entry.get("category") in ("actor-sequence",) and labelled:
        a, b = edges[0]
        yield Variant("diagram/extra-message", intent.rstrip() + f"\nThen {b} sends the {MARK} receipt to {a}.",
                      _mark_message(b, a))
    # 6. A step name lengthened (a node written once in the intent). A node name that is also a drawn
    # edge label ("Start" from a state diagram's "[*]" beside the event "start") is not lengthened:
    # which of the two the longer words belong to is not the variant's to say.
    edge_texts = {norm_label(text) for texts in graph.edge_labels.values() for text in texts}
    lengthened = [label for label in labels if norm_label(label) not in edge_texts]
    for label in lengthened:
        found = list(re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", intent, re.IGNORECASE))
        if len(found) > 1:
            everywhere = re.sub(rf"(?<!\w){re.escape(label)}(?!\w)", lambda m: f"{MARK} {m.group(0)}", intent, flags=re.IGNORECASE)
            yield Variant("diagram/name-lengthened-everywhere", everywhere, _longer_node(f"{MARK} {label}", label))
            break
    for label in lengthened:
        found = list(re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", intent, re.IGNORECASE))
        if len(found) == 1:
            s, e = found[0].span()
            yield Variant("diagram/name-lengthened-before", intent[:s] + f"{MARK} " + intent[s:], _longer_node(f"{MARK} {label}", label))
            yield Variant("diagram/name-lengthened-after", intent[:e] + f" {MARK}" + intent[e:], _longer_node(f"{label} {MARK}", label))
            break


def _texts(dot: Any) -> list[str]:
    labels, _, edge_labels = _graph(dot)
    return labels + [norm_label(t) for texts in edge_labels.values() for t in texts]


def _marked_with(after: str, words: list[str]) -> Judge:
    """A node holding MARK follows `after`, and every one of `words` is drawn somewhere (a node or an edge label)."""
    placed = _mark_node(after=after)

    def judge(dot: Any) -> bool | str:
        got = placed(dot)
        if got is not True:
            return got
        texts = _texts(dot)
        missing = [w for w in words if not any(w.lower() in t for t in texts)]
        return True if not missing else f"{missing} not drawn (drawn {texts[:10]})"
    return judge


def _operator_edges(tail: str, pairs: list[tuple[str, str]]) -> Judge:
    """Each (head word, condition) is an edge from `tail` to the node holding that word, labelled with that condition."""
    def judge(dot: Any) -> bool | str:
        labels, edges, edge_labels = _graph(dot)
        for word, condition in pairs:
            heads = [lbl for lbl in labels if f"{MARK} {word}".lower() in lbl]
            if not heads:
                return f"no node '{MARK} {word}'"
            texts = [re.sub(r"\s+", "", norm_label(t)) for t in edge_labels.get((norm_label(tail), heads[0]), [])]
            want = re.sub(r"\s+", "", condition.lower())
            if not any(t.endswith(want) or want in t for t in texts):
                return f"edge '{tail}' -> '{heads[0]}' labelled {texts}, the intent says '{condition}'"
        return True
    return judge


def _no_mark_node(dot: Any) -> bool | str:
    labels, _, edge_labels = _graph(dot)
    texts = labels + [norm_label(t) for texts in edge_labels.values() for t in texts]
    drawn = [t for t in texts if MARK.lower() in t]
    return f"'{MARK}' was ruled out and is drawn: {drawn}" if drawn else True


def _node_gone(entry: dict[str, Any], node: str) -> Judge:
    def judge(dot: Any) -> bool | str:
        labels, _, _ = _graph(dot)
        return f"'{node}' was to be left out and is drawn" if norm_label(node) in labels else True
    return judge


def _marked_edge(head: str, *, mark_is_tail: bool, word: str) -> Judge:
    """An edge between the node holding MARK and `head`, in the stated direction."""
    def judge(dot: Any) -> bool | str:
        labels, edges, _ = _graph(dot)
        marked = [lbl for lbl in labels if MARK.lower() in lbl]
        if not marked:
            return f"no node holds '{MARK}'"
        want = (marked[0], norm_label(head)) if mark_is_tail else (norm_label(head), marked[0])
        if want in edges:
            return True
        if (want[1], want[0]) in edges:
            return f"'{word}': the edge is drawn backwards, {want[1]} -> {want[0]}"
        return f"no edge {want[0]} -> {want[1]}"
    return judge


def _one_mark_node(dot: Any) -> bool | str:
    labels, _, _ = _graph(dot)
    marked = [lbl for lbl in labels if MARK.lower() in lbl]
    return True if len(marked) == 1 else f"the one step named twice is drawn as {marked}"


def new_diagram_variants(entry: dict[str, Any], dot: Any) -> Iterator[Variant]:
    """Families added for the second audit round: conditions, operators, negation, options, aliases, passives."""
    intent = entry["intent"].rstrip()
    graph = read_diagram(dot)
    labels = list(graph.labels)
    if not labels:
        return
    edges = list(graph.edges)
    tails = {t for t, _ in edges}
    heads = {h for _, h in edges}
    last = ([lbl for lbl in labels if lbl not in tails] or labels[-1:])[-1]
    first = ([lbl for lbl in labels if lbl not in heads] or labels[:1])[0]
    yield Variant("diagram/step-condition-in-parens", intent + f"\nAfter {last}, run the {MARK} audit (only for orders over 500).",
                  _preserving(entry, _marked_with(last, ["500"])))
    numbered = re.match(r"^(\s*)(\d+)([.)])\s+", intent.split("\n")[-1])
    if numbered:
        yield Variant("diagram/step-condition-in-parens", intent + f"\n{numbered.group(1)}{int(numbered.group(2)) + 1}"
                      f"{numbered.group(3)} {MARK} audit (only if the total is over 500)", _preserving(entry, _marked_with(last, ["500"])))
    for low, high in (("<= 500", "> 500"), ("< 500", ">= 500"), ("≤ 500", "> 500"), ("== 0", "!= 0")):
        yield Variant("diagram/edge-label-operators",
                      intent + f"\nIf amount {low}, {last} goes to {MARK} review. If amount {high}, {last} goes to {MARK} approval.",
                      _preserving(entry, _operator_edges(last, [("review", low), ("approval", high)])))
    yield Variant("diagram/edge-label-operators-swapped",
                  intent + f"\nIf amount > 500, {last} goes to {MARK} approval. If amount <= 500, {last} goes to {MARK} review.",
                  _preserving(entry, _operator_edges(last, [("review", "<= 500"), ("approval", "> 500")])))
    yield Variant("diagram/negated-new-step", intent + f"\nDo not include a {MARK} step.", _preserving(entry, _no_mark_node))
    yield Variant("diagram/negated-new-step", intent + f"\nThere is no {MARK} review here.", _preserving(entry, _no_mark_node))
    middle = [lbl for lbl in labels if lbl not in (first, last)]
    if middle:
        yield Variant("diagram/negated-drawn-step", intent + f"\nDo not include the {middle[0]} step.", _node_gone(entry, middle[0]))
        yield Variant("diagram/negated-drawn-step", intent + f"\nSkip {middle[0]} entirely.", _node_gone(entry, middle[0]))
    yield Variant("diagram/optional-step", intent + f"\nAfter {last}, optionally notify the {MARK} team.",
                  _preserving(entry, _marked_with(last, ["option"])))
    yield Variant("diagram/optional-step", intent + f"\nAfter {last}, the {MARK} audit is optional.",
                  _preserving(entry, _marked_with(last, ["option"])))
    yield Variant("diagram/node-named-twice", intent + f"\nAfter {last}, run the {MARK} audit; the {MARK} check ends the flow.",
                  _preserving(entry, _one_mark_node))
    yield Variant("diagram/passive-direction", intent + f"\n{last} is called by the {MARK} client.",
                  _preserving(entry, _marked_edge(last, mark_is_tail=True, word="is called by")))
    yield Variant("diagram/passive-direction", intent + f"\n{first} is preceded by {MARK} intake.",
                  _preserving(entry, _marked_edge(first, mark_is_tail=True, word="is preceded by")))
    yield Variant("diagram/passive-direction", intent + f"\n{last} is followed by {MARK} cleanup.",
                  _preserving(entry, _marked_edge(last, mark_is_tail=False, word="is followed by")))
    yield Variant("diagram/passive-direction", intent + f"\n{MARK} intake comes before {first}.",
                  _preserving(entry, _marked_edge(first, mark_is_tail=True, word="comes before")))
    yield Variant("diagram/passive-direction", intent + f"\n{last} happens before {MARK} cleanup.",
                  _preserving(entry, _marked_edge(last, mark_is_tail=False, word="happens before")))


# ---------------------------------------------------------------------------------------------
# Running the audit


def audit(limit: int | None = None, show: int = 4, only: str | None = None,
          kinds: tuple[str, ...] = ("chart", "diagram")) -> tuple[Counter[tuple[str, str]], dict[str, list[str]]]:
    """(counts by (family, outcome), examples of misses by family). Outcomes: drawn, refused, miss, broken."""
    counts: Counter[tuple[str, str]] = Counter()
    misses: dict[str, list[str]] = {}
    done = 0
    for split, entry in load_corpus():
        if split != "dev":
            continue
        if entry_kind(entry) not in kinds:
            continue
        verdict = run_entry(entry)
        if explain(entry, verdict)[0] != CORRECT or verdict.status != "valid":
            continue
        kind = entry_kind(entry)
        makers = (chart_variants, transposed_table_variant, new_chart_variants) if kind == "chart" else (diagram_variants, new_diagram_variants)
        for make in makers:
            for variant in make(entry, verdict.result):
                if only is not None and not variant.family.startswith(tuple(only.split(","))):
                    continue
                got = _answer(kind, variant.intent)
                if got.status != "valid":
                    counts[(variant.family, "refused")] += 1
                    continue
                try:
                    ok = variant.judge(got.result)
                except Unreadable as exc:
                    ok = f"unreadable: {exc}"
                if ok is True:
                    counts[(variant.family, "drawn")] += 1
                else:
                    counts[(variant.family, "miss")] += 1
                    misses.setdefault(variant.family, []).append(f"{entry['id']}: {ok}\n      {variant.intent!r}")
        done += 1
        if limit is not None and done >= limit:
            break
    return counts, misses


def format_audit(counts: Counter[tuple[str, str]], misses: dict[str, list[str]], show: int = 4) -> str:
    families = sorted({f for f, _ in counts})
    lines = [f"{'family':36} {'variants':>8} {'drawn':>6} {'refused':>7} {'miss':>5}"]
    for family in families:
        total = sum(counts[(family, o)] for o in ("drawn", "refused", "miss"))
        lines.append(f"{family:36} {total:8d} {counts[(family, 'drawn')]:6d} {counts[(family, 'refused')]:7d} "
                     f"{counts[(family, 'miss')]:5d}")
    total_miss = sum(v for (_, o), v in counts.items() if o == "miss")
    lines.append(f"{total_miss} wrong valid variants")
    for family, found in sorted(misses.items()):
        lines.append(f"\n{family}: {len(found)} miss(es)")
        lines.extend(f"  {m}" for m in found[:show])
    return "\n".join(lines)


def main() -> None:
    """`python -m oracles.tests.coverage_audit [show] [family prefixes, comma-separated] [chart,diagram]`"""
    show = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    only = sys.argv[2] if len(sys.argv) > 2 else None  # a comma-separated list of family prefixes
    kinds = tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else ("chart", "diagram")
    counts, misses = audit(show=show, only=only, kinds=kinds)
    print(format_audit(counts, misses, show))


if __name__ == "__main__":
    main()
