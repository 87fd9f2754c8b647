"""The intent corpus: every entry is answered `valid` and the artifact holds exactly the data the
intent states — read back from the spec's own data and from Graphviz's own output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from oracles.engine import answer
from oracles.engine.diagram.graphviz import read_back

INTENTS = Path(__file__).parent / "intents"
CHARTS: list[dict[str, Any]] = json.loads((INTENTS / "charts.json").read_text(encoding="utf-8"))
DIAGRAMS: list[dict[str, Any]] = json.loads((INTENTS / "diagrams.json").read_text(encoding="utf-8"))
REFUSALS: list[dict[str, Any]] = json.loads((INTENTS / "refusals.json").read_text(encoding="utf-8"))


def _series_from_spec(spec: dict[str, Any], pairs: bool) -> dict[str | None, list[list[Any]]]:
    """Points per series read from the spec's inline data (not from the drafter's facts)."""
    series: dict[str | None, list[list[Any]]] = {}
    for row in spec["data"]["values"]:
        key = ("x", "y") if pairs else ("label", "value")
        series.setdefault(row.get("series"), []).append([row[key[0]], row[key[1]]])
    return series


def _expected_series(entry: dict[str, Any]) -> dict[str | None, list[list[Any]]]:
    if len(entry["series"]) == 1:
        return {None: entry["series"][0]["points"]}
    return {s["name"]: s["points"] for s in entry["series"]}


@pytest.mark.parametrize("entry", CHARTS, ids=[e["intent"][:50] for e in CHARTS])
def test_chart_intent_is_answered_with_exactly_its_values(entry: dict[str, Any]) -> None:
    verdict = answer("chart", entry["intent"], "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    spec = verdict.result
    assert isinstance(spec, dict)
    assert _series_from_spec(spec, entry.get("pairs", False)) == _expected_series(entry)
    mark = spec["mark"]["type"]
    assert mark == entry["mark"]
    encoding = spec["encoding"]
    if entry.get("horizontal"):
        assert encoding["x"]["type"] == "quantitative" and encoding["y"]["field"] == "label"
    elif mark in ("bar", "line", "area") and not entry.get("pairs"):
        assert encoding["x"]["field"] == "label"
    if "title" in entry:  # null: drawn without a title (the intent names no subject)
        assert (spec.get("title") or {}).get("text") == entry["title"]
    if "x_title" in entry:
        assert encoding["x"]["title"] == entry["x_title"]
    if "y_title" in entry:
        assert encoding["y"]["title"] == entry["y_title"]
    if entry.get("donut"):
        assert spec["mark"]["innerRadius"] > 0
    if entry.get("arrangement") == "stacked":
        assert "xOffset" not in encoding and encoding["color"]["field"] == "series"
    elif len(entry["series"]) > 1 and mark == "bar":
        assert encoding["xOffset"]["field"] == "series"
    if entry.get("sort") == "descending":
        sort = (encoding["y"] if entry.get("horizontal") else encoding["x"])["sort"]
        assert sort in ("-x", "-y")
    if entry.get("sort") == "alphabetical":
        assert encoding["x"]["sort"] == "ascending"
    assert verdict.verified_by is not None and "vega-lite JSON schema 6." in verdict.verified_by["checker"]


@pytest.mark.parametrize("entry", DIAGRAMS, ids=[e["intent"][:50] for e in DIAGRAMS])
def test_diagram_intent_is_answered_with_exactly_its_nodes_and_edges(entry: dict[str, Any]) -> None:
    verdict = answer("diagram", entry["intent"], "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, str)
    graph = read_back(verdict.result)  # Graphviz's own reading of the DOT
    assert sorted(graph.labels) == sorted(entry["nodes"])
    assert sorted(map(list, graph.edges)) == sorted(entry["edges"])
    if "decisions" in entry:
        for decision in entry["decisions"]:
            assert f'label="{decision}", shape=diamond' in verdict.result
    assert verdict.verified_by is not None and verdict.verified_by["checker"].startswith("graphviz 2.")


@pytest.mark.parametrize("entry", REFUSALS, ids=[e["intent"][:50] for e in REFUSALS])
def test_unusable_intent_is_invalid_with_a_reason_that_says_what_to_do(entry: dict[str, Any]) -> None:
    verdict = answer(entry["kind"], entry["intent"], "", entry.get("options", {}))
    assert verdict.status == "invalid"
    assert verdict.result is None
    assert verdict.reason is not None and verdict.reason["code"] == entry["code"]
    assert "e.g." in verdict.reason["message"] or entry["code"] not in ("DATA_REQUIRED", "UNREADABLE_INTENT")


GENERATED = [
    "a bar chart of signups",
    "line chart of monthly revenue",
    "pie chart of browser share for Chrome, Safari and Firefox",
    "scatter plot of price vs rating",
    "weekly active users as an area chart",
]


@pytest.mark.parametrize("intent", GENERATED)
def test_generated_data_is_valid_flagged_in_notes_and_in_the_chart(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {"allow_generated_data": True})
    assert verdict.status == "valid", verdict.reason
    assert any("Illustrative" in note for note in verdict.notes)
    spec = verdict.result
    assert isinstance(spec, dict)
    assert "illustrative" in spec["title"]["text"].lower()
    assert "Illustrative" in spec["title"]["subtitle"]
    assert spec["data"]["values"]
    again = answer("chart", intent, "vega-lite", {"allow_generated_data": True})
    assert again.result == spec  # deterministic: seeded from the intent


@pytest.mark.parametrize("intent", GENERATED)
def test_no_values_without_permission_is_data_required(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid"
    assert verdict.reason is not None and verdict.reason["code"] == "DATA_REQUIRED"


def test_values_in_the_intent_are_never_replaced_by_generated_ones() -> None:
    verdict = answer("chart", "bar chart of signups: Mon 34, Tue 41", "vega-lite", {"allow_generated_data": True})
    assert verdict.status == "valid"
    assert verdict.notes == []
    assert isinstance(verdict.result, dict)
    assert verdict.result["data"]["values"] == [{"label": "Mon", "value": 34}, {"label": "Tue", "value": 41}]


def test_corpus_is_at_least_eighty_intents() -> None:
    assert len(CHARTS) >= 55 and len(DIAGRAMS) >= 28
    assert len(CHARTS) + len(DIAGRAMS) >= 80
