"""Answers per second for concurrent chart askers against the embedded default, over MCP.

    python bench/askers.py [--askers 8] [--seconds 20] [--show]

Starts the same server as `make bench` (uvicorn, SQLite, tasks in-process, its own throwaway
database), then runs `--askers` MCP clients at once, each asking `ask_oracle(chart)` for a
different intent in a loop (with `--show`, each answer is also drawn with `show_figure(png)`),
for `--seconds` after a short warm-up. Prints answers/s, the median and p95 latency, and the
machine's load average, which says how much the numbers can be trusted on a shared machine.
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


async def _run(url: str, key: str, askers: int, seconds: float, show: bool) -> dict[str, float]:
    # Warm-up: the first ask starts the engine processes and builds the schema validator.
    await asyncio.gather(*(_asker(url, key, i, time.perf_counter() + 2, show, []) for i in range(askers)))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--askers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--show", action="store_true", help="draw each answer with show_figure(png) too")
    args = parser.parse_args()
    port = _free_port()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="forma-askers-") as data_dir:
        server, key = _start_server(data_dir, port)
        try:
            result = asyncio.run(_run(f"http://127.0.0.1:{port}/mcp", key, args.askers, args.seconds, args.show))
        finally:
            server.terminate()
            server.wait(timeout=15)
    result["load_average_before"] = [round(x, 2) for x in load_before]
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    result["cpus"] = os.cpu_count()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
