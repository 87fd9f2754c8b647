"""Faults and billing: no caller starves, no credit stays held, a retried ask is billed once.

Failures are real: a database trigger makes the Answer insert fail, web and
worker processes are killed with SIGKILL, queues have no worker. Time is moved
by passing the sweeper a clock, never by sleeping.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import httpx2 as httpx
import pytest
from django.db import connection

from conftest import TEST_BROKER_URL, celery_worker, database_url_for_another_process, needs_broker, tool_error, web_server
from tests.test_rest_api import Api

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"
# Near the value cap: a check that takes seconds, so a kill lands mid-check.
SLOW_CHART = "a line chart of daily visits: " + ", ".join(f"d{i} {i % 97}" for i in range(990))
ROOT = Path(__file__).resolve().parent.parent


def wait_until(condition, timeout: float = 30, what: str = "the condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def billing_of(organization) -> tuple[int, int, int]:
    """(balance, ledger sum, holds still held) of an organization."""
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import Reservation

    held = Reservation.objects.filter(organization=organization, state="held").count()
    return balance_of(organization), ledger_sum(organization), held


def ledger_kinds(request_id: str) -> list[tuple[str, int]]:
    from accounts.models import LedgerEntry

    return sorted(LedgerEntry.objects.filter(request_id=request_id).values_list("kind", "amount"))


def mcp_calls_concurrently(url: str, calls: list[tuple[str, str, dict]]) -> list:
    """Each (bearer, tool, arguments) on its own MCP connection, all at once."""
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def one(token: str, tool: str, arguments: dict):
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                return await client.call_tool(tool, arguments)

    async def together():
        return await asyncio.gather(*(one(*call) for call in calls))

    return asyncio.run(together())


# ---- an exception after the reserve ------------------------------------------------------

MARKER = "Zyzzyva"


@pytest.fixture
def answer_insert_fails(transactional_db):
    """Make the database refuse to store any answer whose intent contains MARKER: a real DataError
    on PostgreSQL (as from an over-long value), a real IntegrityError on SQLite."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "CREATE OR REPLACE FUNCTION forma_test_refuse_answer() RETURNS trigger AS $$ BEGIN "
                f"IF position('{MARKER}' in NEW.intent) > 0 THEN "
                "RAISE EXCEPTION 'value too long for the answer' USING ERRCODE = 'string_data_right_truncation'; "
                "END IF; RETURN NEW; END $$ LANGUAGE plpgsql"
            )
            cursor.execute(
                "CREATE TRIGGER forma_test_refuse_answer BEFORE INSERT ON oracles_answer "
                "FOR EACH ROW EXECUTE FUNCTION forma_test_refuse_answer()"
            )
        else:
            cursor.execute(
                "CREATE TRIGGER forma_test_refuse_answer BEFORE INSERT ON oracles_answer "
                f"WHEN instr(NEW.intent, '{MARKER}') > 0 BEGIN SELECT RAISE(ABORT, 'answer refused'); END"
            )
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER IF EXISTS forma_test_refuse_answer" + (" ON oracles_answer" if connection.vendor == "postgresql" else ""))
        if connection.vendor == "postgresql":
            cursor.execute("DROP FUNCTION IF EXISTS forma_test_refuse_answer()")


def test_a_failed_answer_insert_over_mcp_is_an_error_object_and_releases_the_hold(mcp, account, answer_insert_fails):
    from accounts.models import Reservation
    from oracles.models import Answer

    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": f"{CHART}, {MARKER} 7"}))
    error = tool_error(result)
    assert (error["kind"], error["retryable"]) == ("upstream_unavailable", True)
    assert "nothing was charged" in error["message"]
    request_id = error["request_id"]
    assert ledger_kinds(request_id) == [("release", 1), ("reserve", -1)]
    assert Reservation.objects.get(request_id=request_id).state == "released"
    assert billing_of(account.organization) == (100, 100, 0)
    assert not Answer.objects.exists()


