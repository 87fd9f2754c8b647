"""Client registration (RFC 7591), its redirect-URI policy and rate limit, clean-up, and deploy checks."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from accounts.models import AuditEvent
from tests.oauth_flow import CALLBACK, Flow, fresh_cache, register, registered_client  # noqa: F401

pytestmark = pytest.mark.django_db


def _applications() -> int:
    from oauth2_provider.models import Application

    return Application.objects.count()


def test_registration_is_open_and_answers_rfc7591_json(seeded):
    response = register()
    assert response.status_code == 201
    body = json.loads(response.content)
    assert body["client_name"] == "Test Agent"
    assert body["redirect_uris"] == [CALLBACK]
    assert body["grant_types"] == ["authorization_code", "refresh_token"]
    assert body["token_endpoint_auth_method"] == "none"
    assert "client_secret" not in body
    event = AuditEvent.objects.get(action="oauth.client_registered")
    assert event.target == body["client_id"] and event.data["source"] == "dcr"


def test_a_registration_never_skips_consent(seeded):
    from oauth2_provider.models import Application

    registered_client()
    assert Application.objects.get().skip_authorization is False


def test_cursor_style_registration_with_app_scheme_https_and_localhost_is_accepted(seeded):
    uris = ["cursor://anysphere.cursor-mcp/oauth/callback", "https://cursor.example/oauth/callback", "http://localhost:51000/callback"]
    response = register(client_name="Cursor", redirect_uris=uris)
    assert response.status_code == 201, response.content
    assert json.loads(response.content)["redirect_uris"] == uris


@pytest.mark.parametrize("uri", ["http://[::1]:4000/cb", "http://127.0.0.1/cb", "https://claude.ai/api/mcp/auth_callback"])
def test_loopback_and_https_redirects_are_accepted(seeded, uri):
    assert register(redirect_uris=[uri]).status_code == 201


@pytest.mark.parametrize(
    "uris",
    [
        ["http://evil.example/callback"],
        ["https://ok.example/cb", "http://evil.example/callback"],  # one bad URI refuses them all
        ["http://192.168.1.5:8080/cb"],
        ["javascript:alert(1)"],
        ["unknownapp://callback"],
        ["https://ok.example/cb#frag"],
        [],
    ],
)
def test_refused_redirect_uris_refuse_the_whole_registration_with_json(seeded, uris):
    response = register(redirect_uris=uris)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert body["error"] in {"invalid_redirect_uri", "invalid_client_metadata"}
    assert body["error_description"]
    assert _applications() == 0


@pytest.mark.parametrize(
    "metadata",
    [
        {"grant_types": ["password"]},
        {"grant_types": ["client_credentials"]},
        {"grant_types": ["implicit"]},
        {"response_types": ["token"]},
    ],
)
def test_only_authorization_code_clients_may_register(seeded, metadata):
    response = register(**metadata)
    assert response.status_code == 400
    assert json.loads(response.content)["error"] == "invalid_client_metadata"
    assert _applications() == 0


@pytest.mark.parametrize("body", [b"not json", b"[]"])
def test_malformed_registration_gets_json_not_html(seeded, body):
    response = Client().post("/o/register/", body, content_type="application/json")
    assert response.status_code == 400
    assert json.loads(response.content)["error"] == "invalid_client_metadata"


@override_settings()
def test_registration_is_rate_limited_per_ip(seeded, settings):
    settings.FORMA = {**settings.FORMA, "OAUTH_REGISTRATIONS_PER_IP_PER_HOUR": 3}
    for _ in range(3):
        assert register().status_code == 201
    response = register()
    assert response.status_code == 429
    assert json.loads(response.content)["error"] == "temporarily_unavailable"
    assert int(response["Retry-After"]) > 0
    assert _applications() == 3
    # Another address is counted separately.
    assert register(Client(REMOTE_ADDR="10.0.0.9")).status_code == 201


def test_registration_update_obeys_the_same_rules(seeded):
    response = register()
    body = json.loads(response.content)
    update = Client().put(
        f"/o/register/{body['client_id']}/",
        json.dumps({"redirect_uris": ["http://evil.example/cb"], "grant_types": ["authorization_code"]}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {body['registration_access_token']}",
    )
    assert update.status_code == 400 and json.loads(update.content)["error"] == "invalid_redirect_uri"


def test_registrations_that_never_obtained_a_token_are_pruned(make_account):
    from oauth2_provider.models import Application

    from accounts.tasks import prune_unused_oauth_clients

    account = make_account("p@example.com")
    browser = Client()
    browser.force_login(account.user)
    used = registered_client(client_name="Used")
    Flow(client=browser, registered=used).tokens()
    unused = registered_client(client_name="Unused")
    consented_only = registered_client(client_name="Consented only")
    Flow(client=browser, registered=consented_only).code()
    fresh = registered_client(client_name="Fresh")
    Application.objects.exclude(client_id=fresh.client_id).update(created=timezone.now() - timedelta(hours=25))

    assert prune_unused_oauth_clients.delay().get() == 2
    assert sorted(Application.objects.values_list("name", flat=True)) == ["Fresh", "Used"]
    assert unused.client_id not in Application.objects.values_list("client_id", flat=True)
    assert prune_unused_oauth_clients.delay().get() == 0


def test_the_prune_task_is_scheduled(settings):
    assert settings.CELERY_BEAT_SCHEDULE["prune-unused-oauth-clients"]["task"] == "accounts.prune_unused_oauth_clients"


def test_check_deploy_reports_no_toolkit_warnings_in_production_settings(tmp_path):
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "FORMA_PUBLIC_URL": "https://forma.example",
        "FORMA_ALLOWED_HOSTS": "forma.example",
        "FORMA_SECRET_KEY": "k" * 20 + "production-like-secret-key-with-enough-entropy-0123456789",
        "FORMA_DEBUG": "0",
        "FORMA_SSL_REDIRECT": "1",
        "FORMA_DATA_DIR": str(tmp_path),
    }
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    output = result.stdout + result.stderr
    assert "oauth2_provider" not in output, output
    assert result.returncode == 0, output


def test_call_command_check_deploy_has_no_toolkit_messages(settings):
    from django.core import checks

    settings.SECRET_KEY = "k" * 20 + "production-like-secret-key-with-enough-entropy-0123456789"  # not the published one

    messages = [m for m in checks.run_checks(include_deployment_checks=True) if m.id and m.id.startswith("oauth2_provider")]
    assert [m for m in messages if not m.is_silenced()] == []
    call_command("check", deploy=True, fail_level="ERROR")
