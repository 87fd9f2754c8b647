"""Credits: an append-only ledger with a cached balance that can never go negative.

Every movement is a `LedgerEntry` with a unique idempotency key, written in the
same transaction as the conditional UPDATE of `CreditBalance`. Replaying any
call with the same key is a no-op, so a retried task or a double click never
moves credits twice.

Answer billing is reserve → (settle | release): the price is taken before the
work, kept on a verdict, returned on an error. `Reservation.state` moves from
`held` exactly once, by a conditional UPDATE, so settle and release cannot both
happen. A reserve whose verdict never came (a crash in between) is released by
`reservations_sweep`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Sum
from django.utils import timezone

from ground import ids
from ground.errors import FormaError, invalid_request

from .models import AuditEvent, CreditBalance, LedgerEntry, Organization, Reservation, User

Kind = LedgerEntry.Kind


def _apply(
    *, organization: Organization, kind: str, amount: int, key: str, request_id: str = "", actor: User | None = None, reason: str = ""
) -> LedgerEntry | None:
    """Write one ledger row and move the balance with it, or nothing if `key` was used.

    Returns None when the key already exists (the movement happened before) and
    raises `quota_exceeded` when a debit would take the balance below zero.
    Must run inside a transaction.
    """
    if LedgerEntry.objects.filter(idempotency_key=key).exists():
        return None
    CreditBalance.objects.get_or_create(organization=organization)
    if amount < 0:
        moved = CreditBalance.objects.filter(organization=organization, balance__gte=-amount).update(
            balance=F("balance") + amount
        )
        if not moved:
            balance = CreditBalance.objects.get(organization=organization).balance
            raise FormaError(
                "quota_exceeded",
                f"This needs {-amount} credits and {balance} remain. Buy credits or wait for the monthly allowance.",
                context={"balance": balance, "price": -amount},
            )
    elif amount > 0:
        CreditBalance.objects.filter(organization=organization).update(balance=F("balance") + amount)
    try:
        # A savepoint, so a concurrent writer of the same key only undoes this row.
        with transaction.atomic():
            return LedgerEntry.objects.create(
                organization=organization, kind=kind, amount=amount, idempotency_key=key,
                request_id=request_id, actor=actor, reason=reason,
            )
    except IntegrityError:
        # Lost a race on the same key: undo our balance move in this transaction.
        if amount:
            CreditBalance.objects.filter(organization=organization).update(balance=F("balance") - amount)
        return None


def balance_of(organization: Organization) -> int:
    return balance_of_pk(organization.pk)


def ledger_sum(organization: Organization) -> int:
    return LedgerEntry.objects.filter(organization=organization).aggregate(total=Sum("amount"))["total"] or 0


@transaction.atomic
def allowance_grant(*, organization: Organization, period: str) -> LedgerEntry | None:
    """Grant the plan's allowance for `period` (YYYY-MM) once; safe to call again."""
    amount = organization.plan.monthly_credits
    entry = _apply(
        organization=organization, kind=Kind.ALLOWANCE, amount=amount,
        key=f"allowance:{organization.public_id}:{period}", reason=f"{organization.plan.code} allowance {period}",
    )
    if entry:
        AuditEvent.objects.create(
            organization=organization, action="credits.allowance", target=organization.public_id,
            data={"amount": amount, "period": period},
        )
    return entry


def allowances_renew(*, period: str | None = None) -> int:
    """Grant this month's allowance to every organization that lacks it. Returns how many got one."""
    period = period or timezone.now().strftime("%Y-%m")
    granted = 0
    for org in Organization.objects.select_related("plan").order_by("pk").iterator():
        if allowance_grant(organization=org, period=period):
            granted += 1
    return granted


@transaction.atomic
def credits_grant(*, organization: Organization, amount: int, reason: str, actor: User | None, key: str | None = None) -> LedgerEntry:
    """Staff grant (positive) or adjustment (negative, never below zero), audited."""
    if amount == 0:
        raise invalid_request("The amount must not be zero.")
    if not reason.strip():
        raise invalid_request("Say why: a reason is required for every grant or adjustment.")
    kind = Kind.GRANT if amount > 0 else Kind.ADJUSTMENT
    entry = _apply(
        organization=organization, kind=kind, amount=amount, key=key or f"{kind}:{ids.new_id('req')}",
        actor=actor, reason=reason.strip()[:240],
    )
    if entry is None:
        raise invalid_request("This grant was already recorded.")
    AuditEvent.objects.create(
        organization=organization, actor=actor, action=f"credits.{kind}", target=organization.public_id,
        data={"amount": amount, "reason": reason.strip()[:240]},
    )
    return entry


