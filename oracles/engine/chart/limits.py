"""The chart oracle's limits (with the shared ones: `CHART_LIMITS` is what ChartKind declares)."""

from __future__ import annotations

from ..limits import kind_limits

CHART_LIMITS = kind_limits(
    {
        "max_values": 1_000,  # data points in a chart, summed over series
        "max_series": 20,
        "max_abs_number": 1e15,  # beyond this floats stop being exact integers and axes overflow
        "max_json_depth": 20,  # both for JSON in an intent and for a spec's own nesting
        "max_spec_bytes": 512_000,
        "max_chart_size_px": 2_000,  # width/height of a chart view
        "max_render_scale": 2,
    }
)
