"""Reads of Django's cache that stay on the event loop.

The MCP server answers free calls from the cache (the caller, the catalogue, the
changelog) and counts requests per minute; sending each of those through a worker
thread would cost a thread hop per read. The local-memory cache of the embedded
default is a dict behind a lock, read directly. With Redis configured, reads go
through an asyncio Redis client on the same keys and serializer as Django's
`RedisCache`, so what sync code writes (`cache.set`) async code reads, and the
reverse. Any other backend falls back to a worker thread.

Writes and deletes stay with Django's cache API (they happen on the rare miss, in
the thread that already does the database work).
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()


def redis_client():
    """The asyncio Redis client of the running event loop (a client's connections belong to one loop)."""
    import redis.asyncio

    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = redis.asyncio.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
        _clients[loop] = client
    return client


async def get_many(keys: list[str]) -> dict[str, Any]:
    """`cache.get_many(keys)` without leaving the event loop when the backend allows."""
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, LocMemCache):
        return backend.get_many(keys)
    if isinstance(backend, RedisCache):
        made = [backend.make_and_validate_key(key) for key in keys]
        values = await redis_client().mget(made)
        serializer = backend._cache._serializer
        return {key: serializer.loads(value) for key, value in zip(keys, values, strict=True) if value is not None}
    return await sync_to_async(backend.get_many, thread_sensitive=False)(keys)


async def get(key: str, default: Any = None) -> Any:
    return (await get_many([key])).get(key, default)
