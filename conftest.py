"""Shared fixtures: seeded catalogue, organizations with keys, a live server, an MCP client."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest


def pytest_configure(config) -> None:
    # A shared Redis outlives the test database: keep this run's counters apart.
    import os
    import uuid

    os.environ.setdefault("FORMA_REDIS_PREFIX", f"forma-test-{uuid.uuid4().hex[:8]}")


def _seed_reference_data() -> None:
    # Data migrations seed plans, oracles and the changelog, but transactional
    # tests flush every table between tests: put the reference rows back.
    import importlib

    from django.apps import apps

    for module in ("accounts.migrations.0002_seed_plans", "oracles.migrations.0002_seed_catalogue"):
        importlib.import_module(module).seed(apps, None)


@pytest.fixture
def seeded(db) -> None:
    _seed_reference_data()


@dataclass
class Account:
    user: Any
    organization: Any
    key: str
    key_row: Any


@pytest.fixture
def make_account(seeded):
    from accounts.services import api_key_create, user_signup

    counter = iter(range(10_000))

    def make(email: str | None = None, plan: str = "free") -> Account:
        from accounts.selectors import organization_for_user

        user = user_signup(email=email or f"person{next(counter)}@example.com", password="correct horse battery", plan_code=plan)
        org = organization_for_user(user)
        row, raw = api_key_create(organization=org, created_by=user, name="test key")
        return Account(user=user, organization=org, key=raw, key_row=row)

    return make


@pytest.fixture
def account(make_account) -> Account:
    return make_account("owner@example.com")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    url: str

    @property
    def mcp_url(self) -> str:
        return self.url + "/mcp"


@pytest.fixture
def live_server_url(transactional_db, settings) -> Iterator[LiveServer]:
    """uvicorn serving the whole ASGI app (Django + MCP) on a free port, in a thread of this process."""
    import uvicorn

    _seed_reference_data()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings.PUBLIC_URL = base
    settings.FORMA = {**settings.FORMA, "MCP_RESOURCE_URL": base + "/mcp"}
    settings.CSRF_TRUSTED_ORIGINS = [base]

    from forma.asgi import build_application

    server = uvicorn.Server(uvicorn.Config(build_application(), host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield LiveServer(url=base)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def run_mcp(url: str, token: str | None, calls: list[tuple[str, dict]]) -> list[Any]:
    """Open one MCP session with the official client and make `calls` in order; returns the results."""
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def go() -> list[Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                results = []
                for name, args in calls:
                    if name == "__list_tools__":
                        results.append(await client.list_tools())
                    else:
                        results.append(await client.call_tool(name, args))
                return results

    return asyncio.run(go())


def tool_error(result: Any) -> dict[str, Any]:
    """The error object of a failed tool call (its text is the JSON object and nothing else)."""
    assert result.is_error, f"expected a tool error, got {result.content}"
    return json.loads(result.content[0].text)["error"]


@pytest.fixture
def mcp(live_server_url):
    def call(token: str | None, *calls: tuple[str, dict]) -> list[Any]:
        return run_mcp(live_server_url.mcp_url, token, list(calls))

    call.server = live_server_url
    return call
