"""Admin change lists that stay fast on tables of millions of rows (the ledger, answers, audit).

Django's admin counts the whole (filtered) table for its paginator and again for "N total",
and its search is a case-insensitive LIKE over every search field: at 10^6 rows each of those
is a scan. Here:
- the paginator counts at most CAP rows (`SELECT COUNT(*) FROM (… LIMIT CAP+1)`), so a page
  costs the same at a thousand rows and at a million; past CAP the list says "CAP+" and the
  way on is a filter or a search, not page 4,000;
- the full-table "N total" count is off;
- a search term that is a public id (`req_…`, `org_…`, `key_…`, `fig_…`, `fb_…`) is matched
  exactly on the one indexed column it can be, never with LIKE.
"""

from __future__ import annotations

from django.contrib import admin
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.utils.functional import cached_property

CAP = 10_000


class CappedCountPaginator(Paginator):
    """A paginator whose count stops at CAP (+1 to know there is more)."""

    @cached_property
    def count(self) -> int:
        return min(self.object_list[: CAP + 1].count(), CAP)


class LargeTableAdmin(admin.ModelAdmin):
    """A change list for a table that grows without bound.

    `id_search` maps an id prefix to the field holding such ids, e.g. {"req_": "request_id",
    "org_": "organization__public_id"}; a term with another shape is not searched (the help
    text under the search box says which ids work)."""

    paginator = CappedCountPaginator
    show_full_result_count = False
    id_search: dict[str, str] = {}

    def get_search_fields(self, request) -> list[str]:
        # Only for the search box to appear: get_search_results below decides the query.
        return list(self.id_search.values())

    def get_search_results(self, request, queryset: QuerySet, search_term: str) -> tuple[QuerySet, bool]:
        term = search_term.strip()
        if not term:
            return queryset, False
        for prefix, field in self.id_search.items():
            if term.startswith(prefix):
                return queryset.filter(**{field: term}), False
        return queryset.none(), False

    @property
    def search_help_text(self) -> str:
        return "Exact id: " + ", ".join(f"{prefix}…" for prefix in self.id_search)
