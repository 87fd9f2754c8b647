"""Answers per second for concurrent chart askers against the embedded default, over MCP.

    python bench/askers.py [--askers 8] [--seconds 20] [--rounds 3] [--show]

Starts the same server as `make bench` (uvicorn, SQLite, tasks in-process, its own throwaway
database), then runs `--askers` MCP clients at once, each asking `ask_oracle(chart)` for a
different intent in a loop (with `--show`, each answer is also drawn with `show_figure(png)`),
for `--seconds` after a short warm-up, `--rounds` times on the same server. Prints each round and
their median: answers/s, the median and p95 latency, the CPU each answer cost in the server and in
its engine processes, the answers/s that CPU allows on this machine's cores when nothing else
runs, and the load average (on a shared machine the measured answers/s says more about the
neighbours than about Forma; CPU per answer does not).

Before the first round it waits (at most `--settle-seconds`) for the one-minute load average to
fall below one core: run after the throughput section, the load that section left behind would
otherwise be measured as Forma's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import _free_port, _percentile, _start_server  # noqa: E402

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29, Thu {n}"


async def _asker(url: str, key: str, index: int, stop_at: float, show: bool, latencies: list[float]) -> int:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    answered = 0
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            n = index * 100_000
            while time.perf_counter() < stop_at:
                n += 1
                started = time.perf_counter()
                asked = await client.call_tool("ask_oracle", {"oracle": "chart", "intent": CHART.format(n=n)})
                answer = asked.structured_content
                if asked.is_error or answer["status"] != "valid":
                    raise RuntimeError(f"bench ask failed: {asked.content}")
                if show:
                    drawn = await client.call_tool("show_figure", {"figure_token": answer["figure"]["token"]})
                    if drawn.is_error:
                        raise RuntimeError(f"bench figure failed: {drawn.content}")
                latencies.append((time.perf_counter() - started) * 1000)
                answered += 1
    return answered


async def _warm(url: str, key: str, askers: int, show: bool) -> None:
    # The first asks start the engine processes and build the schema validator.
    await asyncio.gather(*(_asker(url, key, i, time.perf_counter() + 2, show, []) for i in range(askers)))


async def _run(url: str, key: str, askers: int, seconds: float, show: bool) -> dict[str, float]:
    latencies: list[float] = []
    started = time.perf_counter()
    counts = await asyncio.gather(
        *(_asker(url, key, 100 + i, started + seconds, show, latencies) for i in range(askers))
    )
    elapsed = time.perf_counter() - started
    return {
        "askers": askers,
        "show_figure": show,
        "answers": sum(counts),
        "seconds": round(elapsed, 2),
        "answers_per_s": round(sum(counts) / elapsed, 2),
        "median_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(_percentile(latencies, 0.95), 1),
    }


def _cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by process `pid` itself, and by its children (reaped and live).

    Its children are the engine processes and Graphviz runs. Read from /proc (Linux).
    """
    tick = os.sysconf("SC_CLK_TCK")

    def fields(path: str) -> list[str]:
        with open(path) as stat:
            return stat.read().rsplit(")", 1)[1].split()

    own = fields(f"/proc/{pid}/stat")
    children = (int(own[13]) + int(own[14])) / tick  # reaped: cutime + cstime
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                child = fields(f"/proc/{entry}/stat")
            except OSError:
                continue
            if int(child[1]) == pid:
                children += (int(child[11]) + int(child[12])) / tick
    return (int(own[11]) + int(own[12])) / tick, children


def _settle(max_seconds: float) -> float:
    """Wait until the one-minute load average is below 1 (or `max_seconds` pass); the seconds waited."""
    started = time.monotonic()
    while os.getloadavg()[0] >= 1.0 and time.monotonic() - started < max_seconds:
        time.sleep(2)
    return round(time.monotonic() - started, 1)


def _round(url: str, key: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()
    before = _cpu_seconds(pid)
    result = asyncio.run(_run(url, key, args.askers, args.seconds, args.show))
    after = _cpu_seconds(pid)
    # CPU per answer does not depend on how busy the machine is (answers/s does): the web process's
    # share is bound to one core (the GIL), the engine processes' spreads over the rest.
    web_ms = (after[0] - before[0]) * 1000 / max(result["answers"], 1)
    engine_ms = (after[1] - before[1]) * 1000 / max(result["answers"], 1)
    cpus = os.cpu_count() or 1
    result["cpu_ms_per_answer"] = {"web_process": round(web_ms, 1), "engine_processes": round(engine_ms, 1)}
    result["answers_per_s_if_cores_idle"] = round(min(1000 / web_ms, 1000 * cpus / (web_ms + engine_ms)), 1)
    result["load_average_before"] = [round(x, 2) for x in load_before]
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    result["cpus"] = os.cpu_count()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--askers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settle-seconds", type=float, default=120)
    parser.add_argument("--show", action="store_true", help="draw each answer with show_figure(png) too")
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="forma-askers-") as data_dir:
        server, key = _start_server(data_dir, port)
        try:
            url = f"http://127.0.0.1:{port}/mcp"
            asyncio.run(_warm(url, key, args.askers, args.show))
            waited = _settle(args.settle_seconds)
            rounds = [_round(url, key, server.pid, args) for _ in range(args.rounds)]
        finally:
            server.terminate()
            server.wait(timeout=15)
    for index, result in enumerate(rounds, 1):
        print(json.dumps({"round": index, **result}))
    median = statistics.median(r["answers_per_s"] for r in rounds)
    print(json.dumps({
        "rounds": len(rounds),
        "answers_per_s_each": [r["answers_per_s"] for r in rounds],
        "answers_per_s_median": median,
        "waited_for_load_to_settle_s": waited,
    }))


if __name__ == "__main__":
    main()
