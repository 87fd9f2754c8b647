"""Billing of answers: exactly what was answered is charged, once, even under concurrency."""

from __future__ import annotations

import asyncio
import json

import pytest

from conftest import tool_error

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"


def _set_balance(organization, target: int) -> None:
    from accounts.credits import balance_of, credits_grant

    credits_grant(organization=organization, amount=target - balance_of(organization), reason="test setup", actor=None)


def _concurrent_asks(url: str, key: str, count: int) -> list:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def one(i: int):
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=120) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                return await client.call_tool("ask_oracle", {"oracle": "chart", "intent": f"{CHART}, Thu {i}"})

    async def all_of_them():
        return await asyncio.gather(*(one(i) for i in range(count)))

    return asyncio.run(all_of_them())


def test_concurrent_asks_bill_exactly_what_the_balance_covers(mcp, make_account):
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import LedgerEntry, Reservation
    from oracles.models import Answer

    account = make_account(plan="pro")  # 120 requests a minute: the limit stays out of the way
    org = account.organization
    covered, fired = 4, 16
    _set_balance(org, covered)
    results = _concurrent_asks(mcp.server.mcp_url, account.key, fired)

    answered = [r.structured_content for r in results if not r.is_error]
    refused = [tool_error(r) for r in results if r.is_error]
    assert len(answered) == covered and len(refused) == fired - covered
    assert all(a["status"] == "valid" and a["cost"] == 1 for a in answered)
    assert sorted(a["credits_remaining"] for a in answered)[0] == 0
    assert {e["kind"] for e in refused} == {"quota_exceeded"}
    assert all(e["context"]["price"] == 1 for e in refused)
    assert balance_of(org) == 0 == ledger_sum(org)
    assert Answer.objects.filter(organization=org).count() == covered
    charged = LedgerEntry.objects.filter(organization=org, kind="reserve")
    assert charged.count() == covered and len({e.request_id for e in charged}) == covered
    assert Reservation.objects.filter(organization=org, state="settled").count() == covered
    assert not Reservation.objects.filter(organization=org, state="held").exists()


@pytest.mark.parametrize(
    "args, status, code",
    [
        ({"oracle": "chart", "intent": "a bar chart of signups"}, "invalid", "DATA_REQUIRED"),
        ({"oracle": "chart", "intent": "a bar chart of signups", "allow_generated_data": True}, "valid", None),
        ({"oracle": "diagram", "intent": "please draw something nice"}, "invalid", "UNREADABLE_INTENT"),
        ({"oracle": "chart", "intent": "34, 41, 29, 50"}, "invalid", "UNREADABLE_INTENT"),
    ],
)
def test_what_each_verdict_costs(mcp, account, args, status, code):
    from accounts.credits import balance_of, ledger_sum

    (result,) = mcp(account.key, ("ask_oracle", args))
    answer = result.structured_content
    assert answer["status"] == status
    if code:
        assert answer["reason"]["code"] == code
    # Billing follows the fault: an intent Forma could not read is not billed, like DATA_REQUIRED.
    expected_cost = 0 if code in ("DATA_REQUIRED", "UNREADABLE_INTENT") else 1
    assert answer["cost"] == expected_cost
    assert answer["credits_remaining"] == 100 - expected_cost == balance_of(account.organization) == ledger_sum(account.organization)


def test_an_unfundable_ask_is_quota_exceeded_and_runs_nothing(mcp, account):
    from accounts.credits import balance_of
    from oracles.models import Answer

    _set_balance(account.organization, 0)
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    error = tool_error(result)
    assert error["kind"] == "quota_exceeded" and error["retryable"] is False
    assert error["context"] == {"balance": 0, "price": 1}
    assert balance_of(account.organization) == 0
    assert not Answer.objects.exists()


def test_rate_limited_asks_bill_nothing(mcp, account, settings):
    from accounts.credits import balance_of
    from accounts.models import Reservation

    settings.FORMA = {**settings.FORMA, "RATE_WINDOW_SECONDS": 3600}
    results = mcp(account.key, *[("forma_status", {})] * 10, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    assert tool_error(results[-1])["kind"] == "rate_limited"
    assert balance_of(account.organization) == 100
    assert not Reservation.objects.exists()


def test_an_engine_crash_is_an_unbilled_error_answer(mcp, account, monkeypatch):
    """A bug inside the engine must reach the agent as `error` (ours, retryable), never as a charge."""
    import oracles.tasks
    from accounts.credits import balance_of

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(oracles.tasks, "answer", explode)  # where the check task looks it up
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    answer = result.structured_content
    assert (answer["status"], answer["cost"], answer["retryable"]) == ("error", 0, True)
    assert answer["reason"]["code"] == "INTERNAL_ERROR"
    assert balance_of(account.organization) == 100
    assert json.dumps(answer).count("boom") == 0  # internals never leak to the caller


def test_a_format_the_catalogue_lists_but_the_engine_lacks_is_not_billed(mcp, account):
    """Forma's own configuration error (a format added in the admin that no engine draws) costs nothing."""
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import Reservation
    from oracles.models import Oracle

    Oracle.objects.filter(name="chart").update(formats=["vega-lite", "vega", "svg"])
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART, "format": "svg"}))
    answer = result.structured_content
    assert (answer["status"], answer["reason"]["code"], answer["cost"]) == ("invalid", "UNSUPPORTED_FORMAT", 0)
    assert balance_of(account.organization) == 100 == ledger_sum(account.organization)
    assert not Reservation.objects.filter(state="held").exists()
