"""Every call into vl-convert goes through here, and runs in a separate engine process.

vl-convert is Rust + V8 loaded into the caller's process: a panic there (a control character in
a title was enough) aborts the whole process — the web server in the embedded default, the Celery
child in served mode (which then redelivers the task, and dies again). So the calls run in a small
pool of `native_worker.py` processes, started with `subprocess.Popen` (a Celery prefork child is
daemonic and may not use multiprocessing children), kept warm, one call at a time each:

- a worker that dies mid-call becomes `EngineCrash("ENGINE_CRASHED")` (an unbilled `error`
  verdict), its input is logged once, and the next call gets a fresh worker;
- a call that outlives ENGINE_CALL_TIMEOUT_SECONDS kills its worker: `EngineCrash("ENGINE_TIMEOUT")`;
- a worker is retired after ENGINE_MAX_CALLS_PER_PROCESS calls (V8's heap only grows);
- at most ENGINE_PROCESSES workers per calling process; callers (web threads) queue for one.

Every string in a spec is cleaned (`text.clean_strings`) right before it is sent: stored results
are drawn long after they were checked, and JSON like `"a\\u0001b"` decodes to a control character.

The engine has no Django dependency (the bench and the worker run without it): its settings
come from a source the host installs (`settings_source`; Django's is set in oracles/apps.py and
reads settings.FORMA at each call) and from the same environment variables otherwise.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .contracts import EngineCrash
from .text import clean_json

logger = logging.getLogger("forma.engine")

_HEADER = struct.Struct(">I")
_WORKER_SCRIPT = str(Path(__file__).with_name("native_worker.py"))
_MAX_REPLY_BYTES = 256 * 1024 * 1024  # a frame length beyond this means the stream is corrupt
RETRY_WILL_FAIL = "Retrying the same input will fail the same way"

# (settings.FORMA key, environment variable, default); forma/settings.py reads the same variables.
_SETTINGS: dict[str, tuple[str, float]] = {
    "ENGINE_PROCESSES": ("FORMA_ENGINE_PROCESSES", 2),
    "ENGINE_CALL_TIMEOUT_SECONDS": ("FORMA_ENGINE_CALL_TIMEOUT_SECONDS", 10),
    "ENGINE_START_TIMEOUT_SECONDS": ("FORMA_ENGINE_START_TIMEOUT_SECONDS", 30),
    "ENGINE_MAX_CALLS_PER_PROCESS": ("FORMA_ENGINE_MAX_CALLS_PER_PROCESS", 500),
}


# The host's settings (name -> value, or None when it has none), installed by `settings_source`.
_source: list[Callable[[str], Any]] = []


def settings_source(source: Callable[[str], Any]) -> None:
    """Read engine settings from `source` (called at each read, so a changed setting applies at once)."""
    _source[:] = [source]


def setting(name: str) -> float:
    """An engine-process setting: the host's when it has one, else the environment."""
    variable, default = _SETTINGS[name]
    value = _source[0](name) if _source else None
    return float(value) if value is not None else float(os.environ.get(variable, default))


class _WorkerDied(Exception):
    """The worker's pipe closed: it exited or was killed."""


class _WorkerTimedOut(Exception):
    """The worker did not answer within the deadline."""


