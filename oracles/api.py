"""REST endpoints under /v1/: the MCP tools' operations for programs. Each calls one service."""

from __future__ import annotations

import copy
import time

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpResponse
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.response import Response

from accounts.selectors import organization_status
from feedback.services import SENTIMENTS, feedback_submit
from forma.errors import KINDS
from forma.inputs import IDENTIFIER_PATTERN, refuse_bad_identifier
from forma.rest import DayField, IdentifierField, ServiceView, StrictBooleanField, StrictChoiceField, TextField

from .selectors import changelog_since, oracle_list
from .services import FIGURE_OUTPUTS, MAX_INTENT_CHARS, answer_create, figure_render


class ErrorSerializer(serializers.Serializer):
    error = inline_serializer(
        "ErrorBody",
        {
            "kind": serializers.ChoiceField(choices=list(KINDS)),
            "message": serializers.CharField(),
            "retryable": serializers.BooleanField(),
            "request_id": serializers.CharField(),
            "context": serializers.DictField(required=False),
            "retry_after": serializers.IntegerField(required=False),
        },
    )


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error responses an operation can give: its own `codes`, plus what every operation can answer
    (401 no or bad credential, 406 an Accept other than JSON, 429 over the plan's requests per minute,
    503 our storage briefly unreachable)."""
    descriptions = {400: "invalid_request", 401: "unauthorized", 402: "quota_exceeded", 404: "not_found",
                    406: "invalid_request (only application/json is served)", 422: "invalid_request (an Idempotency-Key reused with another body)",
                    429: "rate_limited (with Retry-After)", 502: "backend_unreachable (retryable, with Retry-After)",
                    503: "upstream_unavailable (retryable)"}
    return {code: OpenApiResponse(ErrorSerializer, description=descriptions[code]) for code in sorted({*codes, 401, 406, 429, 503})}


class StatusSerializer(serializers.Serializer):
    org_id = serializers.CharField()
    plan = serializers.CharField()
    requests_per_minute = serializers.IntegerField()
    features = serializers.ListField(child=serializers.CharField())
    credits_remaining = serializers.IntegerField()
    credential = serializers.DictField()
    user = serializers.CharField(allow_null=True)


class OracleSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    summary = serializers.CharField(help_text="One line; the full description is in the docs.")
    formats = serializers.ListField(child=serializers.CharField())
    default_format = serializers.CharField()
    drawable_formats = serializers.ListField(child=serializers.CharField())
    price = serializers.IntegerField()


class OracleListSerializer(serializers.Serializer):
    oracles = OracleSerializer(many=True)


@extend_schema_serializer(examples=[
    OpenApiExample("A bar chart", value={"oracle": "chart", "intent": "a bar chart of signups: Mon 34, Tue 41, Wed 29"}),
    OpenApiExample("A diagram", value={"oracle": "diagram", "intent": "submit -> validate -> save", "format": "dot"}),
    OpenApiExample("Illustrative values", value={"oracle": "chart", "intent": "a line chart of revenue", "allow_generated_data": True}),
])
class AskSerializer(serializers.Serializer):
    oracle = IdentifierField(help_text="An oracle name from list_oracles, e.g. 'chart'.")
    intent = TextField(max_length=MAX_INTENT_CHARS, help_text="What you want, with the values in it. No control characters but tab, newline and CR.")
    format = IdentifierField(required=False, allow_null=True, help_text="Optional; the oracle's default_format when left out or null.")
    allow_generated_data = StrictBooleanField(
        required=False, allow_null=True, default=None, help_text="Charts only: true (JSON true, nothing else) accepts illustrative values."
    )


class AskRequestSchema(OpenApiSerializerExtension):
    """Publishes the ask body as one variant per active oracle: its name, its own formats, and whether it
    takes `allow_generated_data`. A body the document accepts is then one the service accepts, and a
    program (or Schemathesis) reading the document knows each oracle's formats."""

    target_class = AskSerializer

    def map_serializer(self, auto_schema, direction):
        base = auto_schema._map_basic_serializer(self.target, direction)
        variants = []
        for name, kind, formats in _catalogue():
            properties = copy.deepcopy(base["properties"])
            properties["oracle"] = {**properties["oracle"], "enum": [name]}
            properties["format"] = {**properties["format"], "enum": [*formats, None]}
            if kind != "chart":  # as in services._validate_ask: only charts take illustrative values
                properties["allow_generated_data"] = {**properties["allow_generated_data"], "enum": [False, None]}
            # A component of its own per oracle, so each variant's enums get names of their own.
            component = ResolvedComponent(
                name=f"Ask{name.title().replace('-', '').replace('_', '')}Request", type=ResolvedComponent.SCHEMA,
                object=f"ask-{name}", schema={**base, "properties": properties},
            )
            auto_schema.registry.register_on_missing(component)
            variants.append(component.ref)
        # `required` here too: drf-spectacular marks the request body required from it.
        return {"required": base["required"], "oneOf": variants} if variants else base


