"""Where the docs pages read the live definitions: the only module of forma.docs that imports them.

Every fact a page states about the interface — tool names, titles, arguments and
descriptions, error kinds, reason codes, prices, plans, REST paths — is read here at
request time from the object that defines it, never copied into a template or a
Markdown file. When a definition moves (the typed contract, the oracle-kind
registry), the import below is the one line to repoint.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from django.conf import settings
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.settings import spectacular_settings

from accounts.selectors import plans_public
from forma import mcp
from ground import contract
from ground.contract import ERROR_KINDS as KINDS
from ground.reasons import REASONS
from oracles.selectors import changelog_since, oracles_served

__all__ = [
    "KINDS",
    "REASONS",
    "Argument",
    "ErrorKind",
    "ReasonCode",
    "Tool",
    "changelog",
    "error_kinds",
    "mcp_url",
    "openapi",
    "oracles_with_prices",
    "plans",
    "public_url",
    "reason_codes",
    "schema_type",
    "tools",
]


@dataclass(frozen=True)
class Argument:
    name: str
    type: str
    required: bool
    description: str
    default: Any = None


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    arguments: list[Argument]

    @property
    def signature(self) -> str:
        """`ask_oracle(oracle, intent, format?, allow_generated_data?)`: optional arguments carry a `?`."""
        return f"{self.name}({', '.join(a.name + ('' if a.required else '?') for a in self.arguments)})"


@dataclass(frozen=True)
class ErrorKind:
    kind: str
    http_status: int
    retryable: bool
    meaning: str


@dataclass(frozen=True)
class ReasonCode:
    code: str
    billed: bool
    applies_to: str  # "chart", "diagram", "error" (an `error` answer's reason) or "any"
    meaning: str


def tools() -> list[Tool]:
    """Exactly what `tools/list` answers: the server forma.mcp builds, asked through its public API."""
    listed = async_to_sync(mcp.build_server().list_tools)()
    return [
        Tool(
            name=tool.name,
            title=tool.title or tool.name,
            description=tool.description or "",
            arguments=_arguments(tool.input_schema),
        )
        for tool in listed
    ]


def _arguments(schema: dict[str, Any]) -> list[Argument]:
    required = set(schema.get("required", []))
    return [
        Argument(
            name=name,
            type=schema_type(prop, schema.get("$defs", {})),
            required=name in required,
            description=prop.get("description", ""),
            default=prop.get("default"),
        )
        for name, prop in schema.get("properties", {}).items()
    ]


def schema_type(prop: dict[str, Any], defs: dict[str, Any] | None = None) -> str:
    """A JSON Schema said the way a reader says it: `string (not empty, up to 40 characters) or null`, `"png" | "svg"`.

    A reference to an object schema stays its name (the REST page lists those); one to an
    enum or a scalar is spelled out.
    """
    defs = defs or {}
    said = _schema_type(prop, defs)
    return f"{said} or null" if prop.get("nullable") and not said.endswith(" or null") else said


def _schema_type(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        target = defs.get(name)
        if target is None or "properties" in target or "oneOf" in target:
            return name
        return schema_type(target, defs)
    if "enum" in prop:
        return " | ".join(f'"{v}"' if isinstance(v, str) else json_literal(v) for v in prop["enum"])
    if "const" in prop:
        return f'"{prop["const"]}"' if isinstance(prop["const"], str) else json_literal(prop["const"])
    if len(prop.get("allOf", [])) == 1:
        said = schema_type(prop["allOf"][0], defs)
        return said if said.startswith('"') else _with_limits(said, prop)  # an enum needs no length
    for combinator in ("anyOf", "oneOf"):
        if combinator in prop:
            return " or ".join(dict.fromkeys(schema_type(p, defs) for p in prop[combinator]))
    kind = prop.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind == "array":
        return f"array of {schema_type(prop.get('items', {}), defs)}"
    if kind == "object" and prop.get("additionalProperties") is not None and "properties" not in prop:
        return "object"
    return _with_limits(kind or "any", prop)


def _with_limits(said: str, prop: dict[str, Any]) -> str:
    limits = []
    if prop.get("format"):
        limits.append(prop["format"])
    if prop.get("minLength") == 1:
        limits.append("not empty")
    elif prop.get("minLength"):
        limits.append(f"at least {prop['minLength']:,} characters")
    if prop.get("maxLength") is not None:
        limits.append(f"up to {prop['maxLength']:,} characters")
    if prop.get("minimum") is not None:
        limits.append(f"at least {prop['minimum']}")
    if prop.get("maximum") is not None:
        limits.append(f"at most {prop['maximum']}")
    return f"{said} ({', '.join(limits)})" if limits else said


def json_literal(value: Any) -> str:
    return json.dumps(value)


def error_kinds() -> list[ErrorKind]:
    return [
        ErrorKind(kind=kind, http_status=spec.http_status, retryable=spec.retryable, meaning=spec.meaning)
        for kind, spec in KINDS.items()
    ]


_SCOPES = ("chart", "diagram", "error")


def reason_codes() -> list[ReasonCode]:
    """Every reason code, sorted; a meaning written `chart: …` applies to that kind only."""
    codes = []
    for code, (billed, meaning) in sorted(REASONS.items()):
        scope, _, rest = meaning.partition(": ")
        if scope in _SCOPES and rest:
            codes.append(ReasonCode(code=code, billed=billed, applies_to=scope, meaning=rest))
        else:
            codes.append(ReasonCode(code=code, billed=billed, applies_to="any", meaning=meaning))
    return codes


def oracles_with_prices() -> list[Any]:
    """The catalogue served, with each oracle's full description (list_oracles gives a one-line summary)."""
    return oracles_served()


def plans() -> list[dict[str, Any]]:
    return [
        {
            "code": plan.code,
            "name": plan.name,
            "requests_per_minute": plan.requests_per_minute,
            "monthly_credits": plan.monthly_credits,
            "features": list(plan.features),
        }
        for plan in plans_public()
    ]


def changelog() -> list[contract.ChangelogItem]:
    """Published entries, newest first: the ones whats_new and GET /v1/changelog answer with."""
    return changelog_since(limit=100).entries


def openapi() -> dict[str, Any]:
    """The document /v1/openapi.json serves, generated the same way its view generates it."""
    generator: SchemaGenerator = spectacular_settings.DEFAULT_GENERATOR_CLASS()
    return generator.get_schema(request=None, public=spectacular_settings.SERVE_PUBLIC)


def mcp_url() -> str:
    return settings.FORMA["MCP_RESOURCE_URL"]


def public_url() -> str:
    return settings.PUBLIC_URL
