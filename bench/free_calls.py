"""Per-call latency of the free tools: sequential stateless `tools/call` over HTTP against a real server.

    .venv/bin/python bench/free_calls.py                 # embedded default (a throwaway SQLite file)
    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/free_calls.py   # served mode

Starts `uvicorn forma.asgi:application` in its own process (one worker), makes an API key,
then times BENCH_CALLS sequential calls of list_oracles, forma_status and whats_new with
plain JSON-RPC posts (no MCP client overhead), and prints median and p95 in milliseconds.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from throughput import forma_key, free_port, uvicorn  # noqa: E402

CALLS = int(os.environ.get("BENCH_CALLS", "500"))
TOOLS = ("list_oracles", "forma_status", "whats_new")


def _environment(data_dir: str, port: int) -> dict[str, str]:
    # The caller's DATABASE_URL / REDIS_URL, if any, choose the mode (see the docstring).
    return {
        **os.environ,
        "FORMA_DATA_DIR": data_dir,
        "FORMA_PUBLIC_URL": f"http://127.0.0.1:{port}",
        "FORMA_LOG_LEVEL": "WARNING",
        "FORMA_SECRET_KEY": os.environ.get("FORMA_SECRET_KEY") or secrets.token_urlsafe(50),
    }


def _time_calls(url: str, key: str) -> dict[str, list[float]]:
    import httpx2 as httpx

    headers = {
        "Authorization": f"Bearer {key}",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
    }
    samples: dict[str, list[float]] = {}
    with httpx.Client(headers=headers, timeout=30) as http:
        for tool in TOOLS:
            times = []
            for i in range(CALLS + 20):
                body = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": tool, "arguments": {}}}
                started = time.perf_counter()
                response = http.post(url, json=body)
                elapsed = (time.perf_counter() - started) * 1000
                if response.status_code != 200 or response.json()["result"].get("isError"):
                    raise RuntimeError(f"{tool} failed: {response.status_code} {response.text[:300]}")
                if i >= 20:  # warm-up
                    times.append(elapsed)
            samples[tool] = times
    return samples


def main() -> None:
    port = free_port()
    mode = "served (PostgreSQL + Redis)" if os.environ.get("DATABASE_URL") else "embedded default (SQLite)"
    with tempfile.TemporaryDirectory(prefix="forma-bench-") as data_dir:
        env = _environment(data_dir, port)
        # The same start as the throughput section: migrate, a key on a plan no bench exhausts, uvicorn.
        key = forma_key(env)
        with uvicorn("forma.asgi:application", port, env):
            samples = _time_calls(f"http://127.0.0.1:{port}/mcp", key)
    print(f"{mode}: {CALLS} sequential calls each, one uvicorn worker; load {os.getloadavg()[0]:.2f}")
    for tool, times in samples.items():
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(f"  {tool:<14} median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms")


if __name__ == "__main__":
    main()
