"""Sign-up (confirmed by email), sign-in (throttled), sign-out, and the account page."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from oauth2_provider.models import get_application_model

from accounts import selectors, services
from accounts.forms import SignInForm, SignupForm
from ground.errors import FormaError

from .common import dashboard_view


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.signup_request(
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password"],
            confirm_link=lambda token: request.build_absolute_uri(reverse("signup_confirm", args=[token])),
            sign_in_link=request.build_absolute_uri(reverse("login")),
            reset_link=request.build_absolute_uri(reverse("password_reset")),
        )
        request.session["signup_email"] = form.cleaned_data["email"].strip().lower()
        return redirect("signup_sent")
    return render(request, "accounts/signup.html", {"form": form})


def signup_sent(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/signup_sent.html", {"email": request.session.get("signup_email", "")})


@require_http_methods(["GET", "POST"])
def signup_confirm(request: HttpRequest, token: str) -> HttpResponse:
    # GET only shows a button: mail scanners open links, and opening must not sign anyone in.
    if request.method == "GET":
        return render(request, "accounts/signup_confirm.html", {"token": token})
    try:
        user = services.signup_confirm(token=token)
    except FormaError as error:
        return render(request, "accounts/signup_confirm.html", {"token": token, "error": error.message}, status=400)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, "Your account is confirmed. Welcome to Forma.")
    return redirect("dashboard")


def _asking_agent(next_url: str) -> str | None:
    """The name an OAuth client gave itself, when sign-in was reached from its authorization request."""
    parts = urlsplit(next_url or "")
    if parts.path != reverse("oauth2_provider:authorize"):
        return None
    client_id = (parse_qs(parts.query).get("client_id") or [""])[0]
    application = get_application_model().objects.filter(client_id=client_id).first() if client_id else None
    if application is None:
        return None
    return application.name or application.client_id


class SignInView(auth_views.LoginView):
    form_class = SignInForm
    redirect_authenticated_user = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["asking_agent"] = _asking_agent(self.get_redirect_url() or self.request.GET.get("next", ""))
        return context


class SignOutView(auth_views.LogoutView):
    """POST signs out (Django's view); GET, where Django answers 405, shows a page with the button."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return render(request, "registration/logout_confirm.html")


@dashboard_view
def account(request: HttpRequest) -> HttpResponse:
    return render(
        request, "accounts/account.html", {"memberships": selectors.memberships_of(request.user), "organization": request.organization}
    )
