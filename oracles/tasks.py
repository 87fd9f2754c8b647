"""Celery tasks: checking answers and drawing figures.

Both are pure functions of their arguments (no database access), so they are
idempotent: a redelivered task after a lost worker computes the same thing.
Time limits bound each run; `acks_late` + `reject_on_worker_lost` (settings)
mean a killed worker's task is redelivered, never silently acknowledged.
"""

from __future__ import annotations

import base64
import time
from typing import Any

from celery import shared_task
from django.conf import settings

# Soft limit: the task is told to stop; hard limit: its worker process is killed.
# These are the defaults; `dispatch.run_task` sends the current settings with each call.
_SOFT = settings.FORMA["TASK_TIME_LIMIT_SECONDS"]
_HARD = _SOFT + settings.FORMA["TASK_TIME_LIMIT_GRACE_SECONDS"]


@shared_task(name="oracles.check_intent", acks_late=True, reject_on_worker_lost=True, time_limit=_HARD, soft_time_limit=_SOFT)
def check_intent(kind: str, intent: str, fmt: str, options: dict[str, Any]) -> dict[str, Any]:
    """Draft and check an answer for `intent`; returns the verdict as a dict plus its timing."""
    from oracles.engine import answer

    started = time.perf_counter()
    verdict = answer(kind, intent, fmt, options).to_dict()
    verdict["engine_ms"] = round((time.perf_counter() - started) * 1000, 2)
    return verdict


@shared_task(name="oracles.render_figure", acks_late=True, reject_on_worker_lost=True, time_limit=_HARD, soft_time_limit=_SOFT)
def render_figure(kind: str, result: Any, fmt: str, out: str) -> str:
    """Draw a checked result as PNG or SVG; bytes travel base64-encoded (JSON serializer)."""
    from oracles.engine import get_kind

    return base64.b64encode(get_kind(kind).render(result, fmt, out)).decode()


@shared_task(name="oracles.prune_idempotency_keys")
def prune_idempotency_keys() -> int:
    """Beat: forget Idempotency-Keys older than IDEMPOTENCY_KEY_HOURS (holds are swept by accounts.sweep_reservations)."""
    from oracles.services import idempotency_keys_prune

    return idempotency_keys_prune()