def test_a_failed_answer_insert_over_rest_is_a_503_error_object_and_releases_the_hold(live_server_url, account, answer_insert_fails):
    from oracles.models import Answer

    response = Api(live_server_url.url, account.key).call("ask_oracle", json={"oracle": "diagram", "intent": f"a -> {MARKER}"})
    assert response.status_code == 503
    error = response.json()["error"]
    assert (error["kind"], error["retryable"]) == ("upstream_unavailable", True)
    assert ledger_kinds(error["request_id"]) == [("release", 1), ("reserve", -1)]
    assert billing_of(account.organization) == (100, 100, 0)
    assert not Answer.objects.exists()


def test_a_failed_answer_insert_leaves_the_idempotency_key_free_for_a_retry(live_server_url, account, answer_insert_fails):
    api = Api(live_server_url.url, account.key)
    key = {"Idempotency-Key": "retry-after-failure"}
    assert api.call("ask_oracle", json={"oracle": "chart", "intent": f"{CHART}, {MARKER} 1"}, headers=key).status_code == 503
    # Same key, same body: nothing was answered, so the retry runs (and fails) again rather than replaying.
    again = api.call("ask_oracle", json={"oracle": "chart", "intent": f"{CHART}, {MARKER} 1"}, headers=key)
    assert again.status_code == 503 and "Idempotent-Replayed" not in again.headers
    assert billing_of(account.organization) == (100, 100, 0)


@needs_broker
def test_an_ask_cancelled_while_it_waits_returns_its_hold_at_once(account, broker_queue, settings):
    """A caller that goes away (the server cancels its task) gets its credits back without the sweeper."""
    # Far past the test's own 30 s wait for the hold: the cancel, not the ask's deadline, must end it.
    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 120.0}
    from asgiref.sync import sync_to_async

    from accounts.models import Reservation
    from accounts.principals import principal_from_api_key
    from oracles.models import Answer
    from oracles.services import answer_ask

    principal = principal_from_api_key(account.key_row)

    async def in_thread(fn, /, *args, **kwargs):
        return await sync_to_async(fn, thread_sensitive=False)(*args, **kwargs)

    async def ask_then_go_away() -> None:
        asking = asyncio.create_task(answer_ask(principal=principal, oracle_name="chart", intent=CHART, run_sync=in_thread))
        holds = sync_to_async(lambda: Reservation.objects.filter(state="held").count(), thread_sensitive=False)
        deadline = time.monotonic() + 30
        while await holds() == 0:  # nothing consumes broker_queue: it waits until cancelled
            assert time.monotonic() < deadline, "the ask never reserved"
            await asyncio.sleep(0.02)
        asking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asking

    asyncio.run(ask_then_go_away())
    (reservation,) = Reservation.objects.all()
    assert reservation.state == "released"
    assert ledger_kinds(reservation.request_id) == [("release", 1), ("reserve", -1)]
    assert billing_of(account.organization) == (100, 100, 0)
    assert not Answer.objects.exists()


# ---- killed processes and the sweeper -------------------------------------------------------


