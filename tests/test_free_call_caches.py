"""The caches behind the free calls (issue 11) never outlive what they cache.

The caller is cached by its credential's hash, the catalogue and the changelog until
they are saved: each test warms the cache with real calls, changes the data the way
staff or a person would, and expects the very next call to see the change.
"""

from __future__ import annotations

import os
import time

import httpx2 as httpx
import pytest

from conftest import database_url_for_another_process, web_server

pytestmark = pytest.mark.django_db(transaction=True)

MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def _post(url: str, key: str, tool: str, arguments: dict | None = None) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments or {}}}
    return httpx.post(url, json=body, headers={**MCP_HEADERS, "Authorization": f"Bearer {key}"}, timeout=30)


def _call(url: str, key: str, tool: str, arguments: dict | None = None) -> dict:
    response = _post(url, key, tool, arguments)
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert not result.get("isError"), result
    return result["structuredContent"]


def _warm(url: str, key: str, tool: str) -> dict:
    _call(url, key, tool)
    return _call(url, key, tool)


def test_a_revoked_key_is_refused_on_the_very_next_call(live_server_url, account):
    from accounts.services import api_key_revoke

    assert _warm(live_server_url.mcp_url, account.key, "forma_status")["org_id"] == account.organization.public_id
    api_key_revoke(organization=account.organization, key_id=account.key_row.public_id, actor=account.user)
    refused = _post(live_server_url.mcp_url, account.key, "forma_status")
    assert refused.status_code == 401
    assert refused.headers["www-authenticate"].startswith("Bearer ")


def test_a_plan_change_is_seen_on_the_next_call(live_server_url, account):
    from accounts.models import Plan

    before = _warm(live_server_url.mcp_url, account.key, "forma_status")
    assert (before["plan"], before["requests_per_minute"]) == ("free", 10)
    organization = account.organization
    organization.plan = Plan.objects.get(code="pro")
    organization.save()  # as the admin does
    after = _call(live_server_url.mcp_url, account.key, "forma_status")
    assert (after["plan"], after["requests_per_minute"]) == ("pro", Plan.objects.get(code="pro").requests_per_minute)


def test_an_edited_plan_is_seen_on_the_next_call(live_server_url, account):
    from accounts.models import Plan

    assert _warm(live_server_url.mcp_url, account.key, "forma_status")["features"] == []
    plan = Plan.objects.get(code="free")
    plan.requests_per_minute, plan.features = 12, ["early-access"]
    plan.save()
    after = _call(live_server_url.mcp_url, account.key, "forma_status")
    assert (after["requests_per_minute"], after["features"]) == (12, ["early-access"])


def test_a_sign_in_does_not_drop_cached_callers(account):
    from django.contrib.auth.models import update_last_login
    from django.core.cache import cache

    from accounts.bearer import principal_from_bearer
    from accounts.principal_cache import principal_cache_keys, principal_from_cached

    principal_from_bearer(account.key)
    update_last_login(None, account.user)  # saves last_login only: nothing a principal carries
    assert principal_from_cached(account.key, cache.get_many(principal_cache_keys(account.key))) is not None
    account.user.email = "renamed@example.com"
    account.user.save()
    assert principal_from_cached(account.key, cache.get_many(principal_cache_keys(account.key))) is None
    assert principal_from_bearer(account.key).user_email == "renamed@example.com"


def test_a_published_changelog_entry_is_in_the_next_whats_new(live_server_url, account):
    import datetime

    from django.utils import timezone

    from oracles.models import ChangelogEntry

    before = _warm(live_server_url.mcp_url, account.key, "whats_new")
    assert before["latest"] == "2026-11-23"
    entry = ChangelogEntry.objects.create(
        title="Faster free calls",
        body="list_oracles is cached.",
        category="platform",
        effective_on=datetime.date(2026, 11, 30),
    )
    assert _call(live_server_url.mcp_url, account.key, "whats_new")["latest"] == "2026-11-23"  # drafts are not news
    entry.published_at = timezone.now()
    entry.save(update_fields=["published_at"])  # as the admin's publish action does
    after = _call(live_server_url.mcp_url, account.key, "whats_new", {"since": "2026-11-23"})
    assert (after["latest"], [e["title"] for e in after["entries"]]) == ("2026-11-30", ["Faster free calls"])


def test_an_oracle_taken_off_the_catalogue_leaves_the_next_list(live_server_url, account):
    from oracles.models import Oracle

    assert [o["name"] for o in _warm(live_server_url.mcp_url, account.key, "list_oracles")["oracles"]] == ["chart", "diagram"]
    diagram = Oracle.objects.get(name="diagram")
    diagram.is_active = False
    diagram.save()
    assert [o["name"] for o in _call(live_server_url.mcp_url, account.key, "list_oracles")["oracles"]] == ["chart"]


