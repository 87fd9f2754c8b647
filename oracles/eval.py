"""The strict judge for the evaluation corpus (oracles/tests/eval/*.json) and its report.

`judge(entry, verdict)` is a pure function of a corpus entry and the engine's verdict and answers
"correct", "wrong_valid" or "refused". Anything the judge cannot read in a `valid` answer counts as
wrong (fail closed): a wrong valid is the outcome the corpus exists to catch, so doubt goes against
the answer, never for it. `explain(entry, verdict)` says why, for test messages.

`python -m oracles.eval` runs every entry through the engine and prints the per-split, per-category
table (the same one the summary test prints).
"""

from __future__ import annotations

import json
import math
import re
import subprocess  # noqa: S404 - Graphviz is run on DOT the engine produced, with a fixed argv
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracles.engine import answer, get_kind
from oracles.engine.diagram.graphviz import read_back

CORRECT = "correct"
WRONG_VALID = "wrong_valid"
REFUSED = "refused"

EVAL_DIR = Path(__file__).resolve().parent / "tests" / "eval"
SPLITS = ("dev", "heldout")
KIND_OF_FILE = {"charts": ("chart", "vega-lite"), "diagrams": ("diagram", "dot")}

# A scatter drawn with filled circles is the same chart as one drawn with points.
MARK_EQUIVALENTS = {"point": {"point", "circle"}, "arc": {"arc"}, "bar": {"bar"}, "line": {"line"}, "area": {"area"}}


class Unreadable(Exception):
    """The answer's shape is not one the judge understands: it counts as wrong."""


# ---------------------------------------------------------------------------------------------
# Normalisation shared by both kinds


def norm_label(text: Any) -> str:
    """Case-insensitive, trimmed, whitespace-collapsed; dash variants and DOT line breaks unified."""
    if isinstance(text, bool):
        raise Unreadable(f"boolean label {text!r}")
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    s = unicodedata.normalize("NFKC", str(text))
    s = s.replace("\\n", " ").replace("\\l", " ").replace("\\r", " ")
    s = re.sub("[\u2010\u2011\u2012\u2013\u2014\u2212]", "-", s)
    s = re.sub(r"\s+", " ", s).strip().casefold()
    return s


def norm_edge_label(text: Any) -> str:
    """An edge label compared loosely at its ends only (a trailing '?' or ':' is not a different label);
    "≤" and "≥" are the signs "<=" and ">=" written as one character (the engine's documented normal form)."""
    return norm_label(text).replace("≤", "<=").replace("≥", ">=").strip(" .,:;?!\"'")


def alternatives(spec: Any) -> list[str]:
    """A label/name given as one string or a list of acceptable spellings, normalised."""
    if isinstance(spec, list):
        return [norm_label(s) for s in spec]
    return [norm_label(spec)]


def number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Unreadable(f"value {value!r} is not a number")
    if not math.isfinite(value):
        raise Unreadable(f"value {value!r} is not finite")
    return float(value)