@contextmanager
def web_process(tmp_path: Path, **env: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """A web server process of its own on this test's database and Redis namespace."""
    from django.conf import settings

    with web_server(
        tmp_path, DATABASE_URL=database_url_for_another_process(), FORMA_REDIS_PREFIX=settings.FORMA["REDIS_PREFIX"], **env,
    ) as server:
        yield server.url, server.process


def _ask_in_background(base: str, key: str, intent: str) -> tuple[threading.Thread, dict]:
    outcome: dict = {}

    def ask() -> None:
        try:
            outcome["response"] = httpx.post(
                base + "/v1/ask", json={"oracle": "chart", "intent": intent}, headers={"Authorization": f"Bearer {key}"}, timeout=120
            )
        except httpx.TransportError as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return thread, outcome


def _served_env(queue: str) -> dict[str, str]:
    # A wait far longer than the test: the web process is mid-wait when it dies.
    return {"CELERY_BROKER_URL": TEST_BROKER_URL, "CELERY_RESULT_BACKEND": TEST_BROKER_URL,
            "FORMA_TASK_QUEUE": queue, "FORMA_TASK_WAIT_SECONDS": "120"}


def _sweep_after_the_grace_period(organization) -> None:
    from django.conf import settings
    from django.utils import timezone

    from accounts.credits import reservations_sweep

    assert billing_of(organization) == (99, 99, 1)
    assert reservations_sweep() == 0  # within the grace period it may still be answered
    grace = timedelta(seconds=settings.FORMA["HOLD_GRACE_SECONDS"])
    assert reservations_sweep(now=timezone.now() + grace + timedelta(seconds=1)) == 1
    assert billing_of(organization) == (100, 100, 0)


@needs_broker
def test_a_web_process_killed_while_its_ask_waits_leaves_a_hold_the_sweeper_returns(account, broker_queue, tmp_path):
    from accounts.models import Reservation
    from oracles.models import Answer

    # Nothing consumes broker_queue: the ask waits for a worker that never answers.
    with web_process(tmp_path, **_served_env(broker_queue)) as (base, web):
        asking, outcome = _ask_in_background(base, account.key, CHART)
        wait_until(lambda: Reservation.objects.filter(organization=account.organization, state="held").exists(), what="the hold")
        os.killpg(web.pid, signal.SIGKILL)
        web.wait(timeout=10)
        asking.join(timeout=30)
    assert "error" in outcome and not asking.is_alive()
    assert not Answer.objects.exists()
    _sweep_after_the_grace_period(account.organization)
    request_id = Reservation.objects.get(organization=account.organization).request_id
    assert ledger_kinds(request_id) == [("release", 1), ("reserve", -1)]


@needs_broker
def test_a_worker_killed_mid_check_then_its_web_process_leaves_a_hold_the_sweeper_returns(account, broker_queue, tmp_path):
    from accounts.models import Reservation
    from oracles.models import Answer

    with celery_worker(broker_queue, tmp_path) as worker, web_process(tmp_path, **_served_env(broker_queue)) as (base, web):
        asking, outcome = _ask_in_background(base, account.key, SLOW_CHART)
        worker.wait_for_log("oracles.check_intent[")  # received: the check is running
        worker.kill()
        assert Reservation.objects.get(organization=account.organization).state == "held"
        os.killpg(web.pid, signal.SIGKILL)
        web.wait(timeout=10)
        asking.join(timeout=30)
    assert "error" in outcome
    assert not Answer.objects.exists()
    _sweep_after_the_grace_period(account.organization)


@pytest.mark.parametrize("mode", ["embedded", "served"])
def test_the_lifespan_sweeps_on_startup_and_the_embedded_default_sweeps_periodically(account, tmp_path, mode, settings):
    from django.utils import timezone

    from accounts import credits
    from accounts.models import Reservation
    from ground import ids

    if mode == "served" and not TEST_BROKER_URL:
        pytest.skip("served mode needs a broker in FORMA_TEST_BROKER_URL")
    grace = timedelta(seconds=settings.FORMA["HOLD_GRACE_SECONDS"])

    def orphaned_hold() -> str:
        request_id = ids.request_id()
        credits.credits_reserve(organization=account.organization, request_id=request_id, amount=3)
        Reservation.objects.filter(request_id=request_id).update(created_at=timezone.now() - grace - timedelta(seconds=1))
        return request_id

    left_before_startup = orphaned_hold()
    fresh = ids.request_id()
    credits.credits_reserve(organization=account.organization, request_id=fresh, amount=2)
    env = {"FORMA_SWEEP_INTERVAL_SECONDS": "0.1"}
    if mode == "served":
        env |= {"CELERY_BROKER_URL": TEST_BROKER_URL, "CELERY_RESULT_BACKEND": TEST_BROKER_URL}
    with web_process(tmp_path, **env):
        # Serving means the startup sweep has finished: the lifespan awaits it first.
        assert Reservation.objects.get(request_id=left_before_startup).state == "released"
        assert Reservation.objects.get(request_id=fresh).state == "held"  # within its grace period
        if mode == "embedded":
            left_while_serving = orphaned_hold()
            wait_until(lambda: Reservation.objects.get(request_id=left_while_serving).state == "released",
                       what="the periodic sweep")
    assert ledger_kinds(left_before_startup) == [("release", 3), ("reserve", -3)]
    assert billing_of(account.organization) == (98, 98, 1)


# ---- no starvation, and the wait limit --------------------------------------------------------


@needs_broker
def test_asks_waiting_on_a_dead_worker_do_not_starve_another_organizations_status(mcp, make_account, broker_queue, settings):
    from accounts.models import Reservation
    from oracles.models import Answer

    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 15.0}
    busy, other = make_account(plan="pro"), make_account()
    start = billing_of(busy.organization)[0]
    asks = [(busy.key, "ask_oracle", {"oracle": "chart", "intent": f"{CHART}, Thu {i}"}) for i in range(12)]
    outcome: dict = {}
    asking = threading.Thread(target=lambda: outcome.update(asks=mcp_calls_concurrently(mcp.server.mcp_url, asks)))
    asking.start()
    # All twelve have reserved and are waiting on a queue that no worker consumes
    # (six threads in this server's default pool: the old code blocked all of them).
    wait_until(lambda: Reservation.objects.filter(organization=busy.organization, state="held").count() == 12, what="12 holds")
    (status,) = mcp(other.key, ("forma_status", {}))
    answered_before_status = Answer.objects.filter(organization=busy.organization).count()
    asking.join(timeout=60)
    assert status.structured_content["org_id"] == other.organization.public_id
    assert answered_before_status == 0, "forma_status answered only after some asks had given up"
    answers = [r.structured_content for r in outcome["asks"]]
    assert {(a["status"], a["reason"]["code"], a["cost"]) for a in answers} == {("error", "CHECK_TIMEOUT", 0)}
    assert billing_of(busy.organization) == (start, start, 0)


