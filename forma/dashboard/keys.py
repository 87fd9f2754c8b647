"""API keys (shown once, revoked with a confirmation naming the key) and connected agents."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import selectors, services
from accounts.forms import ApiKeyCreateForm
from accounts.models import ApiKey
from accounts.oauth import selectors as oauth_selectors
from accounts.oauth import services as oauth_services
from ground.errors import FormaError

from .common import dashboard_view


def _keys_context(organization, **extra) -> dict:
    active, revoked = selectors.api_keys_split(organization)
    return {"active_keys": active, "revoked_keys": revoked, "key_form": extra.pop("key_form", None) or ApiKeyCreateForm(), **extra}


@dashboard_view
@require_http_methods(["GET", "POST"])
def api_keys(request: HttpRequest) -> HttpResponse:
    organization = request.organization
    if request.method == "GET":
        context = _keys_context(organization, connections=oauth_selectors.agent_connections_of(organization))
        return render(request, "accounts/keys.html", context)
    form = ApiKeyCreateForm(request.POST)
    new_secret = new_key = None
    if form.is_valid():
        try:
            new_key, new_secret = services.api_key_create(
                organization=organization, created_by=request.user, name=form.cleaned_data["name"]
            )
        except FormaError as error:
            form.add_error("name", error.message)
    context = _keys_context(
        organization, key_form=form if form.errors else None, new_secret=new_secret, new_key=new_key
    )
    template = "partials/api_keys.html" if request.htmx else "accounts/keys.html"
    if not request.htmx:
        context["connections"] = oauth_selectors.agent_connections_of(organization)
    return render(request, template, context)


def _key_of(organization, key_id: str) -> ApiKey:
    key = ApiKey.objects.filter(organization=organization, public_id=key_id).first()
    if key is None:
        raise Http404("No such key in this organization.")
    return key


@dashboard_view
@require_GET
def api_key_revoke_confirm(request: HttpRequest, key_id: str) -> HttpResponse:
    """The confirmation, naming the key, shown in place before anything is revoked."""
    return render(request, "partials/api_key_revoke_confirm.html", {"key": _key_of(request.organization, key_id)})


@dashboard_view
@require_POST
def api_key_revoke(request: HttpRequest, key_id: str) -> HttpResponse:
    organization = request.organization
    error = revoked = None
    try:
        revoked = services.api_key_revoke(organization=organization, key_id=key_id, actor=request.user)
    except FormaError as exc:
        error = exc.message
    context = _keys_context(organization, error=error, revoked_now=revoked)
    if request.htmx:
        return render(request, "partials/api_keys.html", context)
    context["connections"] = oauth_selectors.agent_connections_of(organization)
    return render(request, "accounts/keys.html", context)


@dashboard_view
@require_POST
def agent_connection_revoke(request: HttpRequest, connection_id: str) -> HttpResponse:
    organization = request.organization
    error = None
    try:
        oauth_services.agent_connection_revoke(organization=organization, connection_id=connection_id, actor=request.user)
    except FormaError as exc:
        error = exc.message
    return render(
        request, "partials/agent_connections.html", {"connections": oauth_selectors.agent_connections_of(organization), "error": error}
    )
