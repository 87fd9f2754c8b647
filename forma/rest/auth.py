"""Bearer authentication for /v1/. Kept apart from forma/rest/base.py: DRF imports it while loading its views."""

from __future__ import annotations

from django.conf import settings
from rest_framework import exceptions as drf_exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import BasePermission

from accounts.bearer import principal_from_bearer
from accounts.principals import SCOPE_TOOLS, Principal


class BearerAuthentication(BaseAuthentication):
    """`Authorization: Bearer <API key or OAuth access token>`; never a query-string token."""

    def authenticate(self, request) -> tuple[Principal, str] | None:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if not header:
            return None
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise drf_exceptions.AuthenticationFailed("Use 'Authorization: Bearer <key>'.")
        principal = principal_from_bearer(token.strip())
        if principal is None or principal.resource != _rest_audience():
            raise drf_exceptions.AuthenticationFailed("The credential is unknown, revoked or expired.")
        if SCOPE_TOOLS not in principal.scopes:
            raise drf_exceptions.AuthenticationFailed(f"This credential lacks the '{SCOPE_TOOLS}' scope. Sign in again and approve it.")
        return principal, token

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="forma"'


def _rest_audience() -> str:
    # The REST API and the MCP endpoint are one resource server: tokens minted for
    # the MCP resource are valid here, tokens for anything else are not.
    return settings.FORMA["MCP_RESOURCE_URL"]


class HasPrincipal(BasePermission):
    def has_permission(self, request, view) -> bool:
        return isinstance(request.user, Principal)




def _register_openapi_scheme() -> None:
    # Tell the OpenAPI generator how callers authenticate (imported lazily: only
    # drf-spectacular needs it).
    from drf_spectacular.extensions import OpenApiAuthenticationExtension

    class BearerScheme(OpenApiAuthenticationExtension):
        target_class = "forma.rest.auth.BearerAuthentication"
        name = "bearer"

        def get_security_definition(self, auto_schema):
            return {"type": "http", "scheme": "bearer", "description": "An API key (forma_sk_…) or an OAuth access token."}


_register_openapi_scheme()
