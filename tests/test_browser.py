"""The pages people use, in headless Chromium: sign-up, keys (htmx), and OAuth consent under the real CSP."""

from __future__ import annotations

import http.server
import shutil
import threading
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from conftest import free_port
from tests.oauth_flow import pkce_pair, query_of, register

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium (make test installs it when run as root)"),
]


@pytest.fixture
def page(live_server_url, monkeypatch) -> Iterator:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread, which makes
    # Django refuse the test's own (synchronous) database reads; they are safe here.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        context = browser.new_context(base_url=live_server_url.url)
        page = context.new_page()
        page.csp_violations = []
        page.on("console", lambda msg: "Content Security Policy" in msg.text and page.csp_violations.append(msg.text))
        try:
            yield page
        finally:
            browser.close()


def _sign_up(page, email: str) -> None:
    page.goto("/accounts/signup/")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", "a long enough password")
    page.click("button[type=submit]")
    page.wait_for_url("**/dashboard/")


def test_sign_up_create_a_key_once_and_revoke_it(page, seeded):
    from accounts.models import ApiKey
    from accounts.services import api_key_verify

    _sign_up(page, "browser@example.com")
    assert page.locator("text=org_").count() >= 1
    page.fill("input[name=name]", "laptop")
    page.click("text=Create key")
    secret = page.locator("#new-key").inner_text(timeout=10_000)
    assert api_key_verify(raw=secret).name == "laptop"
    page.reload()
    assert page.locator("#new-key").count() == 0  # shown once
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Revoke')")
    page.locator("text=revoked").wait_for(timeout=10_000)
    assert ApiKey.objects.get(name="laptop").revoked_at is not None
    assert page.csp_violations == []


class _Callback(http.server.BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        type(self).seen.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def loopback_callback() -> Iterator[str]:
    _Callback.seen = []
    server = http.server.HTTPServer(("127.0.0.1", free_port()), _Callback)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/callback"
    finally:
        server.shutdown()


def test_consent_allow_redirects_to_the_agent_under_the_real_csp(page, live_server_url, seeded, loopback_callback):
    import json

    from django.conf import settings
    from django.test import Client

    registered = json.loads(register(client_name="Browser Agent", redirect_uris=[loopback_callback]).content)
    _sign_up(page, "consent@example.com")
    verifier, challenge = pkce_pair()
    params = {
        "response_type": "code", "client_id": registered["client_id"], "redirect_uri": loopback_callback,
        "state": "st-123", "code_challenge": challenge, "code_challenge_method": "S256",
        "scope": "forma:tools", "resource": settings.FORMA["MCP_RESOURCE_URL"],
    }
    response = page.goto("/o/authorize/?" + urlencode(params))
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert page.locator("text=Browser Agent").count() >= 1
    assert page.locator("text=127.0.0.1").count() >= 1
    page.click("button[name=allow], input[name=allow]")
    page.wait_for_url(loopback_callback + "?**", timeout=15_000)
    query = query_of(page.url)
    assert query["state"] == "st-123" and query["iss"] == live_server_url.url
    token = Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": query["code"], "redirect_uri": loopback_callback,
        "client_id": registered["client_id"], "code_verifier": verifier,
    })
    assert token.status_code == 200 and json.loads(token.content)["token_type"] == "Bearer"
    assert page.csp_violations == []
