"""Error pages: 404 and 500 in the site's layout; CSRF failures that say what to do."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.template import loader

from .common import signed_out_response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if getattr(request, "htmx", False):
        return signed_out_response(request, status=403, reason="csrf")
    return render(request, "403_csrf.html", status=403)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Rendered without the request: no session or database read, since the error may be the database.
    return HttpResponseServerError(loader.get_template("500.html").render())
