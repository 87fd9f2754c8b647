"""OAuth writes: agent connections (approve on consent, revoke from the dashboard) and what a
replayed code or revoked token does to the tokens it issued."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from oauth2_provider.models import get_access_token_model, get_grant_model, get_refresh_token_model

from accounts.models import AgentConnection, OAuthCodeRedemption, Organization, User
from accounts.services import audit_record
from ground.errors import not_found

from .policy import redirect_host

logger = logging.getLogger("forma.oauth")


def sha256_hex(value: str) -> str:
    """How the toolkit stores token checksums, and how code redemptions are kept."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def tokens_revoked_audit(application_id: int, user: User | None, *, reason: str) -> None:
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
    redemption = OAuthCodeRedemption.objects.filter(code_hash=sha256_hex(code)).first()
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
        tokens_revoked_audit(first.application_id, first.user, reason="authorization_code_replay")
    return True


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
