"""OAuth access tokens as principals."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.utils import timezone
from oauth2_provider.models import get_access_token_model

from .models import AgentConnection
from .principals import Principal


def principal_from_access_token(raw: str) -> Principal | None:
    """The principal of an OAuth access token issued by this server for the MCP endpoint, or None.

    Tokens are stored hashed, so the lookup is by SHA-256. None when the token is
    unknown, expired, not bound to the MCP endpoint (a token without a resource is
    not "valid anywhere" here; RFC 8707), or its agent connection was revoked.
    """
    checksum = hashlib.sha256(raw.encode("utf-8")).hexdigest()
    token = get_access_token_model().objects.select_related("application").filter(token_checksum=checksum).first()
    if token is None or token.is_expired() or token.user_id is None or token.application_id is None:
        return None
    resource = settings.FORMA["MCP_RESOURCE_URL"]
    if resource not in (token.resource or []):
        return None
    connection = (
        AgentConnection.objects.select_related("organization__plan", "user")
        .filter(application_id=token.application_id, user_id=token.user_id, revoked_at__isnull=True)
        .first()
    )
    if connection is None:
        return None
    # Touch last_used_at at most once a minute: a write per call would serialise busy agents.
    now = timezone.now()
    if connection.last_used_at is None or (now - connection.last_used_at).total_seconds() > 60:
        AgentConnection.objects.filter(pk=connection.pk).update(last_used_at=now)
    return Principal.acting_for(
        connection.organization,
        user_pk=connection.user_id,
        user_email=connection.user.email,
        credential_kind="oauth",
        credential_id=connection.public_id,
        client_name=token.application.name or token.application.client_id,
        scopes=tuple(token.scope.split()),
        resource=resource,
        expires_at=int(token.expires.timestamp()),
    )