@needs_broker
def test_rest_asks_waiting_on_a_dead_worker_do_not_block_other_rest_and_dashboard_requests(live_server_url, make_account, broker_queue, settings):
    from accounts.models import Reservation
    from oracles.models import Answer

    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 15.0}
    busy, other = make_account(plan="pro"), make_account()
    start = billing_of(busy.organization)[0]
    threads = [_ask_in_background(live_server_url.url, busy.key, f"{CHART}, Thu {i}") for i in range(8)]
    wait_until(lambda: Reservation.objects.filter(organization=busy.organization, state="held").count() == 8, what="8 holds")
    status = httpx.get(live_server_url.url + "/v1/status", headers={"Authorization": f"Bearer {other.key}"}, timeout=60)
    sign_in_page = httpx.get(live_server_url.url + "/accounts/login/", timeout=60)
    answered_before_others = Answer.objects.filter(organization=busy.organization).count()
    for thread, _ in threads:
        thread.join(timeout=60)
    assert status.status_code == 200 and status.json()["org_id"] == other.organization.public_id
    assert sign_in_page.status_code == 200
    assert answered_before_others == 0, "the other requests were answered only after some asks had given up"
    answers = [outcome["response"].json() for _, outcome in threads]
    assert {(a["status"], a["reason"]["code"], a["cost"]) for a in answers} == {("error", "CHECK_TIMEOUT", 0)}
    assert billing_of(busy.organization) == (start, start, 0)


