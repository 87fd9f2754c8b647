"""The feedback form for people: the same `feedback_submit` service agents reach with send_feedback."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import truncatechars
from django.views.decorators.http import require_http_methods

from accounts.selectors import dashboard_principal
from feedback.forms import FeedbackForm
from feedback.services import feedback_submit
from ground.errors import FormaError
from oracles.selectors import answers_of

from .common import dashboard_view


@dashboard_view
@require_http_methods(["GET", "POST"])
def feedback(request: HttpRequest) -> HttpResponse:
    recent = answers_of(organization_pk=request.organization.pk)[:20]
    choices = [(a.request_id, f"{a.created_at:%Y-%m-%d %H:%M} · {a.oracle.name} · {truncatechars(a.intent, 50)}") for a in recent]
    form = FeedbackForm(request.POST or None, answers=choices, initial={"request_id": request.GET.get("request_id", "")})
    if request.method == "POST" and form.is_valid():
        try:
            result = feedback_submit(
                principal=dashboard_principal(request.user, request.organization), sentiment=form.cleaned_data["sentiment"],
                message=form.cleaned_data["message"], request_id=form.cleaned_data["request_id"] or None,
            )
        except FormaError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"Thank you — your feedback was received ({result.feedback_id}).")
            return redirect("feedback")
    return render(request, "feedback/feedback.html", {"form": form})
