"""The REST adapter: the error object and rate limiting for /v1/ (authentication: forma/rest_auth.py).

Every endpoint resolves the same `Principal` the MCP tools see and calls the same
service; a `FormaError` becomes the JSON error object with its HTTP status.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions as drf_exceptions
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.principals import Principal
from accounts.ratelimit import RateDecision, rate_limit_headers, rate_limit_hit, rate_limited
from forma import ids
from forma.errors import (
    FormaError,
    invalid_request,
    not_found,
    stamp,
    storage_errors,
    storage_retrying,
    storage_unavailable,
    unauthorized,
)

logger = logging.getLogger("forma.rest")


def _rate_headers(decision: RateDecision | None, response: Response) -> None:
    if decision is None:
        return
    for name, value in rate_limit_headers(decision).items():
        response[name] = value


def error_response(error: FormaError, response_class: type = Response) -> Response:
    response = response_class(error.to_dict(), status=error.http_status)
    if error.retry_after is not None:
        response["Retry-After"] = str(error.retry_after)
    if error.kind == "unauthorized":
        response["WWW-Authenticate"] = 'Bearer realm="forma"'
    return response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    request_id = getattr(context.get("request"), "forma_request_id", None) or ids.request_id()
    if isinstance(exc, FormaError):
        return error_response(stamp(exc, request_id))
    if isinstance(exc, storage_errors()):
        return error_response(stamp(storage_unavailable(exc), request_id))
    if isinstance(exc, (drf_exceptions.NotAuthenticated, drf_exceptions.AuthenticationFailed, drf_exceptions.PermissionDenied)):
        detail = str(exc.detail) if isinstance(exc, drf_exceptions.AuthenticationFailed) else None
        return error_response(stamp(unauthorized(detail or unauthorized().message), request_id))
    if isinstance(exc, drf_exceptions.ParseError):
        return error_response(stamp(invalid_request(f"The body is not valid JSON: {exc.detail}"), request_id))
    if isinstance(exc, drf_exceptions.UnsupportedMediaType):
        return error_response(stamp(invalid_request("Send the body as application/json."), request_id))
    if isinstance(exc, drf_exceptions.MethodNotAllowed):
        allowed = (context.get("view").allowed_methods if context.get("view") else [])
        return method_not_allowed_response(str(exc.detail), allowed, request_id)
    if isinstance(exc, drf_exceptions.ValidationError):
        problems = exc.detail if isinstance(exc.detail, dict) else {"body": exc.detail}
        names = ", ".join(f"{k}: {' '.join(map(str, v if isinstance(v, list) else [v]))}" for k, v in problems.items())
        return error_response(stamp(invalid_request(f"The request was refused: {names}. Fix it and send again.", fields=problems), request_id))
    return None  # anything else is a bug: Django logs it and answers 500


def method_not_allowed_response(detail: str, allowed: list[str], request_id: str) -> Response:
    # No kind of its own: a wrong method is a refused request, with the HTTP status that says so.
    methods = [m for m in allowed if m != "OPTIONS"]
    error = stamp(invalid_request(f"{detail} Use {' or '.join(methods)}.", methods=methods), request_id)
    response = error_response(error)
    response.status_code = 405
    response["Allow"] = ", ".join(allowed)
    return response


@csrf_exempt  # bearer-token API: a POST to a wrong path gets the 404, not a CSRF page
def v1_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Anything under /v1/ that is not an endpoint: the error object, never an HTML page."""
    error = stamp(
        not_found(f"No endpoint {request.path!r}. The API is described at /v1/openapi.json.", document="/v1/openapi.json"),
        ids.request_id(),
    )
    response = error_response(error, JsonResponse)
    response["Cache-Control"] = "no-store"
    return response


# An endpoint that counts against the organization's requests-per-minute before
# anything else. (A comment, not a docstring: DRF would publish it in the schema.)
# Storage that does not answer is retried (errors.storage_retrying) for what is
# safe to repeat: authentication, the rate-limit count, and the whole handler of
# a GET, which only reads. A POST runs once: its service decides what it wrote.
class ServiceView(APIView):

    def initial(self, request, *args, **kwargs) -> None:
        request.forma_request_id = ids.request_id()
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            # Before authentication: a wrong method is not a request to count or to sign in for.
            self.http_method_not_allowed(request, *args, **kwargs)
        storage_retrying(super().initial, request, *args, **kwargs)
        principal = request.user
        self.rate_decision = storage_retrying(
            rate_limit_hit, organization_pk=principal.organization_pk, limit=principal.requests_per_minute
        )
        if not self.rate_decision.allowed:
            raise rate_limited(self.rate_decision)
        if request.method in SAFE_METHODS:
            # DRF looks the handler up after initial(): this instance's GET is the retrying one.
            setattr(self, method, functools.partial(storage_retrying, getattr(self, method)))

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        _rate_headers(getattr(self, "rate_decision", None), response)
        response["Cache-Control"] = "no-store"
        return response

    @property
    def principal(self) -> Principal:
        return self.request.user

    def validated(self, serializer_class) -> dict[str, Any]:
        """The request body checked by `serializer_class`; a refusal becomes `invalid_request`."""
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        return body.validated_data
