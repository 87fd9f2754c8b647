"""The cache of resolved callers: a `Principal` per credential hash, and the generation that retires them.

A resolved principal is cached for PRINCIPAL_CACHE_SECONDS (at most until an
OAuth token expires), keyed by the SHA-256 of the credential — never the
credential itself. Every cached principal carries the *generation* it was
resolved under; anything that can change what a credential resolves to (a key
or token revoked, an agent disconnected, a plan or organization edited) starts
a new generation after it commits (accounts/receivers.py), so the very next call
resolves from the database again. The generation is read before the database
(accounts/bearer.py), so a principal resolved while a revocation commits is
stored under the old generation and never served.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from typing import Any

import redis.exceptions
from django.conf import settings
from django.core.cache import cache

from .principals import Principal

# A cache that does not answer is a miss: the database decides.
CACHE_ERRORS: tuple[type[BaseException], ...] = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


logger = logging.getLogger("forma.principals")


def cache_key(raw: str) -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:principal:{hashlib.sha256(raw.encode()).hexdigest()}"


def _generation_key() -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:principal-generation"


def principal_cache_keys(raw: str) -> list[str]:
    """The cache keys to read for `raw`: its cached principal and the current generation."""
    return [cache_key(raw), _generation_key()]


def principal_from_cached(raw: str, found: dict[str, Any]) -> Principal | None:
    """The cached principal among `found` (a get_many of principal_cache_keys), if it is still current."""
    entry = found.get(cache_key(raw))
    generation = found.get(_generation_key())
    if entry is None or generation is None or entry.get("generation") != generation:
        return None
    if entry["claims"].get("expires_at") is not None and entry["claims"]["expires_at"] <= time.time():
        return None
    return Principal.from_claims(entry["claims"])


def current_generation(found: dict[str, Any]) -> str | None:
    generation = found.get(_generation_key())
    if generation is None:  # first use, or evicted: a fresh one (no stored principal matches it)
        cache.add(_generation_key(), uuid.uuid4().hex, timeout=None)
        generation = cache.get(_generation_key())
    return generation


def principals_forget() -> None:
    """Start a new generation: every cached principal is resolved again on its next call."""
    try:
        cache.set(_generation_key(), uuid.uuid4().hex, timeout=None)
    except CACHE_ERRORS:
        # Nothing is served from a cache that does not answer; entries it still holds
        # when it comes back expire within PRINCIPAL_CACHE_SECONDS.
        logger.exception("could not start a new principal generation")
