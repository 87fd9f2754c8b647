"""`make bench`, throughput section: Forma's free tools next to the bare MCP SDK, side by side.

Each server runs in its own uvicorn process with the same settings (one worker, no access
log); wrk drives stateless JSON `tools/call` requests over 16 connections for a fixed time.
Forma is measured in both ways to run: served (PostgreSQL + Redis, skipped when either is not
reachable) and the embedded default (SQLite, in-process tasks). The key's plan allows far
more requests than wrk can send, so the rate limiter is consulted on every call but never
refuses one: what is measured is the request path, not a 429.

Prints requests per second, p50 and p99 latency, and Forma as a share of the bare server.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CONNECTIONS = 16
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
TOOLS = ("list_oracles", "forma_status")
SERVED_DATABASE = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/forma_bench")
SERVED_REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/12")
# Same uvicorn settings for every server measured here.
UVICORN_FLAGS = ["--host", "127.0.0.1", "--workers", "1", "--no-access-log", "--log-level", "warning"]
BENCH_PLAN = (
    "from accounts.models import Plan; "
    "Plan.objects.update_or_create(code='bench', defaults=dict(name='Bench', requests_per_minute=2_000_000_000, "
    "monthly_credits=1_000_000, is_public=False))"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("a bench server did not start") from None
            time.sleep(0.05)


@contextmanager
def uvicorn(app: str, port: int, env: dict[str, str]) -> Iterator[None]:
    # The servers' own logs go to a file, shown only when a server does not start: wrk closing
    # its connections at the end of a run is not news.
    log = tempfile.TemporaryFile("w+")
    process = subprocess.Popen(
        [PYTHON, "-m", "uvicorn", app, "--port", str(port), *UVICORN_FLAGS],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        try:
            _wait_for_port(port, process)
        except RuntimeError:
            log.seek(0)
            print(log.read()[-3000:], file=sys.stderr)
            raise
        yield
    finally:
        log.close()
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def forma_environment(port: int, data_dir: str, served: bool) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")
    }
    env.update(
        {
            "FORMA_DATA_DIR": data_dir,
            "FORMA_PUBLIC_URL": f"http://127.0.0.1:{port}",
            "FORMA_LOG_LEVEL": "WARNING",
            "FORMA_SECRET_KEY": os.environ.get("FORMA_SECRET_KEY") or "bench-" + os.urandom(24).hex(),
        }
    )
    if served:
        env.update({"DATABASE_URL": SERVED_DATABASE, "REDIS_URL": SERVED_REDIS})
    return env


def forma_key(env: dict[str, str]) -> str:
    """Migrate the bench database and make a key on a plan no bench can exhaust."""
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([PYTHON, "manage.py", "shell", "-c", BENCH_PLAN], cwd=ROOT, env=env, check=True)
    return subprocess.run(
        [PYTHON, "manage.py", "apikey", "create", "--email", f"bench-{os.getpid()}@example.com", "--plan", "bench"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def served_reachable() -> str | None:
    """Why the served mode cannot be measured here, or None when it can (creating its database)."""
    try:
        import psycopg
        import redis

        redis.Redis.from_url(SERVED_REDIS, socket_connect_timeout=1).ping()
        base, _, name = SERVED_DATABASE.rpartition("/")
        with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=2) as connection:
            exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if not exists:
                connection.execute(f'CREATE DATABASE "{name}"')
    except Exception as error:  # noqa: BLE001 - any failure means: skip this mode, say why
        return f"{type(error).__name__}: {error}"
    return None


def _call_body(tool: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": {}}})


def _headers(key: str | None) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18",
    }
    if key:
        headers["Authorization"] = f"Bearer {key}"
    return headers


def check_call(url: str, tool: str, key: str | None) -> None:
    """One call before the load: a bench of error responses would measure nothing."""
    # A local http:// server this bench started.
    request = urllib.request.Request(url, data=_call_body(tool).encode(), headers=_headers(key), method="POST")  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    body = json.loads(text) if text.startswith("{") else {}
    if status != 200 or "error" in body or body.get("result", {}).get("isError"):
        raise RuntimeError(f"{tool} at {url} did not answer: {status} {text[:300]}")


def wrk(url: str, tool: str, key: str | None) -> dict[str, float]:
    script = "\n".join(
        ['wrk.method = "POST"', f"wrk.body = {json.dumps(_call_body(tool))}"]
        + [f"wrk.headers[{json.dumps(k)}] = {json.dumps(v)}" for k, v in _headers(key).items()]
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script + "\n")
    try:
        out = subprocess.run(
            [shutil.which("wrk") or "wrk", "-t2", f"-c{CONNECTIONS}", f"-d{SECONDS}s", "--latency", "-s", handle.name, url],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        os.unlink(handle.name)
    return parse_wrk(out)


_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def parse_wrk(out: str) -> dict[str, float]:
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if rate is None:
        raise RuntimeError(f"wrk printed no rate:\n{out}")

    def percentile(p: str) -> float:
        found = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s|m)\s*$", out, re.MULTILINE)
        return float(found.group(1)) * _UNITS_MS[found.group(2)] if found else float("nan")

    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    socket_errors = re.search(r"Socket errors:.*", out)
    return {
        "rps": float(rate.group(1)),
        "p50_ms": percentile("50"),
        "p99_ms": percentile("99"),
        "non_2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(0) if socket_errors else "",
    }


def measure_bare() -> dict[str, dict[str, float]]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    url = f"http://127.0.0.1:{port}/mcp"
    with uvicorn("bench.bare_server:app", port, env):
        for tool in TOOLS:
            check_call(url, tool, None)
        return {tool: wrk(url, tool, None) for tool in TOOLS}


def measure_forma(served: bool) -> dict[str, dict[str, float]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    with tempfile.TemporaryDirectory(prefix="forma-bench-") as data_dir:
        env = forma_environment(port, data_dir, served)
        key = forma_key(env)
        with uvicorn("forma.asgi:application", port, env):
            for tool in TOOLS:
                check_call(url, tool, key)
            return {tool: wrk(url, tool, key) for tool in TOOLS}


def run_throughput() -> dict[str, object]:
    """Every figure of the section, measured in one run."""
    if shutil.which("wrk") is None:
        return {"skipped": "wrk is not installed (make bench installs it when run as root)"}
    load_before = os.getloadavg()
    results: dict[str, object] = {"cores": os.cpu_count(), "load_before": load_before, "bare": measure_bare()}
    why_not = served_reachable()
    results["served"] = {"skipped": why_not} if why_not else measure_forma(served=True)
    results["embedded"] = measure_forma(served=False)
    results["load_after"] = os.getloadavg()
    return results


def print_throughput(results: dict[str, object]) -> None:
    print(
        f"\nThroughput — wrk, {CONNECTIONS} connections, {SECONDS} s per run, stateless JSON tools/call, one uvicorn worker each"
    )
    if "skipped" in results:
        print(f"  skipped: {results['skipped']}")
        return
    print(
        f"  machine: {results['cores']} cores, load average before {_load(results['load_before'])}, after {_load(results['load_after'])}"
    )
    bare = results["bare"]
    print(f"  {'tool':<14}{'server':<22}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}{'vs bare':>9}{'non-2xx':>9}")
    for tool in TOOLS:
        rows = [("bare MCP SDK", bare[tool])]
        for mode, label in (("served", "Forma served (PG+Redis)"), ("embedded", "Forma embedded")):
            measured = results[mode]
            if "skipped" in measured:
                print(f"  {tool:<14}{label:<22}  skipped: {measured['skipped']}")
                continue
            rows.append((label, measured[tool]))
        for label, row in rows:
            share = f"{100 * row['rps'] / bare[tool]['rps']:.0f}%" if label != "bare MCP SDK" else ""
            tail = row["p99_ms"] / row["p50_ms"] if row["p50_ms"] else float("nan")
            print(
                f"  {tool:<14}{label[:21]:<22}{row['rps']:>9.0f}{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}{tail:>9.1f}{share:>9}{row['non_2xx']:>9}"
            )


def _load(values: tuple[float, float, float]) -> str:
    return " / ".join(f"{v:.2f}" for v in values)


if __name__ == "__main__":
    print_throughput(run_throughput())
