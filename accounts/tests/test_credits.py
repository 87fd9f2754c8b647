"""The credits ledger: never negative, always the sum of its rows, never moved twice."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from accounts import credits
from accounts.models import AuditEvent, CreditBalance, LedgerEntry, Reservation
from ground import ids
from ground.errors import FormaError

pytestmark = pytest.mark.django_db


def _state(org):
    return credits.balance_of(org), LedgerEntry.objects.filter(organization=org).count()


def test_reserve_beyond_the_balance_is_quota_exceeded_and_writes_nothing(account):
    org = account.organization
    before = _state(org)
    with pytest.raises(FormaError) as caught:
        credits.credits_reserve(organization=org, request_id=ids.request_id(), amount=101)
    assert caught.value.kind == "quota_exceeded"
    assert caught.value.context == {"balance": 100, "price": 101}
    assert _state(org) == before
    assert Reservation.objects.count() == 0


def test_settle_keeps_the_charge_and_release_returns_it_in_full(account):
    org = account.organization
    kept, returned = ids.request_id(), ids.request_id()
    credits.credits_reserve(organization=org, request_id=kept, amount=3)
    credits.credits_reserve(organization=org, request_id=returned, amount=5)
    assert credits.balance_of(org) == 92
    assert credits.credits_settle(request_id=kept) is True
    assert credits.credits_release(request_id=returned) is True
    assert credits.balance_of(org) == 97 == credits.ledger_sum(org)


def test_settle_and_release_happen_at_most_once_per_reservation(account):
    org = account.organization
    rid = ids.request_id()
    credits.credits_reserve(organization=org, request_id=rid, amount=4)
    assert credits.credits_settle(request_id=rid) is True
    assert credits.credits_settle(request_id=rid) is False
    assert credits.credits_release(request_id=rid) is False
    credits.credits_reserve(organization=org, request_id=rid, amount=4)  # a replayed reserve is a no-op
    assert credits.balance_of(org) == 96 == credits.ledger_sum(org)


def test_the_sweeper_releases_a_reserve_whose_verdict_never_came(account):
    org = account.organization
    rid = ids.request_id()
    credits.credits_reserve(organization=org, request_id=rid, amount=7)
    assert credits.reservations_sweep() == 0  # too fresh: it may still be running
    Reservation.objects.filter(request_id=rid).update(created_at=Reservation.objects.get(request_id=rid).created_at - timedelta(minutes=6))
    assert credits.reservations_sweep() == 1
    assert credits.reservations_sweep() == 0
    assert credits.balance_of(org) == 100 == credits.ledger_sum(org)
    assert Reservation.objects.get(request_id=rid).state == "released"


def test_every_release_writes_one_audit_row_like_the_other_credit_operations(account):
    org = account.organization
    returned, swept = ids.request_id(), ids.request_id()
    credits.credits_reserve(organization=org, request_id=returned, amount=5)
    credits.credits_reserve(organization=org, request_id=swept, amount=2)
    assert credits.credits_release(request_id=returned, reason="invalid: DATA_REQUIRED") is True
    assert credits.credits_release(request_id=returned) is False  # released once, recorded once
    Reservation.objects.filter(request_id=swept).update(created_at=Reservation.objects.get(request_id=swept).created_at - timedelta(minutes=6))
    assert credits.reservations_sweep() == 1
    rows = {e.target: e for e in AuditEvent.objects.filter(action="credits.released")}
    assert set(rows) == {returned, swept}
    assert rows[returned].organization == org and rows[returned].data == {"amount": 5, "reason": "invalid: DATA_REQUIRED"}
    assert rows[swept].data == {"amount": 2, "reason": "swept: no verdict"}


def test_monthly_allowance_is_granted_once_per_month(account):
    org = account.organization
    assert credits.allowances_renew(period="2031-01") == 1
    assert credits.allowances_renew(period="2031-01") == 0
    assert credits.balance_of(org) == 200 == credits.ledger_sum(org)


def test_the_balance_can_never_be_negative_even_bypassing_the_service(account):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        CreditBalance.objects.filter(organization=account.organization).update(balance=-1)


def test_credits_command_grants_with_a_reason_and_an_audit_row(account):
    out = io.StringIO()
    call_command("credits", "grant", "--org", "owner@example.com", "--amount", "50", "--reason", "launch promo", stdout=out)
    assert out.getvalue().strip() == f"{account.organization.public_id} balance: 150"
    call_command("credits", "grant", "--org", account.organization.public_id, "--amount", "-30", "--reason", "correction", stdout=io.StringIO())
    assert credits.balance_of(account.organization) == 120 == credits.ledger_sum(account.organization)
    audit = list(AuditEvent.objects.filter(action__startswith="credits.", actor__isnull=True).values_list("action", "data__amount"))
    assert ("credits.grant", 50) in audit and ("credits.adjustment", -30) in audit


@pytest.mark.parametrize(
    "args, message",
    [
        (["--org", "nobody@example.com", "--amount", "5", "--reason", "x"], "No organization"),
        (["--org", "owner@example.com", "--amount", "0", "--reason", "x"], "must not be zero"),
        (["--org", "owner@example.com", "--amount", "5", "--reason", " "], "reason is required"),
        (["--org", "owner@example.com", "--amount", "-101", "--reason", "too much"], "101 credits and 100 remain"),
    ],
)
def test_credits_command_refusals_change_nothing(account, args, message):
    before = _state(account.organization)
    with pytest.raises(CommandError, match=message):
        call_command("credits", "grant", *args, stdout=io.StringIO())
    assert _state(account.organization) == before


class LedgerMachine(RuleBasedStateMachine):
    """Random grant / reserve / settle / release / crash+sweep sequences against the real database."""

    def __init__(self, make_account) -> None:
        super().__init__()
        self.make_account = make_account

    @initialize()
    def open_account(self) -> None:
        self.org = self.make_account().organization
        self.expected = 100
        self.held: dict[str, int] = {}
        self.closed: set[str] = set()

    @rule(amount=st.integers(min_value=1, max_value=50))
    def grant(self, amount: int) -> None:
        credits.credits_grant(organization=self.org, amount=amount, reason="test", actor=None)
        self.expected += amount

    @rule(amount=st.integers(min_value=1, max_value=60))
    def reserve(self, amount: int) -> None:
        rid = ids.request_id()
        try:
            credits.credits_reserve(organization=self.org, request_id=rid, amount=amount)
        except FormaError as error:
            assert error.kind == "quota_exceeded"
            assert amount > self.expected
            return
        assert amount <= self.expected
        self.expected -= amount
        self.held[rid] = amount

    @precondition(lambda self: self.held)
    @rule(data=st.data(), settle=st.booleans())
    def finish(self, data, settle: bool) -> None:
        rid = data.draw(st.sampled_from(sorted(self.held)))
        amount = self.held.pop(rid)
        if settle:
            assert credits.credits_settle(request_id=rid) is True
        else:
            assert credits.credits_release(request_id=rid) is True
            self.expected += amount
        self.closed.add(rid)

    @precondition(lambda self: self.closed)
    @rule(data=st.data())
    def replay(self, data) -> None:
        rid = data.draw(st.sampled_from(sorted(self.closed)))
        assert credits.credits_settle(request_id=rid) is False
        assert credits.credits_release(request_id=rid) is False

    @rule()
    def crash_then_sweep(self) -> None:
        # Every held reserve is treated as orphaned: the sweeper returns it exactly once.
        credits.reservations_sweep(older_than=timedelta(seconds=-1))
        self.expected += sum(self.held.values())
        self.closed.update(self.held)
        self.held.clear()

    @invariant()
    def balance_matches(self) -> None:
        if not hasattr(self, "org"):
            return
        balance = credits.balance_of(self.org)
        assert balance >= 0
        assert balance == self.expected
        assert balance == credits.ledger_sum(self.org)
        held = Reservation.objects.filter(organization=self.org, state="held")
        assert {r.request_id: r.amount for r in held} == self.held


def test_ledger_invariants_hold_under_random_sequences(make_account):
    run_state_machine_as_test(
        lambda: LedgerMachine(make_account),
        settings=settings(max_examples=25, stateful_step_count=15, deadline=None,
                          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]),
    )


def test_the_settle_rows_read_back_as_the_orm_would_have_written_them(account):
    # credits_settle appends its ledger and audit rows in plain SQL: they must read back like ORM rows.
    org = account.organization
    rid = ids.request_id()
    credits.credits_reserve(organization=org, request_id=rid, amount=3)
    assert credits.credits_settle(request_id=rid) is True
    settle = LedgerEntry.objects.get(idempotency_key=f"settle:{rid}")
    reserve = LedgerEntry.objects.get(idempotency_key=f"reserve:{rid}")
    assert (settle.organization_id, settle.kind, settle.amount, settle.request_id) == (org.pk, LedgerEntry.Kind.SETTLE, 0, rid)
    assert (settle.actor_id, settle.reason) == (None, "")
    assert settle.created_at.tzinfo is not None and timedelta(0) <= settle.created_at - reserve.created_at < timedelta(minutes=1)
    spent = AuditEvent.objects.get(action="credits.spent", target=rid)
    assert (spent.organization_id, spent.actor_id, spent.data) == (org.pk, None, {"amount": 3})
    assert spent.created_at == settle.created_at
    assert LedgerEntry.objects.filter(organization=org).first() == settle  # newest first, as the admin lists it
