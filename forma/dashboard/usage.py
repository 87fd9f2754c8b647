"""Usage: one row per answer (filters, pages), the answer itself with its figure, the ledger, the statement PDF."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts import selectors
from accounts.forms import StatementForm, UsageFilterForm, recent_months
from ground.errors import FormaError
from oracles.selectors import (
    answer_of,
    answers_of,
    credentials_used,
    oracle_list,
    statement_for_month,
    usage_by_day,
    usage_chart_svg,
)
from oracles.services import figure_render

from .common import dashboard_view, source_text

PAGE_SIZE = 25


@dashboard_view
@require_GET
def usage(request: HttpRequest) -> HttpResponse:
    organization = request.organization
    names = selectors.credential_names(organization)
    credentials = {cid: names.get(cid, cid) for cid in credentials_used(organization_pk=organization.pk)}
    form = UsageFilterForm(request.GET or None, oracles=[o.name for o in oracle_list()], credentials=credentials)
    filters = form.cleaned_data if form.is_valid() else {}
    answers = answers_of(organization_pk=organization.pk, **{k: v for k, v in filters.items() if v})
    page = Paginator(answers, PAGE_SIZE).get_page(request.GET.get("page"))
    for answer in page:
        answer.credential_name = names.get(answer.credential, answer.credential)
    query = request.GET.copy()
    query.pop("page", None)
    series = usage_by_day(organization_pk=organization.pk, today=timezone.now().date())
    context = {
        "form": form, "page": page, "names": names, "query": query.urlencode(),
        "chart_total": sum(row["answers"] for row in series), "chart_busiest": max(series, key=lambda row: row["answers"]),
        "filtered": any(filters.values()) if filters else False,
    }
    if request.htmx and request.htmx.target == "usage-results":
        return render(request, "partials/usage_rows.html", context)
    return render(request, "accounts/usage.html", context)


@dashboard_view
@require_GET
def answer_detail(request: HttpRequest, request_id: str) -> HttpResponse:
    answer = answer_of(organization_pk=request.organization.pk, request_id=request_id)
    if answer is None:
        raise Http404("No answer with that request id in your organization.")
    return render(
        request,
        "accounts/answer.html",
        {
            "answer": answer,
            "credential_name": selectors.credential_names(request.organization).get(answer.credential, answer.credential),
            "result_json": source_text(answer.result),
        },
    )


@dashboard_view
@require_GET
def figure(request: HttpRequest, token: str, out: str) -> HttpResponse:
    """A figure of the signed-in person's own organization, drawn by the same service agents use."""
    principal = selectors.dashboard_principal(request.user, request.organization)
    try:
        body, mime = figure_render(principal=principal, token=token, out=out)
    except FormaError as error:
        if error.kind in ("not_found", "invalid_request"):
            raise Http404(error.message) from None
        return HttpResponse(error.message, status=error.http_status, content_type="text/plain")
    response = HttpResponse(body, content_type=mime)
    response["Cache-Control"] = "private, max-age=3600"
    return response


@dashboard_view
@require_GET
def ledger(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.ledger_rows(request.organization), 50).get_page(request.GET.get("page"))
    return render(request, "accounts/ledger.html", {"page": page})


@dashboard_view
@require_GET
def statement(request: HttpRequest) -> HttpResponse:
    """The month picker; with `month=YYYY-MM`, that month's statement as a PDF download."""
    months = recent_months(timezone.now().date())
    if "month" not in request.GET:
        return render(request, "accounts/statement.html", {"months": months, "form": StatementForm()})
    form = StatementForm(request.GET)
    if not form.is_valid():
        return render(request, "accounts/statement.html", {"months": months, "form": form}, status=400)
    year, month = form.period()
    data = statement_for_month(organization=request.organization, year=year, month=month)
    html = render_to_string("accounts/statement_pdf.html", {"s": data, "month": form.cleaned_data["month"], "generated": timezone.now()})
    from weasyprint import HTML  # slow to import (Pango); only this view needs it

    pdf = HTML(string=html, base_url=request.build_absolute_uri("/")).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="forma-statement-{request.organization.public_id}-{form.cleaned_data["month"]}.pdf"'
    return response


@dashboard_view
@require_GET
def usage_chart(request: HttpRequest) -> HttpResponse:
    """The 30-day chart as SVG, for an <img> (so the page's CSP never meets the SVG's inline styles)."""
    svg = usage_chart_svg(organization_pk=request.organization.pk, today=timezone.now().date())
    if svg is None:
        raise Http404("The usage chart could not be drawn; the table below has the same numbers.")
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=300"
    return response
