"""Chart oracle: the interface, the checker's independence from the drafter, formats and drawing."""

from __future__ import annotations

import json
import struct
from dataclasses import replace
from typing import Any

import pytest

from oracles.engine import ENGINE_LIMITS, KINDS, Draft, EngineRefusal, Verdict, answer, get_kind
from oracles.engine.chart.numbers import find_value_tokens
from oracles.engine.chart.values import stated_numbers

SIGNUPS = "bar chart of signups: Mon 34, Tue 41, Wed 29"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_catalogue_names_both_kinds_with_their_formats() -> None:
    assert set(KINDS) == {"chart", "diagram"}
    chart = get_kind("chart")
    assert (chart.name, chart.default_format, chart.formats, chart.drawable_formats) == (
        "chart", "vega-lite", ("vega-lite", "vega"), ("vega-lite", "vega"))
    with pytest.raises(KeyError):
        get_kind("chrt")
    assert ENGINE_LIMITS["max_values"] == 1000


def test_a_valid_answer_names_its_checker_with_real_versions() -> None:
    verdict = answer("chart", SIGNUPS, "vega-lite", {})
    assert verdict.status == "valid"
    assert verdict.verified_by is not None
    assert verdict.verified_by["checker"].startswith("vega-lite JSON schema 6.")
    assert "vl-convert 1." in verdict.verified_by["checker"]
    assert "values match the intent" in verdict.verified_by["checks"]
    as_dict = verdict.to_dict()
    assert json.loads(json.dumps(as_dict)) == as_dict
    assert as_dict["reason"] is None


def test_the_spec_has_inline_data_in_the_intents_order() -> None:
    spec = answer("chart", SIGNUPS, "vega-lite", {}).result
    assert isinstance(spec, dict)
    assert spec["data"] == {"values": [{"label": "Mon", "value": 34}, {"label": "Tue", "value": 41}, {"label": "Wed", "value": 29}]}
    assert spec["encoding"]["x"]["sort"] == ["Mon", "Tue", "Wed"]
    assert spec["title"]["text"] == "Signups"


