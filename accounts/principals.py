"""Who is calling: a bearer credential resolved to one `Principal`.

API keys and OAuth access tokens both end here, so every tool and endpoint
sees the same shape whichever the caller used.

A resolved principal is cached for PRINCIPAL_CACHE_SECONDS (at most until an
OAuth token expires), keyed by the SHA-256 of the credential — never the
credential itself. Every cached principal carries the *generation* it was
resolved under; anything that can change what a credential resolves to (a key
or token revoked, an agent disconnected, a plan or organization edited) starts
a new generation after it commits (accounts/receivers.py), so the very next call
resolves from the database again. The generation is read before the database,
so a principal resolved while a revocation commits is stored under the old
generation and never served.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache

from .models import ApiKey, Organization

# What an API key may do: everything an agent can do. OAuth tokens carry the
# scopes the person approved (see accounts/oauth.py).
SCOPE_TOOLS = "forma:tools"
API_KEY_SCOPES = (SCOPE_TOOLS,)


@dataclass(frozen=True)
class Principal:
    organization_pk: int
    org_id: str
    plan: str
    requests_per_minute: int
    features: list[str]
    user_pk: int | None
    user_email: str | None
    credential_kind: str  # "api_key" | "oauth"
    credential_id: str  # key_… for API keys, cl_… (the agent connection) for OAuth tokens
    client_name: str | None = None
    scopes: tuple[str, ...] = field(default_factory=tuple)
    resource: str | None = None  # the audience the credential was issued for
    expires_at: int | None = None

    def to_claims(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def acting_for(cls, organization: Organization, **credential: Any) -> Principal:
        """A principal for `organization`, its plan read now; `credential` names who and how."""
        plan = organization.plan
        return cls(
            organization_pk=organization.pk,
            org_id=organization.public_id,
            plan=plan.code,
            requests_per_minute=plan.requests_per_minute,
            features=list(plan.features),
            **credential,
        )

    @classmethod
    def from_claims(cls, claims: dict[str, Any]) -> Principal:
        data = dict(claims)
        data["scopes"] = tuple(data.get("scopes", ()))
        return cls(**data)


def principal_from_api_key(key: ApiKey) -> Principal:
    return Principal.acting_for(
        key.organization,
        user_pk=key.created_by_id,
        user_email=key.created_by.email if key.created_by else None,
        credential_kind="api_key",
        credential_id=key.public_id,
        client_name=key.name,
        scopes=API_KEY_SCOPES,
        # An API key is not minted for an audience; it is ours and valid only here.
        resource=settings.FORMA["MCP_RESOURCE_URL"],
    )


logger = logging.getLogger("forma.principals")


def _cache_key(raw: str) -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:principal:{hashlib.sha256(raw.encode()).hexdigest()}"


def _generation_key() -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:principal-generation"


def principal_cache_keys(raw: str) -> list[str]:
    """The cache keys to read for `raw`: its cached principal and the current generation."""
    return [_cache_key(raw), _generation_key()]


def principal_from_cached(raw: str, found: dict[str, Any]) -> Principal | None:
    """The cached principal among `found` (a get_many of principal_cache_keys), if it is still current."""
    entry = found.get(_cache_key(raw))
    generation = found.get(_generation_key())
    if entry is None or generation is None or entry.get("generation") != generation:
        return None
    if entry["claims"].get("expires_at") is not None and entry["claims"]["expires_at"] <= time.time():
        return None
    return Principal.from_claims(entry["claims"])


def _cache_errors() -> tuple[type[BaseException], ...]:
    import redis.exceptions

    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def _current_generation(found: dict[str, Any]) -> str | None:
    generation = found.get(_generation_key())
    if generation is None:  # first use, or evicted: a fresh one (no stored principal matches it)
        cache.add(_generation_key(), uuid.uuid4().hex, timeout=None)
        generation = cache.get(_generation_key())
    return generation


def principals_forget() -> None:
    """Start a new generation: every cached principal is resolved again on its next call."""
    try:
        cache.set(_generation_key(), uuid.uuid4().hex, timeout=None)
    except _cache_errors():
        # Nothing is served from a cache that does not answer; entries it still holds
        # when it comes back expire within PRINCIPAL_CACHE_SECONDS.
        logger.exception("could not start a new principal generation")


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
        generation = _current_generation(found)  # before the database: see the module docstring
    except _cache_errors():
        generation = None
    principal = principal_resolve(raw)
    if principal is not None and generation is not None:
        ttl = settings.FORMA["PRINCIPAL_CACHE_SECONDS"]
        if principal.expires_at is not None:
            ttl = min(ttl, principal.expires_at - int(time.time()))
        if ttl > 0:
            try:
                cache.set(_cache_key(raw), {"generation": generation, "claims": principal.to_claims()}, timeout=ttl)
            except _cache_errors():
                pass  # not cached this time; resolved from the database again next time
    return principal


def principal_resolve(raw: str) -> Principal | None:
    """The principal behind a bearer credential, read from the database now."""
    from .services import api_key_verify, split_api_key

    if split_api_key(raw) is not None:
        key = api_key_verify(raw=raw)
        return principal_from_api_key(key) if key else None
    from .oauth_tokens import principal_from_access_token

    return principal_from_access_token(raw)
