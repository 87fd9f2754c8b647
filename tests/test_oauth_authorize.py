"""Sign-in, consent and tokens at /o/authorize/ and /o/token/, through Django's test client.

Every refusal asserts that nothing was issued: no grant, access token or refresh token.
"""

from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import quote, urlencode

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from accounts.models import AgentConnection, AuditEvent
from tests.oauth_flow import CALLBACK, Flow, consent_fields, fresh_cache, issued_counts, query_of, registered_client  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def person(make_account):
    account = make_account("agent-owner@example.com")
    client = Client()
    client.force_login(account.user)
    account.browser = client
    return account


@pytest.fixture
def flow(person) -> Flow:
    return Flow(client=person.browser, registered=registered_client())


def test_signed_out_person_is_sent_to_sign_in_and_back(flow, person):
    anonymous = Client()
    url = "/o/authorize/?" + urlencode(flow.authorize_params())
    response = anonymous.get(url)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=" + quote(url, safe="/")
    credentials = {"username": "agent-owner@example.com", "password": "correct horse battery", "next": url}
    signed_in = anonymous.post(response["Location"], credentials)
    assert signed_in.status_code == 302 and signed_in["Location"] == url
    page = anonymous.get(url)
    assert page.status_code == 200 and "consent" in page.content.decode()
    assert issued_counts() == (0, 0, 0)


def test_consent_page_names_client_redirect_host_organization_and_scope(flow, person):
    page = flow.authorize()
    html = page.content.decode()
    assert page.status_code == 200
    assert "<p class=\"client-name\">“Test Agent”</p>" in html and "Name not verified" in html
    assert '<code id="redirect-host">127.0.0.1:7777</code>' in html
    assert escape(person.organization.name) in html
    assert escape(settings.OAUTH2_PROVIDER["SCOPES"]["forma:tools"]) in html
    fields = consent_fields(html)
    assert fields["organization"] == person.organization.public_id
    assert fields["client_id"] == flow.registered.client_id
    assert issued_counts() == (0, 0, 0)  # showing the page issues nothing


def test_consent_page_cannot_be_framed_and_lets_its_form_redirect_to_the_client(flow):
    page = flow.authorize()
    assert page["X-Frame-Options"] == "DENY"
    csp = {d.split()[0]: d.split()[1:] for d in page["Content-Security-Policy"].split("; ")}
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["form-action"] == ["'self'", "http://127.0.0.1:7777"]
    # Only the consent page is widened.
    assert "127.0.0.1:7777" not in Client().get("/")["Content-Security-Policy"]


def test_a_private_use_scheme_redirect_is_allowed_by_the_consent_page_csp(person):
    flow = Flow(client=person.browser, registered=registered_client(redirect_uris=["cursor://anysphere.cursor-mcp/oauth/callback"]))
    page = flow.authorize()
    assert "form-action 'self' cursor:" in page["Content-Security-Policy"]
    assert flow.allow(page)["Location"].startswith("cursor://anysphere.cursor-mcp/oauth/callback?code=")


def test_allow_issues_a_code_with_state_and_iss_and_records_the_connection(flow, person):
    page = flow.authorize()
    response = flow.allow(page)
    assert response.status_code == 302
    assert response["Location"].startswith(CALLBACK + "?")
    params = query_of(response["Location"])
    assert params["state"] == flow.state
    assert params["iss"] == settings.PUBLIC_URL
    assert issued_counts() == (1, 0, 0)
    connection = AgentConnection.objects.get()
    assert (connection.user, connection.organization, connection.scope) == (person.user, person.organization, "forma:tools")
    audit = AuditEvent.objects.get(action="oauth.consent_granted")
    assert audit.organization == person.organization and audit.target == connection.public_id
    assert audit.data["redirect_host"] == "127.0.0.1:7777"


def test_deny_redirects_with_access_denied_and_issues_nothing(flow):
    response = flow.allow(flow.authorize(), allow=False)
    assert response.status_code == 302
    params = query_of(response["Location"])
    assert (params["error"], params["state"], params["iss"]) == ("access_denied", flow.state, settings.PUBLIC_URL)
    assert issued_counts() == (0, 0, 0)
    assert AgentConnection.objects.count() == 0


