"""The admin's ledger, answer and audit lists do bounded work however large the table grows.

What a scan would cost at 10^6 rows is measured in `make bench`; here the query SHAPES are pinned:
no count without a LIMIT, and an id search that is an equality on one column, never a LIKE.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import admin_lists
from accounts.credits import credits_grant, credits_reserve
from accounts.models import LedgerEntry, User

pytestmark = pytest.mark.django_db

LISTS = ["/admin/accounts/ledgerentry/", "/admin/oracles/answer/", "/admin/accounts/auditevent/"]


@pytest.fixture
def staff_client(client, account):
    staff = User.objects.create_superuser(email="root@example.com", password="root pass phrase 1")  # noqa: S106
    client.force_login(staff)
    for n in range(3):
        credits_reserve(organization=account.organization, request_id=f"req_test{n:04d}", amount=1)
    credits_grant(organization=account.organization, amount=5, reason="welcome", actor=staff)
    return client


def _sql(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("path", LISTS)
def test_a_list_page_never_counts_a_whole_table(staff_client, path):
    with CaptureQueriesContext(connection) as queries:
        response = staff_client.get(path)
    assert response.status_code == 200
    counts = [sql for sql in _sql(queries) if "COUNT(" in sql.upper()]
    assert counts, "the paginator should count (a bounded count)"
    assert all("LIMIT" in sql.upper() for sql in counts), counts


@pytest.mark.parametrize("path", LISTS)
def test_a_filtered_list_page_counts_boundedly_too(staff_client, path):
    filters = {"ledgerentry": "?kind__exact=reserve", "answer": "?status__exact=valid", "auditevent": "?action=credits.granted"}
    query = next(v for k, v in filters.items() if k in path)
    with CaptureQueriesContext(connection) as queries:
        response = staff_client.get(path + query)
    assert response.status_code == 200
    assert all("LIMIT" in sql.upper() for sql in _sql(queries) if "COUNT(" in sql.upper())


def test_searching_the_ledger_by_request_id_is_one_exact_match(staff_client):
    with CaptureQueriesContext(connection) as queries:
        response = staff_client.get("/admin/accounts/ledgerentry/?q=req_test0001")
    assert response.status_code == 200
    assert b"req_test0001" in response.content
    assert b"req_test0002" not in response.content
    listing = [sql for sql in _sql(queries) if "accounts_ledgerentry" in sql and "req_test0001" in sql]
    assert listing, _sql(queries)
    for sql in listing:
        assert "LIKE" not in sql.upper() and "UPPER(" not in sql.upper(), sql
        assert '"request_id" = ' in sql or 'request_id" = ' in sql, sql


def test_searching_by_organization_id_and_by_a_stray_word(staff_client, account):
    by_org = staff_client.get(f"/admin/accounts/ledgerentry/?q={account.organization.public_id}")
    assert by_org.status_code == 200 and b"req_test0000" in by_org.content
    stray = staff_client.get("/admin/accounts/ledgerentry/?q=welcome")
    assert stray.status_code == 200 and b"req_test0000" not in stray.content
    assert b"Exact id" in stray.content  # the box says what it searches


def test_the_count_stops_at_the_cap(account, monkeypatch):
    for n in range(5):
        credits_reserve(organization=account.organization, request_id=f"req_cap{n}", amount=1)
    monkeypatch.setattr(admin_lists, "CAP", 3)
    paginator = admin_lists.CappedCountPaginator(LedgerEntry.objects.all(), 2)
    assert paginator.count == 3
    assert paginator.num_pages == 2
    assert len(paginator.page(2).object_list) == 1
