"""REST endpoints under /v1/: the MCP tools' operations for programs. Each calls one service.

Requests are DRF serializers (they parse the body); every response is a model of the typed
contract (ground/contract.py), the same one the MCP tools return, published here through
drf-spectacular's pydantic support.
"""

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
)
from rest_framework import serializers
from rest_framework.response import Response

from accounts.selectors import organization_status
from feedback.services import feedback_submit
from forma.rest.base import DayField, IdentifierField, ServiceView, StrictBooleanField, StrictChoiceField, TextField
from ground import contract
from ground.contract import FIGURE_OUTPUTS, SENTIMENTS
from ground.inputs import IDENTIFIER_PATTERN, refuse_bad_identifier
from oracles.catalogue import option_description, option_takers
from oracles.engine import REGISTRY
from oracles.selectors import changelog_since, oracle_kinds, oracle_list
from oracles.services import MAX_INTENT_CHARS, answer_create, figure_render


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error responses an operation can give: its own `codes`, plus what every operation can answer
    (401 no or bad credential, 406 an Accept other than JSON, 429 over the plan's requests per minute,
    503 our storage briefly unreachable)."""
    descriptions = {spec.http_status: f"{kind}: {spec.meaning}" for kind, spec in contract.ERROR_KINDS.items()}
    # Two statuses HTTP has its own words for, with the kind the error object carries.
    descriptions[406] = "invalid_request: only application/json is served"
    descriptions[422] = "invalid_request: an Idempotency-Key reused with another body"
    return {code: OpenApiResponse(contract.Error, description=descriptions[code]) for code in sorted({*codes, 401, 406, 429, 503})}


@extend_schema_serializer(examples=[
    OpenApiExample("A bar chart", value={"oracle": "chart", "intent": "a bar chart of signups: Mon 34, Tue 41, Wed 29"}),
    OpenApiExample("A diagram", value={"oracle": "diagram", "intent": "submit -> validate -> save", "format": "dot"}),
    OpenApiExample("Illustrative values", value={"oracle": "chart", "intent": "a line chart of revenue", "allow_generated_data": True}),
])
class AskSerializer(serializers.Serializer):
    oracle = IdentifierField()
    intent = TextField(max_length=MAX_INTENT_CHARS, help_text="What you want, with the values in it. No control characters but tab, newline and CR.")
    format = IdentifierField(required=False, allow_null=True, help_text="Optional; the oracle's default_format when left out or null.")
    allow_generated_data = StrictBooleanField(required=False, allow_null=True, default=None)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Worded from the registered kinds, like the MCP tool's arguments.
        self.fields["oracle"].help_text = f"An oracle name from list_oracles, e.g. {', '.join(map(repr, REGISTRY.names()))}."
        self.fields["allow_generated_data"].help_text = option_description("allow_generated_data")


class AskRequestSchema(OpenApiSerializerExtension):
    """Publishes the ask body as one variant per active oracle: its name, its own formats, and whether its
    kind's options model takes `allow_generated_data`. A body the document accepts is then one the service accepts, and a
    program (or Schemathesis) reading the document knows each oracle's formats."""

    target_class = AskSerializer

    def map_serializer(self, auto_schema, direction):
        base = auto_schema._map_basic_serializer(self.target, direction)
        variants = []
        for name, kind, formats in _catalogue():
            properties = copy.deepcopy(base["properties"])
            properties["oracle"] = {**properties["oracle"], "enum": [name]}
            properties["format"] = {**properties["format"], "enum": [*formats, None]}
            if kind not in option_takers("allow_generated_data"):  # as catalogue.ask_options: left off, or false
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
    """(name, kind, formats) of each oracle served; the registry's kinds when the database cannot say
    (the document generated offline, before migrations)."""
    try:
        return oracle_kinds()
    except DatabaseError:
        return [(kind.name, kind.name, list(kind.formats)) for kind in REGISTRY]


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


class StatusView(ServiceView):
    @extend_schema(operation_id="forma_status", summary="Which organization this credential acts for. Free.",
                   responses={200: contract.Status, **errors()})
    def get(self, request):
        return Response(organization_status(principal=self.principal).model_dump(mode="json"))


class OracleListView(ServiceView):
    @extend_schema(operation_id="list_oracles", summary="The catalogue. Free.", responses={200: contract.OracleList, **errors()})
    def get(self, request):
        return Response(contract.OracleList(oracles=oracle_list()).model_dump(mode="json"))


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
                   responses={200: contract.Answer, **errors(400, 402, 404, 422, 502)})
    def post(self, request):
        data = self.validated(AskSerializer)
        # The view thread is this request's own (Django gives each ASGI request one); the
        # wait inside runs on the event loop, and the database steps come back to this thread.
        answer = answer_create(
            principal=self.principal, oracle_name=data["oracle"], intent=data["intent"], fmt=data.get("format"),
            allow_generated_data=data.get("allow_generated_data"), request_id=request.forma_request_id,
            idempotency_key=request.headers.get("Idempotency-Key"), started=self.started,
        )
        response = Response(answer.model_dump(mode="json"))
        if answer.request_id != request.forma_request_id:
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
                   parameters=[ChangelogQuerySerializer], responses={200: contract.Changelog, **errors(400)})
    def get(self, request):
        return Response(changelog_since(since=self.validated_query(ChangelogQuerySerializer).get("since")).model_dump(mode="json"))


class FeedbackView(ServiceView):
    @extend_schema(operation_id="send_feedback", summary="Tell the people who build Forma what worked. Free.",
                   request=FeedbackInSerializer, responses={201: contract.FeedbackReceipt, **errors(400, 404)})
    def post(self, request):
        data = self.validated(FeedbackInSerializer)
        result = feedback_submit(
            principal=self.principal, sentiment=data["sentiment"], message=data["message"],
            oracle_name=data.get("oracle"), request_id=data.get("request_id"),
        )
        return Response(result.model_dump(mode="json"), status=201)
