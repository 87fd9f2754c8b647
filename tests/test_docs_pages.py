"""The docs at /docs/: public pages whose facts are read from the live definitions, so they cannot drift.

Each test reads the definition the way its own door publishes it (tools/list from the
server forma.mcp builds, /v1/openapi.json over HTTP, the one list of reason codes and
of error kinds) and finds every item of it on the page.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.utils import timezone
from django.utils.text import slugify

from forma import mcp
from forma.docs import sources
from forma.docs.pages import PAGES
from oracles.models import ChangelogEntry, Oracle

pytestmark = pytest.mark.django_db
# The one list of each, as forma/docs/sources.py imports it (repointed there, and only there, when it moves).
KINDS = sources.KINDS
REASONS = sources.REASONS
DOCS = Path(__file__).resolve().parent.parent / "docs"
DOCS_URLS = [
    "/docs/",
    "/docs/connect/",
    "/docs/tools/",
    "/docs/verdicts/",
    "/docs/limits/",
    "/docs/errors/",
    "/docs/rest/",
    "/docs/changelog/",
]


def page_text(content: bytes | str) -> str:
    """What a reader sees: tags dropped, entities decoded, whitespace collapsed."""
    text = content.decode() if isinstance(content, bytes) else content
    text = re.sub(r"</?(?:code|a|strong|em|span)\b[^>]*>", "", text)  # inline: part of the sentence around it
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def plain(text: str) -> str:
    # Inline Markdown in a description (`code`) is drawn as <code>; a reader does not see the backticks.
    return " ".join(text.replace("`", "").split())


def section(content: bytes, element_id: str) -> str:
    text = content.decode()
    start = text.index(f'id="{element_id}"')
    return text[start : text.index("</section>", start)]


def listed_tools():
    return async_to_sync(mcp.build_server().list_tools)()


@pytest.mark.parametrize("url", DOCS_URLS)
def test_every_docs_page_is_public_cached_and_csp_safe(seeded, url):
    response = Client().get(url)

    assert response.status_code == 200
    assert response["Cache-Control"] in {"max-age=300, private", "private, max-age=300"}
    assert "script-src 'self'" in response["Content-Security-Policy"]
    body = response.content.decode()
    # No inline script or style: everything executable comes from /static.
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", body) == []
    assert " style=" not in body and "<style" not in body
    # Every page links every other page.
    for page in PAGES:
        assert f'href="{page.url}"' in body


def test_the_docs_are_one_page_per_entry_and_linked_from_the_site_navigation(seeded):
    assert [page.url for page in PAGES] == DOCS_URLS
    home = Client().get("/").content.decode()
    assert 'href="/docs/"' in home
    readme = (DOCS.parent / "README.md").read_text()
    assert "/docs/" in readme


def test_the_tools_page_lists_every_tool_of_tools_list_with_its_arguments(seeded):
    content = Client().get("/docs/tools/").content

    tools = listed_tools()
    assert [t.name for t in tools] == ["forma_status", "list_oracles", "ask_oracle", "show_figure", "whats_new", "send_feedback"]
    for tool in tools:
        shown = page_text(section(content, f"tool-{tool.name}"))
        required = set(tool.input_schema.get("required", []))
        arguments = tool.input_schema.get("properties", {})
        signature = ", ".join(name + ("" if name in required else "?") for name in arguments)
        assert f"{tool.name}({signature})" in shown
        assert tool.title in shown
        assert plain(tool.description) in shown
        for name, schema in arguments.items():
            row = f"{name} {sources.schema_type(schema)} {'required' if name in required else 'optional'} {plain(schema['description'])}"
            assert row in shown, row
    ask = page_text(section(content, "tool-ask_oracle"))
    assert "format string (not empty, up to 40 characters) or null optional" in ask
    assert "intent string (not empty, up to 20,000 characters) required" in ask
    assert "show_figure(figure_token, format?)" in page_text(content)
    assert 'format "png" | "svg" or null optional' in page_text(section(content, "tool-show_figure"))


def test_a_changed_tool_description_changes_the_tools_page(seeded, monkeypatch):
    before = page_text(Client().get("/docs/tools/").content)
    changed = "Ask an oracle; this sentence exists only in this test."
    assert changed not in before
    build_server = mcp.build_server

    def build_server_with_a_new_description():
        server = build_server()
        server._tool_manager.get_tool("ask_oracle").description = changed
        return server

    monkeypatch.setattr(mcp, "build_server", build_server_with_a_new_description)
    assert async_to_sync(mcp.build_server().list_tools)()[2].description == changed

    after = Client().get("/docs/tools/").content
    assert page_text(section(after, "tool-ask_oracle")).count(changed) == 1
    assert "Ask an oracle for a formal artifact" not in page_text(after)


def test_tool_descriptions_reach_clients_without_the_source_indentation():
    for tool in listed_tools():
        assert tool.description
        assert [line for line in tool.description.splitlines() if line != line.lstrip()] == [], tool.name


def test_the_verdicts_page_lists_every_reason_code_with_its_billing(seeded):
    content = Client().get("/docs/verdicts/").content.decode()

    rows = dict(re.findall(r'<tr id="reason-([A-Z_]+)">(.*?)</tr>', content, re.S))
    assert sorted(rows) == sorted(REASONS)
    for code, (billed, meaning) in REASONS.items():
        shown = page_text(rows[code])
        assert shown.startswith(f"{code} {'yes' if billed else 'no'} ")
        assert plain(meaning.split(": ", 1)[-1]) in shown


def test_the_docs_prose_names_only_reason_codes_that_exist():
    named = {code for path in DOCS.glob("*.md") for code in re.findall(r"^- `([A-Z][A-Z_]+)`:", path.read_text(), re.M)}
    assert named, "the verdicts page's guidance names codes"
    assert named - set(REASONS) == set()


def test_the_errors_page_lists_every_error_kind_of_the_one_list(seeded):
    content = Client().get("/docs/errors/").content.decode()

    rows = dict(re.findall(r'<tr id="kind-([a-z_]+)">(.*?)</tr>', content, re.S))
    assert list(rows) == list(KINDS)
    for kind, spec in KINDS.items():
        assert page_text(rows[kind]).startswith(f"{kind} {spec.http_status} {'yes' if spec.retryable else 'no'} ")
        assert spec.meaning and spec.meaning.split()[1] in page_text(rows[kind])  # its meaning, from the one list


def test_the_rest_page_lists_every_path_and_method_of_the_openapi_document(seeded):
    document = json.loads(Client().get("/v1/openapi.json").content)
    content = Client().get("/docs/rest/").content

    operations = [(path, method) for path, item in document["paths"].items() for method in item if method in {"get", "post"}]
    assert len(operations) >= 6
    for path, method in operations:
        shown = page_text(section(content, slugify(f"{method} {path}")))
        assert f"{method.upper()} {path}" in shown
        for code in document["paths"][path][method]["responses"]:
            assert re.search(rf"\b{code}\b", shown), (path, method, code)
        for parameter in document["paths"][path][method].get("parameters", []):
            assert parameter["name"] in shown
    text = page_text(content)
    for name, schema in document["components"]["schemas"].items():
        for field in schema.get("properties", {}):
            assert f"{field} " in page_text(section(content, f"schema-{name}")), (name, field)
    assert 'kind "unauthorized" | "quota_exceeded"' in page_text(section(content, "schema-ErrorBody"))
    assert "POST /v1/ask" in text


def test_prices_and_plans_are_read_from_the_catalogue_when_the_page_is_served(seeded):
    Oracle.objects.filter(name="chart").update(price=7)

    content = Client().get("/docs/limits/").content.decode()

    chart = page_text(re.search(r'<tr id="oracle-chart">(.*?)</tr>', content, re.S).group(1))
    assert chart.endswith("7 credits")
    text = page_text(content)
    assert "free Free 10 100" in text
    assert "pro Pro 120 5000" in text


def test_the_changelog_page_shows_published_entries_only(seeded):
    ChangelogEntry.objects.create(
        title="A published entry for the docs",
        body="Body.",
        category="tool",
        effective_on=timezone.now().date(),
        published_at=timezone.now(),
    )
    ChangelogEntry.objects.create(title="A draft nobody sees", body="Body.", category="tool", effective_on=timezone.now().date())

    text = page_text(Client().get("/docs/changelog/").content)

    assert "A published entry for the docs" in text
    assert "A draft nobody sees" not in text


def test_the_connect_page_names_this_servers_endpoint(seeded, settings):
    settings.PUBLIC_URL = "https://forma.example"
    settings.FORMA = {**settings.FORMA, "MCP_RESOURCE_URL": "https://forma.example/mcp"}

    text = page_text(Client().get("/docs/connect/").content)

    assert "This server's MCP endpoint https://forma.example/mcp" in text
    # The examples written for `make run` show this server's origin instead.
    assert '"url": "https://forma.example/mcp"' in text
    assert "127.0.0.1:8000" not in text


def test_a_signed_in_person_reads_the_same_docs_with_the_dashboard_navigation(account):
    client = Client()
    client.force_login(account.user)

    body = client.get("/docs/errors/").content.decode()

    assert '<a href="/docs/" aria-current="page">Docs</a>' in body
    assert 'href="/dashboard/"' in body
    assert re.findall(r'<tr id="kind-([a-z_]+)">', body) == list(KINDS)


def test_a_docs_file_is_prose_with_live_markers_and_cannot_add_markup(seeded, tmp_path, monkeypatch):
    from forma.docs import pages

    for page in PAGES:
        (tmp_path / page.source).write_text((DOCS / page.source).read_text())
    monkeypatch.setattr(pages, "DOCS_DIR", tmp_path)
    (tmp_path / "errors.md").write_text(
        "# Errors, edited\n\n> A summary.\n\nSee [verdicts](verdicts.md#reason-codes).\n\n"
        "<script>alert(1)</script>\n\n<!-- live: error-kinds -->\n\nAfter the table.\n"
    )

    body = Client().get("/docs/errors/").content.decode()

    assert "<h1>Errors, edited</h1>" in body
    assert '<a href="/docs/verdicts/#reason-codes">verdicts</a>' in body
    assert "<script>alert(1)</script>" not in body and "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert body.index('<tr id="kind-unauthorized">') < body.index("After the table.")
    # Every live marker the real files use names a fragment that exists.
    for page in PAGES:
        doc = pages.document(page)
        assert doc.title and doc.summary, page.source
        assert {name for kind, name in doc.blocks if kind == "live"} <= set(pages.LIVE_FRAGMENTS)


def test_every_link_between_docs_pages_lands_on_an_anchor_that_exists(seeded):
    client = Client()
    ids = {page.url: set(re.findall(r' id="([^"]+)"', client.get(page.url).content.decode())) for page in PAGES}

    links = [link for page in PAGES for link in re.findall(r'href="(/docs/[^"]*)"', client.get(page.url).content.decode())]

    assert any("#" in link for link in links)
    for link in links:
        path, _, anchor = link.partition("#")
        assert path in ids, link
        assert not anchor or anchor in ids[path], link


def test_the_rest_page_reads_the_very_document_that_v1_openapi_json_serves(seeded):
    served = json.loads(Client().get("/v1/openapi.json").content)

    assert sources.openapi() == served
