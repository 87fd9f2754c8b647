"""The REST adapter: the error object and rate limiting for /v1/ (authentication: forma/rest_auth.py).

Every endpoint resolves the same `Principal` the MCP tools see and calls the same
service; a `FormaError` becomes the JSON error object with its HTTP status.
"""

from __future__ import annotations

import logging
from typing import Any

from rest_framework import exceptions as drf_exceptions
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.principals import Principal
from accounts.ratelimit import RateDecision, rate_limit_enforce
from forma import ids
from forma.errors import FormaError, invalid_request, stamp, storage_errors, storage_unavailable, unauthorized

logger = logging.getLogger("forma.rest")


def _rate_headers(decision: RateDecision | None, response: Response) -> None:
    if decision is None:
        return
    response["RateLimit-Policy"] = f'"rpm";q={decision.limit};w=60'
    response["RateLimit"] = f'"rpm";r={decision.remaining};t={decision.reset_after}'


def error_response(error: FormaError) -> Response:
    response = Response(error.to_dict(), status=error.http_status)
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
        response = error_response(stamp(invalid_request(f"{exc.detail}"), request_id))
        response.status_code = 405
        return response
    if isinstance(exc, drf_exceptions.ValidationError):
        problems = exc.detail if isinstance(exc.detail, dict) else {"body": exc.detail}
        names = ", ".join(f"{k}: {' '.join(map(str, v if isinstance(v, list) else [v]))}" for k, v in problems.items())
        return error_response(stamp(invalid_request(f"The request was refused: {names}. Fix it and send again.", fields=problems), request_id))
    return None  # anything else is a bug: Django logs it and answers 500


# An endpoint that counts against the organization's requests-per-minute before
# anything else. (A comment, not a docstring: DRF would publish it in the schema.)
class ServiceView(APIView):

    def initial(self, request, *args, **kwargs) -> None:
        request.forma_request_id = ids.request_id()
        super().initial(request, *args, **kwargs)
        self.rate_decision = rate_limit_enforce(organization_pk=request.user.organization_pk, limit=request.user.requests_per_minute)

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