def _catalogue() -> list[tuple[str, str, list[str]]]:
    """(name, kind, formats) of each active oracle; the engine's registry when the database cannot say
    (the document generated offline, before migrations)."""
    from .engine import KINDS
    from .models import Oracle

    try:
        return [(o.name, o.kind, list(o.formats)) for o in Oracle.objects.filter(is_active=True).order_by("sort_order", "name")]
    except DatabaseError:
        return [(name, name, list(kind.formats)) for name, kind in KINDS.items()]


class FigureSerializer(serializers.Serializer):
    drawable = serializers.BooleanField()
    token = serializers.CharField(required=False, help_text="Pass to show_figure (GET /v1/figures/{token}); present when drawable.")
    formats = serializers.ListField(child=serializers.ChoiceField(choices=list(FIGURE_OUTPUTS)), required=False)
    reason = serializers.CharField(required=False, help_text="Why it cannot be drawn; present when not drawable.")


class ReasonSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class AnswerSerializer(serializers.Serializer):
    request_id = serializers.CharField()
    oracle = serializers.CharField()
    format = serializers.CharField()
    status = serializers.ChoiceField(choices=["valid", "invalid", "error"])
    result = serializers.JSONField(required=False)
    verified_by = serializers.DictField(required=False)
    reason = ReasonSerializer(required=False, allow_null=True)
    retryable = serializers.BooleanField(required=False)
    figure = FigureSerializer()
    cost = serializers.IntegerField()
    credits_remaining = serializers.IntegerField()
    notes = serializers.ListField(child=serializers.CharField())


class ChangelogSerializer(serializers.Serializer):
    entries = inline_serializer(
        "ChangelogItem",
        {"date": serializers.DateField(), "category": serializers.CharField(), "title": serializers.CharField(), "body": serializers.CharField()},
        many=True,
    )
    latest = serializers.CharField(allow_null=True)


@extend_schema_serializer(examples=[
    OpenApiExample("About an oracle", value={"sentiment": "positive", "message": "The chart matched my numbers.", "oracle": "chart"}),
])
class FeedbackInSerializer(serializers.Serializer):
    sentiment = StrictChoiceField(choices=SENTIMENTS)
    message = TextField(max_length=settings.FORMA["FEEDBACK_MAX_CHARS"], help_text="Why, in a sentence or two. No control characters but tab, newline and CR.")
    oracle = IdentifierField(required=False, allow_null=True, help_text="Optional; the oracle it is about.")
    request_id = IdentifierField(required=False, allow_null=True, help_text="Optional; the request_id of the answer it is about.")


class FigureQuerySerializer(serializers.Serializer):
    format = StrictChoiceField(choices=list(FIGURE_OUTPUTS), required=False, help_text="png (default) or svg.")


class ChangelogQuerySerializer(serializers.Serializer):
    since = DayField(required=False, help_text="Only entries after this day; pass the `latest` of an earlier call.")


class FeedbackOutSerializer(serializers.Serializer):
    feedback_id = serializers.CharField()
    received = serializers.BooleanField()
    oracle = serializers.CharField(allow_null=True)
    request_id = serializers.CharField(allow_null=True)


class StatusView(ServiceView):
    @extend_schema(operation_id="forma_status", summary="Which organization this credential acts for. Free.",
                   responses={200: StatusSerializer, **errors()})
    def get(self, request):
        return Response(organization_status(principal=self.principal))


class OracleListView(ServiceView):
    @extend_schema(operation_id="list_oracles", summary="The catalogue. Free.", responses={200: OracleListSerializer, **errors()})
    def get(self, request):
        return Response({"oracles": oracle_list()})


