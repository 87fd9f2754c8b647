"""Nothing a caller sends can take Forma down: hostile text over MCP, engine crashes, poison tasks.

vl-convert aborted the whole process on a control character or U+FFFE in a chart title or label:
the embedded server exited, and a Celery child died on every redelivery of the same task. Here the
live server (embedded: tasks in-process) and real Celery workers get that text, and worse.
"""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid

import pytest

from conftest import celery_worker, needs_broker, tool_error

pytestmark = pytest.mark.django_db(transaction=True)

SIGNUPS = "a bar chart of signups: Mon 34, Tue 41, Wed 29"
# U+0000 is left out: the interfaces refuse NUL as invalid_request before any engine sees it.
HOSTILE = ["\x01", "\x1b", "\x7f", "\x85", "\ufffe", "\uffff"]
POSITIONS = {
    "chart title": ("chart", "a bar chart of sign{c}ups: Mon 34, Tue 41, Wed 29"),
    "chart category label": ("chart", "a bar chart of signups: Mo{c}n 34, Tue 41, Wed 29"),
    "chart series name": ("chart", "day,web{c},app\nMon,3,5\nTue,4,6\nWed,2,7"),
    "chart axis title": ("chart", "da{c}y,visits\nMon,3\nTue,4\nWed,2"),
    "chart JSON key": ("chart", '{{"Mon{e}": 34, "Tu{e}e": 41}}'),
    "chart JSON string value": ("chart", '[{{"day": "Mon{e}", "visits": 34}}, {{"day": "Tue", "visits": 41}}]'),
    "diagram node name": ("diagram", "sub{c}mit -> validate -> save"),
    "diagram edge label": ("diagram", "if valid, sa{c}ve, otherwise show er{c}ror"),
    "diagram relation": ("diagram", "the brow{c}ser talks to nginx"),
}
HOSTILE_CHART = {
    "title": {"text": "Sign\x01ups", "subtitle": "per\ufffe day"},
    "data": {"values": [{"d\x1bay": "Mo\x85n", "n": 34}, {"d\x1bay": "Tu\uffffe", "n": 41}]},
    "mark": "bar",
    "encoding": {"x": {"field": "d\x1bay", "type": "nominal", "title": "Da\x7fy"},
                 "y": {"field": "n", "type": "quantitative", "axis": {"title": "Sign\x1fups"}}},
}
HOSTILE_DIAGRAM = ('digraph G {\n  subgraph cluster_0 { label="Back\x01end"; n0 [label="sub\ufffemit"]; }\n'
                   '  n1 [label="sa\x85ve"];\n  n0 -> n1 [label="o\x1fk"];\n}\n')


def _hostile_asks() -> list[tuple[str, dict]]:
    calls = []
    for kind, template in POSITIONS.values():
        for ch in HOSTILE:
            intent = template.format(c=ch, e="\\u" + f"{ord(ch):04x}")
            calls.append(("ask_oracle", {"oracle": kind, "intent": intent}))
    return calls


def _held_reservations(account) -> list[str]:
    from accounts.models import Reservation

    return list(Reservation.objects.filter(organization=account.organization, state="held").values_list("request_id", flat=True))


def _billing(account, request_id):
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import LedgerEntry, Reservation

    kinds = sorted(LedgerEntry.objects.filter(request_id=request_id).values_list("kind", "amount"))
    state = Reservation.objects.get(request_id=request_id).state
    return balance_of(account.organization), ledger_sum(account.organization), kinds, state


def _store_answer(account, oracle_name: str, fmt: str, result) -> str:
    """A valid answer stored before any cleaning existed: its figure is drawn from `result` as is."""
    from ground import ids
    from oracles.models import Answer, Oracle

    token = ids.figure_id()
    Answer.objects.create(
        request_id=ids.request_id(), organization=account.organization, user=account.user, credential="test",
        oracle=Oracle.objects.get(name=oracle_name), intent="stored", format=fmt, options={}, status="valid",
        result=result, verified_by={"checker": "test"}, reason=None, notes=[], cost=1, figure_token=token, timings={},
    )
    return token