class EngineProcess:
    """One warm worker process and its pipes; used by one thread at a time."""

    def __init__(self) -> None:
        # stderr goes to a file, not a pipe nobody drains: a panic's message is read from it once.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen(  # noqa: S603 - fixed argv
            [sys.executable, _WORKER_SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self._stderr, env={**os.environ, "RUST_BACKTRACE": "0"}, close_fds=True,
        )
        self.pid = self.process.pid
        self.calls = 0
        self.ready = False
        self._out = self.process.stdout.fileno()  # type: ignore[union-attr]
        self._in = self.process.stdin.fileno()  # type: ignore[union-attr]
        os.set_blocking(self._in, False)

    def alive(self) -> bool:
        return self.process.poll() is None

    def _write(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _WorkerTimedOut
            _, writable, _ = select.select([], [self._in], [], remaining)
            if not writable:
                continue
            try:
                written = os.write(self._in, view)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError) as exc:
                raise _WorkerDied from exc
            view = view[written:]

    def _read_exact(self, size: int, deadline: float) -> bytes:
        chunks: list[bytes] = []
        while size:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _WorkerTimedOut
            readable, _, _ = select.select([self._out], [], [], remaining)
            if not readable:
                continue
            chunk = os.read(self._out, min(size, 1 << 20))
            if not chunk:
                raise _WorkerDied
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def _read_frame(self, deadline: float) -> bytes:
        (size,) = _HEADER.unpack(self._read_exact(_HEADER.size, deadline))
        if size > _MAX_REPLY_BYTES:
            raise _WorkerDied
        return self._read_exact(size, deadline)

    def wait_ready(self, timeout: float) -> None:
        if not self.ready:
            json.loads(self._read_frame(time.monotonic() + timeout))
            self.ready = True

    def call(self, op: str, spec_json: bytes, scale: float | None, timeout: float) -> tuple[dict[str, Any], bytes]:
        deadline = time.monotonic() + timeout
        header = json.dumps({"op": op, "scale": scale, "timeout": timeout}).encode()
        self._write(_HEADER.pack(len(header)) + header + _HEADER.pack(len(spec_json)) + spec_json, deadline)
        try:
            reply = json.loads(self._read_frame(deadline))
        except ValueError as exc:  # not our protocol any more: treat the process as lost
            raise _WorkerDied from exc
        body = self._read_frame(deadline)
        self.calls += 1
        return reply, body

    def death(self) -> str:
        """How the process ended and the first line of what it said (for the one log line)."""
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "still running"
        how = f"exit status {code}"
        if code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:  # a signal without a name (real-time signals)
                how = f"killed by signal {-code}"
        self._stderr.seek(0, os.SEEK_END)
        self._stderr.seek(max(0, self._stderr.tell() - 4096))
        lines = self._stderr.read().decode("utf-8", "replace").splitlines()
        for index, line in enumerate(lines):
            if "panicked at" in line:  # Rust prints the message on the line after the location
                detail = " ".join(lines[index:index + 2])
                return f"{how}: {detail[:300]}"
        return how

    def kill(self) -> None:
        if self.alive():
            self.process.kill()
        self.close()

    def close(self) -> None:
        """Ask the worker to exit (end of input) and reap it in the background."""
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
        self._stderr.close()
        threading.Thread(target=_reap, args=(self.process,), daemon=True).start()


def _reap(process: subprocess.Popen) -> None:
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass
class _PoolState:
    idle: list[EngineProcess]
    started: int  # processes that exist: idle plus in use