class _AskSchema(AutoSchema):
    # drf-spectacular has no helper for OpenAPI links: add the one from an answer to its figure,
    # so a stateful client (or a schema-driven tester) can follow `figure.token` to the drawing.
    def _get_response_for_code(self, serializer, status_code, media_types=None, direction="response"):
        response = super()._get_response_for_code(serializer, status_code, media_types, direction)
        if str(status_code) == "200":
            response["links"] = {
                "ShowFigure": {
                    "operationId": "show_figure",
                    "parameters": {"token": "$response.body#/figure/token"},
                    "description": "Draw this answer (when `figure.drawable` is true) with its `figure.token`.",
                }
            }
        return response


IDEMPOTENCY_KEY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    # Printable ASCII, 1-255 characters, as oracles.services checks it; no space at either end,
    # since HTTP trims header values.
    {"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"^[\x21-\x7E](?:[\x20-\x7E]{0,253}[\x21-\x7E])?$"},
    OpenApiParameter.HEADER, required=False,
    description=(
        "Optional, 1-255 printable ASCII characters (a UUID is a good key). Sending the same request again with the "
        "same key within 24 hours returns the first answer (same request_id) and bills once; a concurrent repeat waits "
        "for the first answer. The same key with a different body is refused with 422. Keys are per organization."
    ),
)


class AskView(ServiceView):
    schema = _AskSchema()

    def initial(self, request, *args, **kwargs) -> None:
        # The wait limit counts from when the request reached the view, before authentication.
        self.started = time.monotonic()
        super().initial(request, *args, **kwargs)

    @extend_schema(operation_id="ask_oracle", summary="Ask an oracle; the answer is checked before it is returned.",
                   parameters=[IDEMPOTENCY_KEY_HEADER], request=AskSerializer,
                   responses={200: AnswerSerializer, **errors(400, 402, 404, 422, 502)})
    def post(self, request):
        data = self.validated(AskSerializer)
        # The view thread is this request's own (Django gives each ASGI request one); the
        # wait inside runs on the event loop, and the database steps come back to this thread.
        answer = answer_create(
            principal=self.principal, oracle_name=data["oracle"], intent=data["intent"], fmt=data.get("format"),
            allow_generated_data=data.get("allow_generated_data"), request_id=request.forma_request_id,
            idempotency_key=request.headers.get("Idempotency-Key"), started=self.started,
        )
        response = Response(answer)
        if answer["request_id"] != request.forma_request_id:
            response["Idempotent-Replayed"] = "true"
        return response


class FigureView(ServiceView):
    @extend_schema(
        operation_id="show_figure", summary="Draw a valid answer's figure as PNG or SVG. Free.",
        parameters=[
            OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH, pattern=IDENTIFIER_PATTERN,
                             description="The figure.token of a valid answer, exactly as given."),
            FigureQuerySerializer,
        ],
        responses={(200, "image/png"): OpenApiTypes.BINARY, (200, "image/svg+xml"): OpenApiTypes.STR, **errors(400, 404, 502)},
    )
    def get(self, request, token: str):
        refuse_bad_identifier("token", token)
        query = self.validated_query(FigureQuerySerializer)
        data, mime = figure_render(principal=self.principal, token=token, out=query.get("format"))
        response = HttpResponse(data, content_type=mime)
        # An SVG from us is still served as a download target, never as a page with script rights.
        response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        response["X-Content-Type-Options"] = "nosniff"
        return response


class ChangelogView(ServiceView):
    @extend_schema(operation_id="whats_new", summary="What changed for callers, newest first. Free.",
                   parameters=[ChangelogQuerySerializer], responses={200: ChangelogSerializer, **errors(400)})
    def get(self, request):
        return Response(changelog_since(since=self.validated_query(ChangelogQuerySerializer).get("since")))


class FeedbackView(ServiceView):
    @extend_schema(operation_id="send_feedback", summary="Tell the people who build Forma what worked. Free.",
                   request=FeedbackInSerializer, responses={201: FeedbackOutSerializer, **errors(400, 404)})
    def post(self, request):
        data = self.validated(FeedbackInSerializer)
        result = feedback_submit(
            principal=self.principal, sentiment=data["sentiment"], message=data["message"],
            oracle_name=data.get("oracle"), request_id=data.get("request_id"),
        )
        return Response(result, status=201)
