"""Hostile input is bounded: each case is a fast, clear `invalid`, and the process survives."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from oracles.engine import ENGINE_LIMITS, Draft, EngineRefusal, answer, get_kind

SIGNUPS = "bar chart of signups: Mon 34, Tue 41, Wed 29"


@pytest.fixture(autouse=True)
def _fast() -> Iterator[None]:
    started = time.monotonic()
    yield
    assert time.monotonic() - started < 5, "a hostile case must be refused within a few seconds"


def _code(kind: str, intent: str, options: dict | None = None, fmt: str = "") -> str:
    verdict = answer(kind, intent, fmt, options or {})
    assert verdict.status == "invalid" and verdict.result is None
    assert verdict.reason is not None and verdict.reason["message"]
    return verdict.reason["code"]


@pytest.mark.parametrize("kind", ["chart", "diagram"])
def test_a_megabyte_intent_is_refused_before_parsing(kind: str) -> None:
    assert _code(kind, "Mon 1, " * 150_000) == "INTENT_TOO_LONG"


def test_thousands_of_values_are_too_many() -> None:
    intent = ", ".join(f"item{i} {i}" for i in range(1500))
    assert len(intent) < ENGINE_LIMITS["max_intent_chars"]
    assert _code("chart", intent) == "TOO_MANY_VALUES"


def test_thousands_of_csv_rows_are_too_many() -> None:
    intent = "label,value\n" + "\n".join(f"r{i},{i}" for i in range(1200))
    assert _code("chart", intent) == "TOO_MANY_VALUES"


@pytest.mark.parametrize("intent", [
    "bar chart: Mon 1e309, Tue 3",
    "bar chart: Mon 1e20, Tue 3",
    "bar chart: Mon NaN, Tue 3",
    "line chart: Mon inf, Tue 3",
    '{"Mon": NaN, "Tue": 3}',
    '{"Mon": Infinity, "Tue": 3}',
    '{"Mon": 1e400, "Tue": 3}',
    '{"Mon": ' + "9" * 5000 + ', "Tue": 3}',
])
def test_enormous_or_non_finite_numbers_are_out_of_range(intent: str) -> None:
    assert _code("chart", intent) == "VALUE_OUT_OF_RANGE"


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_deeply_nested_json_is_refused_without_recursion(opening: str) -> None:
    intent = "chart this: " + opening * (6_000 if opening == "[" else 5_000)
    assert len(intent) < ENGINE_LIMITS["max_intent_chars"]
    assert _code("chart", intent) == "JSON_TOO_DEEP"


def test_a_graph_with_too_many_nodes_is_refused_before_graphviz() -> None:
    intent = " -> ".join(f"n{i}" for i in range(600))
    assert _code("diagram", intent) == "TOO_MANY_NODES"


def test_a_twenty_thousand_node_dot_artifact_is_refused_before_graphviz() -> None:
    kind = get_kind("diagram")
    source = "digraph G {\n" + "\n".join(f"  n{i} -> n{i + 1};" for i in range(20_000)) + "\n}\n"
    draft = Draft("dot", source, {"nodes": [], "edges": []}, False, [])
    verdict = kind.check("a -> b", draft, {})
    assert verdict.status == "invalid"
    assert verdict.reason is not None and verdict.reason["code"] in ("DIAGRAM_TOO_LARGE", "TOO_MANY_EDGES")


@pytest.mark.parametrize("attribute", ['image="/etc/passwd"', 'shapefile="/etc/passwd"', 'URL="http://example.com"',
                                       'href="javascript:alert(1)"', '"image"="/etc/hostname"'])
def test_dot_attributes_that_read_files_or_link_out_are_refused(attribute: str) -> None:
    source = f'digraph G {{ a [{attribute}]; a -> b; }}'
    verdict = get_kind("diagram").check("a -> b", Draft("dot", source, {"nodes": ["a", "b"], "edges": [["a", "b"]]}), {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNSAFE_DIAGRAM"


def test_html_like_dot_labels_are_refused() -> None:
    source = 'digraph G { a [label=<<b>a</b>>]; a -> b; }'
    verdict = get_kind("diagram").check("a -> b", Draft("dot", source, {"nodes": ["a", "b"], "edges": [["a", "b"]]}), {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNSAFE_DIAGRAM"


def test_dot_syntax_errors_are_invalid() -> None:
    verdict = get_kind("diagram").check("a -> b", Draft("dot", "digraph G { a -> ; }", {"nodes": [], "edges": []}), {})
    assert verdict.reason is not None and verdict.reason["code"] == "DOES_NOT_PARSE"


def test_markup_and_control_characters_in_diagram_labels_are_neutralised() -> None:
    intent = 'the <b>browser</b>\x07 talks to "nginx\\" ; DROP'
    verdict = answer("diagram", "<b>browser</b>\x07 -> nginx\x00 -> app\\\" [color=red]", "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, str)
    assert "\x07" not in verdict.result and "\x00" not in verdict.result
    svg = get_kind("diagram").render(verdict.result, "dot", "svg").decode()
    assert "<b>" not in svg and "&lt;b&gt;browser&lt;/b&gt;" in svg
    assert intent  # the drafter never turns text into attributes: only 3 nodes, quoted
    assert verdict.result.count("label=") == 3


def test_markup_in_chart_labels_is_drawn_as_text() -> None:
    verdict = answer("chart", "bar chart: <script>alert(1)</script> 5, b 3", "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    svg = get_kind("chart").render(verdict.result, "vega-lite", "svg").decode()  # type: ignore[arg-type]
    assert "<script>" not in svg


def _chart_draft() -> Draft:
    return get_kind("chart").draft(SIGNUPS, "vega-lite", {})


def _tampered(change: dict) -> Draft:
    draft = _chart_draft()
    spec = json.loads(json.dumps(draft.artifact))
    spec.update(change)
    return replace(draft, artifact=spec)


@pytest.mark.parametrize(("change", "code"), [
    ({"data": {"url": "https://example.com/data.csv"}}, "EXTERNAL_REFERENCE"),
    ({"data": {"url": "file:///etc/passwd"}}, "EXTERNAL_REFERENCE"),
    ({"data": {"sequence": {"start": 0, "stop": 100_000_000, "as": "value"}}}, "UNSUPPORTED_SPEC"),
    ({"mark": {"type": "image", "url": "https://example.com/x.png"}}, "EXTERNAL_REFERENCE"),
    ({"usermeta": {"link": "https://example.com/x.png"}}, "EXTERNAL_REFERENCE"),
    ({"transform": [{"calculate": "datum.value * 10", "as": "value"}]}, "UNSUPPORTED_SPEC"),
    ({"width": 1_000_000}, "SPEC_TOO_LARGE"),
    ({"data": {"values": [{"label": "Mon", "value": 34}] * 5000}}, "TOO_MANY_VALUES"),
    ({"mark": "bogus-mark"}, "SCHEMA"),
])
def test_chart_artifacts_that_fetch_generate_or_overflow_are_invalid(change: dict, code: str) -> None:
    verdict = get_kind("chart").check(SIGNUPS, _tampered(change), {})
    assert verdict.status == "invalid"
    assert verdict.reason is not None and verdict.reason["code"] == code


def test_a_deeply_nested_chart_artifact_is_refused() -> None:
    nested: dict = {}
    cursor = nested
    for _ in range(5000):
        cursor["a"] = {}
        cursor = cursor["a"]
    verdict = get_kind("chart").check(SIGNUPS, _tampered({"usermeta": nested}), {})
    assert verdict.reason is not None and verdict.reason["code"] in ("SPEC_TOO_DEEP", "SPEC_TOO_LARGE")


def test_rendering_refuses_an_artifact_that_loads_a_url() -> None:
    spec = _tampered({"data": {"url": "https://example.com/data.csv"}}).artifact
    with pytest.raises(EngineRefusal) as refusal:
        get_kind("chart").render(spec, "vega-lite", "png")
    assert refusal.value.code == "EXTERNAL_REFERENCE"


def test_the_process_survives_and_still_answers_after_hostile_input() -> None:
    _code("chart", "[" * 10_000)
    _code("diagram", " -> ".join(f"n{i}" for i in range(600)))
    assert answer("chart", SIGNUPS, "vega-lite", {}).status == "valid"


def _big_chart_intent(count: int) -> str:
    return "a line chart of daily visits: " + ", ".join(f"d{i} {i % 97}" for i in range(count))


@pytest.mark.parametrize("count", [990, 1000])
def test_a_chart_at_the_value_limit_is_checked_and_valid(count: int) -> None:
    # Regression: the value check matched every point against every row (O(n²), ~4 s at 1000
    # values). Not a timing assertion — `bench/engine_bench.py` prints the median — but the
    # autouse 5 s bound still applies.
    intent = _big_chart_intent(count)
    assert len(intent) < ENGINE_LIMITS["max_intent_chars"] and count <= ENGINE_LIMITS["max_values"]
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, dict) and len(verdict.result["data"]["values"]) == count
    # every point is drawn; the label axis names a readable subset of the labels
    axis_values = verdict.result["encoding"]["x"]["axis"]["values"]
    assert axis_values[0] == "d0" and 0 < len(axis_values) <= 50


def test_a_chart_one_past_the_value_limit_is_clearly_refused() -> None:
    verdict = answer("chart", _big_chart_intent(int(ENGINE_LIMITS["max_values"]) + 1), "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "TOO_MANY_VALUES" and "at most 1,000" in verdict.reason["message"]


def test_a_big_chart_with_a_changed_value_is_still_caught() -> None:
    # The faster row index must stay exactly as strict: one tampered row among a thousand.
    kind = get_kind("chart")
    intent = _big_chart_intent(1000)
    draft = kind.draft(intent, "vega-lite", {})
    rows = [dict(row) for row in draft.artifact["data"]["values"]]
    rows[777]["value"] = rows[778]["value"]  # a value the intent states, on the wrong label
    spec = {**draft.artifact, "data": {"values": rows}}
    verdict = kind.check(intent, replace(draft, artifact=spec), {})
    assert verdict.reason is not None and verdict.reason["code"] == "VALUE_NOT_PLACED"
    assert "'d777'" in verdict.reason["message"]
