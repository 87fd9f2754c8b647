"""Asking an oracle and drawing its figure: the one implementation behind MCP and REST."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from pydantic import ValidationError

from accounts import credits
from accounts.models import Reservation, User
from accounts.principals import Principal
from accounts.services import audit_record
from ground import contract, ids, reasons
from ground.contract import FIGURE_OUTPUTS, Verdict
from ground.errors import FormaError, invalid_request, not_found, storage_errors
from ground.inputs import refuse_bad_text

from .catalogue import ask_options
from .dispatch import Submitted, TaskFailed, task_failure, task_outcome, task_start_here, task_submit, tasks_run_here
from .figures import BackgroundDrawingFailed, figure_cache_keys, figure_token_cache_key, figure_token_keep, png_in_flight
from .models import Answer, ChangelogEntry, IdempotencyKey, Oracle
from .selectors import catalogue_forget, oracle_get
from .tasks import check_intent, render_figure

logger = logging.getLogger("forma.oracles")

MAX_INTENT_CHARS = 20_000
IDEMPOTENCY_KEY_MAX_CHARS = 255
# How long past the wait limit a key's first request may take to write its answer
# before a duplicate gives up waiting, and before the key counts as abandoned.
_IDEMPOTENCY_ANSWER_MARGIN_SECONDS = 10


def _validate_ask(oracle: Oracle, intent: str, fmt: str | None, options: dict[str, Any]) -> tuple[str, str, dict]:
    # Types are the doors' to check (pydantic for MCP, DRF for REST, forms for the dashboard); what
    # is left here is what only the catalogue can say, and the limits every door shares.
    if not intent.strip():
        raise invalid_request("'intent' is empty. Describe what you want, with the values in it.")
    refuse_bad_text("intent", intent)  # PostgreSQL refuses NUL in text: never let one reach the Answer row
    if len(intent) > MAX_INTENT_CHARS:
        raise invalid_request(
            f"The intent is {len(intent)} characters; the limit is {MAX_INTENT_CHARS}. Send fewer values or a summary.",
            max_intent_chars=MAX_INTENT_CHARS,
        )
    fmt = fmt or oracle.default_format
    if fmt not in oracle.formats:
        raise invalid_request(
            f"The {oracle.name} oracle has no format {fmt!r}. Use one of: {', '.join(oracle.formats)}.",
            formats=list(oracle.formats),
        )
    # Which options an oracle takes is its kind's options model (oracles/catalogue.py).
    return intent, fmt, ask_options(oracle=oracle, given=options)


def _figure(oracle: Oracle, answer: Answer) -> contract.Figure:
    if answer.status != Answer.Status.VALID:
        return contract.Figure(drawable=False, reason=f"Only valid answers are drawn; this one is {answer.status}.")
    if answer.format not in oracle.drawable_formats:
        return contract.Figure(
            drawable=False, reason=f"The {answer.format} format cannot be drawn; ask for one of {oracle.drawable_formats}."
        )
    return contract.Figure(drawable=True, token=answer.figure_token, formats=list(FIGURE_OUTPUTS))


def answer_present(answer: Answer, *, credits_remaining: int) -> contract.Answer:
    """The public shape of an answer (the same for MCP and REST)."""
    valid = answer.status == Answer.Status.VALID
    return contract.Answer(
        request_id=answer.request_id, oracle=answer.oracle.name, format=answer.format, status=answer.status,
        result=answer.result if valid else None, verified_by=answer.verified_by if valid else None,
        reason=None if valid else answer.reason,
        retryable=reasons.retryable((answer.reason or {}).get("code")) if answer.status == Answer.Status.ERROR else None,
        figure=_figure(answer.oracle, answer), cost=answer.cost, credits_remaining=credits_remaining, notes=list(answer.notes),
    )


SyncRunner = Callable[..., Awaitable[Any]]


async def _in_calling_thread(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    # Under `async_to_sync` (a sync caller: a REST view, a script, a test) a
    # thread-sensitive call goes back to that caller's own thread, so the ask
    # uses the caller's database connection (and, in tests, its transaction).
    return await sync_to_async(fn, thread_sensitive=True)(*args, **kwargs)


@dataclass(frozen=True)
class AskInFlight:
    """An ask between its reserve and its verdict: the hold is taken, the check handed out."""

    request_id: str
    principal: Principal
    oracle: Oracle
    intent: str
    fmt: str
    options: dict[str, Any]
    submitted: Submitted | None
    refused: TaskFailed | None  # the broker would not take the check: the answer is `error`
    idempotency_key_pk: int | None
    held: Reservation | None = None  # the hold credits_reserve took: settling it needs no read


@contextmanager
def _released_on_failure(request_id: str, held: Reservation | None = None) -> Iterator[None]:
    """Any exception between the reserve and the recorded verdict gives the hold back."""
    try:
        yield
    except BaseException:
        try:
            credits.credits_release(request_id=request_id, reason="interrupted", held=held)
        except Exception:
            # The database is gone too: the hold stays until the sweeper returns it.
            logger.exception("could not release the hold of %s; the sweeper will", request_id)
        raise


@dataclass(frozen=True)
class _Recorded:
    body: contract.Answer  # the check thread recorded the verdict: this is the answer


@dataclass(frozen=True)
class _Unrecorded:
    verdict: Verdict | None  # the request records it (it claimed first, or there was no flight)
    error: FormaError | None = None  # the check could not even be run: the call fails with this


class CheckThreadFinish:
    """The verdict of an ask recorded by the thread that ran its check (embedded default, MCP).

    Saves the request a second thread hop after the check. Exactly one side records the verdict:
    the check thread when it ends in time, or the request when its deadline passes or its caller
    went away first (`claim`, once). The check thread waits for `ready` (the reserve committed and
    the flight known) before it records anything. `wrap` runs the recording (connection upkeep).
    """

    def __init__(self, wrap: Callable[..., Any]) -> None:
        self._wrap = wrap
        self._lock = threading.Lock()
        self._claimed_by: str | None = None
        self._ready = threading.Event()
        self._flight: AskInFlight | None = None
        self._checking = time.perf_counter()

    def claim(self, by: str) -> bool:
        """True if `by` ("check" or "request") records the verdict: it claimed first, now or before."""
        with self._lock:
            if self._claimed_by is None:
                self._claimed_by = by
            return self._claimed_by == by

    def ready(self, flight: AskInFlight | None) -> None:
        self._flight, self._checking = flight, time.perf_counter()
        self._ready.set()

    def after_check(self, outcome: Any, failure: BaseException | None) -> _Recorded | _Unrecorded:
        if failure is not None:
            mapped = task_failure(check_intent, failure)
            if isinstance(mapped, FormaError):
                return _Unrecorded(verdict=None, error=mapped)
            verdict = Verdict.error(mapped.code, mapped.message)
        else:
            verdict = verdict_parse(outcome)
        self._ready.wait(timeout=settings.FORMA["TASK_WAIT_SECONDS"])
        flight = self._flight
        if flight is None or not self.claim("check"):
            return _Unrecorded(verdict=verdict)
        # As the request would count it: from the end of the reserve to the verdict.
        total_ms = round((time.perf_counter() - self._checking) * 1000, 2)
        try:
            return _Recorded(body=self._wrap(answer_finish, flight=flight, verdict=verdict, total_ms=total_ms))
        except BaseException:
            # Not recorded (answer_finish gave the hold back): free the key, as the request would.
            if flight.idempotency_key_pk is not None:
                try:
                    self._wrap(idempotency_abandon, pk=flight.idempotency_key_pk, request_id=flight.request_id)
                except Exception:
                    logger.exception("could not free the idempotency key of %s", flight.request_id)
            raise


def _check_dropped(handed: list[tuple[Submitted | None, TaskFailed | FormaError | None]]) -> None:
    for submitted, _refused in handed:
        if submitted is not None and submitted.running is not None:
            submitted.running.cancel()  # still queued: dropped; already running: finishes unobserved


def answer_begin(
    *, principal: Principal, oracle_name: str, intent: str, fmt: str | None, allow_generated_data: bool | None,
    request_id: str, idempotency_key_pk: int | None = None, finisher: CheckThreadFinish | None = None,
) -> AskInFlight:
    """Refuse bad input for free, reserve the oracle's price, and hand the check to a worker.

    With `finisher` (embedded default only), the thread that runs the check records its verdict too.
    """
    oracle = oracle_get(name=oracle_name)
    intent, fmt, options = _validate_ask(oracle, intent, fmt, {"allow_generated_data": allow_generated_data})
    handed: list[tuple[Submitted | None, TaskFailed | FormaError | None]] = []

    def hand_out_check() -> None:
        # Called by the reserve once the debit went through: the check runs while the reserve
        # writes its ledger row and commits. Nothing runs without a debit.
        if tasks_run_here():
            then = finisher.after_check if finisher is not None else None
            handed.append((task_start_here(check_intent, oracle.kind, intent, fmt, options, then=then), None))
        else:
            try:
                handed.append((task_submit(check_intent, oracle.kind, intent, fmt, options), None))
            except (TaskFailed, FormaError) as failure:
                # Kept, not raised: the hold commits first, so a broker that is down shows in the
                # ledger as a reserve given back (below), as every failed ask does.
                handed.append((None, failure))

    # Committed on its own: if this process dies before the verdict, the sweeper finds the hold.
    try:
        held = credits.credits_reserve(
            organization_pk=principal.organization_pk, request_id=request_id, amount=oracle.price, on_debited=hand_out_check
        )
    except BaseException:
        _check_dropped(handed)  # the reserve failed after the debit: no hold, so no check
        raise
    with _released_on_failure(request_id, held):
        if not handed:  # a replayed reserve debits nothing: the check starts after it, as before
            hand_out_check()
        submitted, refused = handed[0]
        if isinstance(refused, FormaError):
            raise refused  # backend_unreachable: no check ran; the hold goes back
    return AskInFlight(
        request_id=request_id, principal=principal, oracle=oracle, intent=intent, fmt=fmt,
        options=options, submitted=submitted, refused=refused, idempotency_key_pk=idempotency_key_pk, held=held,
    )


async def answer_verdict(flight: AskInFlight, *, deadline: float) -> Verdict:
    """Wait for the check (holding no thread) until `deadline`; a failure is an `error` verdict."""
    try:
        if flight.submitted is None:
            raise flight.refused or TaskFailed("TASK_FAILED", "The check failed on our side. Retry.")
        return verdict_parse(await task_outcome(flight.submitted, deadline=deadline))
    except TaskFailed as failure:
        return Verdict.error(failure.code, failure.message)


def verdict_parse(outcome: Any) -> Verdict:
    """The check task's JSON parsed back into a `Verdict`; one that does not parse is our bug: an `error` verdict."""
    try:
        return Verdict.model_validate(outcome)
    except ValidationError:
        logger.exception("the check returned what is not a verdict: %.300r", outcome)
        return Verdict.error("INTERNAL_ERROR", "The check failed on our side. Retry; if it keeps failing, send feedback with this request_id.")


