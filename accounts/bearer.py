"""A bearer credential resolved to one `Principal`: an API key, else an OAuth access token,
served from the cache of resolved callers while it is current (accounts/principal_cache.py).

Above principals.py and oauth_tokens.py (both build a Principal), so neither imports the other.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.cache import cache

from .oauth_tokens import principal_from_access_token
from .principal_cache import CACHE_ERRORS, cache_key, current_generation, principal_cache_keys, principal_from_cached
from .principals import Principal, principal_from_api_key
from .services import api_key_verify, split_api_key


def principal_from_bearer(raw: str, *, found: dict[str, Any] | None = None) -> Principal | None:
    """The principal behind a bearer credential, or None if it is unknown, revoked or expired.

    Served from the cache while current; otherwise resolved from the database and
    cached. `found` is what a caller already read of principal_cache_keys(raw).
    A cache that does not answer is a miss, and nothing is cached: the database decides.
    """
    try:
        if found is None:
            found = cache.get_many(principal_cache_keys(raw))
            cached = principal_from_cached(raw, found)
            if cached is not None:
                return cached
        generation = current_generation(found)  # before the database: see the module docstring
    except CACHE_ERRORS:
        generation = None
    principal = principal_resolve(raw)
    if principal is not None and generation is not None:
        ttl = settings.FORMA["PRINCIPAL_CACHE_SECONDS"]
        if principal.expires_at is not None:
            ttl = min(ttl, principal.expires_at - int(time.time()))
        if ttl > 0:
            try:
                cache.set(cache_key(raw), {"generation": generation, "claims": principal.to_claims()}, timeout=ttl)
            except CACHE_ERRORS:
                pass  # not cached this time; resolved from the database again next time
    return principal


def principal_resolve(raw: str) -> Principal | None:
    """The principal behind a bearer credential, read from the database now."""
    if split_api_key(raw) is not None:
        key = api_key_verify(raw=raw)
        return principal_from_api_key(key) if key else None
    return principal_from_access_token(raw)
