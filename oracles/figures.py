"""Drawn figures in the cache, keyed by what they draw: the check's own drawings and show_figure's.

The check renders anyway (that is how it knows an answer draws), so the check task keeps what it
drew here and `show_figure` of a fresh answer is a cache read, not a second render. The key is the
content (kind, format, output, result), so the task can write it before the answer row exists
and a figure drawn once serves every answer with the same result.

A chart's check draws SVG only; its PNG is a rasterisation of that SVG. Where the check runs in
this process (the embedded default) and there is idle capacity (an idle engine process, and a
core the machine's load leaves free), the PNG is drawn in the background right after the check
(`png_draw_soon`), while the answer is settled and sent: the `show_figure` that usually follows
then reads it, or waits for the drawing already under way (`png_in_flight`) instead of starting a
second one. One background drawing at a time, per figure and per process, and only on idle
capacity, so speculative drawing never queues ahead of asks.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.core.cache import cache

from oracles.engine import EngineCrash, EngineRefusal, get_kind, native

logger = logging.getLogger("forma.oracles")

# One thread: background drawings are a bonus, never more than one engine call at a time.
_BACKGROUND_THREADS = 1
_in_flight: dict[str, Future[str]] = {}
_in_flight_lock = threading.Lock()
_pool: list[ThreadPoolExecutor] = []


def figure_cache_keys(*, kind: str, fmt: str, outs: Iterable[str], result: Any) -> list[str]:
    """The cache keys of `result`'s drawings in each of `outs`, in order.

    The content is serialised and hashed once for all of them: a chart's spec holds all its
    data, and every ask asks for its keys three times (kept, drawn soon, remembered by token).
    """
    content = hashlib.sha256(json.dumps([kind, fmt, result], sort_keys=True).encode()).hexdigest()
    prefix = settings.FORMA["REDIS_PREFIX"]
    return [f"{prefix}:figure:{out}:{content}" for out in outs]


def figure_cache_key(*, kind: str, fmt: str, out: str, result: Any) -> str:
    return figure_cache_keys(kind=kind, fmt=fmt, outs=(out,), result=result)[0]


def figures_keep(*, kind: str, fmt: str, result: Any, figures: dict[str, bytes]) -> None:
    """Keep what a check drew for FRESH_FIGURE_SECONDS. Best effort: a miss only means a render later."""
    if not figures:
        return
    try:
        keys = figure_cache_keys(kind=kind, fmt=fmt, outs=figures, result=result)
        cache.set_many(
            {key: base64.b64encode(data).decode() for key, data in zip(keys, figures.values(), strict=True)},
            timeout=settings.FORMA["FRESH_FIGURE_SECONDS"],
        )
    except Exception:  # the cache is down: show_figure will draw it again
        logger.warning("could not keep the figures of a %s answer", kind, exc_info=True)


def figure_token_cache_key(token: str) -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:figure-token:{token}"


def figure_token_keep(*, token: str, organization_pk: int, kind: str, fmt: str, result: Any) -> None:
    """Remember, for FRESH_FIGURE_SECONDS, whose figure `token` is and under which keys its drawings
    are cached: show_figure of a fresh answer then reads the cache only, with no database read.
    Best effort: a miss means show_figure reads the answer row, as for any older answer."""
    try:
        png_key, svg_key = figure_cache_keys(kind=kind, fmt=fmt, outs=("png", "svg"), result=result)
        cache.set(
            figure_token_cache_key(token),
            {"organization": organization_pk, "png": png_key, "svg": svg_key},
            timeout=settings.FORMA["FRESH_FIGURE_SECONDS"],
        )
    except Exception:
        logger.warning("could not remember the figure of a fresh %s answer", kind, exc_info=True)


class BackgroundDrawingFailed(Exception):
    """The background drawing of a PNG failed; `code` and `message` say why (logged where it happened)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _background_pool() -> ThreadPoolExecutor:
    with _in_flight_lock:
        if not _pool:
            _pool.append(ThreadPoolExecutor(max_workers=_BACKGROUND_THREADS, thread_name_prefix="forma-figures"))
        return _pool[0]


def _draw_and_keep(key: str, kind: str, svg: bytes) -> str:
    try:
        encoded = base64.b64encode(get_kind(kind).png_from_svg(svg)).decode()
    except (EngineCrash, EngineRefusal) as exc:
        logger.warning("the background PNG of a fresh %s answer failed: %s", kind, exc)
        raise BackgroundDrawingFailed(exc.code, exc.message) from None
    except Exception as exc:
        logger.exception("the background PNG of a fresh %s answer crashed", kind)
        raise BackgroundDrawingFailed("INTERNAL_ERROR", "The drawing failed on our side. Retry.") from exc
    try:
        cache.set(key, encoded, timeout=settings.FORMA["FRESH_FIGURE_SECONDS"])
    except Exception:  # the waiters still get it from the future; a later show_figure draws again
        logger.warning("could not keep the background PNG of a %s answer", kind, exc_info=True)
    return encoded


def _done(key: str, future: Future[str]) -> None:
    # Leaves the registry only after the cache holds the PNG (or the drawing failed): a
    # show_figure that finds no drawing in flight finds the PNG in the cache.
    with _in_flight_lock:
        if _in_flight.get(key) is future:
            del _in_flight[key]


def _room_to_spare() -> bool:
    # Speculative work (show_figure may never come) takes only idle capacity: an engine process
    # of this process's pool, and a machine whose load leaves a core free. On a saturated machine
    # it would only compete with the answers being settled; show_figure then draws on demand.
    try:
        machine_has_room = os.getloadavg()[0] < (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    except OSError:  # no load average on this platform
        machine_has_room = True
    return machine_has_room and native.pool().has_spare()


def png_draw_soon(*, kind: str, fmt: str, result: Any, figures: dict[str, bytes]) -> Future[str] | None:
    """Start drawing the PNG of a fresh answer from the SVG its check drew; None when not started.

    Not started when the check drew a PNG itself, when the kind cannot rasterise its SVG, when
    the same figure is already being drawn (that drawing is returned), when another figure is,
    or when there is no idle capacity: then show_figure draws it on demand, as before.
    """
    svg = figures.get("svg")
    if svg is None or "png" in figures or not hasattr(get_kind(kind), "png_from_svg"):
        return None
    key = figure_cache_key(kind=kind, fmt=fmt, out="png", result=result)
    pool = _background_pool()
    with _in_flight_lock:
        running = _in_flight.get(key)
        if running is not None:
            return running
        if _in_flight or not _room_to_spare():  # one at a time: a drawing never waits behind another
            return None
        future = pool.submit(_draw_and_keep, key, kind, svg)
        _in_flight[key] = future
    future.add_done_callback(lambda done: _done(key, done))
    return future


def png_in_flight(key: str) -> Future[str] | None:
    """The background drawing of the figure cached under `key`, while it runs."""
    with _in_flight_lock:
        return _in_flight.get(key)