def same_number(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


# ---------------------------------------------------------------------------------------------
# Charts


@dataclass(frozen=True)
class DrawnChart:
    mark: str | None
    rows: list[dict[str, Any]]
    encoding: dict[str, Any]
    title: str


def read_chart(spec: Any) -> DrawnChart:
    """Mark, data rows, encoding and title of a Vega-Lite spec, single-view or layered."""
    if not isinstance(spec, dict):
        raise Unreadable("the chart result is not a JSON object")
    views = [spec]
    if "layer" in spec:
        layers = spec["layer"]
        if not isinstance(layers, list) or not layers or not all(isinstance(v, dict) for v in layers):
            raise Unreadable("a 'layer' that is not a list of views")
        views = layers
    rows = _values(spec)
    if rows is None:
        with_data = [v for v in views if _values(v) is not None]
        if len(with_data) != 1:
            raise Unreadable("no single inline data set (data.values)")
        rows = _values(with_data[0])
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise Unreadable("data.values is not a non-empty list of rows")
    primary = views[0]
    raw_mark = primary.get("mark", spec.get("mark"))
    if isinstance(raw_mark, dict):
        raw_mark = raw_mark.get("type")
    if not isinstance(raw_mark, str):
        raise Unreadable(f"mark {raw_mark!r} is not readable")
    encoding = dict(spec.get("encoding") or {})
    encoding.update(primary.get("encoding") or {})
    raw_title = spec.get("title", "")
    if isinstance(raw_title, dict):
        raw_title = raw_title.get("text", "")
    if isinstance(raw_title, list):
        raw_title = " ".join(str(t) for t in raw_title)
    return DrawnChart(raw_mark, rows, encoding, str(raw_title or ""))


def _values(view: dict[str, Any]) -> Any:
    data = view.get("data")
    if isinstance(data, dict) and "values" in data:
        return data["values"]
    return None


def drawn_points(chart: DrawnChart, pairs: bool) -> list[tuple[Any, str | float, float]]:
    """(series, label or x, value or y) for every row; labels normalised, numbers as floats."""
    out: list[tuple[Any, str | float, float]] = []
    for row in chart.rows:
        series = row.get("series")
        extra = set(row) - {"label", "value", "x", "y", "series"}
        if extra:
            raise Unreadable(f"a data row with unexpected keys {sorted(extra)}")
        if "label" in row and "value" in row and "x" not in row and "y" not in row:
            if pairs:
                raise Unreadable("numeric pairs were expected but the rows are label/value")
            out.append((series, norm_label(row["label"]), number(row["value"])))
        elif "x" in row and "y" in row and "label" not in row and "value" not in row:
            if pairs:
                out.append((series, number(row["x"]), number(row["y"])))
            else:
                # A quantitative x (years, say) still names the same points as labels would.
                out.append((series, norm_label(row["x"]), number(row["y"])))
        else:
            raise Unreadable(f"a data row that is neither label/value nor x/y: {row!r}")
    return out


def _point_matches(expected: tuple[Any, float], drawn: tuple[str | float, float], pairs: bool) -> bool:
    label, value = expected
    got_label, got_value = drawn
    if not same_number(number(value), got_value):
        return False
    if pairs:
        return isinstance(got_label, float) and same_number(number(label), got_label)
    return isinstance(got_label, str) and got_label in alternatives(label)


def _points_equal(expected: list[list[Any]], drawn: list[tuple[str | float, float]], pairs: bool) -> bool:
    """Multiset equality of points, each expected point matched to exactly one drawn point."""
    if len(expected) != len(drawn):
        return False
    candidates = [[j for j, d in enumerate(drawn) if _point_matches((e[0], e[1]), d, pairs)] for e in expected]
    return _perfect_matching(candidates, len(drawn))


def _perfect_matching(candidates: list[list[int]], right_size: int) -> bool:
    """Whether every left item i can take a distinct right item from candidates[i] (Kuhn's algorithm)."""
    if len(candidates) != right_size:
        return False
    owner: dict[int, int] = {}

    def assign(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or assign(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(assign(i, set()) for i in range(len(candidates)))


def judge_chart(expect: dict[str, Any], spec: Any) -> tuple[bool, str]:
    chart = read_chart(spec)
    pairs = bool(expect.get("pairs", False))
    points = drawn_points(chart, pairs)
    by_series: dict[Any, list[tuple[str | float, float]]] = {}
    for series, label, value in points:
        key = None if series is None else norm_label(series)
        by_series.setdefault(key, []).append((label, value))
    exp_series = expect["series"]
    if len(exp_series) == 1:
        only = exp_series[0]
        if len(by_series) != 1:
            return False, f"expected one series, drawn {len(by_series)}: {sorted(map(str, by_series))}"
        drawn_name, drawn = next(iter(by_series.items()))
        if only["name"] is not None and drawn_name is not None and drawn_name not in alternatives(only["name"]):
            return False, f"series name {drawn_name!r} is not {only['name']!r}"
        if not _points_equal(only["points"], drawn, pairs):
            return False, "the data differ"
    else:
        if None in by_series:
            return False, "several series expected but some rows carry no series"
        names = list(by_series)
        cand = [[j for j, n in enumerate(names) if n in alternatives(s["name"])] for s in exp_series]
        if not _perfect_matching(cand, len(names)):
            return False, f"series names {names} do not match {[s['name'] for s in exp_series]}"
        for s, c in zip(exp_series, cand, strict=True):
            # Names are distinct spellings in practice, so the first candidate is the one matched.
            if len(c) != 1:
                return False, f"series {s['name']!r} matches several drawn series"
            if not _points_equal(s["points"], by_series[names[c[0]]], pairs):
                return False, f"the data of series {s['name']!r} differ"
    mark = expect.get("mark")
    if mark is not None and chart.mark not in MARK_EQUIVALENTS.get(mark, {mark}):
        return False, f"mark {chart.mark!r}, expected {mark!r}"
    x = chart.encoding.get("x") or {}
    y = chart.encoding.get("y") or {}
    if expect.get("orientation") == "horizontal":
        if not (x.get("type") == "quantitative" and y.get("field") == "label"):
            return False, "bars are not horizontal (x quantitative, y the labels)"
    stacked = expect.get("stacked")
    if stacked is not None:
        offset = "xOffset" in chart.encoding or "yOffset" in chart.encoding
        quantitative = x if x.get("type") == "quantitative" else y
        unstacked = offset or quantitative.get("stack", True) in (None, False)
        if stacked and (len(by_series) < 2 or unstacked):
            return False, "stacking was asked but the series are not stacked"
        if not stacked and not unstacked:
            return False, "side-by-side (grouped) was asked but the series are stacked"
    title = expect.get("title")
    if title is not None and not any(t in norm_label(chart.title) for t in alternatives(title)):
        return False, f"title {chart.title!r} does not contain {title!r}"
    return True, "as expected"


def chart_summary(spec: Any) -> str:
    """What was drawn, compactly, for failure messages."""
    try:
        chart = read_chart(spec)
    except Unreadable:
        return json.dumps(spec)[:2000]
    rows = [tuple(r.get(k) for k in ("series", "label", "value", "x", "y") if k in r) for r in chart.rows]
    return f"mark={chart.mark} title={chart.title!r} rows={rows}"


# ---------------------------------------------------------------------------------------------
# Diagrams


@dataclass(frozen=True)
class DrawnGraph:
    labels: list[str]
    edges: list[tuple[str, str]]
    edge_labels: dict[tuple[str, str], list[str]]


def read_diagram(dot: Any) -> DrawnGraph:
    """Node labels and edges as Graphviz reads the DOT (via the engine's read_back), plus edge labels."""
    if not isinstance(dot, str) or not dot.strip():
        raise Unreadable("the diagram result is not DOT source")
    try:
        graph = read_back(dot)
    except Exception as exc:  # noqa: BLE001 - a result Graphviz cannot read is simply wrong
        raise Unreadable(f"Graphviz could not read the DOT: {exc}") from exc
    per_edge = _edge_labels(dot)
    if len(per_edge) != len(graph.edges):
        raise Unreadable("dot -Tjson and read_back disagree on the number of edges")
    labels: dict[tuple[str, str], list[str]] = {}
    # read_back lists edges in Graphviz's own order, the same order as the JSON's "edges".
    for (tail, head), texts in zip(graph.edges, per_edge, strict=True):
        labels.setdefault((norm_label(tail), norm_label(head)), []).extend(texts)
    return DrawnGraph(list(graph.labels), list(graph.edges), labels)


def _edge_labels(dot: str) -> list[list[str]]:
    """The labels of every edge, in Graphviz's order, from `dot -Tjson` (read_back does not give them)."""
    completed = subprocess.run(["dot", "-Tjson"], input=dot.encode(), capture_output=True, timeout=30, check=False)  # noqa: S603, S607
    if completed.returncode != 0:
        raise Unreadable(f"dot -Tjson failed: {completed.stderr.decode(errors='replace')[:200]}")
    document = json.loads(completed.stdout)
    return [[_strip_html(edge[attr]) for attr in ("label", "xlabel", "headlabel", "taillabel") if edge.get(attr)]
            for edge in document.get("edges", [])]


def _strip_html(text: str) -> str:
    # Graphviz gives an HTML-like label without its outer <>; drop its tags, keep its text.
    return re.sub(r"</?[A-Za-z][^>]*>", " ", text)


def judge_diagram(expect: dict[str, Any], dot: Any) -> tuple[bool, str]:
    graph = read_diagram(dot)
    drawn = [norm_label(label) for label in graph.labels]
    expected_nodes = [alternatives(n) for n in expect["nodes"]]
    first = [alts[0] for alts in expected_nodes]
    if len(set(drawn)) != len(drawn):
        dupes = sorted(k for k, c in Counter(drawn).items() if c > 1)
        return False, f"the same label drawn on several nodes: {dupes}"
    cand = [[j for j, d in enumerate(drawn) if d in alts] for alts in expected_nodes]
    if len(drawn) != len(expected_nodes):
        return False, f"{len(drawn)} nodes drawn, {len(expected_nodes)} expected: drawn {drawn}"
    if not _perfect_matching(cand, len(drawn)):
        missing = [first[i] for i, c in enumerate(cand) if not c]
        matched = {j for c in cand for j in c}
        extra = [d for j, d in enumerate(drawn) if j not in matched]
        return False, f"nodes differ: missing {missing}, not expected {extra}"
    # Drawn labels are distinct and each matches one expected node: map drawn label -> expected first label.
    to_expected: dict[str, str] = {}
    for i, alts in enumerate(expected_nodes):
        hits = [d for d in drawn if d in alts]
        if len(hits) != 1:
            return False, f"node {first[i]!r} matches {len(hits)} drawn nodes {hits}"
        to_expected[hits[0]] = first[i]
    drawn_edges = {(to_expected[norm_label(t)], to_expected[norm_label(h)]) for t, h in graph.edges}
    expected_edges = {(norm_label(t), norm_label(h)) for t, h in expect["edges"]}
    if drawn_edges != expected_edges:
        return False, (f"edges differ: missing {sorted(expected_edges - drawn_edges)}, "
                       f"not expected {sorted(drawn_edges - expected_edges)}")
    back = {v: k for k, v in to_expected.items()}
    for key, wanted in (expect.get("edge_labels") or {}).items():
        tail, head = (norm_label(p) for p in key.split("->", 1))
        labels = graph.edge_labels.get((back[tail], back[head]), [])
        accepted = {norm_edge_label(w) for w in (wanted if isinstance(wanted, list) else [wanted])}
        if not any(norm_edge_label(lbl) in accepted for lbl in labels):
            return False, f"edge {key} is labelled {labels}, expected one of {sorted(accepted)}"
    return True, "as expected"


def diagram_summary(dot: Any) -> str:
    try:
        graph = read_diagram(dot)
    except Unreadable:
        return str(dot)[:2000]
    labelled = {f"{t}->{h}": v for (t, h), v in graph.edge_labels.items()}
    return f"nodes={graph.labels} edges={graph.edges} edge_labels={labelled}"


# ---------------------------------------------------------------------------------------------
# The judge


def entry_kind(entry: dict[str, Any]) -> str:
    """'chart' or 'diagram', from the id ('a-c-017', 'b-d-004')."""
    part = entry["id"].split("-")[1]
    return {"c": "chart", "d": "diagram"}[part]


def explain(entry: dict[str, Any], verdict: Any) -> tuple[str, str]:
    """(outcome, why) for one entry and the engine's verdict."""
    if getattr(verdict, "status", None) != "valid":
        return REFUSED, f"answered {getattr(verdict, 'status', None)!r}: {getattr(verdict, 'reason', None)}"
    expect = entry["expect"]
    if expect["status"] == "refuse":
        return WRONG_VALID, "a refusal was expected but the answer is valid"
    try:
        if entry_kind(entry) == "chart":
            ok, why = judge_chart(expect, verdict.result)
        else:
            ok, why = judge_diagram(expect, verdict.result)
    except Unreadable as exc:
        return WRONG_VALID, f"unreadable answer: {exc}"
    return (CORRECT if ok else WRONG_VALID), why


def judge(entry: dict[str, Any], verdict: Any) -> str:
    """"correct" | "wrong_valid" | "refused" for one entry and the engine's verdict (strict)."""
    return explain(entry, verdict)[0]


def expected_summary(entry: dict[str, Any]) -> str:
    expect = entry["expect"]
    if expect["status"] == "refuse":
        return "a refusal"
    if entry_kind(entry) == "chart":
        keys = ("mark", "orientation", "stacked", "pairs", "title")
        extras = " ".join(f"{k}={expect[k]!r}" for k in keys if k in expect)
        return f"{extras} series={expect['series']}"
    return f"nodes={expect['nodes']} edges={expect['edges']} edge_labels={expect.get('edge_labels', {})}"


def drawn_summary(entry: dict[str, Any], verdict: Any) -> str:
    if getattr(verdict, "status", None) != "valid":
        return f"{getattr(verdict, 'status', None)}: {getattr(verdict, 'reason', None)}"
    if entry_kind(entry) == "chart":
        return chart_summary(verdict.result)
    return diagram_summary(verdict.result)


# ---------------------------------------------------------------------------------------------
# Corpus files and schema


def corpus_files(directory: Path = EVAL_DIR) -> list[tuple[str, Path]]:
    """(split, path) for every <writer>_{charts,diagrams}_{dev,heldout}.json present."""
    out = []
    for split in SPLITS:
        out.extend((split, path) for path in sorted(directory.glob(f"*_{split}.json")))
    return out


def load_corpus(directory: Path = EVAL_DIR) -> list[tuple[str, dict[str, Any]]]:
    """(split, entry) for every entry of every corpus file."""
    out = []
    for split, path in corpus_files(directory):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            out.append((split, entry))
    return out


def _is_label_spec(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v.strip() for v in value)


def schema_problems(entry: Any) -> list[str]:
    """What is malformed in one entry (empty when it follows EVAL-FORMAT.md)."""
    if not isinstance(entry, dict):
        return ["not an object"]
    problems = [f"missing {k}" for k in ("id", "voice", "category", "intent", "expect") if k not in entry]
    if problems:
        return problems
    if not re.fullmatch(r"[a-z]+-[cd]-\d+", str(entry["id"])):
        return [f"id {entry['id']!r} is not <writer>-c|d-<n>"]
    if not isinstance(entry["intent"], str) or not entry["intent"].strip():
        problems.append("empty intent")
    expect = entry["expect"]
    if expect.get("status") not in ("valid", "refuse"):
        return problems + [f"status {expect.get('status')!r}"]
    if expect["status"] == "refuse":
        return problems
    if entry_kind(entry) == "chart":
        if expect.get("mark") not in (None, "bar", "line", "area", "arc", "point"):
            problems.append(f"mark {expect.get('mark')!r}")
        series = expect.get("series")
        if not isinstance(series, list) or not series:
            return problems + ["no series"]
        pairs = bool(expect.get("pairs", False))
        for s in series:
            if s.get("name") is None and len(series) > 1:
                problems.append("an unnamed series among several")
            if s.get("name") is not None and not _is_label_spec(s["name"]):
                problems.append(f"series name {s.get('name')!r}")
            for p in s.get("points") or [None]:
                if not (isinstance(p, list) and len(p) == 2):
                    problems.append(f"point {p!r}")
                    continue
                if isinstance(p[1], bool) or not isinstance(p[1], int | float):
                    problems.append(f"value {p[1]!r}")
                if pairs and (isinstance(p[0], bool) or not isinstance(p[0], int | float)):
                    problems.append(f"x {p[0]!r} of a pair is not a number")
                if not pairs and not _is_label_spec(p[0]):
                    problems.append(f"label {p[0]!r}")
    else:
        nodes = expect.get("nodes")
        if not isinstance(nodes, list) or not nodes or not all(_is_label_spec(n) for n in nodes):
            return problems + ["nodes"]
        firsts = [norm_label(n[0] if isinstance(n, list) else n) for n in nodes]
        if len(set(firsts)) != len(firsts):
            problems.append("two nodes share a first label")
        all_alts = [a for n in nodes for a in set(alternatives(n))]  # a node may list one spelling twice
        if len(set(all_alts)) != len(all_alts):
            problems.append("an acceptable label is shared by two nodes")
        for edge in expect.get("edges", []):
            if not (isinstance(edge, list) and len(edge) == 2 and all(norm_label(e) in firsts for e in edge)):
                problems.append(f"edge {edge!r} does not name nodes by their first label")
        edge_keys = {f"{norm_label(t)}->{norm_label(h)}" for t, h in expect.get("edges", []) if True}
        for key in expect.get("edge_labels") or {}:
            tail, _, head = key.partition("->")
            if f"{norm_label(tail)}->{norm_label(head)}" not in edge_keys:
                problems.append(f"edge label on {key!r}, which is not an expected edge")
    return problems


# ---------------------------------------------------------------------------------------------
# Running and reporting

_VERDICTS: dict[tuple[str, str], Any] = {}


def run_entry(entry: dict[str, Any]) -> Any:
    """The engine's verdict for one entry (memoised per process: the summary reuses the per-entry runs)."""
    kind = entry_kind(entry)
    key = (kind, entry["intent"])
    if key not in _VERDICTS:
        _VERDICTS[key] = answer(kind, entry["intent"], get_kind(kind).default_format, {})
    return _VERDICTS[key]


def tally(results: Iterable[tuple[str, dict[str, Any], str]]) -> dict[tuple[str, str, str], Counter[str]]:
    """Counters by (split, kind, category), plus (split, kind, '(all)') totals.

    Held-back entries are counted in their '(all)' rows only: a per-category held-back row would tell
    the engine's authors where to aim, which is what the held-back split exists to prevent.
    """
    table: dict[tuple[str, str, str], Counter[str]] = {}
    for split, entry, outcome in results:
        kind = entry_kind(entry)
        categories = ("(all)",) if split == "heldout" else (entry["category"], "(all)")
        for category in categories:
            table.setdefault((split, kind, category), Counter())[outcome] += 1
    return table


def format_table(table: dict[tuple[str, str, str], Counter[str]]) -> str:
    lines = []
    header = f"{'split':8} {'kind':8} {'category':34} {'total':>5} {'correct':>7} {'refused':>7} {'wrong_valid':>11} {'%correct':>8}"
    for split in SPLITS:
        keys = sorted((k for k in table if k[0] == split), key=lambda k: (k[1], k[2] != "(all)", k[2]))
        if not keys:
            continue
        lines.append(header)
        for key in keys:
            c = table[key]
            total = sum(c.values())
            pct = 100.0 * c[CORRECT] / total if total else 0.0
            lines.append(f"{key[0]:8} {key[1]:8} {key[2][:34]:34} {total:5d} {c[CORRECT]:7d} {c[REFUSED]:7d} "
                         f"{c[WRONG_VALID]:11d} {pct:7.1f}%")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")
    import django

    django.setup()
    results = []
    wrong = []
    for split, entry in load_corpus():
        verdict = run_entry(entry)
        outcome, why = explain(entry, verdict)
        results.append((split, entry, outcome))
        if outcome == WRONG_VALID:
            wrong.append(f"{entry['id']} ({split}, {entry['category']}): {why}")
    print(format_table(tally(results)))
    # Only dev failures are itemised: heldout entries are not for the engine's authors to read.
    dev_wrong = [w for w in wrong if "(dev," in w]
    print(f"{len(wrong)} wrong valid ({len(wrong) - len(dev_wrong)} heldout, not itemised)")
    print("\n".join(f"  {w}" for w in dev_wrong))


if __name__ == "__main__":
    main()
