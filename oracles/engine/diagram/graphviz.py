"""Running the real Graphviz `dot` binary: bounded input, a timeout, a restricted environment."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..contracts import EngineCrash, EngineRefusal
from ..text import clean_intent
from .dot_source import unquote
from .limits import DIAGRAM_LIMITS

logger = logging.getLogger("forma.engine")

# SERVER_NAME puts Graphviz in its restricted mode: it will not read files named in the source
# (image=, shapefile=…). PATH is minimal so no user-controlled helper can be picked up.
_ENV = {"PATH": "/usr/bin:/bin", "SERVER_NAME": "forma-engine", "LANG": "C.UTF-8"}
_IGNORED_STDERR_RE = re.compile(r"^(?:Fontconfig\b|\s*$)")


def dot_binary() -> str:
    """Path of the `dot` executable."""
    path = shutil.which("dot", path=_ENV["PATH"])
    if path is None:
        raise RuntimeError("Graphviz 'dot' is not installed")
    return path


@lru_cache(maxsize=1)
def graphviz_version() -> str:
    """Graphviz version read from `dot -V`, e.g. "2.43.0"."""
    completed = subprocess.run([dot_binary(), "-V"], capture_output=True, text=True, timeout=5, env=_ENV, check=False)  # noqa: S603
    match = re.search(r"version\s+([\w.]+)", completed.stderr + completed.stdout)
    return match.group(1) if match else "unknown"


def run_dot(source: str, output: str) -> bytes:
    """`dot -T<output>` on the source; refuses on error, warning, timeout or oversize input."""
    return run_dot_many(source, output)[0]


def run_dot_many(source: str, output: str, *more: str) -> tuple[bytes, dict[str, bytes]]:
    """`dot -T<output>`, plus every format in `more` from the same layout, in one run.

    With `more`, every output is written to a file in a private temporary directory
    (`-T<fmt> -o<file>` pairs) and read back: Graphviz lays the graph out once for all.

    Graphviz runs as its own process, so its crash is never ours to share: a `dot` killed by a
    signal is an `EngineCrash` (an unbilled error), not a refusal of the caller's diagram.
    """
    # Control characters and non-characters are cleaned here, right before Graphviz, whatever
    # the source's origin (a stored result, a label decoded from JSON): Graphviz copies them raw
    # into its -Tjson output, which then cannot be read, and a lone surrogate has no UTF-8 form.
    # Line feeds and tabs stay: they separate DOT statements and end `//` comments.
    data = clean_intent(source).encode("utf-8")
    if len(data) > int(DIAGRAM_LIMITS["max_dot_bytes"]):
        raise EngineRefusal("DIAGRAM_TOO_LARGE", f"The DOT source is {len(data):,} bytes; the limit is {DIAGRAM_LIMITS['max_dot_bytes']:,}.")
    with tempfile.TemporaryDirectory(prefix="forma-dot-") if more else contextlib.nullcontext("") as folder:
        # Graphviz hands the -o files to its -T jobs in order: with any -o, every output gets one.
        files = {fmt: os.path.join(folder, f"figure.{fmt}") for fmt in (output, *more)} if more else {}
        outputs = [arg for fmt, path in files.items() for arg in (f"-T{fmt}", f"-o{path}")] or [f"-T{output}"]
        argv = [dot_binary(), *outputs]
        try:
            completed = subprocess.run(  # noqa: S603 - fixed argv, source on stdin
                argv, input=data, capture_output=True,
                timeout=float(DIAGRAM_LIMITS["graphviz_timeout_s"]), env=_ENV, check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise EngineRefusal("LAYOUT_TIMEOUT", f"Graphviz took longer than {DIAGRAM_LIMITS['graphviz_timeout_s']} s. Simplify the diagram.") from exc
        drawn = {fmt: Path(path).read_bytes() for fmt, path in files.items() if completed.returncode == 0 and os.path.exists(path)}
    if completed.returncode < 0:
        try:
            name = signal.Signals(-completed.returncode).name
        except ValueError:  # a signal without a name (real-time signals)
            name = f"signal {-completed.returncode}"
        logger.error("graphviz dot -T%s killed by %s; input: %.300r", output, name, data)
        raise EngineCrash("ENGINE_CRASHED", "Graphviz crashed while laying this diagram out (our fault; not billed). "
                                            "Retrying the same input will fail the same way: simplify the diagram "
                                            "or send feedback with this request_id.")
    problems = [line for line in completed.stderr.decode("utf-8", "replace").splitlines() if not _IGNORED_STDERR_RE.match(line)]
    if completed.returncode != 0 or problems:
        first = problems[0] if problems else f"exit status {completed.returncode}"
        raise EngineRefusal("DOES_NOT_PARSE", f"Graphviz rejected the diagram: {first[:200]}")
    if not more:
        return completed.stdout, {}
    if output not in drawn:
        raise EngineRefusal("DOES_NOT_RENDER", f"Graphviz wrote no {output} output.")
    return drawn.pop(output), drawn


@dataclass(frozen=True)
class LaidOutGraph:
    """The graph as Graphviz itself read and drew it: node labels, edges between labels, the
    edge labels (None when unlabelled), and whether every node and edge got drawing operations."""

    labels: list[str]
    edges: list[tuple[str, str]]
    edge_labels: list[str | None] = field(default_factory=list)
    drawn: bool = True
    figures: dict[str, bytes] = field(default_factory=dict, repr=False)  # what `draw` asked for, from the same layout
    clusters: list[tuple[str, list[str]]] = field(default_factory=list)  # (label, member node labels), boxes drawn


def read_back(source: str, draw: tuple[str, ...] = ()) -> LaidOutGraph:
    """Lay the source out with `dot -Tjson` and read its nodes and edges from Graphviz's output.

    `-Tjson` is a Graphviz output format like svg: the layout plus the drawing operations
    (`_draw_`) of every node and edge, so one run both reads the graph back and shows it renders.
    The formats in `draw` ("svg", "png") are drawn by the same run and returned as `figures`."""
    output, figures = run_dot_many(source, "json", *draw)
    document = json.loads(output)
    by_id: dict[int, str] = {}
    drawn = True
    subgraphs = []
    for item in document.get("objects", []):
        if "nodes" in item or "subgraphs" in item:
            subgraphs.append(item)  # a cluster/subgraph, not a node
            continue
        raw = item.get("label", "\\N")
        by_id[item["_gvid"]] = item["name"] if raw == "\\N" else unquote(raw)
        drawn = drawn and bool(item.get("_draw_"))
    edges, edge_labels = [], []
    for edge in document.get("edges", []):
        edges.append((by_id[edge["tail"]], by_id[edge["head"]]))
        edge_labels.append(unquote(edge["label"]) if edge.get("label") else None)
        drawn = drawn and bool(edge.get("_draw_"))
    # a cluster is drawn as a box with its label: the check accounts for it like a node
    clusters = [(unquote(item.get("label", "")), [by_id[g] for g in item.get("nodes", []) if g in by_id])
                for item in subgraphs if str(item.get("name", "")).startswith("cluster")]
    return LaidOutGraph(list(by_id.values()), edges, edge_labels, drawn, figures, clusters)
