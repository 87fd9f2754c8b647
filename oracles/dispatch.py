"""Run a Celery task and wait for it, turning every way it can fail into one exception.

On the embedded default tasks run inline (CELERY_TASK_ALWAYS_EAGER). With a
broker they run on workers; the web process waits at most TASK_WAIT_SECONDS,
so a dead or stuck worker is an `error` answer, never a hang.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import redis.exceptions
from celery import Task, current_app, states
from celery.exceptions import CeleryError, SoftTimeLimitExceeded, TimeLimitExceeded, WorkerLostError
from celery.exceptions import TimeoutError as CeleryTimeout
from celery.result import AsyncResult
from django.conf import settings
from kombu.exceptions import KombuError, OperationalError

from forma.errors import FormaError

from .tasks import EngineFailed

logger = logging.getLogger("forma.dispatch")
_POLL_SECONDS = 0.02
BACKEND_RETRY_AFTER_SECONDS = 5


class TaskFailed(Exception):
    """The task did not produce a result: timeout, lost worker, broker down, or a crash."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _wait_for(pending: AsyncResult, wait: float) -> Any:
    """Poll the stored result until it is ready or `wait` runs out.

    Polling plain reads instead of Celery's pub/sub result consumer: with the
    result backend in one Redis database and the app's cache in another, the
    consumer was seen to miss results that the worker had stored.
    """
    deadline = time.monotonic() + wait
    backend = pending.backend
    while True:
        meta = backend.get_task_meta(pending.id)
        if meta["status"] == states.SUCCESS:
            return meta["result"]
        if meta["status"] in states.PROPAGATE_STATES:
            raise backend.exception_to_python(meta["result"])
        if time.monotonic() >= deadline:
            raise CeleryTimeout(f"no result within {wait:g} s")
        time.sleep(_POLL_SECONDS)


def run_task(task: Task, *args: Any) -> Any:
    wait = settings.FORMA["TASK_WAIT_SECONDS"]
    try:
        if current_app.conf.task_always_eager:
            return task.apply(args=args, throw=True).get()
        # Limits travel in the message (the worker enforces what the sender says), so
        # they are read here, at call time, from this process's settings.
        soft = settings.FORMA["TASK_TIME_LIMIT_SECONDS"]
        pending = task.apply_async(
            args=args, queue=current_app.conf.task_default_queue,
            soft_time_limit=soft, time_limit=soft + settings.FORMA["TASK_TIME_LIMIT_GRACE_SECONDS"],
            retry=True, retry_policy={"max_retries": 2, "interval_start": 0.1},
            # Nobody waits longer than `wait`: a task still queued after that (a backlog, a
            # worker that was down) is discarded by the worker instead of run for no one.
            expires=wait,
        )
        try:
            return _wait_for(pending, wait)
        finally:
            pending.forget()
    except (CeleryTimeout, TimeLimitExceeded, SoftTimeLimitExceeded) as exc:
        logger.warning("task %s timed out: %r", task.name, exc)
        raise TaskFailed("CHECK_TIMEOUT", f"The check did not finish within {wait:g} s. Retry; a smaller intent is faster.") from exc
    except EngineFailed as exc:  # already logged once, with its input, where it happened
        raise TaskFailed(exc.code, exc.message) from exc
    except WorkerLostError as exc:
        logger.warning("task %s lost its worker: %r", task.name, exc)
        raise TaskFailed("WORKER_LOST", "The worker running this check stopped. Retry.") from exc
    except (OperationalError, KombuError, ConnectionError, redis.exceptions.ConnectionError) as exc:
        # The checking backend cannot be reached even after the send's own retries: no
        # check ran, so there is no verdict to give — the call fails with
        # backend_unreachable (the caller releases what it reserved).
        logger.exception("task %s could not reach the broker", task.name)
        raise FormaError(
            "backend_unreachable",
            "Forma's checking service cannot be reached right now. Wait a few seconds and retry; nothing was charged.",
            retry_after=BACKEND_RETRY_AFTER_SECONDS,
        ) from exc
    except CeleryError as exc:
        logger.exception("task %s failed in Celery", task.name)
        raise TaskFailed("TASK_FAILED", "The check failed on our side. Retry.") from exc
    except Exception as exc:  # a crash inside the engine is our bug: log it, answer `error`
        logger.exception("task %s crashed", task.name)
        raise TaskFailed("ENGINE_CRASHED", "The check failed on our side. Retry; if it keeps failing, send feedback with this request_id.") from exc