# The ask's hot path writes the balance in plain SQL: the same conditional UPDATE the ORM
# would send, without building a queryset for it on every ask (the constraint still holds).
_DEBIT_SQL = "UPDATE accounts_creditbalance SET balance = balance - %s WHERE organization_id = %s AND balance >= %s"
_BALANCE_SQL = "SELECT balance FROM accounts_creditbalance WHERE organization_id = %s"
if CreditBalance._meta.db_table != "accounts_creditbalance":  # pragma: no cover - the SQL above names it
    raise RuntimeError("accounts/credits.py's plain SQL names the balance table: update it")


def _debit_held(*, organization_pk: int, amount: int) -> None:
    """Take `amount` from the balance by one conditional UPDATE, or raise `quota_exceeded`."""
    if amount <= 0:
        return
    with connection.cursor() as cursor:
        cursor.execute(_DEBIT_SQL, [amount, organization_pk, amount])
        moved = cursor.rowcount
    if not moved:
        balance = balance_of_pk(organization_pk)
        raise FormaError(
            "quota_exceeded",
            f"This needs {amount} credits and {balance} remain. Buy credits or wait for the monthly allowance.",
            context={"balance": balance, "price": amount},
        )


def credits_reserve(
    *, request_id: str, amount: int, organization: Organization | None = None, organization_pk: int | None = None,
    on_debited: Callable[[], None] | None = None,
) -> Reservation:
    """Hold `amount` credits for the answer `request_id`, or raise `quota_exceeded` (nothing written).

    The hot path of every ask, so it is three statements in one transaction: the
    reservation (unique per request id, so a replay is refused by the database),
    the conditional debit, and the reserve's ledger row. A replayed reserve is a
    no-op that returns the first one.

    `on_debited` is called once the debit went through, before the ledger row and the commit:
    the ask starts its check there, so the check runs while the reserve finishes. It is not
    called when nothing was debited (quota_exceeded, a replay); if the reserve then fails
    anyway, the caller undoes what it started (the exception reaches it).
    """
    organization_pk = organization.pk if organization is not None else organization_pk
    try:
        with transaction.atomic():
            reservation = Reservation.objects.create(request_id=request_id, organization_id=organization_pk, amount=amount)
            _debit_held(organization_pk=organization_pk, amount=amount)
            if on_debited is not None:
                on_debited()
            LedgerEntry.objects.create(
                organization_id=organization_pk, kind=Kind.RESERVE, amount=-amount, idempotency_key=f"reserve:{request_id}",
                request_id=request_id,
            )
    except IntegrityError:
        # Reserved before (a replay, or a concurrent twin): the first reserve holds; this one moved nothing.
        return Reservation.objects.get(request_id=request_id)
    return reservation


def _close(*, request_id: str, to_state: str) -> bool:
    now = timezone.now()
    return bool(
        Reservation.objects.filter(request_id=request_id, state=Reservation.State.HELD).update(state=to_state, closed_at=now)
    )


def _held(request_id: str, held: Reservation | None) -> Reservation:
    # The caller that reserved knows the row (organization and amount never change): no need to read it again.
    if held is not None and held.request_id == request_id:
        return held
    return Reservation.objects.get(request_id=request_id)


@transaction.atomic(savepoint=False)
def credits_settle(*, request_id: str, held: Reservation | None = None) -> bool:
    """The reserve becomes the charge. True if this call settled it.

    `held` is the row `credits_reserve` returned, when the caller has it. Runs in
    the caller's transaction when there is one (no savepoint: a failure undoes the
    caller's whole transaction, which is what the answer path wants).
    """
    if not _close(request_id=request_id, to_state=Reservation.State.SETTLED):
        return False
    reservation = _held(request_id, held)
    # Only the conditional UPDATE above moves a reservation out of `held`, once: this key cannot exist yet,
    # and the unique constraint would still refuse a second one.
    _settle_rows_insert(request_id=request_id, organization_pk=reservation.organization_id, amount=reservation.amount)
    return True