def _assert_drawn(results) -> None:
    png, svg = results
    assert not png.is_error and png.content[0].type == "image" and png.content[0].mime_type == "image/png"
    assert not svg.is_error and svg.content[0].text.lstrip().startswith(("<svg", "<?xml"))


# ---- the embedded default: one process serves everything -----------------------------------------

def test_hostile_text_in_every_position_is_refused_or_answered_over_mcp_and_the_server_keeps_answering(mcp, make_account):
    """C0 controls and U+FFFE/U+FFFF are refused at the door (free); the rest — DEL, C1, and JSON
    escapes of any of them — reach the engine, which cleans them before any renderer sees them."""
    from accounts.credits import balance_of, ledger_sum
    from ground.inputs import text_problem

    account = make_account(plan="pro")
    before = balance_of(account.organization)
    calls = _hostile_asks()
    *asked, last = mcp(account.key, *calls, ("ask_oracle", {"oracle": "chart", "intent": SIGNUPS}))
    spent = 0
    for (_, args), result in zip(calls, asked, strict=True):
        if text_problem(args["intent"]) is not None:  # refused at the door, by the door's own rule
            error = tool_error(result)
            assert (error["kind"], error["retryable"]) == ("invalid_request", False), error
        else:  # the engine reads and cleans it, and the answer is a verdict
            answer = result.structured_content
            assert not result.is_error and answer["status"] in ("valid", "invalid"), answer
            spent += answer["cost"]
    assert last.structured_content["status"] == "valid"
    spent += last.structured_content["cost"]
    assert balance_of(account.organization) == ledger_sum(account.organization) == before - spent
    assert _held_reservations(account) == []


def test_a_stored_chart_and_diagram_with_hostile_text_are_drawn_over_mcp(mcp, account):
    chart = _store_answer(account, "chart", "vega-lite", HOSTILE_CHART)
    diagram = _store_answer(account, "diagram", "dot", HOSTILE_DIAGRAM)
    results = mcp(account.key, ("show_figure", {"figure_token": chart}), ("show_figure", {"figure_token": chart, "format": "svg"}),
                  ("show_figure", {"figure_token": diagram}), ("show_figure", {"figure_token": diagram, "format": "svg"}),
                  ("ask_oracle", {"oracle": "chart", "intent": SIGNUPS}))
    _assert_drawn(results[0:2])
    _assert_drawn(results[2:4])
    assert "Signups" in results[1].content[0].text and ">Backend<" in results[3].content[0].text
    assert results[4].structured_content["status"] == "valid"


