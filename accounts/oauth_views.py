"""The OAuth endpoints: the toolkit's views with Forma's policy (see accounts/oauth/).

Mounted in forma/urls.py under the toolkit's `oauth2_provider` namespace so the
toolkit's metadata document finds them by name.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django import forms
from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider import views as dot_views
from oauth2_provider.exceptions import OAuthToolkitError
from oauth2_provider.forms import AllowForm
from oauth2_provider.models import get_application_model
from oauth2_provider.settings import oauth2_settings
from oauthlib.oauth2.rfc6749 import errors

from ground.errors import storage_errors, storage_unavailable

from .models import Membership, Organization
from .oauth.policy import mcp_resource, redirect_host, redirect_origin, redirect_uris_refusal, registration_rate_limit_hit
from .oauth.services import agent_connection_approve
from .services import audit_record

# What dynamic registration accepts: an authorization-code client, nothing else.
REGISTRABLE_GRANT_TYPES = {"authorization_code", "refresh_token"}


class ProtectedResourceMetadataView(dot_views.OAuthProtectedResourceMetadataView):
    """RFC 9728 metadata at the root `/.well-known/oauth-protected-resource`.

    The MCP endpoint is Forma's only protected resource, so the root document
    describes it, identical to the SDK's `/.well-known/oauth-protected-resource/mcp`:
    a client that falls back to the root (SEP-985) then asks for the right `resource`.
    """

    def get_resource(self, request: HttpRequest) -> str:
        return mcp_resource()

    def get_authorization_servers(self, request: HttpRequest) -> list[str]:
        return [settings.PUBLIC_URL]

    def get_resource_name(self) -> str:
        return "Forma MCP"


def _registration_error(error: str, description: str, status: int = 400) -> JsonResponse:
    # RFC 7591 §3.2.2 error shape; never HTML, never a redirect.
    return JsonResponse({"error": error, "error_description": description}, status=status)


def _registration_refusal(body: bytes) -> JsonResponse | None:
    """Forma's rules on the client metadata, checked before the toolkit's own."""
    try:
        metadata = json.loads(body)
    except ValueError:
        return None  # the toolkit answers invalid_client_metadata
    if not isinstance(metadata, dict):
        return None
    reason = redirect_uris_refusal(metadata.get("redirect_uris"))
    if reason:
        return _registration_error("invalid_redirect_uri", reason)
    grant_types = metadata.get("grant_types", ["authorization_code"])
    if not isinstance(grant_types, list) or not set(grant_types) <= REGISTRABLE_GRANT_TYPES or "authorization_code" not in grant_types:
        return _registration_error("invalid_client_metadata", "grant_types must be authorization_code, optionally with refresh_token.")
    response_types = metadata.get("response_types", ["code"])
    if response_types != ["code"]:
        return _registration_error("invalid_client_metadata", 'response_types must be ["code"].')
    return None


class StorageFailureAsOAuthError:
    """A database or Redis that does not answer is a 503 in the OAuth error shape, never an HTML 500.

    For the JSON endpoints only (token, revocation, registration). OAuth clients
    read `error` as a string (RFC 6749 §5.2, RFC 7591 §3.2.2), so this is that shape,
    with the `temporarily_unavailable` code and a Retry-After. Nothing is retried:
    redeeming a code twice would look like a replay and revoke what it issued.
    """

    @method_decorator(csrf_exempt)  # as the toolkit's own dispatch of each of these API views
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return super().dispatch(request, *args, **kwargs)
        except storage_errors() as exc:
            unavailable = storage_unavailable(exc)
            response = _registration_error("temporarily_unavailable", unavailable.message, status=503)
            response["Retry-After"] = str(unavailable.retry_after)
            response["Cache-Control"] = "no-store"
            return response


class RegistrationView(StorageFailureAsOAuthError, dot_views.DynamicClientRegistrationView):
    """RFC 7591 registration, open to MCP clients without sign-in, limited per client IP."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        retry_after = registration_rate_limit_hit(ip=request.META.get("REMOTE_ADDR", ""))
        if retry_after is not None:
            response = _registration_error(
                "temporarily_unavailable", f"Too many registrations from this address. Retry in {retry_after} s.", status=429
            )
            response["Retry-After"] = str(retry_after)
            return response
        refusal = _registration_refusal(request.body)
        if refusal is not None:
            return refusal
        with transaction.atomic():
            response = super().post(request, *args, **kwargs)
            if response.status_code == 201:
                client = json.loads(response.content)
                audit_record(
                    action="oauth.client_registered",
                    organization=None,
                    target=client["client_id"],
                    data={"source": "dcr", "client_name": client.get("client_name", ""), "redirect_uris": client["redirect_uris"],
                          "ip": request.META.get("REMOTE_ADDR", "")},
                )
        response["Cache-Control"] = "no-store"  # it carries the registration token (and a secret for confidential clients)
        return response


class RegistrationManagementView(StorageFailureAsOAuthError, dot_views.DynamicClientRegistrationManagementView):
    """RFC 7592 read/update/delete; an update obeys the same rules as a registration."""

    def put(self, request: HttpRequest, client_id: str, *args: Any, **kwargs: Any) -> HttpResponse:
        refusal = _registration_refusal(request.body)
        if refusal is not None:
            return refusal
        return super().put(request, client_id, *args, **kwargs)