def answer_finish(*, flight: AskInFlight, verdict: Verdict, total_ms: float) -> contract.Answer:
    """Record the verdict and settle or release the hold, in one transaction; returns the public answer."""
    oracle, principal, request_id = flight.oracle, flight.principal, flight.request_id
    status, reason_code = verdict.status, verdict.reason_code
    # Billing follows the fault: which refusals cost the price is said once, in ground/reasons.py.
    billed = status == "valid" or (status == "invalid" and reasons.billed(reason_code))
    try:
        with _released_on_failure(request_id, flight.held), transaction.atomic():
            # Settled before the answer is written: if the sweeper already returned this
            # hold (a verdict later than the grace period), the answer says it cost nothing.
            charged = credits.credits_settle(request_id=request_id, held=flight.held) if billed else False
            if not billed:
                credits.credits_release(request_id=request_id, reason=reason_code or status, held=flight.held)
            answer = Answer.objects.create(
                request_id=request_id, organization_id=principal.organization_pk, user_id=principal.user_pk,
                credential=principal.credential_id, oracle=oracle, intent=flight.intent, format=flight.fmt,
                options=flight.options, status=status, result=verdict.result, verified_by=verdict.verified_by,
                reason=verdict.reason, notes=list(verdict.notes), cost=oracle.price if charged else 0,
                figure_token=ids.figure_id() if status == "valid" and flight.fmt in oracle.drawable_formats else None,
                timings={"engine_ms": verdict.engine_ms, "total_ms": total_ms},
            )
            body = answer_present(answer, credits_remaining=credits.balance_of_pk(principal.organization_pk))
            if body.figure.drawable and answer.figure_token:
                transaction.on_commit(lambda: figure_token_keep(
                    token=answer.figure_token, organization_pk=principal.organization_pk, kind=oracle.kind,
                    fmt=answer.format, result=answer.result,
                ))
            if flight.idempotency_key_pk is not None:
                # In the same transaction as the charge: a key is answered exactly when its ask was billed.
                IdempotencyKey.objects.filter(pk=flight.idempotency_key_pk, request_id=request_id).update(response=body.model_dump(mode="json"))
    except storage_errors():
        raise  # unreachable storage: every door already answers it as upstream_unavailable
    except DatabaseError as exc:
        # The answer could not be written (bad data, a constraint): ours, and the hold went back above.
        logger.exception("could not record the answer %s", request_id)
        raise FormaError(
            "upstream_unavailable",
            "Forma could not record this answer; nothing was charged. Retry; if it keeps failing, "
            "send feedback with this request_id.",
            request_id=request_id,
        ) from exc
    return body


