"""REST endpoints under /v1/: the MCP tools' operations for programs. Each calls one service."""

from __future__ import annotations

import time

from django.http import HttpResponse
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from accounts.selectors import organization_status
from feedback.services import SENTIMENTS, feedback_submit
from forma.rest import ServiceView

from .selectors import changelog_since, oracle_list
from .services import FIGURE_OUTPUTS, MAX_INTENT_CHARS, answer_create, figure_render


class ErrorSerializer(serializers.Serializer):
    error = inline_serializer(
        "ErrorBody",
        {
            "kind": serializers.ChoiceField(choices=["unauthorized", "quota_exceeded", "not_found", "invalid_request",
                                                      "rate_limited", "upstream_unavailable", "backend_unreachable"]),
            "message": serializers.CharField(),
            "retryable": serializers.BooleanField(),
            "request_id": serializers.CharField(),
            "context": serializers.DictField(required=False),
            "retry_after": serializers.IntegerField(required=False),
        },
    )


ERRORS = {code: OpenApiResponse(ErrorSerializer) for code in (400, 401, 402, 404, 429, 503)}


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
    description = serializers.CharField()
    formats = serializers.ListField(child=serializers.CharField())
    default_format = serializers.CharField()
    drawable_formats = serializers.ListField(child=serializers.CharField())
    price = serializers.IntegerField()


class OracleListSerializer(serializers.Serializer):
    oracles = OracleSerializer(many=True)


class AskSerializer(serializers.Serializer):
    oracle = serializers.CharField(max_length=40)
    intent = serializers.CharField(max_length=MAX_INTENT_CHARS, trim_whitespace=False)
    format = serializers.CharField(max_length=40, required=False, allow_null=True)
    allow_generated_data = serializers.BooleanField(required=False, allow_null=True, default=None)


class AnswerSerializer(serializers.Serializer):
    request_id = serializers.CharField()
    oracle = serializers.CharField()
    format = serializers.CharField()
    status = serializers.ChoiceField(choices=["valid", "invalid", "error"])
    result = serializers.JSONField(required=False)
    verified_by = serializers.DictField(required=False)
    reason = serializers.DictField(required=False, allow_null=True)
    retryable = serializers.BooleanField(required=False)
    figure = serializers.DictField()
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


class FeedbackInSerializer(serializers.Serializer):
    sentiment = serializers.ChoiceField(choices=SENTIMENTS)
    message = serializers.CharField(trim_whitespace=False)
    oracle = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    request_id = serializers.CharField(required=False, allow_null=True, allow_blank=True)


class FeedbackOutSerializer(serializers.Serializer):
    feedback_id = serializers.CharField()
    received = serializers.BooleanField()
    oracle = serializers.CharField(allow_null=True)
    request_id = serializers.CharField(allow_null=True)


class StatusView(ServiceView):
    @extend_schema(operation_id="forma_status", summary="Which organization this credential acts for. Free.",
                   responses={200: StatusSerializer, **ERRORS})
    def get(self, request):
        return Response(organization_status(principal=self.principal))


class OracleListView(ServiceView):
    @extend_schema(operation_id="list_oracles", summary="The catalogue. Free.", responses={200: OracleListSerializer, **ERRORS})
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
    "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
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
                   responses={200: AnswerSerializer, **ERRORS, 422: OpenApiResponse(ErrorSerializer)})
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
        parameters=[OpenApiParameter("format", OpenApiTypes.STR, enum=list(FIGURE_OUTPUTS), required=False)],
        responses={(200, "image/png"): OpenApiTypes.BINARY, (200, "image/svg+xml"): OpenApiTypes.STR, **ERRORS},
    )
    def get(self, request, token: str):
        data, mime = figure_render(principal=self.principal, token=token, out=request.query_params.get("format"))
        response = HttpResponse(data, content_type=mime)
        # An SVG from us is still served as a download target, never as a page with script rights.
        response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        response["X-Content-Type-Options"] = "nosniff"
        return response


class ChangelogView(ServiceView):
    @extend_schema(operation_id="whats_new", summary="What changed for callers, newest first. Free.",
                   parameters=[OpenApiParameter("since", OpenApiTypes.DATE, required=False)],
                   responses={200: ChangelogSerializer, **ERRORS})
    def get(self, request):
        return Response(changelog_since(since=request.query_params.get("since")))


class FeedbackView(ServiceView):
    @extend_schema(operation_id="send_feedback", summary="Tell the people who build Forma what worked. Free.",
                   request=FeedbackInSerializer, responses={201: FeedbackOutSerializer, **ERRORS})
    def post(self, request):
        data = self.validated(FeedbackInSerializer)
        result = feedback_submit(
            principal=self.principal, sentiment=data["sentiment"], message=data["message"],
            oracle_name=data.get("oracle") or None, request_id=data.get("request_id") or None,
        )
        return Response(result, status=201)
