"""The schema check answers yes/no with a validator that stops an anyOf branch at its first error;
it must find an error exactly when the full validator does, and report the full validator's error."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from oracles.engine.chart.schema import _validity_validator, schema_errors, validator


def _spec(rows: int) -> dict[str, Any]:
    labels = [f"day {i}" for i in range(rows)]
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
        "data": {"values": [{"label": label, "value": i % 7} for i, label in enumerate(labels)]},
        "mark": {"type": "line", "point": True},
        "encoding": {"x": {"field": "label", "type": "nominal", "sort": labels},
                     "y": {"field": "value", "type": "quantitative"}},
    }


def _full_errors(spec: dict[str, Any]) -> list[str]:
    best = jsonschema.exceptions.best_match(validator().iter_errors(spec))
    if best is None:
        return []
    return [f"{'/'.join(str(p) for p in best.absolute_path) or '(top level)'}: {best.message[:300]}"]


def _bad_row(spec: dict[str, Any]) -> None:
    spec["data"]["values"][150] = 3  # a number among objects: no branch of the inline data holds it


def _bad_sort_item(spec: dict[str, Any]) -> None:
    spec["encoding"]["x"]["sort"][199] = {"day": 1}  # the last sort item only: a branch that fails late


def _bad_mark(spec: dict[str, Any]) -> None:
    spec["mark"]["type"] = "lines"


def _bad_layer(spec: dict[str, Any]) -> None:
    spec["layer"] = [{"mark": "bar", "data": {"values": [{"a": 1}, "b"]}}]


@pytest.mark.parametrize("plant", [_bad_row, _bad_sort_item, _bad_mark, _bad_layer])
def test_a_planted_schema_error_is_found_and_reported_as_the_full_validator_reports_it(plant: Any) -> None:
    spec = _spec(200)
    plant(spec)
    assert next(_validity_validator().iter_errors(spec), None) is not None
    assert schema_errors(spec) == _full_errors(spec) != []


def test_a_valid_large_spec_is_valid_to_both_validators() -> None:
    spec = _spec(1000)
    assert schema_errors(spec) == [] == _full_errors(spec)
    # near-miss: every row a string instead of an object is still a valid inline data set
    strings = copy.deepcopy(spec)
    strings["data"]["values"] = [row["label"] for row in spec["data"]["values"]]
    assert schema_errors(strings) == [] == _full_errors(strings)