def test_token_response_is_not_cached_and_tokens_are_stored_hashed(flow):
    from oauth2_provider.models import AccessToken, RefreshToken

    response = flow.exchange(flow.code())
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    body = json.loads(response.content)
    assert body["token_type"] == "Bearer" and body["scope"] == "forma:tools"
    token = AccessToken.objects.exclude(scope="oauth2_provider:registration").get()
    assert token.token == "" and token.resource == [settings.FORMA["MCP_RESOURCE_URL"]]
    assert RefreshToken.objects.get().token == ""


def test_a_missing_resource_is_bound_to_the_mcp_endpoint(flow):
    from oauth2_provider.models import AccessToken

    code = flow.code(resource=None)
    assert flow.exchange(code).status_code == 200
    assert AccessToken.objects.exclude(scope="oauth2_provider:registration").get().resource == [settings.FORMA["MCP_RESOURCE_URL"]]


@pytest.mark.parametrize(
    "redirect_uri",
    [CALLBACK + "/", CALLBACK + "/extra", "http://127.0.0.1:7777/callback?x=1", "https://evil.example/callback", "http://localhost:7777/callback"],
)
def test_redirect_uri_not_exactly_registered_gets_an_error_page_and_no_redirect(flow, redirect_uri):
    response = flow.authorize(redirect_uri=redirect_uri)
    assert response.status_code == 400
    assert "Location" not in response
    assert "cannot be completed" in response.content.decode()
    assert issued_counts() == (0, 0, 0)


def test_redirect_uri_of_another_client_gets_an_error_page(flow):
    registered_client(redirect_uris=["https://other.example/cb"])
    response = flow.authorize(redirect_uri="https://other.example/cb")
    assert response.status_code == 400 and "Location" not in response
    assert issued_counts() == (0, 0, 0)


def test_loopback_redirect_matches_on_any_port(flow):
    page = flow.authorize(redirect_uri="http://127.0.0.1:51234/callback")
    assert page.status_code == 200
    response = flow.allow(page)
    assert response["Location"].startswith("http://127.0.0.1:51234/callback?code=")


@pytest.mark.parametrize(
    "overrides",
    [
        {"code_challenge_method": "plain"},
        {"code_challenge_method": None},  # oauthlib would default it to plain
        {"code_challenge": None, "code_challenge_method": None},
    ],
    ids=["plain", "challenge-without-method", "no-pkce"],
)
def test_pkce_other_than_s256_is_refused_before_consent(flow, overrides):
    response = flow.authorize(**overrides)
    assert response.status_code == 302
    params = query_of(response["Location"])
    assert params["error"] == "invalid_request" and params["state"] == flow.state
    assert issued_counts() == (0, 0, 0)


def test_plain_pkce_smuggled_into_the_consent_post_is_refused(flow):
    page = flow.authorize()
    fields = consent_fields(page.content.decode()) | {"allow": "on", "code_challenge_method": "plain"}
    response = flow.client.post("/o/authorize/", fields)
    assert query_of(response["Location"])["error"] == "invalid_request"
    assert issued_counts() == (0, 0, 0)


def test_implicit_response_type_token_is_refused(flow):
    response = flow.authorize(response_type="token")
    assert response.status_code == 302
    assert "access_token" not in response["Location"]
    assert query_of(response["Location"])["error"] == "unauthorized_client"
    assert issued_counts() == (0, 0, 0)


def test_unknown_resource_is_invalid_target_at_authorize(flow):
    response = flow.authorize(resource="https://elsewhere.example/api")
    assert query_of(response["Location"])["error"] == "invalid_target"
    assert issued_counts() == (0, 0, 0)


def test_unknown_resource_is_invalid_target_at_token(flow):
    code = flow.code()
    before = issued_counts()
    response = flow.exchange(code, resource="https://elsewhere.example/api")
    assert response.status_code == 400 and json.loads(response.content)["error"] == "invalid_target"
    assert issued_counts() == before


def test_code_reuse_is_refused_and_revokes_what_the_first_use_issued(flow):
    code = flow.code()
    first = flow.exchange(code)
    assert first.status_code == 200
    assert issued_counts() == (0, 1, 1)
    again = flow.exchange(code)
    assert again.status_code == 400 and json.loads(again.content)["error"] == "invalid_grant"
    from oauth2_provider.models import RefreshToken

    assert issued_counts()[1] == 0  # the access token from the first use is gone
    assert RefreshToken.objects.get().revoked is not None
    refresh = flow.refresh(json.loads(first.content)["refresh_token"])
    assert refresh.status_code == 400
    assert AuditEvent.objects.filter(action="oauth.token_revoked", data__reason="authorization_code_replay").count() == 1


