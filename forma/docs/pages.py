"""The docs pages: their prose from docs/*.md, their facts from the live definitions.

Each page is one Markdown file in docs/ (readable in the repository as it is) whose
first line is its title (`# …`) and whose first quoted paragraph (`> …`) is its summary.
A line `<!-- live: NAME -->` marks where a fragment made from the live definitions
goes (forma/docs/sources.py: tools, reason codes, prices, …); in the repository the
comment is invisible, on the served page it is the table. So no fact is written
twice: the prose explains, the fragment lists.

Markdown is rendered server-side with raw HTML off (a Markdown file cannot add a
script, so every page passes the CSP), headings get ids to link to, links between
the files (`verdicts.md#…`) point at the served pages, and the `make run` origin the
files use in examples is replaced by this server's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from markdown_it import MarkdownIt

from . import sources

DOCS_DIR = Path(settings.BASE_DIR) / "docs"
# The origin docs/*.md use in examples (`make run`'s); the served page shows its own instead.
LOCAL_ORIGIN = "http://127.0.0.1:8000"
LIVE_MARKER = re.compile(r"^<!-- live: ([a-z-]+) -->$", re.MULTILINE)
DOC_LINK = re.compile(r"^([a-z-]+)\.md(#[\w-]*)?$")


@dataclass(frozen=True)
class Page:
    slug: str  # the URL name is docs-<slug>
    source: str  # the file in docs/

    @property
    def url_name(self) -> str:
        return f"docs-{self.slug}"

    @property
    def url(self) -> str:
        return reverse(self.url_name)


# In the order the contents list them.
PAGES: tuple[Page, ...] = (
    Page("index", "index.md"),
    Page("connect", "connect.md"),
    Page("tools", "mcp-tools.md"),
    Page("verdicts", "verdicts.md"),
    Page("limits", "limits-and-credits.md"),
    Page("errors", "errors.md"),
    Page("rest", "rest.md"),
    Page("changelog", "changelog.md"),
)
PAGE_BY_SOURCE = {page.source: page for page in PAGES}


@dataclass(frozen=True)
class Document:
    title: str
    summary: str
    blocks: tuple[tuple[str, str], ...]  # ("markdown", text) or ("live", fragment name), in page order


def document(page: Page) -> Document:
    path = DOCS_DIR / page.source
    return _parsed(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _parsed(path: Path, mtime_ns: int) -> Document:
    # Keyed by the file's modification time: an edited file is read again, an unchanged one is not.
    return parse(path.read_text(encoding="utf-8"))


def parse(text: str) -> Document:
    """Split a docs file into its title, summary and blocks: Markdown between the live markers."""
    title, summary = "", ""
    lines = text.splitlines()
    if lines and lines[0].startswith("# "):
        title = lines[0][2:].strip()
        lines = lines[1:]
    while lines and not lines[0].strip():
        lines = lines[1:]
    quoted = []
    while lines and lines[0].startswith(">"):
        quoted.append(lines[0].lstrip(">").strip())
        lines = lines[1:]
    summary = " ".join(quoted)
    parts = LIVE_MARKER.split("\n".join(lines))
    blocks = tuple(("live" if i % 2 else "markdown", part) for i, part in enumerate(parts) if i % 2 or part.strip())
    return Document(title=title, summary=summary, blocks=blocks)


@cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    rules = md.renderer.rules

    def heading_open(tokens, idx, options, env):
        inline = tokens[idx + 1]
        tokens[idx].attrSet("id", slugify(inline.content.replace("`", "")))
        return md.renderer.renderToken(tokens, idx, options, env)

    def link_open(tokens, idx, options, env):
        href = str(tokens[idx].attrGet("href") or "")
        match = DOC_LINK.match(href)
        if match and f"{match.group(1)}.md" in PAGE_BY_SOURCE:
            tokens[idx].attrSet("href", PAGE_BY_SOURCE[f"{match.group(1)}.md"].url + (match.group(2) or ""))
        return md.renderer.renderToken(tokens, idx, options, env)

    fence, code_block = rules["fence"], rules["code_block"]

    def focusable(render):
        # A code block wider than the page scrolls; keyboard users must be able to reach it to scroll it.
        return lambda tokens, idx, options, env: render(tokens, idx, options, env).replace("<pre>", '<pre tabindex="0">', 1)

    rules["fence"] = focusable(fence)
    rules["code_block"] = focusable(code_block)
    rules["heading_open"] = heading_open
    rules["link_open"] = link_open
    # A wide table scrolls inside its box on a phone instead of widening the page.
    rules["table_open"] = lambda tokens, idx, options, env: '<div class="table-wrap"><table>\n'
    rules["table_close"] = lambda tokens, idx, options, env: "</table></div>\n"
    return md


def markdown_html(text: str) -> SafeString:
    return _rendered(text, sources.public_url())


@lru_cache(maxsize=64)
def _rendered(text: str, origin: str) -> SafeString:
    return mark_safe(_markdown().render(text.replace(LOCAL_ORIGIN, origin)))  # noqa: S308 -- raw HTML is off: only Markdown's own tags come out


def inline_markdown_html(text: str) -> SafeString:
    """One paragraph of a definition's text, its line breaks the source's wrapping, not the author's."""
    return mark_safe(_markdown().renderInline(" ".join(text.split())))  # noqa: S308 -- raw HTML is off


