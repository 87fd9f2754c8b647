"""A CI job graph pasted as YAML: "jobs:" and under it each job, with "needs: a" or
"needs: [a, b]" (or a "- a" list) naming the jobs it waits for.

    jobs:
      lint:
        runs-on: ubuntu-latest
      test:
        needs: lint
      deploy:
        needs: [test]

`job_block` only reads the YAML's syntax (which job says it needs which); the reader draws each
need as an edge into the job, and the check's normal form (normal_forms.py) writes them as arrow
lines it then reads with its own grammar. Keys beside "needs" that only say where or how a job runs
are listed in RUN_KEYS; any other key (a condition, a matrix) leaves the intent to the rest of the
cascade, which reads or refuses it."""

from __future__ import annotations

import re

from .model import Graph

RUN_KEYS = frozenset("runs-on image timeout-minutes".split())
_JOBS_RE = re.compile(r"^(?P<indent>[ \t]*)jobs:\s*$")
_KEY_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<key>[A-Za-z_][\w.-]{0,40}):[ \t]*(?P<value>[^#\n]*?)\s*$")
_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)-[ \t]+(?P<value>[A-Za-z_][\w.-]{0,40})\s*$")
_NAME_RE = re.compile(r"^[A-Za-z_][\w.-]{0,40}$")
CAPTION_MAX_WORDS = 8


def _needs(value: str) -> list[str] | None:
    """"lint" or "[lint, test]" as names; None for anything else."""
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        names = [n.strip().strip("'\"") for n in value[1:-1].split(",")]
    else:
        names = [value.strip("'\"")]
    return names if names and all(_NAME_RE.match(n) for n in names) else None


def job_block(intent: str) -> tuple[str, list[tuple[str, list[str]]]] | None:
    """(the caption before "jobs:", [(job, [jobs it needs])] in order); None unless the intent is
    at most a short caption and then exactly such a block."""
    lines = [line.rstrip() for line in intent.splitlines() if line.strip()]
    start = next((i for i, line in enumerate(lines) if _JOBS_RE.match(line)), None)
    if start is None or start > 1:
        return None
    caption = lines[0] if start == 1 else ""
    if len(caption.split()) > CAPTION_MAX_WORDS:
        return None
    base = len(_JOBS_RE.match(lines[start]).group("indent").expandtabs(4))  # type: ignore[union-attr]
    jobs: list[tuple[str, list[str]]] = []
    job_indent: int | None = None
    in_needs = False
    for line in lines[start + 1:]:
        key, item = _KEY_RE.match(line), _ITEM_RE.match(line)
        indent = len((key or item).group("indent").expandtabs(4)) if key or item else -1
        if indent <= base:
            return None
        if key and not key.group("value") and (job_indent is None or indent == job_indent):
            job_indent = indent
            jobs.append((key.group("key"), []))
            in_needs = False
        elif key and jobs and job_indent is not None and indent > job_indent:
            name = key.group("key").casefold()
            in_needs = name == "needs" and not key.group("value")
            if name == "needs" and key.group("value"):
                needs = _needs(key.group("value"))
                if needs is None:
                    return None
                jobs[-1][1].extend(needs)
            elif name not in RUN_KEYS and not in_needs:
                return None
        elif item and in_needs and job_indent is not None and indent > job_indent:
            jobs[-1][1].append(item.group("value"))
        else:
            return None
    names = [job for job, _ in jobs]
    if len(jobs) < 2 or len(set(names)) != len(names) or any(n not in names for _, needs in jobs for n in needs):
        return None
    return caption, jobs


def read_job_graph(intent: str) -> Graph | None:
    """Each job a node; an edge from every job it needs into it."""
    block = job_block(intent)
    if block is None:
        return None
    graph = Graph(flow=True)
    keys = {job: graph.node(job) for job, _ in block[1]}
    for job, needs in block[1]:
        for need in needs:
            graph.edge(keys[need], keys[job])
    return graph if graph.edges else None
