"""Structural safety of a chart artifact, checked by walking it before anything renders it.

vl-convert fetches `data.url` (and image marks' urls) unless told not to, and a large
`sequence` generator runs V8 out of memory, so only inline `values` are accepted, everything
is counted, and sizes are capped.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..contracts import EngineRefusal
from ..limits import structure_depth
from .limits import CHART_LIMITS

# Keys that load something or generate rows; in either spec language.
FORBIDDEN_KEYS = {"url", "href", "sequence", "graticule", "sphere", "loader", "datasets"}
# Vega-Lite transforms could draw values that are not in the data; the drafter never emits them.
FORBIDDEN_VEGALITE_KEYS = {"transform", "aggregate", "bin", "impute", "timeUnit", "lookup"}
URL_LIKE_RE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
SIZE_KEYS = {"width", "height"}
MAX_STEP_PX = 60  # a band step multiplies by the number of labels


def check_structure(spec: Any, language: str) -> list[dict[str, Any]]:
    """Walk the spec; refuse what could fetch, generate or blow up. Returns the inline rows."""
    if not isinstance(spec, dict):
        raise EngineRefusal("INVALID_SPEC", "The chart must be a JSON object.")
    # Depth first: json.dumps of a 5000-deep object raises RecursionError.
    depth_limit = int(CHART_LIMITS["max_json_depth"]) + 10  # specs nest deeper than intents' JSON
    if structure_depth(spec, depth_limit) > depth_limit:
        raise EngineRefusal("SPEC_TOO_DEEP", "The spec is nested too deeply.")
    size = len(json.dumps(spec, allow_nan=True, default=str))
    if size > int(CHART_LIMITS["max_spec_bytes"]):
        raise EngineRefusal("SPEC_TOO_LARGE", f"The spec is {size:,} bytes; the limit is {CHART_LIMITS['max_spec_bytes']:,}.")
    rows: list[dict[str, Any]] = []
    stack: list[tuple[str, Any]] = [("", spec)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            for child_key, child in value.items():
                _check_key(child_key, child, language)
                if child_key == "values" and key == "data":  # VL {"data": {"values"}}, Vega {"data": [{"values"}]}
                    rows.extend(_inline_rows(child))
                stack.append((child_key, child))
        elif isinstance(value, list):
            stack.extend((key, item) for item in value)
        elif isinstance(value, float) and not math.isfinite(value):
            raise EngineRefusal("VALUE_OUT_OF_RANGE", "The spec contains NaN or infinity.")
        elif isinstance(value, str) and key != "$schema" and URL_LIKE_RE.match(value) and _looks_like_url(value):
            raise EngineRefusal("EXTERNAL_REFERENCE", f"The spec refers to '{value[:60]}'; charts may only use inline data.")
    if len(rows) > int(CHART_LIMITS["max_values"]):
        raise EngineRefusal("TOO_MANY_VALUES", f"The chart holds {len(rows):,} rows; the limit is {CHART_LIMITS['max_values']:,}.")
    return rows


def _looks_like_url(value: str) -> bool:
    return bool(re.match(r"^\s*(?:https?|file|ftp|data|javascript|blob):|^\s*//", value, re.IGNORECASE))


def _check_key(key: str, value: Any, language: str) -> None:
    if key in FORBIDDEN_KEYS:
        raise EngineRefusal("EXTERNAL_REFERENCE" if key in ("url", "href", "loader") else "UNSUPPORTED_SPEC",
                            f"The spec uses '{key}'; charts may only use inline data values.")
    if language == "vega-lite" and key in FORBIDDEN_VEGALITE_KEYS:
        raise EngineRefusal("UNSUPPORTED_SPEC", f"The spec uses '{key}', which could draw values that are not in its data.")
    if key in ("mark", "type") and (value == "image" or (isinstance(value, dict) and value.get("type") == "image")):
        raise EngineRefusal("EXTERNAL_REFERENCE", "Image marks load external files; they are not allowed.")
    if key == "type" and value == "sequence":
        raise EngineRefusal("UNSUPPORTED_SPEC", "Generated (sequence) data is not allowed; charts use inline values.")
    if key in SIZE_KEYS and isinstance(value, int | float) and not isinstance(value, bool):
        if not 0 <= value <= int(CHART_LIMITS["max_chart_size_px"]):
            raise EngineRefusal("SPEC_TOO_LARGE", f"'{key}' is {value}; the limit is {CHART_LIMITS['max_chart_size_px']} px.")
    if key == "step" and isinstance(value, int | float) and not 0 <= value <= MAX_STEP_PX:
        raise EngineRefusal("SPEC_TOO_LARGE", f"A band step of {value} px is too large; the limit is {MAX_STEP_PX}.")


def _inline_rows(values: Any) -> list[dict[str, Any]]:
    if not isinstance(values, list):
        raise EngineRefusal("UNSUPPORTED_SPEC", "Inline data must be a list of rows.")
    rows = []
    for row in values:
        if not isinstance(row, dict):
            raise EngineRefusal("UNSUPPORTED_SPEC", "Each data row must be an object of fields.")
        rows.append(row)
    return rows