# ---- the live fragments: template, and the context read from the definitions -------------


def _reason_groups() -> list[dict[str, Any]]:
    codes = sources.reason_codes()
    order = ["any", *sorted({c.applies_to for c in codes} - {"any", "error"}), "error"]
    return [{"applies_to": scope, "codes": [c for c in codes if c.applies_to == scope]} for scope in order]


def _contents() -> list[dict[str, str]]:
    return [{"url": page.url, "doc": document(page)} for page in PAGES[1:]]


def _openapi() -> dict[str, Any]:
    document = sources.openapi()  # generated once per page: both lists read the same document
    return {"operations": _openapi_operations(document), "shapes": _openapi_schemas(document)}


def _openapi_operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Each path and method of the OpenAPI document, with its parameters, body and responses."""
    components = schema.get("components", {}).get("schemas", {})
    operations = []
    for path, item in schema.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            body = op.get("requestBody", {})
            operations.append(
                {
                    "path": path,
                    "method": method.upper(),
                    "anchor": slugify(f"{method} {path}"),
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "parameters": [
                        {
                            "name": p["name"],
                            "in": p.get("in", ""),
                            "required": p.get("required", False),
                            "type": sources.schema_type(p.get("schema", {}), components),
                            "description": p.get("description", ""),
                        }
                        for p in [*shared, *op.get("parameters", [])]
                    ],
                    "body": _bodies(body, components),
                    "body_required": body.get("required", False),
                    "responses": [
                        {
                            "code": code,
                            "description": response.get("description", ""),
                            "schemas": _bodies(response, components),
                        }
                        for code, response in op.get("responses", {}).items()
                    ],
                }
            )
    return operations


def _openapi_schemas(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's named shapes (objects and their alternatives); enums are spelled out where used."""
    components = document.get("components", {}).get("schemas", {})
    shapes = []
    for name, schema in components.items():
        if "properties" not in schema and "oneOf" not in schema:
            continue
        required = set(schema.get("required", []))
        shapes.append(
            {
                "name": name,
                "description": schema.get("description", ""),
                "one_of": [_schema_name(s, components) for s in schema.get("oneOf", [])],
                "properties": [
                    {
                        "name": prop_name,
                        "type": sources.schema_type(prop, components),
                        "required": prop_name in required,
                        "description": prop.get("description", ""),
                    }
                    for prop_name, prop in schema.get("properties", {}).items()
                ],
            }
        )
    return shapes


def _bodies(part: dict[str, Any], components: dict[str, Any]) -> list[dict[str, str]]:
    """A request or response body per media type: its shape's name, linked when the page lists the shape."""
    bodies = []
    for media, content in part.get("content", {}).items():
        name = _schema_name(content.get("schema", {}), components)
        shape = components.get(name, {})
        bodies.append({"media_type": media, "schema": name, "listed": "properties" in shape or "oneOf" in shape})
    return bodies


def _schema_name(schema: dict[str, Any], components: dict[str, Any]) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    return sources.schema_type(schema, components)


LIVE_FRAGMENTS: dict[str, tuple[str, Any]] = {
    # name: (template, what it needs, read when the page is served)
    "contents": ("docs/live/contents.html", lambda: {"contents": _contents()}),
    "oracles": ("docs/live/oracles.html", lambda: {"oracles": sources.oracles_with_prices()}),
    "tools": ("docs/live/tools.html", lambda: {"tools": sources.tools()}),
    "endpoint": ("docs/live/endpoint.html", lambda: {"mcp_url": sources.mcp_url()}),
    "error-kinds": ("docs/live/error_kinds.html", lambda: {"error_kinds": sources.error_kinds()}),
    "reason-codes": ("docs/live/reason_codes.html", lambda: {"reason_groups": _reason_groups()}),
    "plans": ("docs/live/plans.html", lambda: {"plans": sources.plans()}),
    "openapi": ("docs/live/openapi.html", _openapi),
    "changelog": ("docs/live/changelog.html", lambda: {"entries": sources.changelog()}),
}


def render_blocks(doc: Document, request) -> list[SafeString]:
    """The page body: each Markdown block rendered, each live marker replaced by its fragment."""
    html = []
    for kind, value in doc.blocks:
        if kind == "markdown":
            html.append(markdown_html(value))
        elif value in LIVE_FRAGMENTS:
            template, context = LIVE_FRAGMENTS[value]
            html.append(mark_safe(render_to_string(template, context(), request=request)))  # noqa: S308 -- an autoescaped template
        else:
            raise ValueError(f"docs: no live fragment named {value!r} (known: {', '.join(LIVE_FRAGMENTS)})")
    return html
