"""Every failure a caller sees is the error object: storage down, broker down, wrong paths and
methods, unknown tools, rate limits, refused redirect URIs; and the deployment refuses the
repository's published secret key.

The storage tests start the real server (uvicorn, `forma.asgi:application`) as a subprocess
whose database or Redis points where nothing answers, and call it as callers do: the official
MCP client and plain HTTP.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest
from django.core.cache import cache

from conftest import WebServer, database_url_for_another_process, free_port, run_mcp, tool_error, web_server
from oracles.figures import figure_cache_key

ROOT = Path(__file__).resolve().parent.parent
SIX_TOOLS = ["forma_status", "list_oracles", "ask_oracle", "show_figure", "whats_new", "send_feedback"]
NOBODY_LISTENS = "127.0.0.1:1"  # port 1: connections are refused at once
UNREACHABLE_DATABASES = {
    "postgresql": f"postgres://postgres@{NOBODY_LISTENS}/forma",
    "sqlite": "sqlite:////nonexistent-forma-directory/forma.sqlite3",  # a file that cannot be opened
}
UNREACHABLE_REDIS = f"redis://{NOBODY_LISTENS}/0"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


def _own_secret_key() -> str:
    return secrets.token_urlsafe(50)


def _assert_error_object(body: dict, kind: str, *, retryable: bool) -> dict:
    error = body["error"]
    assert set(error) <= {"kind", "message", "retryable", "request_id", "context", "retry_after"}
    assert (error["kind"], error["retryable"]) == (kind, retryable)
    assert error["request_id"].startswith("req_") and error["message"]
    return error


# ---- the database cannot be reached ------------------------------------------------------


@pytest.fixture(scope="module", params=sorted(UNREACHABLE_DATABASES))
def no_database(request, tmp_path_factory) -> Iterator[WebServer]:
    with web_server(tmp_path_factory.mktemp("no-db"), DATABASE_URL=UNREACHABLE_DATABASES[request.param]) as server:
        yield server


def test_the_mcp_token_check_without_a_database_is_a_503_error_object(no_database):
    started = time.monotonic()
    response = httpx.post(
        no_database.mcp_url, json=INITIALIZE, timeout=30,
        headers={**MCP_HEADERS, "Authorization": "Bearer forma_sk_000000000000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
    )
    elapsed = time.monotonic() - started
    assert response.status_code == 503
    assert response.headers["content-type"] == "application/json"
    assert response.headers["retry-after"] == "2"
    body = response.json()
    error = body["error"]
    assert (error["kind"], error["retryable"], error["retry_after"]) == ("upstream_unavailable", True, 2)
    assert error["request_id"].startswith("req_") and "storage" in error["message"]
    # The same body is a JSON-RPC error response, so MCP clients can read it too.
    assert (body["jsonrpc"], body["id"], error["code"]) == ("2.0", None, -32000)
    assert error["data"] == {k: error[k] for k in ("kind", "message", "retryable", "request_id", "retry_after")}
    assert elapsed >= 0.25  # the lookup was tried three times, 50 and 200 ms apart


def test_the_official_mcp_client_reads_the_error_object_without_a_database(no_database):
    from mcp import MCPError

    with pytest.raises(ExceptionGroup) as failure:
        run_mcp(no_database.mcp_url, "forma_sk_000000000000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", [("forma_status", {})])
    matched, _ = failure.value.split(MCPError)
    assert matched is not None
    leaf = matched
    while isinstance(leaf, ExceptionGroup):
        leaf = leaf.exceptions[0]
    assert leaf.error.message.startswith("Forma's storage is briefly unavailable.")
    assert (leaf.error.data["kind"], leaf.error.data["retryable"]) == ("upstream_unavailable", True)


def test_rest_without_a_database_is_a_503_error_object(no_database):
    response = httpx.get(no_database.url + "/v1/status", headers={"Authorization": "Bearer forma_sk_x"}, timeout=30)
    assert response.status_code == 503
    assert response.headers["retry-after"] == "2"
    _assert_error_object(response.json(), "upstream_unavailable", retryable=True)


def test_oauth_registration_and_token_without_a_database_are_503_json(no_database):
    registration = httpx.post(no_database.url + "/o/register/", timeout=30, json={
        "client_name": "Agent", "redirect_uris": ["http://127.0.0.1:7777/callback"], "token_endpoint_auth_method": "none"})
    token = httpx.post(no_database.url + "/o/token/", timeout=30, data={
        "grant_type": "authorization_code", "code": "abc", "client_id": "nobody", "code_verifier": "v" * 43,
        "redirect_uri": "http://127.0.0.1:7777/callback"})
    for response in (registration, token):
        assert response.status_code == 503, response.text[:300]
        assert response.headers["content-type"] == "application/json"
        assert response.headers["retry-after"] == "2"
        body = response.json()
        assert body["error"] == "temporarily_unavailable" and "storage" in body["error_description"]


# ---- Redis cannot be reached -------------------------------------------------------------------


@pytest.fixture(scope="module")
def no_redis(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[WebServer]:
    with django_db_blocker.unblock():
        database = database_url_for_another_process()
    with web_server(tmp_path_factory.mktemp("no-redis"), DATABASE_URL=database, REDIS_URL=UNREACHABLE_REDIS) as server:
        yield server


@pytest.mark.django_db(transaction=True)
def test_a_tool_call_without_redis_is_a_retryable_error_object(no_redis, account):
    from accounts.credits import balance_of
    from oracles.models import Answer

    started = time.monotonic()
    status, ask = run_mcp(no_redis.mcp_url, account.key, [
        ("forma_status", {}), ("ask_oracle", {"oracle": "diagram", "intent": "a -> b"})])
    elapsed = time.monotonic() - started
    for result in (status, ask):
        error = _assert_error_object({"error": tool_error(result)}, "upstream_unavailable", retryable=True)
        assert error["retry_after"] == 2
    assert elapsed >= 0.5  # each call counted against the limit three times before giving up
    assert (balance_of(account.organization), Answer.objects.count()) == (100, 0)


@pytest.mark.django_db(transaction=True)
def test_rest_without_redis_is_a_503_error_object(no_redis, account):
    response = httpx.get(no_redis.url + "/v1/oracles", headers={"Authorization": f"Bearer {account.key}"}, timeout=30)
    assert response.status_code == 503
    assert response.headers["retry-after"] == "2"
    _assert_error_object(response.json(), "upstream_unavailable", retryable=True)


@pytest.mark.django_db(transaction=True)
def test_oauth_registration_without_redis_is_503_json_and_registers_nothing(no_redis, seeded):
    from oauth2_provider.models import Application

    response = httpx.post(no_redis.url + "/o/register/", timeout=30, json={
        "client_name": "Agent", "redirect_uris": ["http://127.0.0.1:7777/callback"], "token_endpoint_auth_method": "none"})
    assert response.status_code == 503
    assert response.headers["retry-after"] == "2"
    assert response.json()["error"] == "temporarily_unavailable"
    assert Application.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_the_token_endpoint_without_redis_is_503_json(no_redis, seeded):
    # A Client ID Metadata Document client: the toolkit looks its document up in the cache first.
    response = httpx.post(no_redis.url + "/o/token/", timeout=30, data={
        "grant_type": "authorization_code", "code": "abc", "client_id": "https://agent.example/client.json",
        "code_verifier": "v" * 43, "redirect_uri": "http://127.0.0.1:7777/callback"})
    assert response.status_code == 503
    assert response.headers["retry-after"] == "2"
    assert response.json()["error"] == "temporarily_unavailable"


# ---- storage retries ------------------------------------------------------------------------------


def test_storage_that_comes_back_within_the_retries_is_not_an_error():
    import django.db

    from ground.errors import storage_retrying

    attempts: list[float] = []

    def flaky() -> str:
        attempts.append(time.monotonic())
        if len(attempts) < 3:
            raise django.db.OperationalError("server closed the connection unexpectedly")
        return "read"

    assert storage_retrying(flaky) == "read"
    gaps = [round(b - a, 2) for a, b in zip(attempts, attempts[1:], strict=False)]
    assert len(attempts) == 3 and gaps[0] >= 0.05 and gaps[1] >= 0.2


def test_a_bug_is_not_retried():
    from ground.errors import storage_retrying

    attempts = []

    def buggy() -> None:
        attempts.append(1)
        raise KeyError("not a storage error")

    with pytest.raises(KeyError):
        storage_retrying(buggy)
    assert attempts == [1]


# ---- the checking backend cannot be reached -------------------------------------------------


@contextmanager
def broker_unreachable() -> Iterator[None]:
    """This process sends its tasks to a broker on a port where nothing listens (served mode).

    The result store stays reachable (the machine's Redis when there is one): the broker is what is down.
    """
    from conftest import TEST_BROKER_URL, _forget_broker_connections
    from forma.celery import app

    saved = {k: app.conf[k] for k in ("task_always_eager", "broker_url", "result_backend")}
    app.conf.update(task_always_eager=False, broker_url=UNREACHABLE_REDIS, result_backend=TEST_BROKER_URL or "cache+memory://")
    _forget_broker_connections(app)
    try:
        yield
    finally:
        app.conf.update(saved)
        _forget_broker_connections(app)


@pytest.fixture
def unreachable_broker() -> Iterator[None]:
    with broker_unreachable():
        yield


def _ledger(account) -> tuple[int, list[tuple[str, int]], list[str]]:
    from accounts.credits import balance_of
    from accounts.models import LedgerEntry, Reservation

    kinds = sorted(LedgerEntry.objects.filter(organization=account.organization).exclude(kind="allowance").values_list("kind", "amount"))
    return balance_of(account.organization), kinds, sorted(Reservation.objects.values_list("state", flat=True))


def test_an_unreachable_checking_backend_is_backend_unreachable_and_bills_nothing(mcp, account, unreachable_broker):
    from oracles.models import Answer

    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "diagram", "intent": "a -> b -> c"}))
    error = _assert_error_object({"error": tool_error(asked)}, "backend_unreachable", retryable=True)
    assert error["retry_after"] == 5
    assert "nothing was charged" in error["message"]
    assert _ledger(account) == (100, [("release", 1), ("reserve", -1)], ["released"])
    assert Answer.objects.count() == 0


def test_drawing_without_the_checking_backend_is_backend_unreachable(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "diagram", "intent": "a -> b -> c"}))
    token = asked.structured_content["figure"]["token"]
    # The check's own drawing is kept for a while (oracles/figures.py) and needs no backend;
    # once it is gone, drawing is a task again.
    result = asked.structured_content["result"]
    cache.delete_many([figure_cache_key(kind="diagram", fmt="dot", out=out, result=result) for out in ("png", "svg")])
    with broker_unreachable():
        (drawn,) = mcp(account.key, ("show_figure", {"figure_token": token, "format": "svg"}))
    _assert_error_object({"error": tool_error(drawn)}, "backend_unreachable", retryable=True)


def test_rest_answers_502_when_the_checking_backend_is_unreachable(live_server_url, account, unreachable_broker):
    response = httpx.post(live_server_url.url + "/v1/ask", json={"oracle": "diagram", "intent": "a -> b"},
                          headers={"Authorization": f"Bearer {account.key}"}, timeout=30)
    assert response.status_code == 502
    assert response.headers["retry-after"] == "5"
    _assert_error_object(response.json(), "backend_unreachable", retryable=True)
    assert _ledger(account) == (100, [("release", 1), ("reserve", -1)], ["released"])


# ---- wrong tools, paths and methods ------------------------------------------------------------


def test_an_unknown_tool_is_not_found_naming_the_tools(mcp, account):
    (result,) = mcp(account.key, ("ask_orcale", {"oracle": "chart"}))
    error = _assert_error_object({"error": tool_error(result)}, "not_found", retryable=False)
    assert error["context"] == {"tools": SIX_TOOLS}
    assert "'ask_orcale'" in error["message"]


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_get_or_delete_on_the_stateless_mcp_endpoint_is_405_allow_post(live_server_url, account, method):
    response = httpx.request(method, live_server_url.mcp_url, timeout=10,
                             headers={"Authorization": f"Bearer {account.key}", "Accept": "text/event-stream"})
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.headers["content-type"] == "application/json"
    error = _assert_error_object(response.json(), "invalid_request", retryable=False)
    assert error["context"] == {"methods": ["POST"]}


def test_the_protected_resource_metadata_is_still_served(live_server_url, seeded):
    response = httpx.get(live_server_url.url + "/.well-known/oauth-protected-resource/mcp", timeout=10)
    assert response.status_code == 200 and response.json()["resource"] == live_server_url.mcp_url


@pytest.mark.parametrize(("method", "path"), [("GET", "/v1/nope"), ("POST", "/v1/nope/deeper"), ("GET", "/v1"), ("GET", "/v1/status/")])
def test_an_unknown_path_under_v1_is_a_json_404_error_object(live_server_url, seeded, method, path):
    response = httpx.request(method, live_server_url.url + path, json={}, timeout=10)
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/json"
    error = _assert_error_object(response.json(), "not_found", retryable=False)
    assert error["context"] == {"document": "/v1/openapi.json"}


def test_a_wrong_method_on_a_v1_route_is_a_json_405_and_counts_nothing(live_server_url, account):
    headers = {"Authorization": f"Bearer {account.key}"}
    response = httpx.delete(live_server_url.url + "/v1/status", headers=headers, timeout=10)
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD, OPTIONS"
    error = _assert_error_object(response.json(), "invalid_request", retryable=False)
    assert error["context"] == {"methods": ["GET", "HEAD"]}
    unauthenticated = httpx.put(live_server_url.url + "/v1/ask", json={}, timeout=10)
    assert unauthenticated.status_code == 405
    # Neither refusal was counted against the organization's limit.
    after = httpx.get(live_server_url.url + "/v1/status", headers=headers, timeout=10)
    assert after.headers["ratelimit"].startswith('"default";r=9;')


# ---- rate limits ----------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_429_carries_ratelimit_policy_ratelimit_and_retry_after(live_server_url, account, settings):
    settings.FORMA = {**settings.FORMA, "RATE_WINDOW_SECONDS": 3600}
    headers = {"Authorization": f"Bearer {account.key}"}
    first = httpx.get(live_server_url.url + "/v1/oracles", headers=headers, timeout=10)
    assert first.headers["ratelimit-policy"] == '"default";q=10;w=3600'
    assert first.headers["ratelimit"].startswith('"default";r=9;t=')
    for _ in range(9):
        assert httpx.get(live_server_url.url + "/v1/oracles", headers=headers, timeout=10).status_code == 200
    refused = httpx.get(live_server_url.url + "/v1/oracles", headers=headers, timeout=10)
    assert refused.status_code == 429
    error = _assert_error_object(refused.json(), "rate_limited", retryable=True)
    reset = int(refused.headers["retry-after"])
    assert 1 <= reset <= 3600 and error["retry_after"] == reset
    assert refused.headers["ratelimit-policy"] == '"default";q=10;w=3600'
    assert refused.headers["ratelimit"] == f'"default";r=0;t={reset}'


@pytest.mark.django_db(transaction=True)
def test_over_mcp_the_rate_limited_error_object_says_when_to_retry(mcp, account, settings):
    settings.FORMA = {**settings.FORMA, "RATE_WINDOW_SECONDS": 3600}
    results = mcp(account.key, *[("forma_status", {})] * 11)
    assert [r.is_error for r in results] == [False] * 10 + [True]
    error = _assert_error_object({"error": tool_error(results[-1])}, "rate_limited", retryable=True)
    assert 1 <= error["retry_after"] <= 3600


# ---- redirect URIs with user information ----------------------------------------------------


@pytest.mark.parametrize(
    "uri",
    ["http://evil.example\\@127.0.0.1/", "http://evil.example@127.0.0.1/cb", "https://user:secret@agent.example/cb",
     "http://127.0.0.1\\@evil.example/cb", "https://agent.example\\cb"],
)
@pytest.mark.django_db
def test_redirect_uris_with_user_information_or_backslashes_are_refused_at_registration(seeded, uri):
    from oauth2_provider.models import Application

    from tests.oauth_flow import register

    response = register(redirect_uris=[uri])
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert body["error"] == "invalid_redirect_uri"
    assert ("user information" in body["error_description"]) or ("backslash" in body["error_description"])
    assert Application.objects.count() == 0


# ---- the published secret key ------------------------------------------------------------------


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("FORMA_")}
    environment.update(env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120, check=False)


HTTPS_DEPLOYMENT = {"FORMA_PUBLIC_URL": "https://forma.example", "FORMA_ALLOWED_HOSTS": "forma.example", "FORMA_BEHIND_PROXY": "1"}


def test_check_deploy_reports_nothing_for_the_documented_https_settings(tmp_path):
    result = _manage("check", "--deploy", FORMA_SECRET_KEY=_own_secret_key(), FORMA_DATA_DIR=str(tmp_path), **HTTPS_DEPLOYMENT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "System check identified no issues (1 silenced).\n"
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("key", "deployment"),
    [(None, HTTPS_DEPLOYMENT), ("", {"FORMA_DEBUG": "0"}), ("change-me-to-50-random-characters", HTTPS_DEPLOYMENT)],
)
def test_check_deploy_fails_on_the_published_secret_key(tmp_path, key, deployment):
    env = {**deployment, "FORMA_DATA_DIR": str(tmp_path)}
    if key is not None:
        env["FORMA_SECRET_KEY"] = key
    result = _manage("check", "--deploy", **env)
    assert result.returncode == 1
    assert "(forma.E001) SECRET_KEY is the key published in Forma's repository." in result.stderr


def test_the_published_secret_key_is_tolerated_only_by_a_debug_checkout(settings):
    from forma.checks import public_secret_key_errors

    settings.SECRET_KEY = settings.PUBLIC_SECRET_KEYS[0]
    settings.DEBUG, settings.PUBLIC_URL = True, "http://127.0.0.1:8000"
    assert public_secret_key_errors() == []
    settings.PUBLIC_URL = "https://forma.example"
    assert [e.id for e in public_secret_key_errors()] == ["forma.E001"]
    settings.DEBUG, settings.PUBLIC_URL = False, "http://127.0.0.1:8000"
    assert [e.id for e in public_secret_key_errors()] == ["forma.E001"]
    settings.SECRET_KEY = _own_secret_key()
    assert public_secret_key_errors() == []


def test_the_server_refuses_to_start_with_the_published_secret_key(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k != "FORMA_SECRET_KEY"}
    environment.update(FORMA_DATA_DIR=str(tmp_path), FORMA_DEBUG="0")
    result = subprocess.run(
        [sys.executable, "-m", "uvicorn", "forma.asgi:application", "--port", str(free_port())],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY is the key published in Forma's repository." in result.stderr
    assert "Application startup failed. Exiting." in result.stderr


# ---- proxy headers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("behind_proxy", "flag"), [("", "--no-proxy-headers"), ("0", "--no-proxy-headers"), ("1", "--proxy-headers")])
def test_make_run_trusts_forwarded_headers_only_behind_a_proxy(behind_proxy, flag):
    environment = {**os.environ, "FORMA_BEHIND_PROXY": behind_proxy, "FORMA_SECRET_KEY": _own_secret_key()}
    make = ["make", "-n", "run"]
    result = subprocess.run(make, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60, check=False)  # noqa: S603
    assert result.returncode == 0, result.stderr
    (command,) = [line for line in result.stdout.splitlines() if "uvicorn forma.asgi:application" in line]
    assert command.split()[-1] == flag
