"""Requests-per-minute per organization, shared by every credential and process.

A fixed one-minute window. With Redis configured the counter is an atomic
INCR in Redis; otherwise one atomic upsert in the database. Either way two web
processes see the same count.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction

from ground.errors import FormaError

from .models import RateWindow

logger = logging.getLogger("forma.ratelimit")
_redis_client = None
_redis_lock = threading.Lock()


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_after: int  # seconds until the window ends


def _redis():
    # One client per process, created under a lock: a second client racing in
    # would replace the first, whose finaliser then disconnects sockets that
    # another thread is still using.
    global _redis_client
    with _redis_lock:
        if _redis_client is None:
            import redis

            _redis_client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
        return _redis_client


def window_seconds() -> int:
    # A setting so tests can use a short window instead of waiting a minute.
    return int(settings.FORMA.get("RATE_WINDOW_SECONDS", 60))


def _count_redis(org_pk: int, window: int) -> int:
    key = f"{settings.FORMA['REDIS_PREFIX']}:rl:{window_seconds()}:{org_pk}:{window}"
    pipe = _redis().pipeline()
    pipe.incr(key)
    pipe.expire(key, 2 * window_seconds())
    count, _ = pipe.execute()
    return int(count)


def _count_db(org_pk: int, window: int) -> int:
    table = RateWindow._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (organization_id, bucket, count) VALUES (%s, %s, 1) "  # noqa: S608 - table name is ours
            f"ON CONFLICT (organization_id, bucket) DO UPDATE SET count = {table}.count + 1 RETURNING count",
            [org_pk, window],
        )
        return int(cursor.fetchone()[0])


def rate_limit_hit(*, organization_pk: int, limit: int, now: float | None = None) -> RateDecision:
    """Count one request for the organization and say whether it may proceed."""
    now = time.time() if now is None else now
    length = window_seconds()
    window = int(now // length)
    reset_after = max(1, math.ceil(length - (now % length)))
    count = _count_redis(organization_pk, window) if settings.REDIS_URL else _count_db(organization_pk, window)
    return RateDecision(allowed=count <= limit, limit=limit, remaining=max(0, limit - count), reset_after=reset_after)


def rate_limited(decision: RateDecision) -> FormaError:
    """The refusal for a request over the limit, with the seconds until the window ends."""
    return FormaError(
        "rate_limited",
        f"This organization's plan allows {decision.limit} requests a minute. Wait {decision.reset_after} s and retry, "
        "or upgrade the plan.",
        context={"requests_per_minute": decision.limit},
        retry_after=decision.reset_after,
    )


def rate_limit_enforce(*, organization_pk: int, limit: int) -> RateDecision:
    """Count one request and raise `rate_limited` when it is over the limit (MCP, dashboard)."""
    decision = rate_limit_hit(organization_pk=organization_pk, limit=limit)
    if not decision.allowed:
        raise rate_limited(decision)
    return decision


# The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): one
# policy named "default" — the organization's quota `q` per window `w` seconds —
# and what is left of it, `r`, with `t` seconds until the window resets.
RATE_POLICY_NAME = "default"


def rate_limit_headers(decision: RateDecision) -> dict[str, str]:
    """`RateLimit-Policy` and `RateLimit` for a REST response."""
    return {
        "RateLimit-Policy": f'"{RATE_POLICY_NAME}";q={decision.limit};w={window_seconds()}',
        "RateLimit": f'"{RATE_POLICY_NAME}";r={decision.remaining};t={decision.reset_after}',
    }


def rate_windows_prune(*, keep_minutes: int = 10) -> int:
    cutoff = int(time.time() // window_seconds()) - keep_minutes * 60 // window_seconds()
    deleted, _ = RateWindow.objects.filter(bucket__lt=cutoff).delete()
    return deleted
