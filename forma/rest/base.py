"""The REST adapter: the error object and rate limiting for /v1/ (authentication: forma/rest/auth.py).

Every endpoint resolves the same `Principal` the MCP tools see and calls the same
service; a `FormaError` becomes the JSON error object with its HTTP status.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.core.validators import ProhibitNullCharactersValidator, RegexValidator
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions as drf_exceptions
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.utils import html
from rest_framework.views import APIView

from accounts.principals import Principal
from accounts.ratelimit import RateDecision, rate_limit_headers, rate_limit_hit, rate_limited
from ground import ids
from ground.errors import (
    FormaError,
    invalid_request,
    not_found,
    stamp,
    storage_errors,
    storage_retrying,
    storage_unavailable,
    unauthorized,
)
from ground.inputs import DATE_PATTERN, IDENTIFIER_PATTERN, TEXT_PATTERN, day_problem, identifier_problem, text_problem

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
    if isinstance(exc, drf_exceptions.NotAcceptable):
        # An Accept we cannot meet (we answer JSON): the caller's to fix, with HTTP's own 406.
        response = error_response(stamp(invalid_request(f"{exc.detail}"), request_id))
        response.status_code = exc.status_code
        return response
    if isinstance(exc, drf_exceptions.ValidationError):
        problems = exc.detail if isinstance(exc.detail, dict) else {"body": exc.detail}
        names = ", ".join(f"{k}: {' '.join(map(str, v if isinstance(v, list) else [v])).rstrip('.')}" for k, v in problems.items())
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

    def validated_query(self, serializer_class) -> dict[str, Any]:
        """The query string checked by `serializer_class`; a refusal becomes `invalid_request`."""
        query = serializer_class(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return query.validated_data


# ---- strict request fields: the rules of ground/inputs.py, as DRF fields ------------------
# DRF's own fields are lenient: BooleanField takes "yes", 1 and "on", CharField
# turns 5 into "5". Each field below accepts only its JSON type and checks the
# value with the same rule the MCP schemas use; its validator is a RegexValidator
# so drf-spectacular publishes the rule's pattern in the OpenAPI document.


class _RuleValidator(RegexValidator):
    def __init__(self, pattern: str, problem_of) -> None:
        super().__init__(pattern)
        self.problem_of = problem_of

    def __call__(self, value: Any) -> None:
        problem = self.problem_of(str(value))
        if problem:
            raise serializers.ValidationError(f"This value {problem}.", code="invalid")


class _AsSent:
    """Reads a query-string value as sent: DRF would take `?since=` (empty) for an absent value."""

    field_name: str

    def get_value(self, dictionary: Any) -> Any:
        if self.field_name not in dictionary:
            return empty
        return dictionary.get(self.field_name) if html.is_html_input(dictionary) else dictionary[self.field_name]


class StrictChoiceField(_AsSent, serializers.ChoiceField):
    """One of the choices, as a JSON string (or the exact query-string value)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class _StrictCharField(_AsSent, serializers.CharField):
    pattern: str = TEXT_PATTERN
    problem_of = staticmethod(text_problem)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)
        # DRF refuses "" before any validator runs: say it the way the rule does.
        if blank := self.problem_of(""):
            self.error_messages["blank"] = f"This value {blank}."
        # Ours names where the NUL is; DRF's own says only that there is one.
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]
        self.validators.append(_RuleValidator(self.pattern, self.problem_of))

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class TextField(_StrictCharField):
    """Free text (an intent, a message): a JSON string, not blank, without control characters but tab/LF/CR."""


class IdentifierField(_StrictCharField):
    """A short identifier (an oracle name, a format, a request id): a non-empty JSON string, no control characters."""

    pattern = IDENTIFIER_PATTERN
    problem_of = staticmethod(identifier_problem)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 40)
        super().__init__(**kwargs)


@extend_schema_field({"type": "string", "format": "date", "pattern": DATE_PATTERN})
class DayField(_StrictCharField):
    """A calendar day written YYYY-MM-DD (2024-02-30 is refused); stays a string."""

    pattern = DATE_PATTERN
    problem_of = staticmethod(day_problem)


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false, nothing else (DRF's own BooleanField takes "yes", 1, "on" and "")."""

    def to_internal_value(self, data: Any) -> bool:
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)
