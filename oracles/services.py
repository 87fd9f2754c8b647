"""Asking an oracle and drawing its figure: the one implementation behind MCP and REST."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from accounts import credits
from accounts.models import Organization
from accounts.principals import Principal
from forma import ids
from forma.errors import FormaError, invalid_request, not_found
from forma.inputs import refuse_bad_text

from .dispatch import TaskFailed, run_task
from .models import Answer, Oracle
from .selectors import oracle_get
from .tasks import check_intent, render_figure

logger = logging.getLogger("forma.oracles")

MAX_INTENT_CHARS = 20_000
FIGURE_OUTPUTS = ("png", "svg")
# Verdicts that are ours or that the caller could not have avoided: never billed.
UNBILLED_REASONS = {"DATA_REQUIRED"}


def _validate_ask(oracle: Oracle, intent: Any, fmt: str | None, allow_generated_data: Any) -> tuple[str, str, dict]:
    if not isinstance(intent, str) or not intent.strip():
        raise invalid_request("'intent' is empty. Describe what you want, with the values to plot.")
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
    if allow_generated_data not in (None, True, False):
        raise invalid_request("'allow_generated_data' must be true or false.")
    if allow_generated_data and oracle.kind != "chart":
        raise invalid_request("'allow_generated_data' applies to charts only; leave it out for this oracle.")
    return intent, fmt, {"allow_generated_data": bool(allow_generated_data)}


def _figure(oracle: Oracle, answer: Answer) -> dict[str, Any]:
    if answer.status != Answer.Status.VALID:
        return {"drawable": False, "reason": f"Only valid answers are drawn; this one is {answer.status}."}
    if answer.format not in oracle.drawable_formats:
        return {"drawable": False, "reason": f"The {answer.format} format cannot be drawn; ask for one of {oracle.drawable_formats}."}
    return {"token": answer.figure_token, "drawable": True, "formats": list(FIGURE_OUTPUTS)}


def answer_present(answer: Answer, *, credits_remaining: int) -> dict[str, Any]:
    """The public shape of an answer (the same for MCP and REST)."""
    body: dict[str, Any] = {
        "request_id": answer.request_id,
        "oracle": answer.oracle.name,
        "format": answer.format,
        "status": answer.status,
    }
    if answer.status == Answer.Status.VALID:
        body["result"] = answer.result
        body["verified_by"] = answer.verified_by
    else:
        body["reason"] = answer.reason
    if answer.status == Answer.Status.ERROR:
        body["retryable"] = True
    body["figure"] = _figure(answer.oracle, answer)
    body["cost"] = answer.cost
    body["credits_remaining"] = credits_remaining
    body["notes"] = list(answer.notes)
    return body


def answer_create(
    *, principal: Principal, oracle_name: str, intent: Any, fmt: str | None = None,
    allow_generated_data: Any = None, request_id: str | None = None,
) -> dict[str, Any]:
    """Ask an oracle: refuse bad input for free, reserve the price, check, then settle or release.

    Billing: `valid` and `invalid` verdicts cost the oracle's price; `error`
    (ours), `DATA_REQUIRED`, and every refusal before the check cost nothing.
    """
    request_id = request_id or ids.request_id()
    oracle = oracle_get(name=oracle_name)
    intent, fmt, options = _validate_ask(oracle, intent, fmt, allow_generated_data)
    organization_pk = principal.organization_pk
    organization = Organization.objects.get(pk=organization_pk)
    # Committed on its own: if this process dies before the verdict, the sweeper finds the hold.
    credits.credits_reserve(organization=organization, request_id=request_id, amount=oracle.price)

    started = time.perf_counter()
    try:
        verdict = run_task(check_intent, oracle.kind, intent, fmt, options)
        status = verdict["status"]
    except TaskFailed as failure:
        verdict = {"status": "error", "reason": {"code": failure.code, "message": failure.message}, "notes": []}
        status = "error"
    except BaseException:
        credits.credits_release(request_id=request_id, reason="interrupted")
        raise
    total_ms = round((time.perf_counter() - started) * 1000, 2)

    reason_code = (verdict.get("reason") or {}).get("code")
    billed = status in ("valid", "invalid") and reason_code not in UNBILLED_REASONS
    with transaction.atomic():
        answer = Answer.objects.create(
            request_id=request_id, organization_id=organization_pk, user_id=principal.user_pk,
            credential=principal.credential_id, oracle=oracle, intent=intent, format=fmt, options=options,
            status=status, result=verdict.get("result") if status == "valid" else None,
            verified_by=verdict.get("verified_by") if status == "valid" else None,
            reason=verdict.get("reason"), notes=verdict.get("notes") or [], cost=oracle.price if billed else 0,
            figure_token=ids.figure_id() if status == "valid" and fmt in oracle.drawable_formats else None,
            timings={"engine_ms": verdict.get("engine_ms"), "total_ms": total_ms},
        )
        if billed:
            credits.credits_settle(request_id=request_id)
        else:
            credits.credits_release(request_id=request_id, reason=reason_code or status)
    return answer_present(answer, credits_remaining=credits.balance_of(organization))


def figure_render(*, principal: Principal, token: Any, out: str | None = None) -> tuple[bytes, str]:
    """Draw the figure of a valid answer of the caller's organization. Free. Returns (bytes, mime type)."""
    out = out or "png"
    if out not in FIGURE_OUTPUTS:
        raise invalid_request(f"No figure format {out!r}. Use png (to look at) or svg (text).", formats=list(FIGURE_OUTPUTS))
    if not isinstance(token, str) or not ids.looks_like("fig", token):
        raise not_found("No figure with that token. Pass figure.token from an ask_oracle answer exactly as given.")
    answer = (
        Answer.objects.select_related("oracle")
        .filter(figure_token=token, organization_id=principal.organization_pk)
        .first()
    )
    if answer is None:
        # Another organization's token looks exactly like a missing one.
        raise not_found("No figure with that token. Pass figure.token from an ask_oracle answer exactly as given.")
    content_key = hashlib.sha256(
        json.dumps([answer.oracle.kind, answer.format, out, answer.result], sort_keys=True).encode()
    ).hexdigest()
    cache_key = f"{settings.FORMA['REDIS_PREFIX']}:figure:{content_key}"
    encoded = cache.get(cache_key)
    if encoded is None:
        try:
            encoded = run_task(render_figure, answer.oracle.kind, answer.result, answer.format, out)
        except TaskFailed as failure:
            raise FormaError("upstream_unavailable", f"Drawing failed: {failure.message}") from failure
        cache.set(cache_key, encoded, timeout=24 * 3600)
    mime = "image/png" if out == "png" else "image/svg+xml"
    return base64.b64decode(encoded), mime
