"""Requests-per-minute per organization, shared by every credential.

A fixed one-minute window, counted where no request waits on another:

- `redis` (the default when REDIS_URL is set): one atomic INCR + EXPIRE per request,
  so every web process sees the same count;
- `memory` (the default otherwise: the embedded default is one process): a counter
  in this process's memory behind a lock — no database write, no file lock;
- `database`: one atomic upsert, for several processes sharing a database without
  Redis (FORMA_RATE_LIMIT_BACKEND=database). On SQLite it takes the write lock.

The MCP server counts on the event loop (`arate_limit_enforce`); REST and the
dashboard call the same backend from their threads.

The other limits — OAuth client registrations per address per hour, failed sign-ins
per account and per address — are named counters in fixed windows (`counter_hit`,
`counter_reached`), kept in the shared cache (Redis in served mode) so every web
process sees the same count.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import Counter
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
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


def backend() -> str:
    """Where requests are counted: FORMA["RATE_LIMIT_BACKEND"], else Redis when configured, else memory."""
    return settings.FORMA.get("RATE_LIMIT_BACKEND") or ("redis" if settings.REDIS_URL else "memory")


def _redis_key(org_pk: int, window: int) -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:rl:{window_seconds()}:{org_pk}:{window}"


def _count_redis(org_pk: int, window: int) -> int:
    pipe = _redis().pipeline()
    pipe.incr(_redis_key(org_pk, window))
    pipe.expire(_redis_key(org_pk, window), 2 * window_seconds())
    count, _ = pipe.execute()
    return int(count)


async def _acount_redis(org_pk: int, window: int) -> int:
    from .loop_cache import redis_client

    key = _redis_key(org_pk, window)
    pipe = redis_client().pipeline(transaction=True)
    pipe.incr(key)
    pipe.expire(key, 2 * window_seconds())
    count, _ = await pipe.execute()
    return int(count)


class _MemoryCounts:
    """Fixed-window counts in this process. Windows older than the current one are dropped as time moves on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[tuple[str, int, int, int]] = Counter()
        self._last = 0

    def hit(self, org_pk: int, window: int) -> int:
        key = (settings.FORMA["REDIS_PREFIX"], window_seconds(), org_pk, window)
        with self._lock:
            if window != self._last:  # a new window began: the ones before the last are done with
                self._last = window
                for old in [k for k in self._counts if k[3] < window - 1]:
                    del self._counts[old]
            self._counts[key] += 1
            return self._counts[key]

    def clear(self) -> None:
        with self._lock:
            self._counts.clear()


memory_counts = _MemoryCounts()


def _count_db(org_pk: int, window: int) -> int:
    table = RateWindow._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (organization_id, bucket, count) VALUES (%s, %s, 1) "  # noqa: S608 - table name is ours
            f"ON CONFLICT (organization_id, bucket) DO UPDATE SET count = {table}.count + 1 RETURNING count",
            [org_pk, window],
        )
        return int(cursor.fetchone()[0])


def _window(now: float | None) -> tuple[int, int]:
    now = time.time() if now is None else now
    length = window_seconds()
    return int(now // length), max(1, math.ceil(length - (now % length)))


def _decision(count: int, limit: int, reset_after: int) -> RateDecision:
    return RateDecision(allowed=count <= limit, limit=limit, remaining=max(0, limit - count), reset_after=reset_after)


def rate_limit_hit(*, organization_pk: int, limit: int, now: float | None = None) -> RateDecision:
    """Count one request for the organization and say whether it may proceed."""
    window, reset_after = _window(now)
    where = backend()
    if where == "redis":
        count = _count_redis(organization_pk, window)
    elif where == "database":
        count = _count_db(organization_pk, window)
    else:
        count = memory_counts.hit(organization_pk, window)
    return _decision(count, limit, reset_after)


async def arate_limit_hit(*, organization_pk: int, limit: int, now: float | None = None) -> RateDecision:
    """`rate_limit_hit` from the event loop: Redis and memory without a thread; the database in one."""
    window, reset_after = _window(now)
    where = backend()
    if where == "redis":
        count = await _acount_redis(organization_pk, window)
    elif where == "database":
        from asgiref.sync import sync_to_async

        count = await sync_to_async(_count_db, thread_sensitive=False)(organization_pk, window)
    else:
        count = memory_counts.hit(organization_pk, window)
    return _decision(count, limit, reset_after)


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


async def arate_limit_enforce(*, organization_pk: int, limit: int) -> RateDecision:
    """`rate_limit_enforce` from the event loop (the MCP tools)."""
    decision = await arate_limit_hit(organization_pk=organization_pk, limit=limit)
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


# ---- named counters: the limits that are not per organization ------------------------------


@dataclass(frozen=True)
class Counted:
    count: int  # events in this window so far, this one included
    reset_after: int  # seconds until the window ends


def _counter(name: str, window_seconds: int, now: float | None) -> tuple[str, int]:
    now = time.time() if now is None else now
    key = f"{settings.FORMA['REDIS_PREFIX']}:counter:{name}:{window_seconds}:{int(now // window_seconds)}"
    return key, max(1, math.ceil(window_seconds - (now % window_seconds)))


def counter_hit(*, name: str, window_seconds: int, now: float | None = None) -> Counted:
    """Count one event under `name` (e.g. "dcr:203.0.113.9") in its fixed window; atomic (add, then incr)."""
    key, reset_after = _counter(name, window_seconds, now)
    cache.add(key, 0, timeout=reset_after + 5)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: the count starts again
        cache.set(key, 1, timeout=reset_after + 5)
        count = 1
    return Counted(count=int(count), reset_after=reset_after)


def counter_reached(*, names: dict[str, int], window_seconds: int, now: float | None = None) -> int | None:
    """Seconds until the window ends when any counter in `names` (name → limit) has reached its
    limit, else None. Reads only: a refused attempt is not counted again."""
    keys = {name: _counter(name, window_seconds, now) for name in names}
    counts = cache.get_many([key for key, _ in keys.values()])
    for name, limit in names.items():
        key, reset_after = keys[name]
        if counts.get(key, 0) >= limit:
            return reset_after
    return None