def test_an_engine_process_killed_mid_ask_is_an_unbilled_error_and_the_next_ask_is_valid(mcp, account, settings):
    from oracles.engine import native

    settings.FORMA = {**settings.FORMA, "ENGINE_PROCESSES": 1}
    native.reset_pool()
    pool = native.pool()
    native.to_svg(HOSTILE_CHART, "vega-lite")  # warm: one idle engine process
    (pid,) = pool.idle_pids()
    os.kill(pid, signal.SIGSTOP)  # the check's first render call then waits in the pipe
    outcome: dict = {}
    asking = threading.Thread(target=lambda: outcome.update(result=mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": SIGNUPS}))[0]))
    asking.start()
    deadline = time.monotonic() + 30
    while pid not in pool.busy_pids:
        assert time.monotonic() < deadline and asking.is_alive(), "the ask never reached the engine process"
        time.sleep(0.005)
    os.kill(pid, signal.SIGKILL)
    asking.join(timeout=60)
    try:
        answer = outcome["result"].structured_content
        assert (answer["status"], answer["reason"]["code"], answer["retryable"]) == ("error", "ENGINE_CRASHED", False)
        assert "Retrying the same input will fail the same way" in answer["reason"]["message"]
        assert (answer["cost"], answer["credits_remaining"]) == (0, 100)
        assert _billing(account, answer["request_id"]) == (100, 100, [("release", 1), ("reserve", -1)], "released")
        (again,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": SIGNUPS}))
        assert (again.structured_content["status"], again.structured_content["credits_remaining"]) == ("valid", 99)
        assert _held_reservations(account) == []
    finally:
        native.reset_pool()


# ---- served: real Celery workers -----------------------------------------------------------------

FAULT_TASKS = {"CELERY_WORKER_INCLUDE": "tests.fault_tasks", "FORMA_TASK_MAX_DELIVERIES": "3"}


def _queue_holds(queue: str, task_id: str) -> bool:
    """Whether the broker still has the task: waiting in the queue or delivered but unacknowledged."""
    from forma.celery import app

    with app.connection_for_write() as conn:
        client = conn.default_channel.client
        waiting = client.lrange(queue, 0, -1)
        unacked = client.hvals("unacked")
    return any(task_id.encode() in message for message in [*waiting, *unacked])


@needs_broker
def test_hostile_text_on_a_real_worker_is_answered_and_never_kills_its_child(mcp, make_account, broker_queue, tmp_path):
    from ground.inputs import text_problem

    account = make_account(plan="pro")
    chart = _store_answer(account, "chart", "vega-lite", HOSTILE_CHART)
    with celery_worker(broker_queue, tmp_path) as worker:
        # Only what passes the door reaches a worker: DEL, C1 controls and JSON escapes of any of them.
        reaching = [call for call in _hostile_asks() if text_problem(call[1]["intent"]) is None][:12]
        assert len(reaching) == 12
        results = mcp(account.key, *reaching, ("show_figure", {"figure_token": chart}),
                      ("show_figure", {"figure_token": chart, "format": "svg"}))
        log = worker.log_text()
    answers = [result.structured_content for result in results[:12]]
    assert {a["status"] for a in answers} <= {"valid", "invalid"}, [a.get("reason") for a in answers]
    _assert_drawn(results[12:])
    assert "WorkerLostError" not in log and "exited with 'signal" not in log
    assert _held_reservations(account) == []


@needs_broker
def test_a_task_whose_worker_dies_every_time_runs_at_most_the_limit_then_is_an_error_and_dropped(broker_queue, tmp_path, settings):
    from oracles.dispatch import TaskFailed, run_task
    from tests.fault_tasks import abort_every_time

    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 90.0}
    marker = uuid.uuid4().hex
    with celery_worker(broker_queue, tmp_path, **FAULT_TASKS) as worker:
        with pytest.raises(TaskFailed) as failed:
            run_task(abort_every_time, marker)
        received = next(line for line in worker.log_text().splitlines() if "Task tests.abort_every_time[" in line)
        task_id = received.split("[", 2)[2].split("]", 1)[0]
        deadline = time.monotonic() + 30
        while _queue_holds(broker_queue, task_id):  # the refused delivery is acknowledged, not requeued
            assert time.monotonic() < deadline, "the poison task is still on the broker"
            time.sleep(0.02)
        log = worker.log_text()
    assert failed.value.code == "WORKER_CRASHED"
    assert "Retrying the same input will fail the same way" in failed.value.message
    assert log.count(f"fault task running: {marker}") == 3
    assert log.count(f"Task tests.abort_every_time[{task_id}] received") == 4  # three runs, one refusal
    assert log.count(f"tests.abort_every_time[{task_id}] dropped: its worker died on each of 3 deliveries") == 1
    assert log.count("exited with 'signal 6 (SIGABRT)'") == 3


@needs_broker
def test_a_task_nobody_waits_for_any_more_is_discarded_not_run(broker_queue, tmp_path, settings):
    from oracles.dispatch import TaskFailed, run_task
    from tests.fault_tasks import abort_every_time

    settings.FORMA = {**settings.FORMA, "TASK_WAIT_SECONDS": 1.0}
    marker = uuid.uuid4().hex
    with pytest.raises(TaskFailed) as failed:  # no worker yet: the caller gives up after its wait
        run_task(abort_every_time, marker)
    assert failed.value.code == "CHECK_TIMEOUT"
    with celery_worker(broker_queue, tmp_path, **FAULT_TASKS) as worker:
        worker.wait_for_log("Discarding revoked task: tests.abort_every_time[")
        log = worker.log_text()
    assert f"fault task running: {marker}" not in log
    assert "exited with 'signal" not in log
