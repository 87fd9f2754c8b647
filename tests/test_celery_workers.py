"""Checks and renders on real Celery workers over Redis: results, time limits, dead workers."""

from __future__ import annotations

import base64
import struct
import threading
import time

import pytest

from conftest import celery_worker, needs_broker

pytestmark = [pytest.mark.django_db(transaction=True), needs_broker]

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"
# Near the value cap: a check that takes seconds, so a limit or a kill lands mid-check.
SLOW_CHART = "a line chart of daily visits: " + ", ".join(f"d{i} {i % 97}" for i in range(990))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def _billing(account, request_id):
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import LedgerEntry, Reservation

    kinds = sorted(LedgerEntry.objects.filter(request_id=request_id).values_list("kind", "amount"))
    state = Reservation.objects.get(request_id=request_id).state
    return balance_of(account.organization), ledger_sum(account.organization), kinds, state


def test_ask_and_show_figure_run_on_a_real_worker(mcp, account, broker_queue, tmp_path):
    # Figures are cached by content, in a cache other tests share: a chart of its own (a value no
    # other test draws) so that its PNG can only come from this worker.
    own_chart = f"{CHART}, Thu {int(time.time() * 1000) % 100_000 + 100}"
    with celery_worker(broker_queue, tmp_path) as worker:
        (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": own_chart}))
        answer = asked.structured_content
        assert answer["status"] == "valid", answer
        (drawn,) = mcp(account.key, ("show_figure", {"figure_token": answer["figure"]["token"]}))
        width, height = _png_size(base64.b64decode(drawn.content[0].data))
        assert width > 200 and height > 200
        worker.wait_for_log("oracles.check_intent[")
        worker.wait_for_log("oracles.render_figure[")
        assert worker.log_text().count("succeeded") >= 2
    assert _billing(account, answer["request_id"]) == (99, 99, [("reserve", -1), ("settle", 0)], "settled")


def test_a_check_killed_by_its_time_limit_is_an_unbilled_error(mcp, account, broker_queue, tmp_path, settings):
    # Limits far below what this check needs (the pool enforces them about once a second).
    settings.FORMA = {**settings.FORMA, "TASK_TIME_LIMIT_SECONDS": 0.1, "TASK_TIME_LIMIT_GRACE_SECONDS": 0.1}
    with celery_worker(broker_queue, tmp_path):
        (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": SLOW_CHART}))
    answer = asked.structured_content
    assert answer["status"] == "error"
    assert answer["reason"]["code"] in {"CHECK_TIMEOUT", "WORKER_LOST"}
    assert answer["retryable"] is True and answer["cost"] == 0 and answer["credits_remaining"] == 100
    assert "result" not in answer and answer["figure"]["drawable"] is False
    assert _billing(account, answer["request_id"]) == (100, 100, [("release", 1), ("reserve", -1)], "released")


def test_a_worker_killed_mid_check_is_an_unbilled_error_not_a_hang(mcp, account, broker_queue, tmp_path, settings):
    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 3.0}
    outcome: dict = {}
    with celery_worker(broker_queue, tmp_path) as worker:
        asking = threading.Thread(
            target=lambda: outcome.update(result=mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": SLOW_CHART}))[0])
        )
        started = time.monotonic()
        asking.start()
        worker.wait_for_log("oracles.check_intent[")  # received: the cold check is now running
        worker.kill()
        asking.join(timeout=30)
    assert not asking.is_alive()
    assert time.monotonic() - started < 15
    answer = outcome["result"].structured_content
    assert answer["status"] == "error" and answer["reason"]["code"] == "CHECK_TIMEOUT"
    assert answer["cost"] == 0
    assert _billing(account, answer["request_id"]) == (100, 100, [("release", 1), ("reserve", -1)], "released")


def test_no_worker_at_all_is_an_error_within_the_wait(mcp, account, broker_queue, settings):
    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 1.5}
    started = time.monotonic()
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "diagram", "intent": "a -> b -> c"}))
    assert time.monotonic() - started < 10
    answer = asked.structured_content
    assert (answer["status"], answer["cost"], answer["credits_remaining"]) == ("error", 0, 100)
