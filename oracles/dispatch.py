"""Run a Celery task and wait for it, turning every way it can fail into one exception.

On the embedded default tasks run inline (CELERY_TASK_ALWAYS_EAGER). With a
broker they run on workers; the web process waits at most TASK_WAIT_SECONDS,
so a dead or stuck worker is an `error` answer, never a hang.

Asks and drawings use `task_submit` + `task_outcome` (`run_task` wraps them for
sync callers): the wait is a coroutine that sleeps on the event loop between cheap reads of the result backend, so a check that never comes back
holds no thread that could serve another caller. Eager checks (the embedded
default) run in a small pool of their own, never in the default thread pool
that serves database work for every caller.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from asgiref.sync import async_to_sync
from celery import Task, current_app, states
from celery.exceptions import CeleryError, SoftTimeLimitExceeded, TimeLimitExceeded, WorkerLostError
from celery.exceptions import TimeoutError as CeleryTimeout
from django.conf import settings
from kombu.exceptions import KombuError, OperationalError

from ground.errors import FormaError

from .tasks import EngineFailed

logger = logging.getLogger("forma.dispatch")
_POLL_SECONDS = 0.02
BACKEND_RETRY_AFTER_SECONDS = 5
# The async wait backs off to this: a dead worker costs each waiting ask ~4 reads a second.
_POLL_MAX_SECONDS = 0.25
# Reads of the result backend are blocking client calls: they run here, each for
# milliseconds, so a slow Redis stalls these threads and never the event loop.
_RESULT_READER_THREADS = 4


class TaskFailed(Exception):
    """The task did not produce a result: timeout, lost worker, broker down, or a crash."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def run_task(task: Task, *args: Any) -> Any:
    """Run `task` and block this thread until its result (scripts, tests); raises TaskFailed or FormaError."""
    submitted = task_submit(task, *args)
    return async_to_sync(task_outcome)(submitted, deadline=time.monotonic() + settings.FORMA["TASK_WAIT_SECONDS"])


# ---- waiting without holding a thread (asks) -----------------------------------------


@dataclass(frozen=True)
class Submitted:
    """A task handed to Celery. `task_id` is None on the embedded default: it runs when awaited,
    or is already `running` in this process's check pool (`task_start_here`)."""

    task: Task
    args: tuple[Any, ...]
    task_id: str | None
    running: Future[Any] | None = None


_pools: dict[str, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(name: str, size: int) -> ThreadPoolExecutor:
    with _pools_lock:
        if name not in _pools:
            _pools[name] = ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"forma-{name}")
        return _pools[name]


def tasks_run_here() -> bool:
    """True on the embedded default: tasks run in this process, not on a Celery worker."""
    return bool(current_app.conf.task_always_eager)


def task_start_here(task: Task, *args: Any, then: Callable[[Any, BaseException | None], Any] | None = None) -> Submitted:
    """Start `task` now in this process's check pool (embedded default only), without waiting.

    The ask starts its check this way while it takes the hold, so the check runs while the
    hold is written instead of after it. `Submitted.running.cancel()` drops it while still queued.
    With `then`, the same pool thread calls `then(outcome, None)` (or `then(None, exception)`)
    when the task ends, and `running` holds what `then` returns instead of the task's outcome.
    """
    if not tasks_run_here():
        raise RuntimeError("task_start_here runs tasks in this process: the embedded default only")
    pool = _pool("eager-checks", settings.FORMA["EAGER_CHECK_THREADS"])
    running = pool.submit(_apply, task, args) if then is None else pool.submit(_apply_then, task, args, then)
    return Submitted(task=task, args=args, task_id=None, running=running)


def _apply_then(task: Task, args: tuple[Any, ...], then: Callable[[Any, BaseException | None], Any]) -> Any:
    try:
        outcome = _apply(task, args)
    except Exception as exc:
        return then(None, exc)
    return then(outcome, None)


def task_failure(task: Task, exc: BaseException) -> TaskFailed | FormaError:
    """What the caller of `task` is told when it raised `exc` (the same mapping `task_outcome` applies)."""
    return _failure(task.name, exc)


def task_submit(task: Task, *args: Any) -> Submitted:
    """Hand `task` to a worker (served mode) without waiting; raises TaskFailed if the broker is down."""
    if current_app.conf.task_always_eager:
        return Submitted(task=task, args=args, task_id=None)
    # Limits travel in the message (the worker enforces what the sender says), so
    # they are read here, at call time, from this process's settings.
    soft = settings.FORMA["TASK_TIME_LIMIT_SECONDS"]
    try:
        pending = task.apply_async(
            args=args, queue=current_app.conf.task_default_queue,
            soft_time_limit=soft, time_limit=soft + settings.FORMA["TASK_TIME_LIMIT_GRACE_SECONDS"],
            retry=True, retry_policy={"max_retries": 2, "interval_start": 0.1},
            # Nobody waits longer than TASK_WAIT_SECONDS: a task still queued after that (a
            # backlog, a worker that was down) is discarded by the worker, not run for no one.
            expires=settings.FORMA["TASK_WAIT_SECONDS"],
        )
    except Exception as exc:
        raise _failure(task.name, exc) from exc
    return Submitted(task=task, args=args, task_id=pending.id)


