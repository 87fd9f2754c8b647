"""OAuth 2.1 for agents: Forma's policy on top of django-oauth-toolkit.

The toolkit does the protocol (authorize, token, RFC 7591 registration, Client
ID Metadata Documents, PKCE, hashed tokens, refresh rotation). This module adds
what is Forma's to decide:

- which redirect URIs a client may register (https, loopback, known app schemes);
- that every token is bound to the MCP endpoint (RFC 8707), never to "anything";
- that a replayed authorization code revokes what it issued (RFC 6749 §4.1.2);
- agent connections: the person, organization and client behind every token,
  created on the consent page and revocable from the dashboard;
- clean-up of registrations that never obtained a token.
"""

from __future__ import annotations

import hashlib
import logging
import time
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone
from oauth2_provider.cimd import CIMDError, SafeMetadataFetcher
from oauth2_provider.models import (
    get_access_token_model,
    get_application_model,
    get_grant_model,
    get_refresh_token_model,
)
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauth2_provider.settings import oauth2_settings
from oauthlib.oauth2.rfc6749 import errors

from ground.errors import not_found

from .models import AgentConnection, OAuthCodeRedemption, Organization, User
from .services import audit_record

logger = logging.getLogger("forma.oauth")

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
MAX_REDIRECT_URIS = 10