def test_list_oracles_says_each_oracle_in_one_line(live_server_url, account):
    oracles = _call(live_server_url.mcp_url, account.key, "list_oracles")["oracles"]
    assert set(oracles[0]) == {"name", "title", "summary", "formats", "default_format", "drawable_formats", "price"}
    for oracle in oracles:
        assert "\n" not in oracle["summary"] and 20 < len(oracle["summary"]) <= 160
    assert (
        oracles[1]["summary"]
        == "A Graphviz (DOT) diagram from a flow or relations described in the intent: 'submit -> validate -> save', 'if valid, save, otherwise show error', 'the browser…"
    )


# ---- served mode: two web processes share the count and the revocations ----------------------------

needs_redis = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="served mode: needs REDIS_URL (the machine's Redis)")


@needs_redis
def test_the_limit_holds_across_two_worker_processes(account, tmp_path, settings):
    window = 3600  # one window for the whole burst; wait out the last seconds of one if need be
    left = window - (time.time() % window)
    if left < 30:
        time.sleep(left + 0.1)
    with web_server(
        tmp_path,
        DATABASE_URL=database_url_for_another_process(),
        REDIS_URL=os.environ["REDIS_URL"],
        FORMA_REDIS_PREFIX=settings.FORMA["REDIS_PREFIX"],
        FORMA_RATE_WINDOW_SECONDS=str(window),
        uvicorn_args=("--workers", "2"),
    ) as server:
        outcomes = []
        for _ in range(16):  # a new connection each time: the two workers take turns accepting
            response = _post(server.mcp_url, account.key, "forma_status")
            assert response.status_code == 200, response.text
            outcomes.append(bool(response.json()["result"].get("isError")))
        assert outcomes == [False] * 10 + [True] * 6  # the free plan's 10 a minute, counted once for both
        workers = _worker_pids(server.process.pid)
        assert len(workers) == 2


@needs_redis
def test_a_key_revoked_in_one_process_is_refused_by_every_worker(account, tmp_path, settings):
    from accounts.services import api_key_revoke

    with web_server(
        tmp_path,
        DATABASE_URL=database_url_for_another_process(),
        REDIS_URL=os.environ["REDIS_URL"],
        FORMA_REDIS_PREFIX=settings.FORMA["REDIS_PREFIX"],
        uvicorn_args=("--workers", "2"),
    ) as server:
        for _ in range(6):  # both workers resolve and cache the caller
            assert _post(server.mcp_url, account.key, "list_oracles").status_code == 200
        api_key_revoke(organization=account.organization, key_id=account.key_row.public_id, actor=account.user)
        assert [_post(server.mcp_url, account.key, "list_oracles").status_code for _ in range(6)] == [401] * 6


def _worker_pids(parent: int) -> list[int]:
    """The worker processes uvicorn's supervisor started (multiprocessing spawns them)."""
    with open(f"/proc/{parent}/task/{parent}/children") as listing:
        pids = [int(pid) for pid in listing.read().split()]
    workers = []
    for pid in pids:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            if b"spawn_main" in cmdline.read():
                workers.append(pid)
    return workers


# ---- a client that hangs up -------------------------------------------------------------------------


def test_a_client_that_hangs_up_mid_request_is_one_log_line(live_server_url, account, caplog):
    import logging
    import socket
    from urllib.parse import urlsplit

    caplog.set_level(logging.INFO)
    address = urlsplit(live_server_url.url)
    with socket.create_connection((address.hostname, address.port)) as sock:
        sock.sendall(
            f"POST /mcp HTTP/1.1\r\nHost: {address.netloc}\r\nAuthorization: Bearer {account.key}\r\n"
            "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            'Content-Length: 1000\r\n\r\n{"jsonrpc": "2.0", "id": 1,'.encode()
        )
    deadline = time.monotonic() + 10
    while not [r for r in caplog.records if "client disconnected mid-request" in r.getMessage()]:
        assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
        time.sleep(0.02)
    (line,) = [r for r in caplog.records if "client disconnected mid-request" in r.getMessage()]
    assert (line.levelname, line.exc_info) == ("INFO", None)
    assert line.getMessage() == "client disconnected mid-request: POST /mcp (27 bytes of its body read)"
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert _call(live_server_url.mcp_url, account.key, "forma_status")["org_id"] == account.organization.public_id


def test_a_serving_process_freezes_its_start_up_heap_so_full_collections_skip_it():
    """The served app moves what start-up left alive out of the collector's walk (list_oracles' tail)."""
    import gc

    from starlette.testclient import TestClient

    from forma.asgi import build_application

    gc.unfreeze()
    try:
        with TestClient(build_application(freeze_startup_heap=False)):
            assert gc.get_freeze_count() == 0
        with TestClient(build_application(freeze_startup_heap=True)):
            assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
