"""The playground: ask an oracle from the browser, billed like any other answer."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from accounts import selectors
from accounts.credits import balance_of
from accounts.forms import PlaygroundForm
from accounts.ratelimit import rate_limit_enforce
from ground.errors import FormaError
from oracles.selectors import oracle_list
from oracles.services import answer_create

from .common import dashboard_view, source_text

EXAMPLE_INTENTS = {
    "chart": "A bar chart of weekly signups: Mon 34, Tue 41, Wed 29, Thu 38, Fri 45",
    "diagram": "submit -> validate; validate -> save; validate -> show error",
}


@dashboard_view
@require_http_methods(["GET", "POST"])
def playground(request: HttpRequest) -> HttpResponse:
    organization = request.organization
    oracles = oracle_list()
    form = PlaygroundForm(request.POST or None, oracles=oracles, initial={"oracle": oracles[0].name if oracles else ""})
    answer = error = None
    if request.method == "POST" and form.is_valid():
        principal = selectors.dashboard_principal(request.user, organization)
        try:
            # The same limit and the same service as MCP and REST: a playground answer is a real, billed answer.
            rate_limit_enforce(organization_pk=organization.pk, limit=principal.requests_per_minute)
            answer = answer_create(
                principal=principal, oracle_name=form.cleaned_data["oracle"], intent=form.cleaned_data["intent"],
                fmt=form.cleaned_data["format"] or None, allow_generated_data=form.cleaned_data["allow_generated_data"] or None,
            )
        except FormaError as exc:
            error = exc.message
    context = {
        "form": form, "oracles": oracles, "answer": answer, "error": error, "examples": EXAMPLE_INTENTS,
        "balance": balance_of(organization),
        "result_json": source_text(answer.result) if answer else "",
    }
    if request.htmx and request.method == "POST":
        return render(request, "partials/playground_answer.html", context)
    return render(request, "accounts/playground.html", context)
