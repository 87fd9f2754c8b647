"""In-process timings of the oracle engine: draft + check + PNG, warm (the PNG the way show_figure gets it).

`run_engine_bench(n)` returns median and p95 milliseconds per kind (plus the LARGE_CASES at the
limits, e.g. a 1,000-value chart); `python bench/engine_bench.py` prints them. `make bench` shows these next to the MCP end-to-end timings.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from oracles.engine import get_kind  # noqa: E402
from oracles.engine.chart import checking as chart_checking  # noqa: E402
from oracles.engine.diagram import checking as diagram_checking  # noqa: E402

# The independent faithfulness check (the intent read again on its own and compared with the
# artifact) is timed apart, so the bench shows what it adds to the engine's cost.
_FAITHFULNESS_OF = {"chart": chart_checking, "diagram": diagram_checking}

CASES: dict[str, tuple[str, str]] = {
    "chart": ("vega-lite", "Plot monthly revenue Jan $1.2k, Feb $1.5k, Mar $1.1k, Apr $1.7k, May $1.9k, Jun $2.2k as a line"),
    "diagram": ("dot", "Login flow: submit, then validate; if valid, save, otherwise show error"),
}
# Cases at the limits, named (kind, fmt, intent); slower, so they run at most LARGE_RUNS times.
LARGE_CASES: dict[str, tuple[str, str, str]] = {
    "chart_1000_values": (
        "chart",
        "vega-lite",
        "a line chart of daily visits: " + ", ".join(f"d{i} {i % 97}" for i in range(1000)),
    ),
}
LARGE_RUNS = 10


def variant(kind: str, intent: str, i: int) -> str:
    """Run i's intent: a different artifact each run (bench/run.py sends the same ones end to end),
    so neither side hits a cache keyed by content and the ratio compares like with like."""
    return f"{intent}, Jul ${1000 + i}" if kind == "chart" else intent.replace("save", f"save batch {i}")


def _last_value_varied(intent: str, i: int) -> str:
    """The intent with its last number replaced by one that depends on i (a large case stays as large)."""
    return re.sub(r"\d+$", str(i % 97), intent)


def _once(kind_name: str, fmt: str, intent: str) -> float:
    kind = get_kind(kind_name)
    started = time.perf_counter()
    draft = kind.draft(intent, fmt, {})
    verdict = kind.check(intent, draft, {})
    if verdict.status != "valid" or verdict.result is None:
        raise RuntimeError(f"bench intent for {kind_name} is not valid: {verdict.reason}")
    # The engine's own cheapest way to the PNG, the one show_figure takes: the PNG the check drew,
    # else a rasterisation of the SVG it drew (charts), else a render.
    if "png" not in verdict.figures:
        if "svg" in verdict.figures and hasattr(kind, "png_from_svg"):
            kind.png_from_svg(verdict.figures["svg"])
        else:
            kind.render(verdict.result, fmt, "png")
    return (time.perf_counter() - started) * 1000


@contextmanager
def _faithfulness_as(kind_name: str, replacement: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Iterator[None]:
    """The kind's faithfulness check replaced, for the block, by `replacement(original)`."""
    module = _FAITHFULNESS_OF.get(kind_name)
    if module is None:
        yield
        return
    original: Callable[..., Any] = module.check_faithful
    module.check_faithful = replacement(original)
    try:
        yield
    finally:
        module.check_faithful = original


def _timed(into: list[float]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                into.append((time.perf_counter() - started) * 1000)

        return timed

    return wrap


def _skipped(original: Callable[..., Any]) -> Callable[..., Any]:
    # on success both kinds' check_faithful return None (a refusal is returned or raised)
    return lambda *args, **kwargs: None


def _paired(kind_name: str, fmt: str, intent: str, without_first: bool) -> tuple[float, float, float]:
    """One call with the check, timed whole and the check alone, and one without it, back to back.

    Returns (with_ms, check_ms, without_ms). The two calls of a pair run on the same input
    moments apart, so load that comes and goes shifts both alike; their order alternates with
    the caller's loop (`without_first`) so neither side always runs second.
    """
    check: list[float] = []
    without_ms = 0.0
    if without_first:
        with _faithfulness_as(kind_name, _skipped):
            without_ms = _once(kind_name, fmt, intent)
    with _faithfulness_as(kind_name, _timed(check)):
        with_ms = _once(kind_name, fmt, intent)
    if not without_first:
        with _faithfulness_as(kind_name, _skipped):
            without_ms = _once(kind_name, fmt, intent)
    return with_ms, sum(check), without_ms


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def run_engine_bench(n: int = 50) -> dict[str, Any]:
    """Warm timings (one warm-up call per kind) of draft+check+render(png), n runs per kind."""
    cases = [(name, name, fmt, intent, n) for name, (fmt, intent) in CASES.items()]
    cases += [
        (name, kind_name, fmt, intent, max(3, min(n, LARGE_RUNS))) for name, (kind_name, fmt, intent) in LARGE_CASES.items()
    ]
    results: dict[str, Any] = {}
    for name, kind_name, fmt, intent, runs in cases:
        # The named cases vary like the end-to-end runs (run 0 is the warm-up there too); the large
        # ones change their last value, so no run reads a scan of the intent kept from the one before
        # (the check pays those on a fresh intent). Both calls of a pair take the same input.
        varied = (lambda i: variant(kind_name, intent, i)) if name in CASES else (lambda i: _last_value_varied(intent, i))  # noqa: B023
        _once(kind_name, fmt, varied(0))  # warm-up: schema validator, V8, first Graphviz exec
        samples: list[float] = []
        per_call: list[float] = []  # check / (the same call without the check's own time)
        paired: list[float] = []  # (with - without) / without, the two calls back to back
        checks: list[float] = []
        for i in range(1, runs + 1):
            with_ms, check_ms, without_ms = _paired(kind_name, fmt, varied(i), without_first=bool(i % 2))
            samples.append(with_ms)
            if kind_name in _FAITHFULNESS_OF:
                checks.append(check_ms)
                per_call.append(check_ms / max(with_ms - check_ms, 1e-9))
                paired.append((with_ms - without_ms) / max(without_ms, 1e-9))
        results[name] = {
            "n": runs,
            "median_ms": round(statistics.median(samples), 2),
            "p95_ms": round(_percentile(samples, 0.95), 2),
        }
        if checks:
            results[name]["faithfulness_median_ms"] = round(statistics.median(checks), 2)
            # what the independent check adds, as a share of the same call's engine time without it
            results[name]["faithfulness_share"] = round(statistics.median(per_call), 3)
            results[name]["faithfulness_share_p95"] = round(_percentile(per_call, 0.95), 3)
            # the same, measured as the difference between paired calls with and without the check
            results[name]["faithfulness_share_paired"] = round(statistics.median(paired), 3)
    return results


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(json.dumps(run_engine_bench(runs), indent=2))