def _abandon(*, request_id: str, idempotency_key_pk: int | None, release: bool) -> None:
    # The ask ended without a recorded verdict: nothing of it may stay held or claimed.
    if release:
        credits.credits_release(request_id=request_id, reason="interrupted")
    if idempotency_key_pk is not None:
        idempotency_abandon(pk=idempotency_key_pk, request_id=request_id)


async def _to_completion(step: Awaitable[Any]) -> Any:
    """Await a database step that runs in a thread; if we are cancelled, let it finish first.

    A thread cannot be stopped: a reserve or a settle still in flight when the
    caller goes away would land after the clean-up and undo it.
    """
    running = asyncio.ensure_future(step)
    try:
        return await asyncio.shield(running)
    except asyncio.CancelledError:
        await asyncio.wait([running])
        raise


async def answer_ask(
    *, principal: Principal, oracle_name: str, intent: str, fmt: str | None = None, allow_generated_data: bool | None = None,
    request_id: str | None = None, idempotency_key: str | None = None, started: float | None = None,
    run_sync: SyncRunner = _in_calling_thread, finish_in_check_thread: Callable[..., Any] | None = None,
) -> contract.Answer:
    """Ask an oracle: refuse bad input for free, reserve the price, check, then settle or release.

    Billing follows the fault: `valid`, and `invalid` when the rules refused what was
    understood, cost the oracle's price; `error` (ours), the reasons that
    ground/reasons.py marks unbilled, and every refusal before the check cost nothing.

    The one implementation behind MCP and REST. Database steps run through
    `run_sync` (a thread); the wait for the check is awaited here and holds no
    thread. `started` (a `time.monotonic()` value, default now) is when the
    caller's call began: the answer comes by `started + TASK_WAIT_SECONDS`.
    With an `idempotency_key`, a repeat of the same ask by the same organization
    gets the first answer again and is billed once (`idempotency_claim`).

    `finish_in_check_thread` (a sync wrapper, e.g. the MCP door's connection upkeep): on the
    embedded default, the thread that ran the check records the verdict through it, so the
    request does not hop to a thread again (`CheckThreadFinish`). Only for doors whose database
    work is not tied to the calling thread (not a test's transaction).
    """
    started = time.monotonic() if started is None else started
    deadline = started + settings.FORMA["TASK_WAIT_SECONDS"]
    request_id = request_id or ids.request_id()
    key_pk = None
    if idempotency_key is not None:
        claim = await _idempotency_wait(
            run_sync, organization_pk=principal.organization_pk, key=idempotency_key, request_id=request_id, started=started,
            fingerprint=ask_fingerprint(oracle_name=oracle_name, intent=intent, fmt=fmt, allow_generated_data=allow_generated_data),
        )
        if claim.response is not None:
            return contract.Answer.model_validate(claim.response)
        key_pk = claim.pk
    flight = None
    finisher = CheckThreadFinish(finish_in_check_thread) if finish_in_check_thread is not None and tasks_run_here() else None
    try:
        try:
            flight = await _to_completion(run_sync(
                answer_begin, principal=principal, oracle_name=oracle_name, intent=intent, fmt=fmt,
                allow_generated_data=allow_generated_data, request_id=request_id, idempotency_key_pk=key_pk,
                finisher=finisher,
            ))
        finally:
            if finisher is not None:
                finisher.ready(flight)  # None: the check thread records nothing
        checking = time.perf_counter()
        if finisher is not None and flight.submitted is not None and flight.submitted.running is not None:
            verdict = await _recorded_or_verdict(finisher, flight.submitted.running, deadline=deadline)
            if isinstance(verdict, contract.Answer):
                return verdict
        else:
            verdict = await answer_verdict(flight, deadline=deadline)
        total_ms = round((time.perf_counter() - checking) * 1000, 2)
        return await _to_completion(run_sync(answer_finish, flight=flight, verdict=verdict, total_ms=total_ms))
    except BaseException as exc:
        if finisher is not None and flight is not None and not finisher.claim("request"):
            # The check thread claimed the verdict first: it records it (and bills it once) and
            # answers the key; there is nothing of this ask left for us to return.
            raise
        # A refusal by answer_begin released its own hold (or took none). A cancellation
        # (the caller went away) or any later failure leaves a hold for us to return; the
        # key is freed either way, so a corrected retry can use it. Shielded: it must run
        # even though this task is being cancelled.
        release = flight is not None or isinstance(exc, asyncio.CancelledError)
        if release or key_pk is not None:
            await asyncio.shield(run_sync(_abandon, request_id=request_id, idempotency_key_pk=key_pk, release=release))
        raise


