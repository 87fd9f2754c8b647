"""The typed contract: every shape a caller sees, defined once.

The MCP tools return these models (their return annotations become each tool's
`outputSchema`) and the REST views publish them in /v1/openapi.json through
drf-spectacular's pydantic support, so the two doors cannot drift apart
(tests/test_contract.py compares them). Services build and return them.

Two lists are the vocabulary every shape here refers to: the error kinds
(`ERROR_KINDS`, below) and the reason codes (`ground.reasons.REASONS`); `ErrorKind`
and `ReasonCode` are built from their keys, never written out again.

A field that is sometimes left out of the JSON (an answer's `result` unless it
is valid, a figure's `token` unless it is drawable) is declared `X | Omitted`:
absent when None, and published as optional and never null.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator, with_config
from pydantic.json_schema import SkipJsonSchema
from typing_extensions import TypedDict  # pydantic needs this TypedDict on Python < 3.12

from .reasons import REASONS


@dataclass(frozen=True)
class ErrorKindSpec:
    http_status: int
    retryable: bool  # by default; an error may say otherwise
    meaning: str  # what it tells the caller to do (the public docs' table)


# The one list of error kinds. Every failure, at every door, is an error object with one of these.
ERROR_KINDS: dict[str, ErrorKindSpec] = {
    "unauthorized": ErrorKindSpec(
        401, False, "No credential, or it is unknown, revoked or expired. A person has to sign in again or issue a new key."
    ),
    "quota_exceeded": ErrorKindSpec(
        402, False, "The credits cannot cover the price (`context` has `balance` and `price`). Switching keys will not "
        "help; the plan's allowance is added again each month.",
    ),
    "not_found": ErrorKindSpec(
        404, False, "No such oracle, answer, figure or tool; `context` names what exists. Use one of the names given."
    ),
    "invalid_request": ErrorKindSpec(
        400, False, "The arguments were refused; `context` names the valid values. Fix the arguments."
    ),
    "rate_limited": ErrorKindSpec(429, True, "Over the plan's `requests_per_minute`. Wait `retry_after` seconds."),
    "upstream_unavailable": ErrorKindSpec(
        503, True, "Forma's own database or Redis did not answer, even after quick retries. Ours and brief: wait "
        "`retry_after` seconds and retry; nothing was charged.",
    ),
    "backend_unreachable": ErrorKindSpec(
        502, True, "The checking service (the task broker and its workers) could not be reached, even after "
        "retries, so no check ran. Wait and retry; nothing was charged.",
    ),
}

# Literals built from the one lists (a type checker sees `str`; pydantic, MCP and OpenAPI see the enum).
ErrorKind = Literal[tuple(ERROR_KINDS)]  # type: ignore[valid-type]
ReasonCode = Literal[tuple(REASONS)]  # type: ignore[valid-type]
VerdictStatus = Literal["valid", "invalid", "error"]
VERDICT_STATUSES: tuple[str, ...] = get_args(VerdictStatus)
FigureOutput = Literal["png", "svg"]
FIGURE_OUTPUTS: tuple[str, ...] = get_args(FigureOutput)
Sentiment = Literal["positive", "negative", "neutral"]
SENTIMENTS: tuple[str, ...] = get_args(Sentiment)
ChangelogCategory = Literal["oracle", "tool", "endpoint", "platform"]
CHANGELOG_CATEGORIES: tuple[str, ...] = get_args(ChangelogCategory)
CredentialKind = Literal["api_key", "oauth", "session"]
CREDENTIAL_KINDS: tuple[str, ...] = get_args(CredentialKind)

# A None that is never published: `X | Omitted` is X in the schemas, and left out of the JSON when None.
Omitted = SkipJsonSchema[None]


def omitted(description: str | None = None) -> Any:
    """The default of an `X | Omitted` field: None, with no `"default": null` in the schemas."""
    return Field(default=None, description=description, json_schema_extra=_without_default)


def _without_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


class Shape(BaseModel):
    """A response shape: immutable, and leaves out its omitted fields when None."""

    model_config = ConfigDict(frozen=True)

    # No return annotation: pydantic then publishes the model's own schema for the dumped form.
    @model_serializer(mode="wrap")
    def _leave_out_omitted(self, serialize):
        data = serialize(self)
        for name in _omittable(type(self)):
            if getattr(self, name) is None:
                data.pop(name, None)
        return data


@functools.cache
def _omittable(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(name for name, field in model.model_fields.items() if field.json_schema_extra is _without_default)


# ---- the answer -------------------------------------------------------------------------


# Reason and VerifiedBy are TypedDicts, not models: they are stored as they are sent (the
# Answer row's JSON) and read by key, by the dashboard's templates and the engine's tests.


class Reason(TypedDict):
    """Why an answer is `invalid` or `error`: a code from the one list of reason codes, and what to do next."""

    code: ReasonCode
    message: str


@with_config(ConfigDict(extra="allow"))
class VerifiedBy(TypedDict):
    """The citation of a valid answer: which checker ran, and which checks passed. Each kind may add its own keys."""

    checker: str
    checks: list[str]


class Figure(Shape):
    drawable: bool
    token: str | Omitted = omitted("Pass to show_figure (GET /v1/figures/{token}); present when drawable.")
    formats: list[FigureOutput] | Omitted = omitted("What show_figure can draw it as; present when drawable.")
    reason: str | Omitted = omitted("Why it cannot be drawn; present when not drawable.")


class Answer(Shape):
    """An oracle's answer: a verdict on an artifact checked before it was returned."""

    request_id: str
    oracle: str
    format: str
    status: VerdictStatus = Field(
        description="valid (with result and verified_by), invalid (reason says why), or error (ours, unbilled)."
    )
    result: Any = omitted("The checked artifact; present when valid.")
    verified_by: VerifiedBy | Omitted = omitted("Which checker ran and what it checked; present when valid.")
    reason: Reason | Omitted = omitted("Why it is invalid or an error; present unless valid.")
    retryable: bool | Omitted = omitted("Whether retrying can help; present when error.")
    figure: Figure
    cost: int = Field(description="Credits this answer cost.")
    credits_remaining: int
    notes: list[str]