def _sha256(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def mcp_resource() -> str:
    return settings.FORMA["MCP_RESOURCE_URL"]


# ---- redirect URIs ---------------------------------------------------------------------


def redirect_uri_refusal(uri: str) -> str | None:
    """Why `uri` may not be registered as a redirect URI, or None when it may.

    https anywhere; http only to loopback on any port (RFC 8252 §7.3); the
    private-use schemes of known MCP clients (FORMA["OAUTH_CLIENT_SCHEMES"]).
    Everything else — plain http to another host included — is refused, and so
    is any URI with user information or a backslash: parsers disagree on where
    its host is (`http://evil.example\\@127.0.0.1/` is loopback to one, evil.example
    to a browser), and the host is what this policy is about.
    """
    if "\\" in uri:
        return f"{uri!r}: a redirect URI may not contain a backslash."
    try:
        parts = urlsplit(uri)
    except ValueError:
        return f"{uri!r} is not a URI."
    if "@" in parts.netloc:
        return f"{uri!r}: a redirect URI may not carry user information (user@host). Register the bare address."
    scheme = parts.scheme.lower()
    if scheme == "https" and parts.hostname:
        return None
    if scheme == "http":
        if parts.hostname in LOOPBACK_HOSTS:
            return None
        return f"{uri!r}: plain http is accepted only for loopback (127.0.0.1, [::1], localhost). Use https."
    if scheme in settings.FORMA["OAUTH_CLIENT_SCHEMES"]:
        return None
    return f"{uri!r}: the scheme {scheme or '(none)'!r} is not accepted. Use https or a loopback http address."


def redirect_uris_refusal(uris: Any) -> str | None:
    """Why this list of redirect URIs may not be registered (one bad URI refuses them all), or None."""
    if not isinstance(uris, list) or not uris or not all(isinstance(u, str) for u in uris):
        return "redirect_uris must be a non-empty array of strings."
    if len(uris) > MAX_REDIRECT_URIS:
        return f"At most {MAX_REDIRECT_URIS} redirect_uris may be registered."
    for uri in uris:
        reason = redirect_uri_refusal(uri)
        if reason:
            return reason
    return None


def redirect_origin(uri: str) -> str:
    """The CSP source that lets the consent form's redirect reach `uri`."""
    parts = urlsplit(uri)
    if parts.scheme in ("http", "https"):
        return f"{parts.scheme}://{parts.netloc}"
    return f"{parts.scheme}:"  # a private-use scheme: a scheme-source


def redirect_host(uri: str) -> str:
    """What the consent page shows as where the person will be sent."""
    parts = urlsplit(uri)
    if parts.scheme in ("http", "https"):
        return parts.netloc
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else f"{parts.scheme}:"


# ---- registration rate limit -------------------------------------------------------------


def registration_rate_limit_hit(*, ip: str, now: float | None = None) -> int | None:
    """Count one registration from `ip`; the seconds to wait when over the hourly limit, else None.

    A fixed one-hour window in the shared cache (Redis in production), so every
    web process sees the same count. `add` then `incr` keeps it atomic.
    """
    now = time.time() if now is None else now
    window = int(now // 3600)
    key = f"forma:oauth:dcr:{ip}:{window}"
    cache.add(key, 0, timeout=3700)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=3700)
        count = 1
    if count > settings.FORMA["OAUTH_REGISTRATIONS_PER_IP_PER_HOUR"]:
        return max(1, int(3600 - now % 3600))
    return None


# ---- client ID metadata documents -------------------------------------------------------


class FormaMetadataFetcher(SafeMetadataFetcher):
    """The toolkit's SSRF-hardened fetcher plus Forma's redirect-URI policy.

    The toolkit validates the document's shape; a document whose redirect URIs
    Forma would refuse at dynamic registration is refused here the same way.
    """

    def fetch(self, client_id: str) -> tuple[dict[str, Any], int]:
        metadata, max_age = self.fetch_document(client_id)
        reason = redirect_uris_refusal(metadata.get("redirect_uris"))
        if reason:
            raise CIMDError(f"redirect_uris refused: {reason}")
        if not get_application_model().objects.filter(client_id=client_id).exists():
            audit_record(
                action="oauth.client_registered",
                organization=None,
                target=client_id[:120],
                data={"source": "cimd", "client_id": client_id, "client_name": str(metadata.get("client_name", ""))[:200],
                      "redirect_uris": metadata.get("redirect_uris")},
            )
        return metadata, max_age

    def fetch_document(self, client_id: str) -> tuple[dict[str, Any], int]:
        """The toolkit's hardened fetch: https only, public addresses only, no redirects, size and time caps."""
        return super().fetch(client_id)


# ---- the validator -----------------------------------------------------------------------


def _bind_resources(request: Any, resources: list[str] | None) -> list[str]:
    """RFC 8707: every token is for the MCP endpoint. Missing → the MCP URL; anything else → invalid_target."""
    if not resources:
        return [mcp_resource()]
    unknown = [r for r in resources if r != mcp_resource()]
    if unknown:
        raise errors.CustomOAuth2Error(
            error="invalid_target",
            description=f"Unknown resource {unknown[0]!r}. This server issues tokens for {mcp_resource()} only.",
            request=request,
        )
    return list(resources)


class FormaOAuth2Validator(OAuth2Validator):
    """The toolkit's validator with audience binding and code-replay revocation."""

    def _create_authorization_code(self, request, code, expires=None):
        request.resource = _bind_resources(request, getattr(request, "resource", None))
        return super()._create_authorization_code(request, code, expires=expires)

    def _check_and_set_request_resource(self, request) -> None:
        super()._check_and_set_request_resource(request)
        request.resource = _bind_resources(request, request.resource)

    def validate_code(self, client_id, code, client, request, *args, **kwargs) -> bool:
        # Lock the grant so two concurrent redemptions of one code serialise: the
        # second finds it gone and is treated as a replay (the token view runs in
        # one transaction, see accounts.oauth_views.TokenView).
        Grant = get_grant_model()
        locked = list(Grant.objects.select_for_update().filter(code=code, application=client).values_list("pk", flat=True)[:1])
        if not locked:
            code_replay_revoke(code=code)
            return False
        return super().validate_code(client_id, code, client, request, *args, **kwargs)

    def _save_bearer_token(self, token, request, *args, **kwargs):
        result = super()._save_bearer_token(token, request, *args, **kwargs)
        if request.grant_type == "authorization_code":
            refresh = get_refresh_token_model().objects.filter(token_checksum=_sha256(token.get("refresh_token", ""))).first()
            OAuthCodeRedemption.objects.create(
                code_hash=_sha256(request.code),
                token_family=refresh.token_family if refresh else None,
                access_token_checksum=_sha256(token["access_token"]),
            )
        return result

    def validate_refresh_token(self, refresh_token, client, request, *args, **kwargs) -> bool:
        valid = super().validate_refresh_token(refresh_token, client, request, *args, **kwargs)
        if not valid:
            replayed = get_refresh_token_model().objects.filter(
                token_checksum=_sha256(refresh_token), revoked__isnull=False
            ).select_related("user").first()
            if replayed is not None:
                # The toolkit has revoked the whole family (REFRESH_TOKEN_REUSE_PROTECTION).
                _audit_tokens_revoked(replayed.application_id, replayed.user, reason="refresh_token_replay")
        return valid


    def revoke_token(self, token, token_type_hint, request, *args, **kwargs) -> None:
        # RFC 7009 revocation by the client itself; the toolkit scopes it to the calling client.
        checksum, application_id = _sha256(token), getattr(request.client, "pk", None)
        revoked = None
        if application_id is not None:
            lookup = {"token_checksum": checksum, "application_id": application_id}
            revoked = (
                get_access_token_model().objects.filter(**lookup).select_related("user").first()
                or get_refresh_token_model().objects.filter(**lookup, revoked__isnull=True).select_related("user").first()
            )
        super().revoke_token(token, token_type_hint, request, *args, **kwargs)
        if revoked is not None and revoked.user is not None:
            _audit_tokens_revoked(application_id, revoked.user, reason="revocation_endpoint")


def _audit_tokens_revoked(application_id: int, user: User | None, *, reason: str) -> None:
    connection = (
        AgentConnection.objects.filter(application_id=application_id, user=user).select_related("organization").first()
        if user else None
    )
    audit_record(
        action="oauth.token_revoked",
        organization=connection.organization if connection else None,
        actor=None,
        target=connection.public_id if connection else str(application_id),
        data={"reason": reason, "application_id": application_id},
    )


def code_replay_revoke(*, code: str) -> bool:
    """If `code` was already exchanged, revoke everything that exchange issued. True when it was a replay."""
    redemption = OAuthCodeRedemption.objects.filter(code_hash=_sha256(code)).first()
    if redemption is None:
        return False
    RefreshToken = get_refresh_token_model()
    AccessToken = get_access_token_model()
    first = RefreshToken.objects.filter(token_family=redemption.token_family).order_by("id").first()
    if redemption.token_family:
        RefreshToken.revoke_family(redemption.token_family)
    AccessToken.objects.filter(token_checksum=redemption.access_token_checksum).delete()
    logger.warning("authorization code replayed; revoked the tokens it issued")
    if first is not None:
        _audit_tokens_revoked(first.application_id, first.user, reason="authorization_code_replay")
    return True


# ---- agent connections (services) ---------------------------------------------------------


@transaction.atomic
def agent_connection_approve(
    *, application: Any, user: User, organization: Organization, scope: str, redirect_uri: str
) -> AgentConnection:
    """Record that `user` let `application` act for `organization` with `scope` (the consent page's Allow).

    Approving the same client again for the same organization keeps the
    connection; for another organization the previous connection is revoked
    first, so a token never changes organization.
    """
    active = AgentConnection.objects.select_for_update().filter(application=application, user=user, revoked_at__isnull=True).first()
    if active is not None and active.organization_id != organization.pk:
        agent_connection_revoke(organization=active.organization, connection_id=active.public_id, actor=user, reason="replaced")
        active = None
    if active is None:
        active = AgentConnection.objects.create(application=application, user=user, organization=organization, scope=scope)
    else:
        active.scope = scope
        active.approved_at = timezone.now()
        active.save(update_fields=["scope", "approved_at"])
    audit_record(
        action="oauth.consent_granted",
        organization=organization,
        actor=user,
        target=active.public_id,
        data={"client_id": application.client_id, "client_name": application.name, "scope": scope,
              "redirect_host": redirect_host(redirect_uri), "source": application.registration_source},
    )
    return active


@transaction.atomic
def agent_connection_revoke(
    *, organization: Organization, connection_id: str, actor: User | None, reason: str = "revoked"
) -> AgentConnection:
    """Revoke a connection: its access tokens are deleted and its refresh tokens revoked, at once.

    Revoking twice is a no-op.
    """
    try:
        connection = AgentConnection.objects.select_for_update().get(public_id=connection_id, organization=organization)
    except AgentConnection.DoesNotExist:
        raise not_found(
            f"No connected agent {connection_id!r} in this organization. Reload the dashboard to see the current list."
        ) from None
    if connection.revoked_at is not None:
        return connection
    now = timezone.now()
    pair = {"application_id": connection.application_id, "user_id": connection.user_id}
    get_refresh_token_model().objects.filter(**pair, revoked__isnull=True).update(revoked=now, updated=now)
    deleted, _ = get_access_token_model().objects.filter(**pair).delete()
    get_grant_model().objects.filter(**pair).delete()
    connection.revoked_at = now
    connection.save(update_fields=["revoked_at"])
    audit_record(
        action="oauth.token_revoked",
        organization=organization,
        actor=actor,
        target=connection.public_id,
        data={"reason": reason, "client_id": connection.application.client_id, "access_tokens": deleted},
    )
    return connection


def agent_connections_of(organization: Organization) -> list[AgentConnection]:
    """The organization's connected agents, active first, newest first."""
    return list(
        AgentConnection.objects.filter(organization=organization)
        .select_related("application", "user")
        .order_by(F("revoked_at").asc(nulls_first=True), "-approved_at")
    )


def unused_clients_prune(*, now: Any = None) -> int:
    """Delete dynamically registered or CIMD clients older than the limit that never obtained a token.

    "Obtained a token" means a refresh token exists (revoked ones are kept) or a
    non-registration access token does; the RFC 7592 registration token every
    DCR client gets does not count. Safe to run twice.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(hours=settings.FORMA["OAUTH_UNUSED_CLIENT_HOURS"])
    Application = get_application_model()
    AccessToken = get_access_token_model()
    RefreshToken = get_refresh_token_model()
    stale = (
        Application.objects.filter(
            registration_source__in=[Application.RegistrationSource.DCR, Application.RegistrationSource.CIMD],
            created__lt=cutoff,
        )
        .exclude(Exists(RefreshToken.objects.filter(application=OuterRef("pk"))))
        .exclude(Exists(AccessToken.objects.filter(application=OuterRef("pk")).exclude(scope=oauth2_settings.DCR_REGISTRATION_SCOPE)))
    )
    deleted = 0
    for pk in list(stale.values_list("pk", flat=True)[:1000]):
        count, _ = Application.objects.filter(pk=pk).delete()
        deleted += 1 if count else 0
    OAuthCodeRedemption.objects.filter(created_at__lt=now - timedelta(days=1)).delete()
    return deleted