async def _recorded_or_verdict(finisher: CheckThreadFinish, running: Future[Any], *, deadline: float) -> contract.Answer | Verdict:
    """The answer the check thread recorded, or the verdict this request must record itself."""
    try:
        done = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(running)), timeout=max(deadline - time.monotonic(), 0))
    except TimeoutError:
        if not finisher.claim("request"):
            done = await _to_completion(asyncio.wrap_future(running))  # recording right now: wait for it
        else:
            running.cancel()  # still queued: dropped; running: finishes unobserved, records nothing
            failure = task_failure(check_intent, TimeoutError("no verdict before the deadline"))
            return Verdict.error(failure.code, failure.message)
    if isinstance(done, _Recorded):
        return done.body
    if done.error is not None:
        raise done.error
    return done.verdict


def answer_create(**ask: Any) -> contract.Answer:
    """`answer_ask` for sync callers (REST views, scripts): the wait runs on an event loop, the database work in this thread."""
    return async_to_sync(answer_ask)(**ask)


# ---- Idempotency-Key ------------------------------------------------------------------


class IdempotencyKeyReused(FormaError):
    """Same key, different request. REST answers 422, as the IETF Idempotency-Key draft advises."""

    @property
    def http_status(self) -> int:
        return 422


@dataclass(frozen=True)
class IdempotencyClaim:
    pk: int
    owned: bool  # this request answers the key
    response: dict[str, Any] | None  # the key's answer, when it has one