class EnginePool:
    """At most `size` engine processes for this (calling) process; thread-safe."""

    def __init__(self) -> None:
        self.owner_pid = os.getpid()
        self._state = _PoolState(idle=[], started=0)
        self._available = threading.Condition()
        self._closed = False
        self.busy_pids: set[int] = set()  # tests watch which workers are mid-call

    def prewarm(self) -> None:
        """Start one process now, so the first call does not wait for V8 to start."""
        with self._available:
            if self._state.started == 0 and not self._closed:
                self._state.idle.append(EngineProcess())
                self._state.started += 1

    def idle_pids(self) -> list[int]:
        with self._available:
            return [worker.pid for worker in self._state.idle]

    def has_spare(self) -> bool:
        """True when a call now would not wait: a process is idle, or another may start."""
        with self._available:
            return bool(self._state.idle) or self._state.started < max(1, int(setting("ENGINE_PROCESSES")))

    def _checkout(self, timeout: float) -> EngineProcess:
        deadline = time.monotonic() + timeout
        with self._available:
            while True:
                while self._state.idle:
                    worker = self._state.idle.pop()
                    if worker.alive():
                        self.busy_pids.add(worker.pid)
                        return worker
                    # Died while idle (killed from outside): no call was lost, start another.
                    logger.warning("engine process %s died while idle (%s); replacing it", worker.pid, worker.death())
                    worker.close()
                    self._state.started -= 1
                if self._state.started < max(1, int(setting("ENGINE_PROCESSES"))):
                    self._state.started += 1
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineCrash("ENGINE_BUSY", "Every renderer is busy. Retry in a few seconds.")
                self._available.wait(remaining)
        try:
            worker = EngineProcess()
        except OSError:
            self._forget(None)
            raise
        with self._available:
            self.busy_pids.add(worker.pid)
        return worker

    def _forget(self, worker: EngineProcess | None, *, replace: bool = False) -> None:
        """A checked-out worker is gone; optionally start its successor warm, ahead of need."""
        with self._available:
            if worker is not None:
                self.busy_pids.discard(worker.pid)
            replaced = False
            if replace and not self._closed:
                try:
                    self._state.idle.append(EngineProcess())
                    replaced = True
                except OSError:
                    logger.exception("could not start a replacement engine process")
            if not replaced:
                self._state.started -= 1
            self._available.notify()

    def _checkin(self, worker: EngineProcess) -> None:
        if worker.calls >= int(setting("ENGINE_MAX_CALLS_PER_PROCESS")):
            worker.close()
            self._forget(worker, replace=True)
            return
        with self._available:
            self.busy_pids.discard(worker.pid)
            self._state.idle.append(worker)
            self._available.notify()

    def call(self, op: str, spec: Any, scale: float | None = None) -> tuple[dict[str, Any], bytes]:
        """Run one operation on an engine process, as sent (no cleaning: see the module functions)."""
        timeout, start_timeout = setting("ENGINE_CALL_TIMEOUT_SECONDS"), setting("ENGINE_START_TIMEOUT_SECONDS")
        spec_json = json.dumps(spec, allow_nan=False).encode() if not isinstance(spec, str) else spec.encode()
        # Waiting in line covers a busy process finishing its call, or a new one starting.
        worker = self._checkout(timeout + start_timeout)
        try:
            worker.wait_ready(start_timeout)
        except (_WorkerDied, _WorkerTimedOut, ValueError):
            detail = worker.death() if not worker.alive() else "did not start in time"
            worker.kill()
            self._forget(worker)
            logger.error("engine process %s failed to start (%s)", worker.pid, detail)
            raise EngineCrash("ENGINE_UNAVAILABLE", "The renderer could not start. Retry in a few seconds.") from None
        except BaseException:
            worker.kill()
            self._forget(worker)
            raise
        try:
            reply, body = worker.call(op, spec_json, scale, timeout)
        except _WorkerDied:
            logger.error("engine process %s died during %s (%s); input: %.300r", worker.pid, op, worker.death(), spec_json)
            worker.kill()
            self._forget(worker, replace=True)
            raise EngineCrash(
                "ENGINE_CRASHED",
                f"The renderer crashed on this input (our fault; not billed). {RETRY_WILL_FAIL}: "
                "change the text (unusual characters, sizes) or send feedback with this request_id.",
            ) from None
        except _WorkerTimedOut:
            logger.error("engine process %s timed out after %g s during %s; input: %.300r", worker.pid, timeout, op, spec_json)
            worker.kill()
            self._forget(worker, replace=True)
            raise EngineCrash(
                "ENGINE_TIMEOUT",
                f"The renderer did not finish within {timeout:g} s (not billed). {RETRY_WILL_FAIL}: "
                "make the chart smaller.",
            ) from None
        except BaseException:
            # Interrupted mid-call (a soft time limit, a corrupt reply): the worker's state is unknown.
            worker.kill()
            self._forget(worker, replace=True)
            raise
        self._checkin(worker)
        return reply, body

    def close(self) -> None:
        with self._available:
            self._closed = True
            idle, self._state.idle = self._state.idle, []
            self._state.started -= len(idle)
        for worker in idle:
            worker.close()


_pool: EnginePool | None = None
_pool_lock = threading.Lock()


