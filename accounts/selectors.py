"""Reads for accounts."""

from __future__ import annotations

from django.db.models import QuerySet

from ground import contract

from .credits import balance_of_pk
from .models import AgentConnection, ApiKey, LedgerEntry, Membership, Organization, Plan, User
from .principals import SCOPE_TOOLS, Principal

# The credential an answer made in the dashboard's playground is recorded under.
DASHBOARD_CREDENTIAL = "dashboard"


def plans_public() -> list[Plan]:
    """The plans anyone can be on, smallest allowance first (the public docs list them)."""
    return list(Plan.objects.filter(is_public=True).order_by("monthly_credits", "code"))


def organization_status(*, principal: Principal) -> contract.Status:
    """forma_status: the principal says everything but the balance, which is one query."""
    return contract.Status(
        org_id=principal.org_id, plan=principal.plan, requests_per_minute=principal.requests_per_minute,
        features=list(principal.features), credits_remaining=balance_of_pk(principal.organization_pk),
        credential=contract.Credential(
            kind=principal.credential_kind, id=principal.credential_id, name=principal.client_name, scopes=list(principal.scopes),
        ),
        user=principal.user_email,
    )


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



def dashboard_principal(user: User, organization: Organization) -> Principal:
    """The signed-in person acting for `organization` in the browser (playground, figures, feedback)."""
    return Principal.acting_for(
        organization,
        user_pk=user.pk,
        user_email=user.email,
        credential_kind="session",
        credential_id=DASHBOARD_CREDENTIAL,
        client_name="Dashboard",
        scopes=(SCOPE_TOOLS,),
    )


def memberships_of(user: User) -> list[Membership]:
    return list(
        Membership.objects.filter(user=user).select_related("organization__plan").order_by("-organization__personal", "created_at")
    )


def api_keys_split(organization: Organization) -> tuple[list[ApiKey], list[ApiKey]]:
    """(active, revoked) keys of `organization`, newest first."""
    keys = api_keys_of(organization)
    return [k for k in keys if k.revoked_at is None], [k for k in keys if k.revoked_at is not None]


def ledger_rows(organization: Organization) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(organization=organization).order_by("-created_at", "-id")


def credential_names(organization: Organization) -> dict[str, str]:
    """What a person calls each credential id that answers are recorded under."""
    names = {DASHBOARD_CREDENTIAL: "Playground"}
    names.update({key.public_id: f"Key “{key.name}”" for key in ApiKey.objects.filter(organization=organization)})
    for connection in AgentConnection.objects.filter(organization=organization).select_related("application"):
        names[connection.public_id] = f"Agent “{connection.application.name or connection.application.client_id}”"
    return names


def first_steps(organization: Organization) -> dict[str, bool]:
    """The parts of onboarding that live in accounts; the first answer is the oracles' to tell."""
    return {
        "key_made": ApiKey.objects.filter(organization=organization).exists(),
        "agent_connected": AgentConnection.objects.filter(organization=organization).exists(),
    }
