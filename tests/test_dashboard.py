"""The dashboard for people, through Django's test client: organizations for every user, htmx
refusals, keys, usage, figures, the playground, statements, account pages, news and feedback."""

from __future__ import annotations

import importlib
import io
import json
import re
import time
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.core import mail
from django.core.management import call_command
from django.test import Client

from accounts.credits import balance_of
from accounts.models import ApiKey, LedgerEntry, Membership, Organization, User
from accounts.selectors import organization_for_user
from feedback.models import Feedback
from oracles.models import Answer, Oracle

pytestmark = pytest.mark.django_db

CHART_INTENT = "A bar chart of weekly signups: Mon 34, Tue 41, Wed 29"


def _signed_in(account, **client_kwargs) -> Client:
    client = Client(**client_kwargs)
    client.force_login(account.user)
    return client


def _answer_row(org, oracle="chart", status="valid", cost=1, credential="key_x", intent="bar chart: a 1, b 2", **extra) -> Answer:
    from ground import ids

    return Answer.objects.create(
        request_id=ids.request_id(), organization=org, credential=credential, oracle=Oracle.objects.get(name=oracle),
        intent=intent, format="vega-lite" if oracle == "chart" else "dot", status=status, cost=cost, **extra,
    )


# ---- every user has an organization ----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_createsuperuser_account_gets_a_workspace_and_a_working_dashboard(seeded, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "staff pass phrase 1")
    call_command("createsuperuser", "--noinput", "--email", "staff@example.com", stdout=io.StringIO())
    user = User.objects.get(email="staff@example.com")
    org = organization_for_user(user)
    assert (org.personal, org.plan_id, balance_of(org)) == (True, "free", 100)

    client = Client()
    assert client.login(username="staff@example.com", password="staff pass phrase 1")  # noqa: S106
    page = client.get("/dashboard/")
    assert page.status_code == 200 and org.public_id in page.content.decode()
    assert 'href="/admin/"' in page.content.decode()  # staff see the admin link
    created = client.post("/dashboard/keys/", {"name": "staff laptop"}, HTTP_HX_REQUEST="true")
    assert created.status_code == 200 and ApiKey.objects.get(organization=org).name == "staff laptop"