class ConsentForm(AllowForm):
    organization = forms.CharField(required=False)


def _memberships(user: Any) -> list[Membership]:
    return list(
        Membership.objects.filter(user=user).select_related("organization").order_by("-organization__personal", "created_at")
    )


class AuthorizationView(dot_views.AuthorizationView):
    """The authorize endpoint and its consent page.

    Consent is asked every time, for every client: approval comes only from a
    person's Allow on this form (never `skip_authorization`, never
    `approval_prompt=auto`). The request is checked before the page is shown:
    PKCE S256 only, and a `resource` (if any) must be the MCP endpoint.
    """

    form_class = ConsentForm
    template_name = "oauth2_provider/authorize.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if "approval_prompt" in request.GET:
            request.GET = request.GET.copy()
            request.GET.pop("approval_prompt")
        response = super().get(request, *args, **kwargs)
        redirect_uri = self.oauth2_data.get("redirect_uri")
        if response.status_code == 200 and redirect_uri:
            # CSP form-action governs the redirect that follows the form POST too:
            # allow the client's redirect origin on this page only.
            response._csp_update = {"form-action": [redirect_origin(redirect_uri)]}
        return response

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # The code, the connection and the audit row are written together.
        with transaction.atomic():
            return super().post(request, *args, **kwargs)

    def redirect(self, redirect_to: str, application: Any) -> HttpResponse:
        # RFC 9207 §2: `iss` goes on error responses too; the toolkit adds it to successes only.
        parts = urlsplit(redirect_to)
        query = parse_qsl(parts.query, keep_blank_values=True)
        if not any(key == "iss" for key, _ in query):
            query.append(("iss", oauth2_settings.oauth2_authorization_server_issuer(self.request)))
            redirect_to = urlunsplit(parts._replace(query=urlencode(query)))
        return super().redirect(redirect_to, application)

    def validate_authorization_request(self, request: HttpRequest):
        scopes, credentials = super().validate_authorization_request(request)
        state = credentials.get("state")
        if credentials.get("code_challenge_method") != "S256":
            # oauthlib defaults a challenge without a method to "plain"; refuse both before consent.
            raise OAuthToolkitError(
                error=errors.InvalidRequestError(description="PKCE with code_challenge_method=S256 is required.", state=state),
                redirect_uri=credentials["redirect_uri"],
            )
        for resource in request.GET.getlist("resource"):
            if resource != mcp_resource():
                raise OAuthToolkitError(
                    error=errors.CustomOAuth2Error(
                        error="invalid_target", description=f"Unknown resource. Tokens are issued for {mcp_resource()} only.", state=state
                    ),
                    redirect_uri=credentials["redirect_uri"],
                )
        return scopes, credentials

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        form = context.get("form")
        if "application" not in context and form is not None and form.is_bound:
            # A re-shown form (form_invalid after a POST) lacks what the GET put in the
            # context: read the client and scopes back from the form's own hidden fields.
            context["application"] = get_application_model().objects.filter(client_id=form.data.get("client_id", "")).first()
            scopes = (form.data.get("scope") or "").split()
            context["scopes_descriptions"] = [oauth2_settings.SCOPES[s] for s in scopes if s in oauth2_settings.SCOPES]
            context["redirect_uri"] = form.data.get("redirect_uri", "")
        redirect_uri = context.get("redirect_uri") or getattr(self, "oauth2_data", {}).get("redirect_uri")
        if redirect_uri:
            context["redirect_host"] = redirect_host(redirect_uri)
        context["memberships"] = _memberships(self.request.user)
        return context

    def form_valid(self, form: ConsentForm) -> HttpResponse:
        memberships = {m.organization.public_id: m.organization for m in _memberships(self.request.user)}
        chosen = form.cleaned_data.get("organization") or next(iter(memberships), None)
        self.organization: Organization | None = memberships.get(chosen or "")
        if self.organization is None:
            form.add_error(None, "Choose one of your organizations.")
            return self.form_invalid(form)
        return super().form_valid(form)

    def create_authorization_response(self, request: HttpRequest, scopes: str, credentials: dict[str, Any], allow: bool):
        if request.method != "POST":
            # Only reachable by skipping the consent page: refuse instead.
            raise OAuthToolkitError(
                error=errors.AccessDeniedError(description="Consent is required.", state=credentials.get("state")),
                redirect_uri=credentials["redirect_uri"],
            )
        result = super().create_authorization_response(request, scopes, credentials, allow)
        if allow:
            agent_connection_approve(
                application=get_application_model().objects.get(client_id=credentials["client_id"]),
                user=request.user,
                organization=self.organization,
                scope=scopes,
                redirect_uri=credentials["redirect_uri"],
            )
        return result


class TokenView(StorageFailureAsOAuthError, dot_views.TokenView):
    """The token endpoint, in one transaction so a code's redemption is all-or-nothing (see FormaOAuth2Validator)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with transaction.atomic():
            return super().post(request, *args, **kwargs)


class RevokeTokenView(StorageFailureAsOAuthError, dot_views.RevokeTokenView):
    """RFC 7009 revocation, the toolkit's, answering 503 JSON when storage is down."""
