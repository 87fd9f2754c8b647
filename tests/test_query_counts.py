"""Query counts of the free tools, pinned (issue 11): a warm call reads the database only for what
no cache can know. Runs on SQLite by default; on PostgreSQL with DATABASE_URL set.

Counted over real HTTP against the in-process server: every statement any thread sends
through Django's cursor is counted, whichever thread's connection carries it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import httpx2 as httpx
import pytest
from django.db.backends.utils import CursorWrapper

pytestmark = pytest.mark.django_db(transaction=True)

MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


class StatementLog:
    def __init__(self) -> None:
        self.statements: list[str] = []
        self._lock = threading.Lock()

    def add(self, sql: str) -> None:
        with self._lock:
            self.statements.append(sql)


@contextmanager
def statements_from_every_thread(monkeypatch) -> Iterator[StatementLog]:
    """Every SQL statement executed while inside, from any thread (the tools run in worker threads)."""
    log = StatementLog()
    original = CursorWrapper._execute_with_wrappers

    def counted(self, sql, params, many, executor):
        log.add(sql)
        return original(self, sql, params, many, executor)

    with monkeypatch.context() as patch:
        patch.setattr(CursorWrapper, "_execute_with_wrappers", counted)
        yield log


def _call(url: str, key: str, tool: str, arguments: dict | None = None) -> dict:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments or {}}}
    response = httpx.post(url, json=body, headers={**MCP_HEADERS, "Authorization": f"Bearer {key}"}, timeout=30)
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert not result.get("isError"), result
    return result["structuredContent"]


# Per warm call (the caller, catalogue and changelog cached): list_oracles and whats_new read
# nothing; forma_status reads the balance and nothing else.
WARM = {"list_oracles": 0, "whats_new": 0, "forma_status": 1}


@pytest.mark.parametrize("tool", sorted(WARM))
def test_a_warm_free_call_reads_only_what_no_cache_knows(live_server_url, account, monkeypatch, tool):
    _call(live_server_url.mcp_url, account.key, tool)  # fills the caches
    with statements_from_every_thread(monkeypatch) as log:
        for _ in range(5):
            _call(live_server_url.mcp_url, account.key, tool)
    assert len(log.statements) == 5 * WARM[tool], log.statements


def test_a_cold_call_resolves_the_caller_and_the_catalogue_once(live_server_url, account, monkeypatch):
    from django.core.cache import cache

    from oracles.selectors import catalogue_forget

    catalogue_forget()
    cache.delete_many([k for k in _principal_keys(account.key)])
    with statements_from_every_thread(monkeypatch) as log:
        oracles = _call(live_server_url.mcp_url, account.key, "list_oracles")["oracles"]
    assert [o["name"] for o in oracles] == ["chart", "diagram"]
    # The key (with its organization, plan and creator in one join), its last-used stamp,
    # and the catalogue.
    assert len(log.statements) <= 3, log.statements
    with statements_from_every_thread(monkeypatch) as log:
        _call(live_server_url.mcp_url, account.key, "list_oracles")
    assert log.statements == []


def _principal_keys(raw: str) -> list[str]:
    from accounts.principal_cache import principal_cache_keys

    return principal_cache_keys(raw)[:1]  # the principal, not the generation


def test_warm_calls_open_no_database_connection(live_server_url, make_account):
    """The worker threads keep their connections between calls (issue 11: two new ones per call before)."""
    from django.db import connection
    from django.db.backends.signals import connection_created

    if connection.settings_dict["OPTIONS"].get("pool"):
        pytest.skip("with FORMA_DB_POOL=1 every call takes a connection from the pool")
    account = make_account(plan="pro")  # 18 calls: more than the free plan's minute allows
    opened = []

    def count(sender, connection, **kwargs):
        opened.append(connection.alias)

    for _ in range(8):  # every worker thread of the server's pool has had its turn
        _call(live_server_url.mcp_url, account.key, "forma_status")
    connection_created.connect(count, dispatch_uid="test.count_connections")
    try:
        for _ in range(10):
            _call(live_server_url.mcp_url, account.key, "forma_status")
    finally:
        connection_created.disconnect(dispatch_uid="test.count_connections")
    assert opened == []
