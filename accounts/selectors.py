"""Reads for accounts."""

from __future__ import annotations

from typing import Any

from .credits import balance_of
from .models import ApiKey, LedgerEntry, Membership, Organization, User
from .principals import Principal


def organization_status(*, principal: Principal) -> dict[str, Any]:
    organization = Organization.objects.get(pk=principal.organization_pk)
    return {
        "org_id": principal.org_id,
        "plan": principal.plan,
        "requests_per_minute": principal.requests_per_minute,
        "features": list(principal.features),
        "credits_remaining": balance_of(organization),
        "credential": {
            "kind": principal.credential_kind,
            "id": principal.credential_id,
            "name": principal.client_name,
            "scopes": list(principal.scopes),
        },
        "user": principal.user_email,
    }


def organization_for_user(user: User) -> Organization | None:
    """The organization a signed-in person acts for: their personal one, else their first."""
    membership = (
        Membership.objects.filter(user=user).select_related("organization__plan")
        .order_by("-organization__personal", "created_at").first()
    )
    return membership.organization if membership else None


def api_keys_of(organization: Organization) -> list[ApiKey]:
    return list(ApiKey.objects.filter(organization=organization).select_related("created_by"))


def ledger_of(organization: Organization, limit: int = 50) -> list[LedgerEntry]:
    return list(LedgerEntry.objects.filter(organization=organization)[:limit])

