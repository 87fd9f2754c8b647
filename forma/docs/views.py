"""One view serves every docs page: public, no sign-in, cached a few minutes by the browser."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control

from .pages import PAGES, Page, document, render_blocks

# Private: every page carries the visitor's CSRF token (base.html), so no shared cache may keep
# one; five minutes, so a published change reaches a reader soon without a reload on every click.
DOCS_MAX_AGE_SECONDS = 300


@cache_control(private=True, max_age=DOCS_MAX_AGE_SECONDS)
def docs_page(request: HttpRequest, page: Page) -> HttpResponse:
    doc = document(page)
    return render(
        request,
        "docs/page.html",
        {"page": page, "doc": doc, "body": render_blocks(doc, request), "pages": [(p, document(p).title) for p in PAGES]},
    )
