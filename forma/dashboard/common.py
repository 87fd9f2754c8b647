"""What every dashboard page shares: who is signed in, for which organization, and htmx-aware refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import selectors, services

View = Callable[..., HttpResponse]


def signed_out_response(request: HttpRequest, *, status: int = 401, reason: str = "session") -> HttpResponse:
    """The message an htmx request gets when the session (or its CSRF token) is gone.

    Returned as a 401/403 that the page's htmx config swaps into the `#flash` region
    (base.html), never into the section that asked: no page inside a page.
    """
    current = request.headers.get("HX-Current-URL", "")
    parts = urlsplit(current)
    next_path = (parts.path + (f"?{parts.query}" if parts.query else "")) if parts.path else "/dashboard/"
    response = render(request, "partials/signed_out.html", {"next_path": next_path, "reason": reason}, status=status)
    response["HX-Retarget"] = "#flash"
    response["HX-Reswap"] = "innerHTML"
    return response


def dashboard_view(view: View) -> View:
    """Sign-in required, the person's organization on `request.organization`.

    A plain request without a session goes to the sign-in page; an htmx request gets
    a message with a sign-in link instead of the sign-in page swapped into a section.
    """

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            if request.htmx:
                return signed_out_response(request)
            return redirect_to_login(request.get_full_path())
        organization = selectors.organization_for_user(request.user)
        if organization is None:
            # Every user gets one when created (accounts/receivers.py); this repairs a user
            # written around the ORM (a raw insert, a restored backup) instead of failing.
            services.organization_create_personal(user_pk=request.user.pk)
            organization = selectors.organization_for_user(request.user)
        request.organization = organization
        return view(request, *args, **kwargs)

    return wrapped


def source_text(result: Any) -> str:
    """An answer's artifact as text to read: DOT as written, JSON (Vega-Lite) indented."""
    if result is None:
        return ""
    return result if isinstance(result, str) else json.dumps(result, indent=2)