@pytest.mark.django_db(transaction=True)
def test_a_user_added_in_the_admin_gets_a_workspace(seeded):
    admin = Client()
    User.objects.create_superuser(email="root@example.com", password="root pass phrase 1")  # noqa: S106
    admin.login(username="root@example.com", password="root pass phrase 1")  # noqa: S106
    response = admin.post(
        "/admin/accounts/user/add/", {"email": "added@example.com", "password1": "added pass phrase 1", "password2": "added pass phrase 1",
                                     "usable_password": "true"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    added = User.objects.get(email="added@example.com")
    assert Membership.objects.filter(user=added, role="owner", organization__personal=True).count() == 1


def test_the_data_migration_repairs_users_without_an_organization(seeded):
    # In this (rolled-back) transaction the after-commit receiver never runs: a user as old code left them.
    orphan = User.objects.create_user(email="old-admin@example.com", password="x" * 12)
    assert organization_for_user(orphan) is None
    importlib.import_module("accounts.migrations.0004_dashboard").repair(apps, None)
    org = organization_for_user(orphan)
    assert org.name == "old-admin's workspace" and balance_of(org) == 100
    assert list(LedgerEntry.objects.filter(organization=org).values_list("kind", "amount")) == [("allowance", 100)]


# ---- htmx under an expired session or CSRF token ---------------------------------------------


def test_an_htmx_action_without_a_session_gets_a_sign_in_message_not_the_sign_in_page(seeded):
    response = Client().post("/dashboard/keys/", {"name": "x"}, HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL="http://testserver/dashboard/keys/")
    body = response.content.decode()
    assert response.status_code == 401
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#flash", "innerHTML")
    assert "Your session has ended" in body and 'href="/accounts/login/?next=/dashboard/keys/"' in body
    assert "<html" not in body and "<form" not in body
    assert ApiKey.objects.count() == 0


def test_an_htmx_action_failing_the_csrf_check_says_so_and_does_nothing(account):
    client = _signed_in(account, enforce_csrf_checks=True)
    before = ApiKey.objects.count()
    response = client.post("/dashboard/keys/", {"name": "sneaky"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and response["HX-Retarget"] == "#flash"
    assert "out of date, so nothing was done" in response.content.decode()
    assert ApiKey.objects.count() == before


def test_a_plain_request_without_a_session_goes_to_sign_in(seeded):
    response = Client().get("/dashboard/usage/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/dashboard/usage/"


def test_get_logout_shows_a_sign_out_button_and_post_signs_out(account):
    client = _signed_in(account)
    page = client.get("/accounts/logout/")
    assert page.status_code == 200 and 'action="/accounts/logout/"' in page.content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/dashboard/").status_code == 302


def test_an_unknown_address_is_a_styled_404_with_navigation(account):
    response = _signed_in(account).get("/dashboard/nothing-here/")
    body = response.content.decode()
    assert response.status_code == 404 and "There is nothing at this address" in body and 'href="/dashboard/usage/"' in body


# ---- overview ------------------------------------------------------------------------------


def test_the_overview_shows_plan_balance_prices_mcp_url_and_first_steps(account, settings):
    body = _signed_in(account).get("/dashboard/").content.decode()
    assert 'id="balance">100<' in body and "10 requests a minute" in body and "chart 1, diagram 1" in body
    assert f'value="{settings.FORMA["MCP_RESOURCE_URL"]}"' in body
    for label in ("Claude Desktop", "Claude Code", "ChatGPT", "Cursor", "VS Code", "MCP Inspector", "HTTP (curl)"):
        assert f">{label}</button>" in body
    assert 'class="done" id="step-key"' in body  # the account fixture made a key
    assert 'class="" id="step-answer"' in body and 'class="" id="step-agent"' in body


def test_the_client_snippets_are_valid_configuration_for_their_clients():
    from forma.dashboard.overview import client_snippets

    url = "https://forma.example/mcp"
    snippets = {s["id"]: s for s in client_snippets(url, key="forma_sk_K")}
    cursor = json.loads(snippets["cursor"]["code"])
    assert cursor == {"mcpServers": {"forma": {"url": url, "headers": {"Authorization": "Bearer forma_sk_K"}}}}
    vscode = json.loads(snippets["vscode"]["code"])
    assert vscode["servers"]["forma"] == {"type": "http", "url": url, "headers": {"Authorization": "Bearer ${input:forma-key}"}}
    assert vscode["inputs"][0]["id"] == "forma-key" and vscode["inputs"][0]["password"] is True
    assert snippets["claude-code"]["code"].startswith(f"claude mcp add --transport http forma {url}")
    assert f"--cli {url} --transport http" in snippets["inspector"]["code"]
    assert snippets["claude-desktop"]["code"] == snippets["chatgpt"]["code"] == url


def test_the_curl_snippet_calls_forma_status_over_mcp(mcp, make_account):
    import shlex

    import httpx2

    from forma.dashboard.overview import client_snippets

    account = make_account("curl@example.com")
    code = next(s["code"] for s in client_snippets(mcp.server.mcp_url, key=account.key) if s["id"] == "http")
    first = shlex.split(code.split("\n\n")[0].replace("\\\n", " "))
    headers = dict(first[i + 1].split(": ", 1) for i, word in enumerate(first) if word == "-H")
    body = first[first.index("-d") + 1]
    response = httpx2.post(first[2], headers=headers, content=body, timeout=30)
    assert response.status_code == 200, response.text
    text = response.text
    payload = json.loads(text.split("data: ", 1)[1]) if text.startswith("event") else json.loads(text)
    status = json.loads(payload["result"]["content"][0]["text"])
    assert status["org_id"] == account.organization.public_id and status["credential"]["kind"] == "api_key"


# ---- keys -----------------------------------------------------------------------------------


def test_a_key_needs_a_name_that_no_active_key_of_the_organization_has(account):
    client = _signed_in(account)
    empty = client.post("/dashboard/keys/", {"name": "  "}, HTTP_HX_REQUEST="true").content.decode()
    assert "Name the key" in empty and 'id="new-key"' not in empty
    taken = client.post("/dashboard/keys/", {"name": "test key"}, HTTP_HX_REQUEST="true").content.decode()
    assert "An active key named &#x27;test key&#x27; already exists" in taken and 'id="new-key"' not in taken
    assert ApiKey.objects.filter(organization=account.organization).count() == 1
    client.post(f"/dashboard/keys/{account.key_row.public_id}/revoke/", HTTP_HX_REQUEST="true")
    again = client.post("/dashboard/keys/", {"name": "test key"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="new-key"' in again
    assert ApiKey.objects.filter(organization=account.organization, name="test key").count() == 2


def test_a_new_key_is_shown_once_and_active_and_revoked_keys_are_listed_apart(account):
    client = _signed_in(account)
    created = client.post("/dashboard/keys/", {"name": "laptop"}, HTTP_HX_REQUEST="true").content.decode()
    secret = re.search(r'<code id="new-key"[^>]*>([^<]+)</code>', created).group(1)
    key = ApiKey.objects.get(name="laptop")
    assert secret.startswith("forma_sk_" + key.prefix) and "data-autofocus" in created
    confirm = client.get(f"/dashboard/keys/{key.public_id}/revoke/confirm/", HTTP_HX_REQUEST="true").content.decode()
    assert "Revoke the key “laptop”?" in confirm and 'role="alertdialog"' in confirm
    key.refresh_from_db()
    assert key.revoked_at is None  # asking is not revoking
    client.post(f"/dashboard/keys/{key.public_id}/revoke/", HTTP_HX_REQUEST="true")
    page = client.get("/dashboard/keys/").content.decode()
    assert secret not in page
    active, revoked = page.split("<h3>Revoked</h3>")
    assert "test key" in active and "laptop" not in active.split("<h3>Active</h3>")[1] and "laptop" in revoked


# ---- usage, answers, figures ----------------------------------------------------------------


def test_usage_has_one_row_per_answer_with_filters_and_pages(account):
    org = account.organization
    for n in range(27):
        _answer_row(org, intent=f"bar chart number {n}: a 1, b 2", credential=account.key_row.public_id)
    _answer_row(org, oracle="diagram", status="invalid", intent="a -> b", credential="dashboard")
    client = _signed_in(account)
    first = client.get("/dashboard/usage/").content.decode()
    assert "28 answers" in first and "Page 1 of 2" in first and first.count('href="/dashboard/answers/req_') == 25
    assert "Key “test key”" in first and "Playground" in first
    only_invalid = client.get("/dashboard/usage/?status=invalid", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="usage-results").content.decode()
    assert "1 answer match these filters" in only_invalid and "a -&gt; b" in only_invalid and "<html" not in only_invalid
    assert "bar chart number 0" in client.get("/dashboard/usage/?page=2").content.decode()


def test_another_organizations_answer_is_not_found(make_account):
    alice, bob = make_account(), make_account()
    answer = _answer_row(alice.organization)
    assert _signed_in(bob).get(f"/dashboard/answers/{answer.request_id}/").status_code == 404
    assert _signed_in(alice).get(f"/dashboard/answers/{answer.request_id}/").status_code == 200


def test_the_playground_answers_bills_like_any_answer_and_its_figure_is_for_this_organization_only(make_account):
    alice, bob = make_account(), make_account()
    client = _signed_in(alice)
    page = client.get("/dashboard/playground/").content.decode()
    assert "billed like any other" in page
    response = client.post("/dashboard/playground/", {"oracle": "chart", "intent": CHART_INTENT, "format": ""}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    answer = Answer.objects.get(organization=alice.organization)
    assert (answer.status, answer.cost, answer.credential, answer.user_id) == ("valid", 1, "dashboard", alice.user.pk)
    assert balance_of(alice.organization) == 99
    assert list(LedgerEntry.objects.filter(request_id=answer.request_id).values_list("kind", "amount").order_by("id")) == [
        ("reserve", -1), ("settle", 0)]
    assert f'src="/dashboard/figures/{answer.figure_token}.png"' in body and "vega-lite JSON schema" in body
    png = client.get(f"/dashboard/figures/{answer.figure_token}.png")
    assert png.status_code == 200 and png["Content-Type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert _signed_in(bob).get(f"/dashboard/figures/{answer.figure_token}.png").status_code == 404
    assert Client().get(f"/dashboard/figures/{answer.figure_token}.png").status_code == 302
    detail = client.get(f"/dashboard/answers/{answer.request_id}/").content.decode()
    assert f'src="/dashboard/figures/{answer.figure_token}.png"' in detail and "&quot;$schema&quot;" in detail


def test_a_playground_request_refused_for_no_data_costs_nothing(account):
    client = _signed_in(account)
    body = client.post("/dashboard/playground/", {"oracle": "chart", "intent": "a bar chart of revenue by month"}, HTTP_HX_REQUEST="true").content.decode()
    assert "DATA_REQUIRED" in body and balance_of(account.organization) == 100


# ---- statement ------------------------------------------------------------------------------


def test_the_monthly_statement_pdf_has_balances_every_movement_and_totals_by_oracle(account):
    from django.utils import timezone
    from pypdf import PdfReader

    client = _signed_in(account)
    client.post("/dashboard/playground/", {"oracle": "chart", "intent": CHART_INTENT}, HTTP_HX_REQUEST="true")
    month = timezone.now().strftime("%Y-%m")
    response = client.get(f"/dashboard/statement/?month={month}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert account.organization.name in text and account.organization.public_id in text
    assert re.search(r"Opening balance\s*0", text) and re.search(r"Closing balance\s*99", text)
    assert "allowance" in text and "reserve" in text and "settle" in text and "+100" in text and "-1" in text
    assert re.search(r"chart\s*1\s*1\s*0\s*0\s*1\s*1", text)  # answers, valid, invalid, errors, billed, credits
    assert client.get("/dashboard/statement/?month=2026-13").status_code == 400


# ---- account --------------------------------------------------------------------------------


@pytest.mark.parametrize(("email", "password"), [
    ("someone@example.com", "passwordpassword"),
    ("margaretthatcher@example.com", "margaretthatcher1"),
    ("someone@example.com", "1234567890123"),
])
def test_weak_passwords_are_refused_with_the_user_in_mind(seeded, email, password):
    response = Client().post("/accounts/signup/", {"email": email, "password": password})
    assert response.status_code == 200 and 'class="error"' in response.content.decode()
    assert not User.objects.filter(email=email).exists() and mail.outbox == []


def test_sign_up_says_check_your_email_whether_or_not_the_address_has_an_account(account, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # mail goes out after the commit
        new = Client().post("/accounts/signup/", {"email": "fresh@example.com", "password": "a long enough pass"})
        taken = Client().post("/accounts/signup/", {"email": account.user.email, "password": "another long pass"})
    assert new.status_code == taken.status_code == 302 and new["Location"] == taken["Location"] == "/accounts/signup/sent/"
    assert [m.to for m in mail.outbox] == [["fresh@example.com"], [account.user.email]]
    assert "already has an account" in mail.outbox[1].body and "/accounts/login/" in mail.outbox[1].body
    assert User.objects.get(email="fresh@example.com").is_active is False
    assert account.user.check_password("correct horse battery")  # the existing account is untouched
    link = re.search(r"http://testserver(/accounts/signup/confirm/[^/\s]+/)", mail.outbox[0].body).group(1)
    browser = Client()
    assert browser.get(link).status_code == 200 and not User.objects.get(email="fresh@example.com").is_active  # opening is not confirming
    assert browser.post(link)["Location"] == "/dashboard/"
    assert browser.get("/dashboard/").status_code == 200 and User.objects.get(email="fresh@example.com").is_active


def test_signed_in_people_are_sent_away_from_sign_up(account):
    response = _signed_in(account).get("/accounts/signup/")
    assert response.status_code == 302 and response["Location"] == "/dashboard/"


def test_sign_in_is_throttled_after_repeated_failures_for_the_account(account):
    from django.core.cache import cache

    cache.clear()
    for _ in range(5):
        Client().post("/accounts/login/", {"username": account.user.email, "password": "wrong password"})
    refused = Client().post("/accounts/login/", {"username": account.user.email, "password": "correct horse battery"})
    assert refused.status_code == 200 and "Too many failed sign-ins" in refused.content.decode()
    other = Client().post("/accounts/login/", {"username": "someone-else@example.com", "password": "wrong"}, REMOTE_ADDR="10.9.9.9")
    assert "Too many failed sign-ins" not in other.content.decode()
    cache.clear()


def test_sign_in_is_throttled_per_address_across_accounts(account, monkeypatch):
    from types import SimpleNamespace

    from django.core.cache import cache

    from accounts import ratelimit
    from accounts.services import SIGN_IN_THROTTLE

    # The counters count in fixed windows: held mid-window, so the 20 failures cannot straddle a
    # window's end (the count would start again and nothing be refused).
    window = SIGN_IN_THROTTLE.window_seconds
    middle = (time.time() // window) * window + window / 2
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: middle, monotonic=time.monotonic))
    cache.clear()
    for n in range(20):
        Client().post("/accounts/login/", {"username": f"guess{n}@example.com", "password": "wrong"}, REMOTE_ADDR="10.1.1.1")
    refused = Client().post("/accounts/login/", {"username": account.user.email, "password": "correct horse battery"}, REMOTE_ADDR="10.1.1.1")
    assert "Too many failed sign-ins" in refused.content.decode()
    allowed = Client().post("/accounts/login/", {"username": account.user.email, "password": "correct horse battery"}, REMOTE_ADDR="10.2.2.2")
    assert allowed.status_code == 302
    cache.clear()


def test_password_reset_sends_a_link_that_sets_a_new_password(account):
    Client().post("/accounts/password/reset/", {"email": account.user.email})
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    browser = Client()
    form_url = browser.get(link)["Location"]
    done = browser.post(form_url, {"new_password1": "a brand new pass 7", "new_password2": "a brand new pass 7"})
    assert done["Location"] == "/accounts/password/reset/done/"
    account.user.refresh_from_db()
    assert account.user.check_password("a brand new pass 7")


def test_password_change_applies_the_validators(account):
    client = _signed_in(account)
    weak = client.post("/accounts/password/change/", {"old_password": "correct horse battery", "new_password1": "passwordpassword",
                                                      "new_password2": "passwordpassword"})
    assert weak.status_code == 200 and "one short piece repeated" in weak.content.decode()
    ok = client.post("/accounts/password/change/", {"old_password": "correct horse battery", "new_password1": "a brand new pass 8",
                                                    "new_password2": "a brand new pass 8"})
    assert ok["Location"] == "/accounts/password/change/done/"


def test_the_sign_in_page_reached_from_an_agent_names_it(seeded):
    from tests.oauth_flow import registered_client

    client_id = registered_client(client_name="Helpful Agent").client_id
    page = Client().get(f"/accounts/login/?next=/o/authorize/%3Fclient_id%3D{client_id}%26response_type%3Dcode").content.decode()
    assert "“Helpful Agent”" in page and "name not verified" in page


# ---- news and feedback ------------------------------------------------------------------------


def test_the_changelog_page_and_its_atom_feed_list_published_entries(seeded):
    from oracles.models import ChangelogEntry

    published = list(ChangelogEntry.objects.filter(published_at__isnull=False))
    assert published, "the seeded catalogue publishes changelog entries"
    page = Client().get("/changelog/").content.decode()
    feed = Client().get("/changelog/feed.atom")
    assert feed["Content-Type"].startswith("application/atom+xml")
    for entry in published:
        assert entry.title in page and f"<title>{entry.title}</title>" in feed.content.decode()


def test_the_feedback_form_stores_feedback_through_the_service(account):
    answer = _answer_row(account.organization)
    client = _signed_in(account)
    response = client.post("/feedback/", {"sentiment": "positive", "message": "The chart was right.", "request_id": answer.request_id})
    assert response.status_code == 302
    item = Feedback.objects.get()
    assert (item.sentiment, item.message, item.answer_id, item.credential, item.oracle.name) == (
        "positive", "The chart was right.", answer.pk, "dashboard", "chart")
    assert "Thank you" in client.get("/feedback/").content.decode()


def test_the_consent_page_lets_a_person_with_several_organizations_choose(account):
    from accounts.services import organization_create
    from tests.oauth_flow import Flow, registered_client

    second = organization_create(name="Acme", owner=account.user)
    client = _signed_in(account)
    flow = Flow(client=client, registered=registered_client(client_name="Chooser"))
    page = client.get("/o/authorize/?" + urlencode(flow.authorize_params())).content.decode()
    assert f'<option value="{second.public_id}">Acme' in page and "Name not verified" in page
    assert Organization.objects.filter(memberships__user=account.user).count() == 2


def test_the_usage_chart_is_drawn_by_the_chart_oracle_unbilled_and_for_this_organization(account):
    _answer_row(account.organization)
    client = _signed_in(account)
    before = (LedgerEntry.objects.count(), Answer.objects.count())
    page = client.get("/dashboard/usage/").content.decode()
    assert 'src="/dashboard/usage/chart.svg"' in page and "1 in all" in page and "internal, not billed" in page
    svg = client.get("/dashboard/usage/chart.svg")
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    assert b"internal, not billed" in svg.content
    assert (LedgerEntry.objects.count(), Answer.objects.count()) == before and balance_of(account.organization) == 100


def test_the_500_page_has_navigation_and_needs_no_database():
    from django.test import RequestFactory

    from forma.dashboard.errors import server_error

    response = server_error(RequestFactory().get("/dashboard/"))  # no db marker is needed: it reads nothing
    body = response.content.decode()
    assert response.status_code == 500 and "Something went wrong on our side" in body and 'href="/dashboard/"' in body