@needs_broker
def test_a_waiting_ask_gives_up_at_the_wait_limit_with_an_unbilled_error(mcp, account, broker_queue, settings):
    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 1.5}
    started = time.monotonic()
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    waited = time.monotonic() - started
    answer = result.structured_content
    assert (answer["status"], answer["reason"]["code"], answer["cost"], answer["credits_remaining"]) == ("error", "CHECK_TIMEOUT", 0, 100)
    assert answer["retryable"] is True and "1.5 s" in answer["reason"]["message"]
    assert 1.5 <= waited < 6  # the limit, plus connecting and writing the answer
    assert ledger_kinds(answer["request_id"]) == [("release", 1), ("reserve", -1)]
    assert billing_of(account.organization) == (100, 100, 0)


def test_an_embedded_check_that_outlasts_the_wait_limit_is_an_unbilled_error(mcp, account, settings):
    # Embedded default: the check runs in its own small pool and the wait is bounded all the same.
    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 0.05}
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": SLOW_CHART}))
    answer = result.structured_content
    assert (answer["status"], answer["reason"]["code"], answer["cost"]) == ("error", "CHECK_TIMEOUT", 0)
    assert billing_of(account.organization) == (100, 100, 0)


# ---- Idempotency-Key ------------------------------------------------------------------------


@pytest.fixture
def api(live_server_url, account):
    return Api(live_server_url.url, account.key)


def test_a_replay_with_the_same_key_returns_the_first_answer_billed_once(api, account):
    from oracles.models import Answer

    body = {"oracle": "chart", "intent": CHART}
    first = api.call("ask_oracle", json=body, headers={"Idempotency-Key": "order-1"})
    again = api.call("ask_oracle", json=body, headers={"Idempotency-Key": "order-1"})
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and first.json()["status"] == "valid"
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert billing_of(account.organization) == (99, 99, 0)
    assert Answer.objects.count() == 1
    assert ledger_kinds(first.json()["request_id"]) == [("reserve", -1), ("settle", 0)]


def test_the_same_key_with_another_body_is_refused_and_bills_nothing(api, account):
    from oracles.models import Answer

    first = api.call("ask_oracle", json={"oracle": "chart", "intent": CHART}, headers={"Idempotency-Key": "order-2"})
    other = api.call("ask_oracle", json={"oracle": "diagram", "intent": "a -> b"}, headers={"Idempotency-Key": "order-2"})
    assert other.status_code == 422
    error = other.json()["error"]
    assert (error["kind"], error["retryable"]) == ("invalid_request", False)
    assert error["context"] == {"idempotency_key": "order-2", "first_request_id": first.json()["request_id"]}
    assert billing_of(account.organization) == (99, 99, 0)
    assert Answer.objects.count() == 1


def test_keys_are_scoped_per_organization(api, live_server_url, make_account):
    stranger = make_account()
    body = {"oracle": "diagram", "intent": "a -> b -> c"}
    mine = api.call("ask_oracle", json=body, headers={"Idempotency-Key": "shared-name"}).json()
    theirs = Api(live_server_url.url, stranger.key).call("ask_oracle", json=body, headers={"Idempotency-Key": "shared-name"}).json()
    assert mine["request_id"] != theirs["request_id"]
    assert billing_of(stranger.organization) == (99, 99, 0)


@pytest.mark.parametrize("key", ["", "x" * 256, "caf\u00e9"])
def test_a_malformed_key_is_refused_before_anything_is_held(live_server_url, account, key):
    from accounts.models import Reservation

    response = httpx.post(live_server_url.url + "/v1/ask", json={"oracle": "chart", "intent": CHART}, timeout=30,
                          headers={"Authorization": f"Bearer {account.key}", "Idempotency-Key": key.encode()})
    assert response.status_code == 400 and response.json()["error"]["kind"] == "invalid_request"
    assert billing_of(account.organization) == (100, 100, 0) and not Reservation.objects.exists()