def ask_fingerprint(*, oracle_name: str, intent: str, fmt: str | None, allow_generated_data: bool | None) -> str:
    """What makes two asks "the same request" for an Idempotency-Key."""
    canonical = json.dumps(
        {"oracle": oracle_name, "intent": intent, "format": fmt or None, "allow_generated_data": allow_generated_data},
        sort_keys=True, ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _check_key(key: Any) -> str:
    if not isinstance(key, str) or not 1 <= len(key) <= IDEMPOTENCY_KEY_MAX_CHARS or not key.isascii() or not key.isprintable():
        raise invalid_request(
            f"The Idempotency-Key must be 1 to {IDEMPOTENCY_KEY_MAX_CHARS} printable ASCII characters; a UUID is a good one.",
            max_chars=IDEMPOTENCY_KEY_MAX_CHARS,
        )
    return key


def idempotency_claim(
    *, organization_pk: int, key: str, fingerprint: str, request_id: str, now: datetime | None = None
) -> IdempotencyClaim:
    """Claim `key` for this request, or find who has it.

    No check-then-act: the insert under the unique (organization, key) constraint
    decides the owner. A key older than IDEMPOTENCY_KEY_HOURS counts as unused.
    A key whose request died without an answer (no answer well past the wait
    limit; its hold is the sweeper's) is taken over by one later request.
    """
    key = _check_key(key)
    now = now or timezone.now()
    expired_before = now - timedelta(hours=settings.FORMA["IDEMPOTENCY_KEY_HOURS"])
    abandoned_before = now - timedelta(seconds=settings.FORMA["TASK_WAIT_SECONDS"] + _IDEMPOTENCY_ANSWER_MARGIN_SECONDS)
    for _attempt in range(3):
        try:
            with transaction.atomic():
                row = IdempotencyKey.objects.create(
                    organization_id=organization_pk, key=key, fingerprint=fingerprint, request_id=request_id, created_at=now
                )
            return IdempotencyClaim(pk=row.pk, owned=True, response=None)
        except IntegrityError:
            pass
        row = IdempotencyKey.objects.filter(organization_id=organization_pk, key=key).first()
        if row is None:
            continue  # it expired and was pruned meanwhile
        if row.created_at < expired_before:
            IdempotencyKey.objects.filter(pk=row.pk, created_at=row.created_at).delete()
            continue
        if row.fingerprint != fingerprint:
            raise IdempotencyKeyReused(
                "invalid_request",
                "This Idempotency-Key was used for a different request in the last "
                f"{settings.FORMA['IDEMPOTENCY_KEY_HOURS']} hours. Use a new key for a new request.",
                context={"idempotency_key": key, "first_request_id": row.request_id},
            )
        if row.response is not None:
            return IdempotencyClaim(pk=row.pk, owned=False, response=row.response)
        if row.created_at < abandoned_before:
            taken = IdempotencyKey.objects.filter(pk=row.pk, request_id=row.request_id, response__isnull=True).update(
                request_id=request_id, created_at=now
            )
            if taken:
                return IdempotencyClaim(pk=row.pk, owned=True, response=None)
            continue
        return IdempotencyClaim(pk=row.pk, owned=False, response=None)
    raise FormaError("upstream_unavailable", "This Idempotency-Key is changing hands right now. Retry in a second.", retry_after=1)


def idempotency_abandon(*, pk: int, request_id: str) -> None:
    """Free a key whose request ended without an answer, so a retry can use it."""
    IdempotencyKey.objects.filter(pk=pk, request_id=request_id, response__isnull=True).delete()


async def _idempotency_wait(run_sync: SyncRunner, *, started: float, **claim_args: Any) -> IdempotencyClaim:
    # A concurrent duplicate waits for the first request's answer instead of doing the
    # work twice. The first answers by its own deadline; the margin covers its writing.
    give_up = started + settings.FORMA["TASK_WAIT_SECONDS"] + _IDEMPOTENCY_ANSWER_MARGIN_SECONDS
    pause = 0.05
    while True:
        claim = await run_sync(idempotency_claim, **claim_args)
        if claim.owned or claim.response is not None:
            return claim
        if time.monotonic() + pause > give_up:
            raise FormaError(
                "upstream_unavailable",
                "A request with this Idempotency-Key is still being answered. Retry with the same key in a few "
                "seconds to get its answer; it is billed once.",
                retry_after=2,
            )
        await asyncio.sleep(pause)
        pause = min(pause * 1.5, 0.5)


def _figure_answer(*, principal: Principal, token: str, out: str) -> Answer:
    if out not in FIGURE_OUTPUTS:
        raise invalid_request(f"No figure format {out!r}. Use png (to look at) or svg (text).", formats=list(FIGURE_OUTPUTS))
    if not ids.looks_like("fig", token):
        raise not_found("No figure with that token. Pass figure.token from an ask_oracle answer exactly as given.")
    answer = (
        Answer.objects.select_related("oracle")
        .filter(figure_token=token, organization_id=principal.organization_pk)
        .first()
    )
    if answer is None:
        # Another organization's token looks exactly like a missing one.
        raise not_found("No figure with that token. Pass figure.token from an ask_oracle answer exactly as given.")
    return answer


def _figure_kept(*, principal: Principal, token: Any, out: str) -> tuple[Answer, str, str | None, str | None, Future[str] | None]:
    """The answer, its figure's cache key, the figure if cached, the SVG its check kept (when a PNG
    is asked for and is not cached), and the background drawing of it still under way: one step,
    so one thread hop.

    A fresh answer's figure was kept by its check (oracles/figures.py); one drawn before is cached
    too. With no PNG yet, the SVG the check kept makes it (a rasterisation, not a second layout).
    The drawing in flight is looked for before the cache: it leaves the registry only once its PNG
    is cached, so a figure is never found in neither while it is being drawn.
    """
    answer = _figure_answer(principal=principal, token=token, out=out)
    cache_key, svg_key = figure_cache_keys(kind=answer.oracle.kind, fmt=answer.format, outs=(out, "svg"), result=answer.result)
    drawing = png_in_flight(cache_key) if out == "png" else None
    if drawing is not None:
        return answer, cache_key, None, None, drawing
    kept = cache.get_many([cache_key, svg_key] if out == "png" else [cache_key])
    return answer, cache_key, kept.get(cache_key), kept.get(svg_key) if out == "png" else None, None


async def _drawn_in_background(drawing: Future[str], *, deadline: float) -> str:
    """Wait (holding no thread) for the background drawing of a fresh answer's PNG; its failure is reported."""
    try:
        # Shielded: this caller giving up must not cancel the drawing other callers wait for.
        return await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(drawing)), timeout=max(deadline - time.monotonic(), 0))
    except TimeoutError:
        wait = settings.FORMA["TASK_WAIT_SECONDS"]
        raise FormaError("upstream_unavailable", f"Drawing failed: the drawing did not finish within {wait:g} s. Retry.") from None
    except BackgroundDrawingFailed as failure:
        raise FormaError("upstream_unavailable", f"Drawing failed: {failure.message}") from failure