def test_unknown_format_is_invalid_and_names_the_valid_ones() -> None:
    verdict = answer("chart", SIGNUPS, "mermaid", {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNSUPPORTED_FORMAT"
    assert "vega-lite" in verdict.reason["message"]


def test_the_vega_format_is_the_compiled_spec_and_draws() -> None:
    verdict = answer("chart", SIGNUPS, "vega", {})
    assert verdict.status == "valid", verdict.reason
    spec = verdict.result
    assert isinstance(spec, dict) and "vega/v" in spec["$schema"] and "marks" in spec
    width, height = png_size(get_kind("chart").render(spec, "vega", "png"))
    assert width > 100 and height > 100


@pytest.mark.parametrize("fmt", ["vega-lite", "vega"])
def test_render_returns_real_png_and_svg(fmt: str) -> None:
    kind = get_kind("chart")
    result = answer("chart", SIGNUPS, fmt, {}).result
    assert result is not None
    png = kind.render(result, fmt, "png")
    width, height = png_size(png)
    assert 300 < width < 3000 and 200 < height < 2000
    svg = kind.render(result, fmt, "svg").decode("utf-8")
    assert "<svg" in svg and "Signups" in svg


def test_render_refuses_unknown_outputs() -> None:
    with pytest.raises(EngineRefusal):
        get_kind("chart").render({"mark": "bar"}, "vega-lite", "gif")


# The checker never trusts the drafter: tampering with the spec, the facts, or both is caught.

def _draft(intent: str = SIGNUPS) -> Draft:
    return get_kind("chart").draft(intent, "vega-lite", {})


def _with_rows(draft: Draft, rows: list[dict[str, Any]]) -> Draft:
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = rows
    return replace(draft, artifact=spec)


def _check(draft: Draft, intent: str = SIGNUPS, options: dict | None = None) -> Verdict:
    return get_kind("chart").check(intent, draft, options or {})


def test_a_value_changed_in_the_spec_is_caught() -> None:
    draft = _with_rows(_draft(), [{"label": "Mon", "value": 34}, {"label": "Tue", "value": 14}, {"label": "Wed", "value": 29}])
    verdict = _check(draft)
    assert verdict.reason is not None and verdict.reason["code"] == "VALUE_NOT_IN_INTENT"


def test_values_swapped_between_labels_are_caught() -> None:
    draft = _with_rows(_draft(), [{"label": "Mon", "value": 41}, {"label": "Tue", "value": 34}, {"label": "Wed", "value": 29}])
    verdict = _check(draft)
    assert verdict.reason is not None and verdict.reason["code"] == "VALUE_NOT_PLACED"


def test_an_invented_value_in_both_facts_and_spec_is_caught() -> None:
    draft = _draft()
    facts = json.loads(json.dumps(draft.facts))
    facts["series"][0]["points"].append({"label": "Thu", "value": 77})
    rows = [*draft.artifact["data"]["values"], {"label": "Thu", "value": 77}]  # type: ignore[index]
    verdict = _check(replace(_with_rows(draft, rows), facts=facts))
    assert verdict.reason is not None and verdict.reason["code"] == "VALUE_NOT_IN_INTENT"


def test_a_value_dropped_from_both_facts_and_spec_is_caught() -> None:
    draft = _draft()
    facts = json.loads(json.dumps(draft.facts))
    facts["series"][0]["points"].pop()
    verdict = _check(replace(_with_rows(draft, draft.artifact["data"]["values"][:2]), facts=facts))  # type: ignore[index]
    assert verdict.reason is not None and verdict.reason["code"] == "VALUE_MISSING"
    assert "29" in verdict.reason["message"]


def test_a_label_the_intent_does_not_state_is_caught() -> None:
    draft = _draft()
    facts = json.loads(json.dumps(draft.facts))
    facts["series"][0]["points"][0]["label"] = "Sun"
    rows = [{"label": "Sun", "value": 34}, *draft.artifact["data"]["values"][1:]]  # type: ignore[index]
    verdict = _check(replace(_with_rows(draft, rows), facts=facts))
    assert verdict.reason is not None and verdict.reason["code"] == "LABEL_NOT_IN_INTENT"


def test_generated_values_without_permission_are_invalid() -> None:
    draft = get_kind("chart").draft("bar chart of signups", "vega-lite", {"allow_generated_data": True})
    assert draft.generated
    verdict = _check(draft, "bar chart of signups", {})
    assert verdict.status == "invalid"


def test_generated_values_must_be_labelled_in_the_chart() -> None:
    intent = "bar chart of signups"
    draft = get_kind("chart").draft(intent, "vega-lite", {"allow_generated_data": True})
    spec = json.loads(json.dumps(draft.artifact))
    spec["title"] = {"text": "Signups"}
    verdict = _check(replace(draft, artifact=spec), intent, {"allow_generated_data": True})
    assert verdict.reason is not None and verdict.reason["code"] == "UNLABELLED_ILLUSTRATION"


def test_the_vega_artifact_must_be_the_compilation_of_its_source() -> None:
    draft = get_kind("chart").draft(SIGNUPS, "vega", {})
    tampered = json.loads(json.dumps(draft.artifact))
    tampered["data"][0]["values"][0]["value"] = 99
    verdict = _check(replace(draft, artifact=tampered))
    assert verdict.status == "invalid"


# The two number readers agree on what people write.

@pytest.mark.parametrize(("text", "values"), [
    ("Jan $1.2k, Feb 1,200, Mar -4", [1200, 1200, -4]),
    ("3°C, 65%, 2.5M, 2.5 million, −7", [3, 65, 2_500_000, 2_500_000, -7]),
    ("Q1 120, 2nd 3, 3D 4, 9am 5, 10:30 6, 2024-01-05 7", [120, 3, 4, 5, 6, 7]),
    ("12ms, 5kg, €3.5bn", [12, 5, 3_500_000_000]),
    ("top 5 languages: Python 48", [48]),
])
def test_value_tokens_read_units_signs_and_multipliers(text: str, values: list[float]) -> None:
    assert [t.value for t in find_value_tokens(text)] == values


def test_the_checkers_scan_reads_the_same_numbers_independently() -> None:
    readings = [n.readings for n in stated_numbers("Jan $1.2k, Feb 1,200, Mar -4, 2.5M") if n.is_data_candidate]
    assert readings[0] == {1200.0}
    assert 1200.0 in readings[1]
    assert readings[2] == {-4.0}
    assert readings[3] == {2_500_000.0}
