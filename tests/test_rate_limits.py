"""requests_per_minute: shared by every credential of an organization, free tools included."""

from __future__ import annotations

import math
import time

import pytest

from accounts.ratelimit import rate_limit_hit
from conftest import tool_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_window_counts_per_organization_and_resets(account, make_account):
    other = make_account()
    start = 1_800_000_000.0  # the start of a window
    decisions = [rate_limit_hit(organization_pk=account.organization.pk, limit=10, now=start + i) for i in range(11)]
    assert [d.allowed for d in decisions] == [True] * 10 + [False]
    assert decisions[-1].reset_after == 50
    assert rate_limit_hit(organization_pk=other.organization.pk, limit=10, now=start + 10).allowed
    assert rate_limit_hit(organization_pk=account.organization.pk, limit=10, now=start + 60).allowed


def _wait_for_fresh_window(length: int, need: float) -> None:
    # Start the burst early in a window so all eleven calls land in the same one.
    left = length - (time.time() % length)
    if left < need:
        time.sleep(left + 0.05)


def test_the_eleventh_call_in_a_minute_is_rate_limited_then_calls_resume(mcp, account, settings):
    from accounts.credits import balance_of

    settings.FORMA = {**settings.FORMA, "RATE_WINDOW_SECONDS": 4}
    second_key = _second_key(account)
    _wait_for_fresh_window(4, need=3)
    calls = [("forma_status", {}), ("list_oracles", {}), ("whats_new", {})] * 3 + [("forma_status", {})]
    results = mcp(account.key, *calls[:5]) + mcp(second_key, *calls[5:], ("list_oracles", {}))
    assert [r.is_error for r in results] == [False] * 10 + [True]
    error = tool_error(results[-1])
    assert error["kind"] == "rate_limited"
    assert error["retryable"] is True
    assert 1 <= error["retry_after"] <= 4
    assert error["context"] == {"requests_per_minute": 10}
    assert balance_of(account.organization) == 100  # free tools and refusals cost nothing
    deadline = time.monotonic() + error["retry_after"] + 3
    while True:
        (again,) = mcp(account.key, ("forma_status", {}))
        if not again.is_error:
            break
        assert time.monotonic() < deadline, "calls did not resume after retry_after"
        time.sleep(min(0.5, math.ceil(tool_error(again)["retry_after"])))


def _second_key(account) -> str:
    from accounts.services import api_key_create

    _, raw = api_key_create(organization=account.organization, created_by=account.user, name="second")
    return raw
