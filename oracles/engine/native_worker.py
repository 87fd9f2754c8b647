"""An engine process: runs vl-convert calls sent by `oracles.engine.native` over stdin/stdout.

Started as a script (`python .../native_worker.py`), not with `-m`: `-m` would import the whole
`oracles.engine` package first (about a second), and this process needs nothing but vl-convert.
It imports nothing from Forma, so it runs the same under the web process and a Celery child.

Protocol, one request at a time: every message is a frame (4-byte big-endian length, then that
many bytes). Once warm, the process sends one frame `{"ready": true}`. A request is two frames:
a JSON header `{"op": …, "scale": …, "timeout": …}` and the spec as JSON text. The reply is two frames: a JSON
header (`{"ok": true, "type": "json"|"text"|"bytes"|"parts"}` or `{"ok": false, "error": …, "message": …}`)
and the body ("parts": several frames in one body). End of input means exit. If vl-convert panics the process aborts: the parent sees
the pipe close, and that is exactly the point of running it here.
"""

from __future__ import annotations

import json
import math
import os
import signal
import struct
import sys
from typing import Any, BinaryIO

_HEADER = struct.Struct(">I")
ALARM_GRACE_SECONDS = 5
WARM_UP_SPEC = {"data": {"values": [{"a": "x", "b": 1}]}, "mark": "bar",
                "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "quantitative"}}}


def _read_exact(stream: BinaryIO, size: int) -> bytes | None:
    chunks = []
    while size:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: BinaryIO) -> bytes | None:
    """The next frame, or None at end of input."""
    header = _read_exact(stream, _HEADER.size)
    if header is None:
        return None
    return _read_exact(stream, _HEADER.unpack(header)[0])


def write_frames(stream: BinaryIO, *payloads: bytes) -> None:
    stream.write(b"".join(_HEADER.pack(len(p)) + p for p in payloads))
    stream.flush()


class DoesNotRender(ValueError):
    """vl-convert compiled the spec but could not draw it."""


def _run(vlc: Any, op: str, spec: str, scale: float | None) -> tuple[str, bytes]:
    # URLs are never fetched: allowed_base_urls=[] is fixed here, not chosen by the caller.
    if op == "vegalite_to_vega":
        return "json", json.dumps(vlc.vegalite_to_vega(spec)).encode()
    if op == "vegalite_to_svg":
        return "text", vlc.vegalite_to_svg(spec, allowed_base_urls=[]).encode()
    if op == "vega_to_svg":
        return "text", vlc.vega_to_svg(spec, allowed_base_urls=[]).encode()
    if op == "vegalite_to_png":
        return "bytes", bytes(vlc.vegalite_to_png(spec, scale=scale, allowed_base_urls=[]))
    if op == "vega_to_png":
        return "bytes", bytes(vlc.vega_to_png(spec, scale=scale, allowed_base_urls=[]))
    if op == "vegalite_check_draw":
        # The chart check's engine work in one call: compile, then draw the compiled Vega to SVG
        # (what vegalite_to_svg does inside, without compiling a second time). A failure after
        # the compile is the render's, said as such. The compiled Vega is sent back only when
        # asked (`scale` is reused as the flag: 1 = send it).
        compiled = vlc.vegalite_to_vega(spec)
        try:
            svg = vlc.vega_to_svg(compiled, allowed_base_urls=[])
        except ValueError as exc:
            raise DoesNotRender(str(exc)) from exc
        parts = (json.dumps(compiled).encode() if scale else b"null", svg.encode())
        return "parts", b"".join(_HEADER.pack(len(p)) + p for p in parts)
    if op == "svg_to_png":
        # Rasterising a drawn SVG: exactly the last step of vegalite_to_png / vega_to_png.
        return "bytes", bytes(vlc.svg_to_png(spec, scale=scale))
    if op == "vegalite_versions":
        return "json", json.dumps(list(vlc.get_vegalite_versions())).encode()
    raise LookupError(f"unknown engine operation {op!r}")


def main() -> None:
    # The protocol owns the original stdout; anything else that prints (a library, a warning)
    # goes to stderr instead of corrupting a frame.
    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    requests = sys.stdin.buffer
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # an ignored disposition would survive exec

    import vl_convert as vlc

    vlc.vegalite_to_svg(WARM_UP_SPEC, allowed_base_urls=[])  # V8 start-up: the slow first call
    write_frames(channel, json.dumps({"ready": True, "pid": os.getpid()}).encode())
    while True:
        header_frame = read_frame(requests)
        spec_frame = read_frame(requests) if header_frame is not None else None
        if header_frame is None or spec_frame is None:
            return
        header = json.loads(header_frame)
        # The parent kills a call that outlives its timeout. Should the parent itself be gone (a
        # Celery child killed by its hard time limit), SIGALRM, left at its default action, ends
        # this process even while V8 holds the GIL: no orphan spins on forever.
        signal.alarm(math.ceil(header.get("timeout") or 60) + ALARM_GRACE_SECONDS)
        try:
            kind, body = _run(vlc, header["op"], spec_frame.decode(), header.get("scale"))
        except Exception as exc:  # noqa: BLE001 - every failure of a call is reported to the parent
            reply = {"ok": False, "error": type(exc).__name__, "message": str(exc)[:2000]}
            write_frames(channel, json.dumps(reply).encode(), b"")
        else:
            write_frames(channel, json.dumps({"ok": True, "type": kind}).encode(), body)
        finally:
            signal.alarm(0)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the parent went away mid-reply: nothing left to answer
        pass