class Verdict(BaseModel):
    """What a check decided, as the engine returns it and as it crosses Celery (`engine_ms` added there).

    `valid` carries the checked `result` and its `verified_by`; `invalid` (the rules refused it) and
    `error` (ours, from an engine crash or a failed task) carry a `reason`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    status: VerdictStatus
    result: Annotated[dict[str, Any] | str | None, Field(union_mode="left_to_right")] = None
    verified_by: VerifiedBy | None = None
    reason: Reason | None = None
    notes: list[str] = Field(default_factory=list)
    engine_ms: float | None = None
    # What the check drew on its way ("png"/"svg" → bytes, exactly what `render` would return), kept
    # so that drawing a fresh answer is not a second render (oracles/figures.py). Never serialised:
    # the check task writes them to the figure cache itself, not through the result backend.
    figures: dict[str, bytes] = Field(default_factory=dict, exclude=True, repr=False)

    @model_validator(mode="after")
    def _says_what_its_status_needs(self) -> Verdict:
        if self.status == "valid" and (self.result is None or self.verified_by is None or self.reason is not None):
            raise ValueError("a valid verdict has a result and verified_by, and no reason")
        if self.status != "valid" and (self.reason is None or self.result is not None):
            raise ValueError(f"an {self.status} verdict has a reason and no result")
        return self

    @classmethod
    def valid(
        cls, result: dict[str, Any] | str, verified_by: VerifiedBy, notes: list[str] | None = None,
        figures: dict[str, bytes] | None = None,
    ) -> Verdict:
        return cls(status="valid", result=result, verified_by=verified_by, notes=list(notes or []), figures=dict(figures or {}))

    @classmethod
    def invalid(cls, code: str, message: str, notes: list[str] | None = None) -> Verdict:
        """An invalid verdict with the given reason."""
        return cls(status="invalid", reason={"code": code, "message": message}, notes=list(notes or []))

    @classmethod
    def error(cls, code: str, message: str, notes: list[str] | None = None) -> Verdict:
        """An error verdict (ours, never billed) with the given reason."""
        return cls(status="error", reason={"code": code, "message": message}, notes=list(notes or []))

    @property
    def reason_code(self) -> str | None:
        return self.reason["code"] if self.reason else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form (what crosses Celery)."""
        return self.model_dump(mode="json", exclude={"engine_ms"} if self.engine_ms is None else None)


# ---- the error object ------------------------------------------------------------------


class ErrorBody(Shape):
    kind: ErrorKind
    message: str = Field(description="The cause and the next move.")
    retryable: bool = Field(description="Whether waiting could change the answer.")
    request_id: str = Field(description="The id stamped on the failure; quote it when reporting a problem.")
    context: dict[str, Any] | Omitted = omitted("What the caller can use to fix it (the valid formats, the oracles, …).")
    retry_after: int | Omitted = omitted("Seconds to wait before retrying.")


class Error(Shape):
    """Every failure, at every door: the error object."""

    error: ErrorBody


# ---- status, catalogue, changelog, feedback --------------------------------------------


class Credential(Shape):
    kind: CredentialKind
    id: str
    name: str | None
    scopes: list[str]


class Status(Shape):
    """Which organization this credential acts for."""

    org_id: str
    plan: str
    requests_per_minute: int
    features: list[str]
    credits_remaining: int
    credential: Credential
    user: str | None = Field(description="The signed-in person's email; null for an API key.")


class Oracle(Shape):
    """One catalogue entry: a few hundred bytes however large the catalogue grows."""

    name: str
    title: str
    summary: str = Field(description="One line: the first sentence of its description; the full text is in the docs.")
    formats: list[str]
    default_format: str
    drawable_formats: list[str] = Field(description="The formats show_figure can draw.")
    price: int = Field(description="Credits per billed answer.")


class OracleList(Shape):
    """The catalogue."""

    oracles: list[Oracle]


class ChangelogItem(Shape):
    date: datetime.date
    category: ChangelogCategory
    title: str
    body: str


class Changelog(Shape):
    """What changed for callers, newest first."""

    entries: list[ChangelogItem]
    latest: datetime.date | None = Field(description="Pass as `since` next time to see only newer entries.")


class FeedbackReceipt(Shape):
    feedback_id: str
    received: bool
    oracle: str | None = Field(description="The oracle it was filed under.")
    request_id: str | None = Field(description="The answer it was linked to.")


__all__ = [
    "CHANGELOG_CATEGORIES",
    "CREDENTIAL_KINDS",
    "ERROR_KINDS",
    "FIGURE_OUTPUTS",
    "SENTIMENTS",
    "VERDICT_STATUSES",
    "CredentialKind",
    "Answer",
    "Changelog",
    "ChangelogCategory",
    "ChangelogItem",
    "Credential",
    "Error",
    "ErrorBody",
    "ErrorKind",
    "ErrorKindSpec",
    "FeedbackReceipt",
    "Figure",
    "FigureOutput",
    "Omitted",
    "Oracle",
    "OracleList",
    "Reason",
    "ReasonCode",
    "Sentiment",
    "Shape",
    "Status",
    "Verdict",
    "VerdictStatus",
    "VerifiedBy",
    "omitted",
]
