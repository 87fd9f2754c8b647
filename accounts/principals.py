"""Who is calling: the one `Principal` shape every tool and endpoint sees.

API keys (here) and OAuth access tokens (oauth_tokens.py) both become one, so
every door sees the same shape whichever the caller used; bearer.py picks which.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings

from .models import ApiKey, Organization

# What an API key may do: everything an agent can do. OAuth tokens carry the
# scopes the person approved (see accounts/oauth/).
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
