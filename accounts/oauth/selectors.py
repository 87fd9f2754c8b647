"""OAuth reads."""

from __future__ import annotations

from django.db.models import F

from accounts.models import AgentConnection, Organization


def agent_connections_of(organization: Organization) -> list[AgentConnection]:
    """The organization's connected agents, active first, newest first."""
    return list(
        AgentConnection.objects.filter(organization=organization)
        .select_related("application", "user")
        .order_by(F("revoked_at").asc(nulls_first=True), "-approved_at")
    )