async def task_outcome(submitted: Submitted, *, deadline: float) -> Any:
    """The task's result, awaited until `deadline` (a `time.monotonic()` value); raises TaskFailed.

    The deadline is the caller's whole budget, fixed when its call started, so
    time spent queueing for a thread or for the broker counts against it too.
    """
    try:
        if submitted.task_id is None:
            return await _run_eagerly(submitted, deadline)
        return await _poll(submitted.task_id, deadline)
    except (TaskFailed, FormaError):
        raise
    except Exception as exc:
        raise _failure(submitted.task.name, exc) from exc


def _apply(task: Task, args: tuple[Any, ...]) -> Any:
    return task.apply(args=args, throw=True).get()


async def _run_eagerly(submitted: Submitted, deadline: float) -> Any:
    if submitted.running is not None:  # started already (task_start_here)
        running = asyncio.wrap_future(submitted.running)
    else:
        loop = asyncio.get_running_loop()
        running = loop.run_in_executor(_pool("eager-checks", settings.FORMA["EAGER_CHECK_THREADS"]), _apply, submitted.task, submitted.args)
    # On timeout a queued check is dropped; one already running finishes unobserved
    # (a thread cannot be stopped), which the pool's bound keeps from piling up.
    return await asyncio.wait_for(running, timeout=max(deadline - time.monotonic(), 0))


async def _poll(task_id: str, deadline: float) -> Any:
    """Poll the stored result with plain reads.

    Plain reads instead of Celery's pub/sub result consumer: with the result backend in
    one Redis database and the app's cache in another, the consumer was seen to miss
    results that the worker had stored.
    """
    loop = asyncio.get_running_loop()
    readers = _pool("result-readers", _RESULT_READER_THREADS)
    backend = current_app.backend
    pause = _POLL_SECONDS
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CeleryTimeout("no result before the deadline")
            meta = await asyncio.wait_for(loop.run_in_executor(readers, backend.get_task_meta, task_id), timeout=remaining)
            if meta["status"] == states.SUCCESS:
                return meta["result"]
            if meta["status"] in states.PROPAGATE_STATES:
                raise backend.exception_to_python(meta["result"])
            await asyncio.sleep(max(min(pause, deadline - time.monotonic()), 0))
            pause = min(pause * 1.5, _POLL_MAX_SECONDS)
    finally:
        # Nobody reads this result again; not awaited, so a cancelled wait still cleans up.
        loop.run_in_executor(readers, _forget, backend, task_id)


def _forget(backend: Any, task_id: str) -> None:
    try:
        backend.forget(task_id)
    except Exception:  # the result expires on its own (result_expires); nobody waits on this
        logger.warning("could not delete the stored result of %s", task_id, exc_info=True)


def _failure(task_name: str, exc: BaseException) -> TaskFailed | FormaError:
    """The one mapping from every way a task can fail to what the caller is told."""
    wait = settings.FORMA["TASK_WAIT_SECONDS"]
    if isinstance(exc, (TaskFailed, FormaError)):
        return exc
    if isinstance(exc, (CeleryTimeout, TimeoutError, TimeLimitExceeded, SoftTimeLimitExceeded)):
        logger.warning("task %s timed out: %r", task_name, exc)
        return TaskFailed("CHECK_TIMEOUT", f"The check did not finish within {wait:g} s. Retry; a smaller intent is faster.")
    if isinstance(exc, EngineFailed):  # already logged once, with its input, where it happened
        return TaskFailed(exc.code, exc.message)
    if isinstance(exc, WorkerLostError):
        logger.warning("task %s lost its worker: %r", task_name, exc)
        return TaskFailed("WORKER_LOST", "The worker running this check stopped. Retry.")
    if isinstance(exc, (OperationalError, KombuError, ConnectionError, redis.exceptions.ConnectionError)):
        # The checking backend cannot be reached even after the send's own retries: no
        # check ran, so there is no verdict to give — the call fails with
        # backend_unreachable (the caller releases what it reserved).
        logger.error("task %s could not reach the broker: %r", task_name, exc)
        return FormaError(
            "backend_unreachable",
            "Forma's checking service cannot be reached right now. Wait a few seconds and retry; nothing was charged.",
            retry_after=BACKEND_RETRY_AFTER_SECONDS,
        )
    if isinstance(exc, CeleryError):
        logger.error("task %s failed in Celery: %r", task_name, exc)
        return TaskFailed("TASK_FAILED", "The check failed on our side. Retry.")
    # An exception inside our own code is our bug: log it, answer `error` (native crashes
    # come back as EngineFailed/EngineCrash with their own codes).
    logger.error("task %s crashed", task_name, exc_info=exc)
    return TaskFailed("INTERNAL_ERROR", "The check failed on our side. Retry; if it keeps failing, send feedback with this request_id.")
