"""Browser pages for people: sign-up, dashboard, API keys and connected agents (htmx partials)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from forma.errors import FormaError

from . import oauth, selectors, services
from .credits import balance_of
from .forms import ApiKeyCreateForm, SignupForm


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_signup(email=form.cleaned_data["email"], password=form.cleaned_data["password"])
        except FormaError as error:
            form.add_error("email", error.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("dashboard")
    return render(request, "accounts/signup.html", {"form": form})


def _org_or_400(request: HttpRequest):
    return selectors.organization_for_user(request.user)


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    organization = _org_or_400(request)
    if organization is None:
        return HttpResponseBadRequest("Your account has no organization. Contact support.")
    return render(
        request,
        "accounts/dashboard.html",
        {
            "organization": organization,
            "balance": balance_of(organization),
            "keys": selectors.api_keys_of(organization),
            "ledger": selectors.ledger_of(organization, limit=20),
            "key_form": ApiKeyCreateForm(),
            "connections": oauth.agent_connections_of(organization),
        },
    )


@login_required
@require_POST
def api_key_create(request: HttpRequest) -> HttpResponse:
    organization = _org_or_400(request)
    form = ApiKeyCreateForm(request.POST)
    new_secret = None
    error = None
    if form.is_valid():
        try:
            _, new_secret = services.api_key_create(organization=organization, created_by=request.user, name=form.cleaned_data["name"])
        except FormaError as exc:
            error = exc.message
    else:
        error = "A key name is at most 80 characters."
    return _keys_partial(request, organization, new_secret=new_secret, error=error)


@login_required
@require_POST
def api_key_revoke(request: HttpRequest, key_id: str) -> HttpResponse:
    organization = _org_or_400(request)
    error = _attempt(services.api_key_revoke, organization=organization, key_id=key_id, actor=request.user)
    return _keys_partial(request, organization, error=error)


def _attempt(action, **kwargs) -> str | None:
    """Run a service for an htmx partial: None on success, else the error's message to show."""
    try:
        action(**kwargs)
    except FormaError as exc:
        return exc.message
    return None


def _keys_partial(request: HttpRequest, organization, *, error: str | None, new_secret: str | None = None) -> HttpResponse:
    context = {"keys": selectors.api_keys_of(organization), "new_secret": new_secret, "error": error, "key_form": ApiKeyCreateForm()}
    return render(request, "partials/api_keys.html", context)


@login_required
@require_POST
def agent_connection_revoke(request: HttpRequest, connection_id: str) -> HttpResponse:
    organization = _org_or_400(request)
    error = _attempt(oauth.agent_connection_revoke, organization=organization, connection_id=connection_id, actor=request.user)
    return render(
        request, "partials/agent_connections.html", {"connections": oauth.agent_connections_of(organization), "error": error}
    )