def pool() -> EnginePool:
    """This process's pool; a forked child (a Celery prefork child) gets its own."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool.owner_pid != os.getpid():
            _pool = EnginePool()
        return _pool


def reset_pool() -> None:
    """Close this process's pool (its idle processes exit); the next call starts a new one."""
    global _pool
    with _pool_lock:
        old, _pool = _pool, None
    if old is not None and old.owner_pid == os.getpid():
        old.close()


atexit.register(reset_pool)


def _run(op: str, spec: dict[str, Any], scale: float | None = None) -> tuple[str, bytes]:
    reply, body = pool().call(op, clean_json(spec), scale)
    if not reply.get("ok"):
        # vl-convert raised ValueError for a spec it cannot compile or render: the input's fault,
        # exactly as before isolation. Anything else it raised is a bug, and stays one.
        if reply.get("error") == "DoesNotRender":
            raise DoesNotRender(reply.get("message") or "vl-convert failed")
        if reply.get("error") == "ValueError":
            raise ValueError(reply.get("message") or "vl-convert failed")
        raise RuntimeError(f"vl-convert raised {reply.get('error')}: {reply.get('message')}")
    return reply["type"], body


def vegalite_to_vega(spec: dict[str, Any]) -> dict[str, Any]:
    """The Vega spec compiled from a Vega-Lite spec; ValueError when it does not compile."""
    return json.loads(_run("vegalite_to_vega", spec)[1])


def to_svg(spec: dict[str, Any], language: str) -> str:
    """SVG text of a Vega-Lite (`language="vega-lite"`) or Vega spec; ValueError when it fails."""
    return _run("vega_to_svg" if language == "vega" else "vegalite_to_svg", spec)[1].decode("utf-8")


def to_png(spec: dict[str, Any], language: str, scale: float) -> bytes:
    """PNG bytes of a Vega-Lite or Vega spec; ValueError when it fails."""
    return _run("vega_to_png" if language == "vega" else "vegalite_to_png", spec, scale)[1]


class DoesNotRender(ValueError):
    """The spec compiled but did not draw (a `check_and_draw` failure after its compile)."""


def check_and_draw(spec: dict[str, Any], *, want_compiled: bool) -> tuple[dict[str, Any] | None, str]:
    """The chart check's engine work in one call: (compiled Vega or None, SVG text) of a Vega-Lite spec.

    The SVG is drawn from that compiled Vega: byte for byte what `to_svg` returns, at one compile.
    ValueError when it does not compile; `DoesNotRender` (a ValueError) when it compiles but
    does not draw. The compiled Vega crosses the pipe only when `want_compiled`.
    """
    body = _run("vegalite_check_draw", spec, 1.0 if want_compiled else 0.0)[1]
    parts, offset = [], 0
    while offset < len(body):
        (size,) = _HEADER.unpack_from(body, offset)
        offset += _HEADER.size
        parts.append(body[offset:offset + size])
        offset += size
    compiled, svg = parts
    return json.loads(compiled), svg.decode("utf-8")


def svg_to_png(svg: str, scale: float) -> bytes:
    """PNG bytes rasterised from an SVG drawn by `to_svg`: what `to_png` returns for the same spec."""
    reply, body = pool().call("svg_to_png", svg, scale)
    if not reply.get("ok"):
        if reply.get("error") == "ValueError":
            raise ValueError(reply.get("message") or "vl-convert failed")
        raise RuntimeError(f"vl-convert raised {reply.get('error')}: {reply.get('message')}")
    return body


@lru_cache(maxsize=1)
def vegalite_versions() -> tuple[str, ...]:
    """The Vega-Lite versions bundled with vl-convert (asked once per process)."""
    return tuple(json.loads(_run("vegalite_versions", {})[1]))


__all__ = ["EngineCrash", "EnginePool", "pool", "reset_pool", "setting", "to_png", "to_svg", "check_and_draw", "DoesNotRender", "svg_to_png",
           "vegalite_to_vega", "vegalite_versions"]
