"""Celery tasks: checking answers and drawing figures.

Both are pure functions of their arguments (no database access; the check keeps
the figures it drew in the content-keyed figure cache), so they are idempotent: a
redelivered task after a lost worker computes the same thing.
Time limits bound each run; `acks_late` + `reject_on_worker_lost` (settings)
mean a killed worker's task is redelivered, never silently acknowledged — and
`DeliveryCountedTask` makes sure "redelivered" never means "forever".
"""

from __future__ import annotations

import base64
import logging
import time
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.core.cache import cache

from oracles.engine import EngineCrash, answer, get_kind
from oracles.figures import figures_keep, png_draw_soon
from oracles.pruning import idempotency_keys_prune

logger = logging.getLogger("forma.tasks")

# Soft limit: the task is told to stop; hard limit: its worker process is killed.
# These are the defaults; `dispatch.run_task` sends the current settings with each call.
_SOFT = settings.FORMA["TASK_TIME_LIMIT_SECONDS"]
_HARD = _SOFT + settings.FORMA["TASK_TIME_LIMIT_GRACE_SECONDS"]
# A delivery counter outlives every redelivery of its task: tasks expire after the caller's wait,
# and Redis redelivers an unacknowledged message after its visibility timeout (1 h).
_DELIVERY_COUNT_TTL_SECONDS = 2 * 3600


class EngineFailed(Exception):
    """A task gave up on our side (the engine crashed, or the task is poison): `code`, `message`.

    Raised in the worker, stored as the task's failure and rebuilt in the caller (Celery rebuilds
    it from `args`, hence the plain two-argument constructor); `dispatch` turns it into `TaskFailed`.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


def _count_delivery(task: Task, task_id: str) -> int:
    """How many times this task id has been delivered to a worker, this delivery included."""
    key = f"{settings.FORMA['REDIS_PREFIX']}:deliveries:{task_id}"
    # The count must survive the death of the process that runs the task, so it lives in Redis:
    # the result backend's client (always Redis when there are real workers), else the cache.
    client = getattr(task.backend, "client", None)
    if client is not None and hasattr(client, "pipeline"):
        with client.pipeline() as pipe:
            pipe.incr(key)
            pipe.expire(key, _DELIVERY_COUNT_TTL_SECONDS)
            count, _ = pipe.execute()
        return int(count)
    cache.add(key, 0, timeout=_DELIVERY_COUNT_TTL_SECONDS)
    return int(cache.incr(key))


class DeliveryCountedTask(Task):
    """A task that runs at most FORMA_TASK_MAX_DELIVERIES times per task id.

    With `acks_late` + `reject_on_worker_lost`, a task whose worker child dies (SIGKILL, SIGABRT,
    the kernel's OOM killer) goes back to the queue — and an input that kills the child every time
    would be redelivered forever, taking a child down each time. So each delivery is counted
    before the task runs; the delivery after the last allowed run does not run: it fails with
    `EngineFailed("WORKER_CRASHED")`, which acknowledges the message (never redelivered) and gives
    the waiting caller an `error` answer. Eager (in-process) runs are never redelivered: not counted.
    """

    # Expected failures: Celery logs them in one line, without a traceback.
    throws = (EngineFailed,)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        request = self.request
        if not request.is_eager and request.id:
            limit = int(settings.FORMA["TASK_MAX_DELIVERIES"])
            delivery = _count_delivery(self, request.id)
            if delivery > limit:
                logger.error("task %s[%s] dropped: its worker died on each of %d deliveries; args: %.300r",
                             self.name, request.id, limit, args)
                raise EngineFailed(
                    "WORKER_CRASHED",
                    f"The worker running this request died {limit} times in a row (our fault; not billed). "
                    "Retrying the same input will fail the same way; send feedback with this request_id.",
                )
            if delivery > 1:
                logger.warning("task %s[%s] redelivered after its worker died: run %d of at most %d",
                               self.name, request.id, delivery, limit)
        return super().__call__(*args, **kwargs)


@shared_task(name="oracles.check_intent", base=DeliveryCountedTask, acks_late=True, reject_on_worker_lost=True,
             time_limit=_HARD, soft_time_limit=_SOFT)
def check_intent(kind: str, intent: str, fmt: str, options: dict[str, Any]) -> dict[str, Any]:
    """Draft and check an answer for `intent`; returns the `Verdict` as JSON, with its timing in `engine_ms`.

    JSON because that is what crosses Celery; the waiting service parses it back into a `Verdict`.
    A crash of a native renderer is already an `error` verdict here (`oracles.engine.answer`).
    """
    started = time.perf_counter()
    checked = answer(kind, intent, fmt, options)
    verdict = checked.model_copy(update={"engine_ms": round((time.perf_counter() - started) * 1000, 2)}).to_dict()
    if checked.status == "valid":
        # The check drew the figure to know it renders: keep it, so show_figure need not draw it again.
        # The bytes go to the cache, not into the result: the verdict stays small for the result backend.
        figures_keep(kind=kind, fmt=fmt, result=checked.result, figures=checked.figures)
        if check_intent.request.is_eager:
            # Checked in the asking process (the embedded default): a PNG that is only a rasterisation of
            # the kept SVG is drawn now, on a spare engine process, while the answer is settled and sent.
            # Asked of the request, not of the app's configuration: a worker started on a broker may
            # still carry the eager default, and a worker must leave the PNG to render_figure.
            png_draw_soon(kind=kind, fmt=fmt, result=checked.result, figures=checked.figures)
    return verdict


@shared_task(name="oracles.render_figure", base=DeliveryCountedTask, acks_late=True, reject_on_worker_lost=True,
             time_limit=_HARD, soft_time_limit=_SOFT)
def render_figure(kind: str, result: Any, fmt: str, out: str, drawn_svg: str | None = None) -> str:
    """Draw a checked result as PNG or SVG; bytes travel base64-encoded (JSON serializer).

    `drawn_svg` (base64) is the SVG the check drew and kept: a kind that can rasterise it
    (charts: vl-convert draws PNGs that way) makes the PNG from it instead of drawing anew.
    """
    oracle_kind = get_kind(kind)
    try:
        if out == "png" and drawn_svg is not None and hasattr(oracle_kind, "png_from_svg"):
            drawn = oracle_kind.png_from_svg(base64.b64decode(drawn_svg))
        else:
            drawn = oracle_kind.render(result, fmt, out)
    except EngineCrash as crash:  # the engine process crashed, not this worker: nothing to redeliver
        raise EngineFailed(crash.code, crash.message) from None
    return base64.b64encode(drawn).decode()


@shared_task(name="oracles.prune_idempotency_keys")
def prune_idempotency_keys() -> int:
    """Beat: forget Idempotency-Keys older than IDEMPOTENCY_KEY_HOURS (holds are swept by accounts.sweep_reservations)."""
    return idempotency_keys_prune()
