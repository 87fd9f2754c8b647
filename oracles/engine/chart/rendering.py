"""Drawing checked charts to SVG or PNG with vl-convert (in an engine process), never fetching anything."""

from __future__ import annotations

from typing import Any

from .. import native
from ..contracts import EngineRefusal
from .limits import CHART_LIMITS
from .safety import check_structure

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_chart(result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
    """SVG (utf-8) or PNG bytes of a checked chart in `fmt` ("vega-lite" or "vega")."""
    if not isinstance(result, dict):
        raise EngineRefusal("INVALID_SPEC", "A chart to draw must be a JSON object.")
    if fmt not in ("vega-lite", "vega"):
        raise EngineRefusal("UNSUPPORTED_FORMAT", f"Charts draw from 'vega-lite' or 'vega', not '{fmt}'.")
    if out not in ("png", "svg"):
        raise EngineRefusal("UNSUPPORTED_FORMAT", f"Charts draw to 'png' or 'svg', not '{out}'.")
    # Drawing may be asked for long after the check (stored answers): bound it again.
    check_structure(result, fmt)
    scale = float(CHART_LIMITS["max_render_scale"])
    try:
        data = native.to_svg(result, fmt) if out == "svg" else native.to_png(result, fmt, scale)
    except ValueError as exc:
        raise EngineRefusal("DOES_NOT_RENDER", f"The chart did not render: {str(exc).splitlines()[0][:200]}") from exc
    if isinstance(data, str):
        return data.encode("utf-8")
    if not data.startswith(PNG_SIGNATURE):
        raise EngineRefusal("DOES_NOT_RENDER", "The renderer did not produce a PNG image.")
    return bytes(data)


def png_from_svg(svg: bytes) -> bytes:
    """The PNG of a chart from the SVG its check drew: the same bytes `render_chart(..., "png")`
    returns (vl-convert draws PNGs by rasterising that SVG), without laying the chart out again."""
    try:
        data = native.svg_to_png(svg.decode("utf-8"), float(CHART_LIMITS["max_render_scale"]))
    except ValueError as exc:
        raise EngineRefusal("DOES_NOT_RENDER", f"The chart did not render: {str(exc).splitlines()[0][:200]}") from exc
    if not data.startswith(PNG_SIGNATURE):
        raise EngineRefusal("DOES_NOT_RENDER", "The renderer did not produce a PNG image.")
    return bytes(data)
