"""The embedded default starts an ask's check from the thread that took its hold, right after it:
the check runs while the ask returns to the event loop, and nothing runs without a hold."""

from __future__ import annotations

import pytest

from accounts.bearer import principal_from_bearer
from ground.errors import FormaError

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"


@pytest.fixture
def checks(monkeypatch):
    from oracles import tasks

    started: list[str] = []
    real = tasks.answer

    def counted(kind, intent, fmt, options):
        started.append(intent)
        return real(kind, intent, fmt, options)

    monkeypatch.setattr(tasks, "answer", counted)
    return started


def test_the_check_is_started_by_the_hold_and_its_verdict_settles_the_ask(account, checks):
    from accounts.credits import balance_of, ledger_sum
    from oracles.services import answer_begin

    flight = answer_begin(principal=principal_from_bearer(account.key), oracle_name="chart", intent=CHART, fmt=None,
                          allow_generated_data=None, request_id="req_check_start_1")
    assert flight.held is not None and flight.submitted.running is not None  # already running, nothing awaited yet
    assert flight.submitted.running.result(timeout=30)["status"] == "valid" and checks == [CHART]
    assert balance_of(account.organization) == 99 == ledger_sum(account.organization)  # the hold, before any verdict


def test_an_unfundable_ask_starts_no_check(account, checks):
    from accounts.credits import balance_of, credits_grant
    from oracles.services import answer_create

    credits_grant(organization=account.organization, amount=-balance_of(account.organization), reason="test", actor=None)
    with pytest.raises(FormaError) as refused:
        answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent=CHART)
    assert refused.value.kind == "quota_exceeded" and checks == []


# ---- the verdict recorded by the check thread (the MCP door on the embedded default) --------


def _recording_wrap(calls):
    import threading

    def wrap(fn, /, **kwargs):
        calls.append((fn.__name__, threading.current_thread().name))
        return fn(**kwargs)

    return wrap


def test_the_check_thread_records_the_verdict_and_bills_it_once(account, checks):
    from accounts.credits import balance_of, ledger_sum
    from oracles.models import Answer
    from oracles.services import answer_create

    calls: list[tuple[str, str]] = []
    answer = answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent=CHART,
                           finish_in_check_thread=_recording_wrap(calls))
    assert answer.status == "valid" and answer.cost == 1 and answer.credits_remaining == 99
    assert [name for name, _thread in calls] == ["answer_finish"] and calls[0][1].startswith("forma-eager-checks")
    assert Answer.objects.filter(request_id=answer.request_id, cost=1).count() == 1
    assert balance_of(account.organization) == 99 == ledger_sum(account.organization)


def test_past_its_deadline_the_request_claims_the_verdict_and_the_late_check_records_nothing(account, monkeypatch, settings):
    import time

    from accounts.credits import balance_of, ledger_sum
    from oracles import tasks
    from oracles.models import Answer
    from oracles.services import answer_create

    real = tasks.answer

    def slow(*args):
        time.sleep(1.0)
        return real(*args)

    monkeypatch.setattr(tasks, "answer", slow)
    monkeypatch.setitem(settings.FORMA, "TASK_WAIT_SECONDS", 0.3)
    calls: list[tuple[str, str]] = []
    answer = answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent=CHART,
                           finish_in_check_thread=_recording_wrap(calls))
    assert answer.status == "error" and answer.reason["code"] == "CHECK_TIMEOUT" and answer.cost == 0
    time.sleep(1.5)  # the check ends late: it finds the verdict claimed and records nothing
    assert calls == []
    assert Answer.objects.count() == 1
    assert balance_of(account.organization) == 100 == ledger_sum(account.organization)


def test_the_cached_oracle_row_follows_a_price_change_on_the_next_ask(account):
    from oracles.models import Oracle
    from oracles.services import answer_create

    principal = principal_from_bearer(account.key)
    assert answer_create(principal=principal, oracle_name="chart", intent=CHART).cost == 1  # the row is cached now
    chart = Oracle.objects.get(name="chart")
    chart.price = 3
    chart.save()  # committed: the cached catalogue (the rows included) is dropped
    assert answer_create(principal=principal, oracle_name="chart", intent=CHART + ", Thu 12").cost == 3
