"""The chart oracle: values in an intent → a checked Vega-Lite (or compiled Vega) chart."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from .. import native
from ..contracts import Draft, EngineRefusal, Verdict
from ..keyword_calls import call_as_json_text
from .checking import check_chart
from .drafting import draft_spec
from .limits import CHART_LIMITS
from .rendering import png_from_svg, render_chart


class ChartOptions(BaseModel):
    """What a caller may ask of a chart besides the intent."""

    model_config = ConfigDict(extra="forbid")

    allow_generated_data: StrictBool = Field(
        default=False,
        description="JSON true (nothing else: \"yes\" or 1 is refused) accepts illustrative values when the intent "
        "gives none; the chart labels them as such.",
    )


class ChartKind:
    """Charts: draft from the intent's values, check with the Vega-Lite schema and compiler."""

    name = "chart"
    title = "Chart"
    description = (
        "A Vega-Lite chart (bar, grouped or stacked bars, line, area, pie or donut, scatter) from values "
        "stated in the intent: 'Mon 34, Tue 41', CSV, a markdown table, JSON, several series, x/y pairs. "
        "Checked against the Vega-Lite schema and compiler; every value in the intent is in the chart and "
        "nothing else is. Put the numbers in the intent: Forma does not fetch data."
    )
    formats: tuple[str, ...] = ("vega-lite", "vega")
    default_format = "vega-lite"
    drawable_formats: tuple[str, ...] = ("vega-lite", "vega")
    price = 1
    options_model = ChartOptions
    limits = CHART_LIMITS

    def draft(self, intent: str, fmt: str, options: dict[str, Any]) -> Draft:
        """Read the intent's values and wording into a spec; raises EngineRefusal."""
        if fmt not in self.formats:
            raise EngineRefusal("UNSUPPORTED_FORMAT", f"Charts come as {', '.join(self.formats)}, not '{fmt}'.")
        # `create_chart(kind="bar", labels=[…], values=[…])`: a call of literals is the JSON it stands for
        facts, spec, generated, notes = draft_spec(call_as_json_text(intent), options or {})
        if fmt == "vega":
            try:
                compiled = native.vegalite_to_vega(spec)
            except ValueError as exc:
                raise EngineRefusal("DOES_NOT_COMPILE", f"Vega-Lite could not compile the chart: {exc}") from exc
            return Draft(fmt, compiled, facts, generated, notes, source=spec)
        return Draft(fmt, spec, facts, generated, notes)

    def check(self, intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
        """Schema, inline-data, bounds, value rule, compile and render checks."""
        return check_chart(call_as_json_text(intent), draft, options or {})

    def render(self, result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
        """PNG or SVG bytes of a checked chart."""
        return render_chart(result, fmt, out)

    def png_from_svg(self, svg: bytes) -> bytes:
        """The PNG `render` would give, from the SVG the check drew (kept): a rasterisation only."""
        return png_from_svg(svg)


KIND = ChartKind()
