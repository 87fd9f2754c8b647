"""Feedback from callers: stored for the people who build Forma to read."""

from __future__ import annotations

from django.conf import settings

from accounts.principals import Principal
from ground import contract
from ground.contract import SENTIMENTS, Sentiment
from ground.errors import invalid_request, not_found
from ground.inputs import refuse_bad_identifier, refuse_bad_text
from oracles.models import Answer, Oracle

from .models import Feedback


def _linked_answer(principal: Principal, oracle: Oracle | None, request_id: str | None) -> Answer | None:
    answers = Answer.objects.filter(organization_id=principal.organization_pk)
    if request_id:
        answer = answers.filter(request_id=request_id).first()
        if answer is None:
            raise not_found(f"No answer {request_id!r} in this organization. Quote a request_id from an ask_oracle answer, or leave it out.")
        return answer
    if oracle is None:
        return None
    # Left empty: the latest answer made with this same credential, when it was for this oracle.
    latest = answers.filter(credential=principal.credential_id).select_related("oracle").order_by("-created_at", "-id").first()
    return latest if latest is not None and latest.oracle_id == oracle.pk else None


def feedback_submit(
    *, principal: Principal, sentiment: Sentiment, message: str, oracle_name: str | None = None, request_id: str | None = None
) -> contract.FeedbackReceipt:
    """Store one piece of feedback; validates everything before writing anything."""
    limit = settings.FORMA["FEEDBACK_MAX_CHARS"]
    if sentiment not in SENTIMENTS:
        raise invalid_request(f"'sentiment' must be one of {', '.join(SENTIMENTS)}; got {sentiment!r}.", sentiments=SENTIMENTS)
    if not isinstance(message, str) or not message.strip():
        raise invalid_request("'message' is empty. Say in a sentence or two what worked or did not.")
    if len(message) > limit:
        raise invalid_request(f"'message' is {len(message)} characters; the limit is {limit}. Shorten it.", max_chars=limit)
    # Every interface refuses these already; PostgreSQL would refuse a NUL with an error that is no caller's.
    refuse_bad_text("message", message)
    refuse_bad_identifier("oracle", oracle_name)
    refuse_bad_identifier("request_id", request_id)
    oracle = None
    if oracle_name:
        oracle = Oracle.objects.filter(name=oracle_name).first()
        if oracle is None:
            names = list(Oracle.objects.filter(is_active=True).values_list("name", flat=True))
            raise not_found(f"No oracle named {oracle_name!r}. Call list_oracles.", oracles=names)
    answer = _linked_answer(principal, oracle, request_id or None)
    if answer is not None and oracle is None:
        oracle = answer.oracle
    item = Feedback.objects.create(
        organization_id=principal.organization_pk, user_id=principal.user_pk, credential=principal.credential_id,
        sentiment=sentiment, message=message.strip(), oracle=oracle, answer=answer,
    )
    return contract.FeedbackReceipt(
        feedback_id=item.public_id, received=True, oracle=oracle.name if oracle else None,
        request_id=answer.request_id if answer else None,
    )
