"""The dashboard as a person uses it, in headless Chromium (Debian's, through Playwright).

Every page visited is checked the same way (`Visit`): no console error, no CSP
violation, no serious or critical axe-core finding (axe served from /static, so it
runs offline), no horizontal scroll at 390 px, and a screenshot at desktop and at
390 px wide in var/screenshots/<test name>/.
"""

from __future__ import annotations

import http.server
import io
import json
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from conftest import free_port, run_mcp
from tests.oauth_flow import pkce_pair, query_of, register

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parent.parent / "var" / "screenshots"
CHART_INTENT = "A bar chart of weekly signups: Mon 34, Tue 41, Wed 29, Thu 38"
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium (make test installs it when run as root)"),
]


class Visit:
    """Checks and screenshots for each page a test visits."""

    def __init__(self, page, folder: Path) -> None:
        self.page = page
        self.folder = folder
        self.console_errors: list[str] = []
        self.csp_violations: list[str] = []
        self.allowed_errors: tuple[str, ...] = ()
        self.shots: list[str] = []
        folder.mkdir(parents=True, exist_ok=True)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(f"page error: {error}"))

    def _console(self, message) -> None:
        text = message.text
        source = (message.location or {}).get("url", "")
        if "axe.min.js" in source:
            return  # the checker's own probing of the page, not the page
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.csp_violations.append(f"{text} (at {source})")
        elif message.type == "error" and not any(allowed in text for allowed in self.allowed_errors):
            self.console_errors.append(text)

    def check(self, name: str) -> None:
        page = self.page
        page.wait_for_load_state("load")
        assert self.csp_violations == [], self.csp_violations
        assert self.console_errors == [], self.console_errors
        page.add_script_tag(url="/static/vendor/axe-core/axe.min.js")
        violations = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.help + ' @ ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
        )
        assert violations == [], f"{name}: {violations}"
        page.screenshot(path=str(self.folder / f"{name}-desktop.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        page.screenshot(path=str(self.folder / f"{name}-390.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        assert overflow <= 0, f"{name}: the page is {overflow}px wider than a 390px screen"
        self.shots.append(name)


@pytest.fixture
def browser_context(live_server_url, monkeypatch) -> Iterator:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread, which makes
    # Django refuse the test's own (synchronous) database reads; they are safe here.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        context = browser.new_context(base_url=live_server_url.url, viewport={"width": 1280, "height": 900}, accept_downloads=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url.url)
        try:
            yield context
        finally:
            browser.close()


@pytest.fixture
def visit(browser_context, request) -> Visit:
    page = browser_context.new_page()
    return Visit(page, SCREENSHOTS / request.node.name)


def _in_thread(fn, *args):
    # run_mcp uses asyncio.run, which cannot start inside Playwright's running loop.
    box: dict = {}
    thread = threading.Thread(target=lambda: box.update(value=fn(*args)))
    thread.start()
    thread.join(timeout=120)
    return box["value"]


def _sign_up_and_confirm(visit: Visit, email: str) -> None:
    from django.core import mail

    page = visit.page
    page.goto("/")
    visit.check("home")
    page.click("text=Create an account")
    page.wait_for_url("**/accounts/signup/")
    visit.check("signup")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", "a long enough password")
    page.click("button:has-text('Sign up')")
    page.wait_for_url("**/accounts/signup/sent/")
    visit.check("signup-sent")
    link = re.search(r"https?://[^/]+(/accounts/signup/confirm/\S+/)", mail.outbox[-1].body).group(1)
    page.goto(link)
    visit.check("signup-confirm")
    page.click("button:has-text('Confirm and sign in')")
    page.wait_for_url("**/dashboard/")


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



def _wait_for_js(page, expression: str, timeout: float = 10) -> None:
    """Poll `expression` until it is truthy. Not `page.wait_for_function`: when it has to poll, it
    compiles the expression inside the page, which the page's own CSP (no 'unsafe-eval') refuses."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(50)


def test_a_new_person_from_sign_up_to_an_expired_session(visit, live_server_url, loopback_callback):
    from django.conf import settings
    from django.contrib.sessions.models import Session
    from pypdf import PdfReader

    from accounts.models import AgentConnection, ApiKey
    from accounts.services import api_key_verify
    from oracles.models import Answer

    page = visit.page
    _sign_up_and_confirm(visit, "walker@example.com")

    # Overview: plan and credits, the MCP URL copied with one click, per-client setup in tabs.
    assert page.locator("#balance").inner_text() == "100"
    assert page.locator("#step-key").get_attribute("class") == ""
    page.click("button:has-text('Copy URL')")
    page.locator("button:has-text('Copied')").wait_for(timeout=5_000)
    assert page.evaluate("navigator.clipboard.readText()") == settings.FORMA["MCP_RESOURCE_URL"]
    page.click("[role=tab]:has-text('Cursor')")
    assert page.locator("#panel-cursor").is_visible() and not page.locator("#panel-claude-desktop").is_visible()
    cursor = json.loads(page.locator("#snippet-cursor").inner_text())
    assert cursor["mcpServers"]["forma"]["url"] == settings.FORMA["MCP_RESOURCE_URL"]
    visit.check("overview")

    # A key: named, shown once, focused for copying.
    page.click("nav >> text=Keys & agents")
    page.wait_for_url("**/dashboard/keys/")
    page.fill("#key-name", "laptop")
    page.click("button:has-text('Create key')")
    page.locator("#new-key").wait_for(timeout=10_000)
    secret = page.locator("#new-key").inner_text().strip()
    assert api_key_verify(raw=secret).name == "laptop"
    _wait_for_js(page, "document.activeElement && document.activeElement.id === 'new-key'")  # focus moves after settle
    visit.check("keys-new-key")
    page.reload()
    assert page.locator("#new-key").count() == 0 and secret not in page.content()

    # Used over MCP, the answer appears in usage, and its page shows the figure.
    result = _in_thread(run_mcp, live_server_url.mcp_url, secret, [("ask_oracle", {"oracle": "chart", "intent": CHART_INTENT})])[0]
    assert json.loads(result.content[0].text)["status"] == "valid"
    answer = Answer.objects.get(credential=ApiKey.objects.get(name="laptop").public_id)
    page.click("nav >> text=Usage")
    page.wait_for_url("**/dashboard/usage/")
    row = page.locator("tr", has_text=answer.request_id)
    assert "weekly signups" in row.inner_text() and "Key “laptop”" in row.inner_text()
    visit.check("usage")
    page.click(f"text={answer.request_id}")
    page.wait_for_url(f"**/dashboard/answers/{answer.request_id}/")
    _wait_for_js(page, "document.getElementById('answer-figure').complete")
    assert page.evaluate("document.getElementById('answer-figure').naturalWidth") > 100
    visit.check("answer")
    page.goto("/dashboard/")
    assert page.locator("#step-key").get_attribute("class") == "done" and page.locator("#step-answer").get_attribute("class") == "done"

    # The playground: billed, says so, shows the verdict, its checker, the source and the figure.
    page.click("nav >> text=Playground")
    assert "billed like any other" in page.inner_text("main")
    page.fill("textarea[name=intent]", "A line chart of temperature: Jan 3, Feb 5, Mar 9, Apr 14")
    page.click("button:has-text('Ask')")
    page.locator("#playground-figure").wait_for(timeout=30_000)
    _wait_for_js(page, "document.getElementById('playground-figure').complete")
    assert page.evaluate("document.getElementById('playground-figure').naturalWidth") > 100
    assert "vega-lite JSON schema" in page.inner_text("#playground-answer") and "$schema" in page.inner_text("#playground-source")
    visit.check("playground-answer")

    # The statement: a PDF whose text says what happened this month.
    page.click("nav >> text=Statements")
    visit.check("statement")
    with page.expect_download() as download:
        page.click("button:has-text('Download PDF')")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(Path(download.value.path()).read_bytes())).pages)
    assert "walker's workspace" in text and re.search(r"Closing balance\s*98", text) and "allowance" in text

    # An agent asks, the consent page frames its name and shows where it goes; Allow, then revoke it.
    registered = json.loads(register(client_name="Browser Agent", redirect_uris=[loopback_callback]).content)
    _, challenge = pkce_pair()
    params = {
        "response_type": "code", "client_id": registered["client_id"], "redirect_uri": loopback_callback, "state": "st-1",
        "code_challenge": challenge, "code_challenge_method": "S256", "scope": "forma:tools", "resource": settings.FORMA["MCP_RESOURCE_URL"],
    }
    page.goto("/o/authorize/?" + urlencode(params))
    assert page.locator(".client-name").inner_text() == "“Browser Agent”" and page.locator("#redirect-host").inner_text().startswith("127.0.0.1")
    visit.check("consent")
    page.click("button[name=allow]")
    page.wait_for_url(loopback_callback + "?**", timeout=15_000)
    assert query_of(page.url)["state"] == "st-1"
    page.goto("/dashboard/keys/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#agent-connections button:has-text('Revoke')")
    page.locator("#agent-connections >> text=revoked").wait_for(timeout=10_000)
    assert AgentConnection.objects.get().revoked_at is not None
    visit.check("keys-agent-revoked")

    # Revoking a key asks first, naming it.
    page.click("button[aria-label='Revoke laptop']")
    page.locator("[role=alertdialog]").wait_for()
    assert "Revoke the key “laptop”?" in page.inner_text("[role=alertdialog]")
    _wait_for_js(page, "document.activeElement && document.activeElement.textContent === 'Revoke “laptop”'")
    visit.check("keys-revoke-confirm")
    page.click("button:has-text('Cancel')")
    assert ApiKey.objects.get(name="laptop").revoked_at is None

    # A key made, then the session expires: the next htmx action says so, with a sign-in link, and no stale key.
    page.fill("#key-name", "second")
    page.click("button:has-text('Create key')")
    page.locator("#new-key").wait_for(timeout=10_000)
    Session.objects.all().delete()
    visit.allowed_errors = ("status of 401",)  # the refusal itself, expected here
    page.fill("#key-name", "third")
    page.click("button:has-text('Create key')")
    page.locator("#flash >> text=Your session has ended").wait_for(timeout=10_000)
    assert page.locator("#new-key").count() == 0 and page.locator("#api-keys input[name=password]").count() == 0
    assert page.locator("#flash a", has_text="Sign in again").get_attribute("href") == "/accounts/login/?next=/dashboard/keys/"
    assert not ApiKey.objects.filter(name="third").exists()
    visit.allowed_errors = ()
    visit.console_errors.clear()
    visit.check("session-expired")

    # Without even the CSRF cookie, the same: a message, nothing done.
    page.context.clear_cookies()
    visit.allowed_errors = ("status of 403",)
    page.click("button:has-text('Create key')")
    page.locator("#flash >> text=Your session has ended").wait_for(timeout=10_000)
    assert not ApiKey.objects.filter(name="third").exists()
    visit.console_errors.clear()

    page.click("#flash >> text=Sign in again")
    page.wait_for_url("**/accounts/login/?next=/dashboard/keys/")
    visit.allowed_errors = ()
    visit.check("sign-in")
    assert len(visit.shots) >= 14


def test_a_createsuperuser_staff_account_signs_in_to_a_working_dashboard(visit, live_server_url, monkeypatch):
    import io as _io

    from django.core.management import call_command

    from accounts.models import ApiKey

    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "staff pass phrase 9")
    call_command("createsuperuser", "--noinput", "--email", "root@example.com", stdout=_io.StringIO())
    page = visit.page
    page.goto("/dashboard/")
    page.wait_for_url("**/accounts/login/?next=/dashboard/")
    page.fill("input[name=username]", "root@example.com")
    page.fill("input[name=password]", "staff pass phrase 9")
    page.click("main button:has-text('Sign in')")
    page.wait_for_url("**/dashboard/")
    assert page.locator("h1").inner_text() == "root's workspace" and page.locator("#balance").inner_text() == "100"
    assert page.locator("nav >> text=Admin").get_attribute("href") == "/admin/"
    visit.check("staff-overview")
    page.goto("/dashboard/keys/")
    page.fill("#key-name", "staff key")
    page.click("button:has-text('Create key')")
    page.locator("#new-key").wait_for(timeout=10_000)
    assert ApiKey.objects.get(name="staff key").organization.personal is True
    page.goto("/accounts/logout/")
    visit.check("logout-page")
    page.click("main button:has-text('Sign out')")
    page.wait_for_url(live_server_url.url + "/")
    assert page.locator("text=Create an account").count() == 1
    visit.allowed_errors = ("status of 404",)  # the page's own status, expected
    page.goto("/no/such/page/")
    visit.check("not-found")
    visit.allowed_errors = ()
    page.goto("/changelog/")
    visit.check("changelog")


def test_the_docs_pages_read_well_for_a_visitor_who_is_not_signed_in(visit):
    # Every docs page, reached through the docs' own navigation.
    page = visit.page
    page.goto("/")
    page.click("nav >> text=Docs")
    page.wait_for_url("**/docs/")
    visit.check("docs-index")
    for link, url, heading in (
        ("Connect your agent", "**/docs/connect/", ".docs-endpoint"),
        ("MCP tools", "**/docs/tools/", "#tool-ask_oracle"),
        ("Verdicts and reason codes", "**/docs/verdicts/", "#reason-DATA_REQUIRED"),
        ("Limits and credits", "**/docs/limits/", "#oracle-chart"),
        ("Errors", "**/docs/errors/", "#kind-rate_limited"),
        ("REST reference", "**/docs/rest/", "#post-v1ask"),
        ("Changelog", "**/docs/changelog/", "article.entry"),
    ):
        page.click(f"nav.docs-nav >> text={link}")
        page.wait_for_url(url)
        assert page.locator(heading).first.is_visible()
        visit.check(url.strip("*/").replace("/", "-"))