# Every billed ask appends these two rows: plain INSERTs (only ever INSERTs: the ledger stays
# append-only), without building two model instances and their querysets on every ask. The
# values go through the fields' own conversion, so they are stored as the ORM stores them.
_SETTLE_LEDGER_SQL = (
    "INSERT INTO accounts_ledgerentry (organization_id, kind, amount, idempotency_key, request_id, actor_id, reason, created_at)"
    " VALUES (%s, %s, 0, %s, %s, NULL, '', %s)"
)
_SPENT_AUDIT_SQL = (
    "INSERT INTO accounts_auditevent (organization_id, actor_id, action, target, data, created_at) VALUES (%s, NULL, %s, %s, %s, %s)"
)
if (LedgerEntry._meta.db_table, AuditEvent._meta.db_table) != ("accounts_ledgerentry", "accounts_auditevent"):  # pragma: no cover
    raise RuntimeError("accounts/credits.py's plain SQL names the ledger and audit tables: update it")


def _settle_rows_insert(*, request_id: str, organization_pk: int, amount: int) -> None:
    """The settle's ledger row (zero: the reserve already moved the money) and its `credits.spent` audit row."""
    now = timezone.now()
    ledger_at = LedgerEntry._meta.get_field("created_at").get_db_prep_save(now, connection)
    audit_at = AuditEvent._meta.get_field("created_at").get_db_prep_save(now, connection)
    data = AuditEvent._meta.get_field("data").get_db_prep_save({"amount": amount}, connection)
    with connection.cursor() as cursor:
        cursor.execute(_SETTLE_LEDGER_SQL, [organization_pk, Kind.SETTLE.value, f"settle:{request_id}", request_id, ledger_at])
        cursor.execute(_SPENT_AUDIT_SQL, [organization_pk, "credits.spent", request_id, data, audit_at])


@transaction.atomic(savepoint=False)
def credits_release(*, request_id: str, reason: str = "", held: Reservation | None = None) -> bool:
    """Return the held credits in full. True if this call released them (`held` as in `credits_settle`)."""
    if not _close(request_id=request_id, to_state=Reservation.State.RELEASED):
        return False
    reservation = _held(request_id, held)
    if reservation.amount:
        CreditBalance.objects.filter(organization_id=reservation.organization_id).update(balance=F("balance") + reservation.amount)
    LedgerEntry.objects.create(
        organization_id=reservation.organization_id, kind=Kind.RELEASE, amount=reservation.amount,
        idempotency_key=f"release:{request_id}", request_id=request_id, reason=reason[:240],
    )
    AuditEvent.objects.create(
        organization_id=reservation.organization_id, action="credits.released", target=request_id,
        data={"amount": reservation.amount, "reason": reason[:240]},
    )
    return True


def balance_of_pk(organization_pk: int) -> int:
    """The balance, by the organization's primary key (the ask path has no Organization row)."""
    with connection.cursor() as cursor:
        cursor.execute(_BALANCE_SQL, [organization_pk])
        row = cursor.fetchone()
    return row[0] if row else 0


def reservations_sweep(*, older_than: timedelta | None = None, now: datetime | None = None) -> int:
    """Release holds whose verdict never arrived (the process died between the two). Returns how many.

    A hold is orphaned once it is older than `older_than` (default: the
    HOLD_GRACE_SECONDS setting, well above the longest a live request waits).
    `now` is the clock, injectable so tests move time instead of sleeping.
    Safe in any number of processes at once: each release is a conditional update.
    """
    grace = older_than if older_than is not None else timedelta(seconds=settings.FORMA["HOLD_GRACE_SECONDS"])
    cutoff = (now or timezone.now()) - grace
    stale = Reservation.objects.filter(state=Reservation.State.HELD, created_at__lt=cutoff).order_by("pk")
    return sum(
        1 for request_id in list(stale.values_list("request_id", flat=True))
        if credits_release(request_id=request_id, reason="swept: no verdict")
    )
