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
