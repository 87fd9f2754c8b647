"""The chart checker: independent of the drafter, it validates the artifact with the tools that
define the format and applies the oracle's own value rule."""

from __future__ import annotations

from typing import Any

from ground.contract import VerifiedBy

from .. import native
from ..contracts import Draft, EngineRefusal, Verdict
from .faithfulness import check_faithful
from .safety import check_structure
from .schema import schema_errors, schema_version, vl_convert_version
from .spec import ILLUSTRATIVE_SUBTITLE
from .values import check_values, stated_numbers

CHECKS = ["schema", "inline data only", "bounds", "values match the intent", "faithful to the intent", "compiles",
          "renders"]


def verified_by() -> VerifiedBy:
    """Which checker ran, with the versions read at runtime."""
    bundled = native.vegalite_versions()
    return {
        "checker": f"vega-lite JSON schema {schema_version()} + vl-convert {vl_convert_version()} compile",
        "vega_lite_compiler": bundled[-1] if bundled else None,
        "checks": list(CHECKS),
    }


def _title_text(spec: dict[str, Any]) -> str:
    title = spec.get("title")
    if isinstance(title, str):
        return title
    if isinstance(title, dict):
        parts = [title.get("text"), title.get("subtitle")]
        return " ".join(p if isinstance(p, str) else " ".join(map(str, p or [])) for p in parts)
    return ""


def _compile_and_draw(spec: dict[str, Any], *, want_compiled: bool) -> tuple[dict[str, Any] | None, dict[str, bytes]]:
    """The compile and render checks in one engine call; returns the compiled Vega (if wanted) and what it drew.

    The SVG is kept (showing a fresh answer as SVG is then no second render, and its PNG only
    a rasterisation of it): byte for byte what `render_chart` would return.
    """
    try:
        compiled, svg = native.check_and_draw(spec, want_compiled=want_compiled)
    except native.DoesNotRender as exc:
        raise EngineRefusal("DOES_NOT_RENDER", f"The chart did not render: {str(exc).splitlines()[0][:200]}") from exc
    except ValueError as exc:
        raise EngineRefusal("DOES_NOT_COMPILE", f"Vega-Lite could not compile the chart: {str(exc).splitlines()[0][:200]}") from exc
    if "<svg" not in svg[:500]:
        raise EngineRefusal("DOES_NOT_RENDER", "The renderer did not produce an SVG image.")
    return compiled, {"svg": svg.encode("utf-8")}


def check_chart(intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
    """Check a chart draft; a Verdict either way (refusals become `invalid` with a reason)."""
    try:
        return _check(intent, draft, options)
    except EngineRefusal as refusal:
        return Verdict.invalid(refusal.code, refusal.message, draft.notes)


def _check(intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
    if draft.format == "vega":
        spec = draft.source
        if not isinstance(spec, dict):
            raise EngineRefusal("INVALID_SPEC", "A Vega chart must carry the Vega-Lite spec it was compiled from.")
    else:
        spec = draft.artifact
    rows = check_structure(spec, "vega-lite")
    errors = schema_errors(spec)  # type: ignore[arg-type]
    if errors:
        raise EngineRefusal("SCHEMA", f"The spec does not validate against the Vega-Lite schema: {errors[0]}")
    generated = bool(draft.generated)
    if generated:
        if not options.get("allow_generated_data"):
            raise EngineRefusal("VALUE_NOT_IN_INTENT", "The chart holds generated values, but allow_generated_data is not set.")
        if "illustrative" not in _title_text(spec).lower():  # type: ignore[arg-type]
            raise EngineRefusal("UNLABELLED_ILLUSTRATION", f"Generated values must be labelled in the chart ('{ILLUSTRATIVE_SUBTITLE}').")
    # The intent's numbers as written are read once, here: the value rule needs them for every chart, and the
    # faithfulness check reads the same scan (values.stated_numbers keeps it) instead of paying for it first.
    stated_numbers(intent)
    if not generated:  # first the check that never consults the drafter: only the spec and the intent
        unfaithful = check_faithful(intent, spec, rows)  # type: ignore[arg-type]
        if unfaithful:
            raise EngineRefusal(*unfaithful)
    violation = check_values(intent, draft.facts, rows, generated)
    if violation:
        raise EngineRefusal(*violation)
    if draft.format == "vega":
        if not isinstance(draft.artifact, dict):
            raise EngineRefusal("INVALID_SPEC", "A Vega chart must be a JSON object.")
        check_structure(draft.artifact, "vega")  # bounded before any engine sees it
    # What is drawn is the compilation of the checked Vega-Lite; a Vega artifact must be exactly it.
    compiled, figures = _compile_and_draw(spec, want_compiled=draft.format == "vega")  # type: ignore[arg-type]
    if draft.format == "vega" and compiled != draft.artifact:
        raise EngineRefusal("INVALID_SPEC", "The Vega spec is not the compilation of its Vega-Lite source.")
    return Verdict.valid(draft.artifact, verified_by(), draft.notes, figures=figures)