def test_code_redeemed_by_another_client_is_refused(flow):
    other = registered_client(client_name="Other Agent")
    code = flow.code()
    before = issued_counts()
    response = flow.exchange(code, client_id=other.client_id)
    assert response.status_code == 400 and json.loads(response.content)["error"] == "invalid_grant"
    assert issued_counts() == before


def test_code_with_the_wrong_verifier_is_refused(flow):
    code = flow.code()
    before = issued_counts()
    response = flow.exchange(code, verifier="x" * 64)
    assert response.status_code == 400
    assert issued_counts() == before


def test_expired_code_is_refused(flow):
    from oauth2_provider.models import Grant

    code = flow.code()
    Grant.objects.update(expires=timezone.now() - timedelta(seconds=1))
    response = flow.exchange(code)
    assert response.status_code == 400 and json.loads(response.content)["error"] == "invalid_grant"
    assert issued_counts() == (1, 0, 0)


def test_codes_live_for_a_minute():
    assert settings.OAUTH2_PROVIDER["AUTHORIZATION_CODE_EXPIRE_SECONDS"] == 60


def test_refresh_rotates_and_a_replayed_refresh_token_revokes_the_family(flow):
    from oauth2_provider.models import RefreshToken

    tokens = flow.tokens()
    rotated = flow.refresh(tokens["refresh_token"])
    assert rotated.status_code == 200
    new = json.loads(rotated.content)
    assert new["refresh_token"] != tokens["refresh_token"] and new["access_token"] != tokens["access_token"]
    assert issued_counts() == (0, 1, 2)
    replay = flow.refresh(tokens["refresh_token"])
    assert replay.status_code == 400 and json.loads(replay.content)["error"] == "invalid_grant"
    assert issued_counts() == (0, 0, 2)
    assert RefreshToken.objects.filter(revoked__isnull=True).count() == 0
    after = flow.refresh(new["refresh_token"])
    assert after.status_code == 400
    assert AuditEvent.objects.filter(action="oauth.token_revoked", data__reason="refresh_token_replay").exists()


def test_password_grant_is_refused(flow, person):
    before = issued_counts()
    response = flow.exchange(
        None, grant_type="password", username="agent-owner@example.com", password="correct horse battery",
        code_verifier=None, redirect_uri=None,
    )
    assert response.status_code in (400, 401)
    assert "access_token" not in json.loads(response.content)
    assert issued_counts() == before


def test_approval_prompt_auto_does_not_skip_consent(flow):
    flow.tokens()
    page = flow.authorize(approval_prompt="auto")
    assert page.status_code == 200 and "consent" in page.content.decode()


def test_skip_authorization_flag_never_approves_without_the_form(flow):
    from oauth2_provider.models import Application

    Application.objects.filter(client_id=flow.registered.client_id).update(skip_authorization=True)
    response = flow.authorize()
    assert response.status_code == 302 and query_of(response["Location"])["error"] == "access_denied"
    assert issued_counts() == (0, 0, 0)


def test_approving_for_another_organization_ends_the_previous_connection(flow, person):
    from accounts.services import organization_create

    other = organization_create(name="Team", owner=person.user)
    flow.tokens()
    page = flow.authorize()
    fields = consent_fields(page.content.decode()) | {"allow": "on", "organization": other.public_id}
    flow.client.post("/o/authorize/", fields)
    connections = AgentConnection.objects.order_by("id")
    assert [(c.organization_id, c.revoked_at is None) for c in connections] == [(person.organization.pk, False), (other.pk, True)]
    assert issued_counts()[1] == 0  # the first organization's token is gone


def test_consent_for_an_organization_the_person_is_not_in_is_refused(flow, make_account):
    stranger = make_account("stranger@example.com")
    fields = consent_fields(flow.authorize().content.decode()) | {"allow": "on", "organization": stranger.organization.public_id}
    response = flow.client.post("/o/authorize/", fields)
    assert response.status_code == 200 and "Choose one of your organizations" in response.content.decode()
    assert issued_counts() == (0, 0, 0)