def test_concurrent_requests_with_one_key_get_one_answer_and_one_charge(live_server_url, make_account):
    from oracles.models import Answer, IdempotencyKey

    account = make_account(plan="pro")
    start = billing_of(account.organization)[0]
    copies = 6
    ready = threading.Barrier(copies)
    responses: list = [None] * copies

    def post(i: int) -> None:
        ready.wait(timeout=30)
        responses[i] = httpx.post(
            live_server_url.url + "/v1/ask", json={"oracle": "chart", "intent": SLOW_CHART}, timeout=120,
            headers={"Authorization": f"Bearer {account.key}", "Idempotency-Key": "same-click"},
        )

    threads = [threading.Thread(target=post, args=(i,)) for i in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert [r.status_code for r in responses] == [200] * copies
    bodies = [r.json() for r in responses]
    assert all(b == bodies[0] for b in bodies) and bodies[0]["status"] == "valid"
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in responses) == copies - 1
    assert billing_of(account.organization) == (start - 1, start - 1, 0)
    assert Answer.objects.count() == 1 and IdempotencyKey.objects.count() == 1
    assert ledger_kinds(bodies[0]["request_id"]) == [("reserve", -1), ("settle", 0)]


def test_a_key_expires_after_24_hours(account):
    from django.utils import timezone

    from oracles.models import IdempotencyKey
    from oracles.pruning import idempotency_keys_prune
    from oracles.services import idempotency_claim

    now = timezone.now()
    claim = {"organization_pk": account.organization.pk, "key": "k", "fingerprint": "f" * 64}
    first = idempotency_claim(**claim, request_id="req_first", now=now)
    IdempotencyKey.objects.filter(pk=first.pk).update(response={"request_id": "req_first"})
    assert idempotency_claim(**claim, request_id="req_soon", now=now + timedelta(hours=23)).response == {"request_id": "req_first"}
    later = idempotency_claim(**claim, request_id="req_later", now=now + timedelta(hours=24, seconds=1))
    assert later.owned and later.response is None
    assert IdempotencyKey.objects.get().request_id == "req_later"
    assert idempotency_keys_prune(now=now + timedelta(hours=49)) == 1 and not IdempotencyKey.objects.exists()


def test_the_openapi_document_declares_the_key_and_links_the_answer_to_its_figure(api):
    operation = api.doc["paths"]["/v1/ask"]["post"]
    (header,) = [p for p in operation["parameters"] if p["in"] == "header"]
    assert (header["name"], header.get("required", False), header["schema"]["type"]) == ("Idempotency-Key", False, "string")
    assert "422" in operation["responses"]
    assert operation["responses"]["200"]["links"]["ShowFigure"]["operationId"] == "show_figure"
    assert operation["responses"]["200"]["links"]["ShowFigure"]["parameters"] == {"token": "$response.body#/figure/token"}
    assert "{token}" in next(path for path, item in api.doc["paths"].items() if item.get("get", {}).get("operationId") == "show_figure")


def test_a_key_whose_request_died_unanswered_is_taken_over_by_one_retry(account, settings):
    from django.utils import timezone

    from oracles.models import IdempotencyKey
    from oracles.services import IdempotencyKeyReused, idempotency_claim

    now = timezone.now()
    claim = {"organization_pk": account.organization.pk, "key": "k", "fingerprint": "f" * 64}
    assert idempotency_claim(**claim, request_id="req_dead", now=now).owned
    # Still within the first request's wait: a duplicate waits for it, it does not take over.
    waiting = idempotency_claim(**claim, request_id="req_early", now=now + timedelta(seconds=5))
    assert (waiting.owned, waiting.response) == (False, None)
    with pytest.raises(IdempotencyKeyReused):
        idempotency_claim(**{**claim, "fingerprint": "0" * 64}, request_id="req_other", now=now + timedelta(seconds=5))
    # Long past the wait limit with no answer: its process died. One retry answers the key.
    late = now + timedelta(seconds=settings.FORMA["TASK_WAIT_SECONDS"] + 60)
    assert idempotency_claim(**claim, request_id="req_retry", now=late).owned
    assert not idempotency_claim(**claim, request_id="req_second_retry", now=late).owned
    assert IdempotencyKey.objects.get().request_id == "req_retry"
