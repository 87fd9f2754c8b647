"""The toolkit's OAuth2 validator with Forma's rules: every token bound to the MCP endpoint (RFC 8707),
concurrent redemptions of a code serialised, a replayed code or refresh token revoking what it issued."""

from __future__ import annotations

from typing import Any

from oauth2_provider.models import get_access_token_model, get_grant_model, get_refresh_token_model
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauthlib.oauth2.rfc6749 import errors

from accounts.models import OAuthCodeRedemption

from .policy import mcp_resource
from .services import code_replay_revoke, sha256_hex, tokens_revoked_audit


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
            refresh = get_refresh_token_model().objects.filter(token_checksum=sha256_hex(token.get("refresh_token", ""))).first()
            OAuthCodeRedemption.objects.create(
                code_hash=sha256_hex(request.code),
                token_family=refresh.token_family if refresh else None,
                access_token_checksum=sha256_hex(token["access_token"]),
            )
        return result

    def validate_refresh_token(self, refresh_token, client, request, *args, **kwargs) -> bool:
        valid = super().validate_refresh_token(refresh_token, client, request, *args, **kwargs)
        if not valid:
            replayed = get_refresh_token_model().objects.filter(
                token_checksum=sha256_hex(refresh_token), revoked__isnull=False
            ).select_related("user").first()
            if replayed is not None:
                # The toolkit has revoked the whole family (REFRESH_TOKEN_REUSE_PROTECTION).
                tokens_revoked_audit(replayed.application_id, replayed.user, reason="refresh_token_replay")
        return valid


    def revoke_token(self, token, token_type_hint, request, *args, **kwargs) -> None:
        # RFC 7009 revocation by the client itself; the toolkit scopes it to the calling client.
        checksum, application_id = sha256_hex(token), getattr(request.client, "pk", None)
        revoked = None
        if application_id is not None:
            lookup = {"token_checksum": checksum, "application_id": application_id}
            revoked = (
                get_access_token_model().objects.filter(**lookup).select_related("user").first()
                or get_refresh_token_model().objects.filter(**lookup, revoked__isnull=True).select_related("user").first()
            )
        super().revoke_token(token, token_type_hint, request, *args, **kwargs)
        if revoked is not None and revoked.user is not None:
            tokens_revoked_audit(application_id, revoked.user, reason="revocation_endpoint")