CacheRead = Callable[[list[str]], Awaitable[dict[str, Any]]]


async def _fresh_figure(*, principal: Principal, token: str, out: str, cache_read: CacheRead, deadline: float) -> str | None:
    """A fresh answer's figure from the cache alone (what answer_finish remembered of its token),
    or its background drawing awaited; None when that is not enough (then the answer row is read).

    Scoped like the row: a token remembered for another organization is not this caller's figure."""
    if out not in FIGURE_OUTPUTS or not ids.looks_like("fig", token):
        return None  # the slow path says what is wrong
    try:
        remembered = (await cache_read([figure_token_cache_key(token)])).get(figure_token_cache_key(token))
        if not isinstance(remembered, dict) or remembered.get("organization") != principal.organization_pk:
            return None
        key = remembered[out]
        drawing = png_in_flight(key) if out == "png" else None
        if drawing is not None:
            return await _drawn_in_background(drawing, deadline=deadline)
        return (await cache_read([key])).get(key)
    except storage_errors() as exc:  # the cache does not answer: the database may
        logger.warning("figure cache unreadable (%r); reading the answer", exc)
        return None


async def figure_draw(
    *, principal: Principal, token: str, out: str | None = None, run_sync: SyncRunner = _in_calling_thread,
    started: float | None = None, cache_read: CacheRead | None = None,
) -> tuple[bytes, str]:
    """Draw the figure of a valid answer of the caller's organization. Free. Returns (bytes, mime type).

    Like `answer_ask`, the wait for the drawing is awaited (holding no thread) and ends by
    `started + TASK_WAIT_SECONDS`; database and cache steps run through `run_sync`. With
    `cache_read` (an awaitable cache read that stays on the event loop), a fresh answer's figure
    kept in the cache is served without any thread hop or database read.
    """
    started = time.monotonic() if started is None else started
    out = out or "png"
    mime = "image/png" if out == "png" else "image/svg+xml"
    deadline = started + settings.FORMA["TASK_WAIT_SECONDS"]
    if cache_read is not None:
        fresh = await _fresh_figure(principal=principal, token=token, out=out, cache_read=cache_read, deadline=deadline)
        if fresh is not None:
            return base64.b64decode(fresh), mime
    answer, cache_key, encoded, drawn_svg, drawing = await run_sync(_figure_kept, principal=principal, token=token, out=out)
    if drawing is not None:
        encoded = await _drawn_in_background(drawing, deadline=deadline)
    elif encoded is None:
        try:
            submitted = await run_sync(
                task_submit, render_figure, answer.oracle.kind, answer.result, answer.format, out, drawn_svg
            )
            encoded = await task_outcome(submitted, deadline=deadline)
        except TaskFailed as failure:
            raise FormaError("upstream_unavailable", f"Drawing failed: {failure.message}") from failure
        await run_sync(cache.set, cache_key, encoded, timeout=24 * 3600)
    return base64.b64decode(encoded), mime


def figure_render(**draw: Any) -> tuple[bytes, str]:
    """`figure_draw` for sync callers (REST views, the dashboard)."""
    return async_to_sync(figure_draw)(**draw)


# ---- the changelog ---------------------------------------------------------------------


@transaction.atomic
def changelog_entry_publish(*, entry: ChangelogEntry, actor: User | None) -> bool:
    """Publish `entry` now (whats_new, /v1/changelog and the feed show it from then), with an audit row.

    True when this call published it; publishing an entry already published changes
    nothing and writes no row, however many staff members press the button at once.
    """
    now = timezone.now()
    if not ChangelogEntry.objects.filter(pk=entry.pk, published_at__isnull=True).update(published_at=now):
        return False
    entry.published_at = now
    audit_record(action="changelog.published", organization=None, actor=actor, target=entry.title)
    # A conditional update sends no post_save: drop the cached changelog here, once it commits.
    transaction.on_commit(catalogue_forget)
    return True
