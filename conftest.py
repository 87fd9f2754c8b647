"""Shared fixtures: seeded catalogue, organizations with keys, a live server, an MCP client."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest


@pytest.fixture(autouse=True, scope="session")
def _remember_connections() -> None:
    from django.db.backends.signals import connection_created

    connection_created.connect(_remember_connection, dispatch_uid="conftest.remember_connection")


@pytest.fixture(autouse=True, scope="session")
def _fresh_redis_namespace() -> None:
    # A shared Redis outlives the test database (whose primary keys restart):
    # keep this run's counters apart from every earlier run's.
    import uuid

    from django.conf import settings

    settings.FORMA["REDIS_PREFIX"] = f"forma-test-{uuid.uuid4().hex[:8]}"


@pytest.fixture(autouse=True)
def _no_cached_rows_from_another_test() -> None:
    # The caller, catalogue and changelog caches are dropped when a change commits; a test's
    # rolled-back transaction never commits, so its rows must not outlive it in the cache.
    from accounts.principal_cache import principals_forget
    from oracles.selectors import catalogue_forget

    catalogue_forget()
    principals_forget()


# Threads keep their database connections between calls (CONN_MAX_AGE): the event loop's
# worker threads, the check pool, asgiref's sync thread. Remember every connection opened,
# so all of them are closed before the test database is dropped (PostgreSQL refuses to
# drop a database others are connected to).
_opened_connections: weakref.WeakSet = weakref.WeakSet()


def _remember_connection(sender: Any, connection: Any, **kwargs: Any) -> None:
    _opened_connections.add(connection)


def _connections_closed_everywhere() -> None:
    for wrapper in list(_opened_connections):
        if wrapper.connection is not None:
            wrapper.connection.close()  # the DB-API connection: safe from another thread once its owner is idle


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):  # pytest-django's, wrapped: ours tears down first
    yield
    _connections_closed_everywhere()


def _seed_reference_data() -> None:
    # Data migrations seed plans and the changelog (oracles seed after migrate), but transactional
    # tests flush every table between tests: put the reference rows back.
    import importlib

    from django.apps import apps

    from oracles.catalogue import catalogue_seed

    for module in ("accounts.migrations.0002_seed_plans", "oracles.migrations.0002_seed_catalogue"):
        importlib.import_module(module).seed(apps, None)
    catalogue_seed()  # each registered oracle kind's catalogue row


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

        user = user_signup(email=email or f"person{next(counter)}@example.com", password="correct horse battery", plan_code=plan)  # noqa: S106
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
    # The OAuth issuer is pinned to the public URL too (metadata, `iss` in redirects).
    settings.OAUTH2_PROVIDER = {**settings.OAUTH2_PROVIDER, "OIDC_ISS_ENDPOINT": base}

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


# ---- real Celery workers ---------------------------------------------------------------

import os  # noqa: E402
import secrets  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import uuid  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import httpx2 as httpx  # noqa: E402

TEST_BROKER_URL = os.environ.get("FORMA_TEST_BROKER_URL", "")
needs_broker = pytest.mark.skipif(
    not TEST_BROKER_URL,
    reason="runs a real Celery worker: needs a broker in FORMA_TEST_BROKER_URL (CI sets it to the machine's Redis)",
)


@dataclass
class Worker:
    process: subprocess.Popen
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for_log(self, needle: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while needle not in self.log_text():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"worker log never showed {needle!r}:\n{self.log_text()[-3000:]}")
            time.sleep(0.01)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


@contextmanager
def celery_worker(queue: str, tmp_path: Path, **env: str):
    """A real `celery worker` process consuming `queue` on the test broker."""
    log = tmp_path / f"worker-{queue}.log"
    environment = {
        **os.environ, "CELERY_BROKER_URL": TEST_BROKER_URL, "CELERY_RESULT_BACKEND": TEST_BROKER_URL,
        "FORMA_TASK_QUEUE": queue, **env,
    }
    with open(log, "w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "forma", "worker", "-Q", queue, "-c", "1", "-l", "info",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{queue}@%h"],
            env=environment, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True, cwd=Path(__file__).parent,
        )
    worker = Worker(process=process, log=log)
    try:
        worker.wait_for_log("ready.")
        yield worker
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()


@pytest.fixture
def broker_queue(settings):
    """Send this process's tasks to the real broker, on a queue of this test's own."""
    from forma.celery import app

    queue = f"forma-test-{uuid.uuid4().hex[:8]}"
    saved = {k: app.conf[k] for k in ("task_always_eager", "broker_url", "result_backend", "task_default_queue")}
    app.conf.update(task_always_eager=False, broker_url=TEST_BROKER_URL, result_backend=TEST_BROKER_URL, task_default_queue=queue)
    _forget_broker_connections(app)
    try:
        yield queue
    finally:
        with app.connection_for_write() as conn:
            conn.default_channel.queue_purge(queue)
        app.conf.update(saved)
        _forget_broker_connections(app)


def _forget_broker_connections(app) -> None:
    # Even an eager `.delay()` acquires a producer, which caches a connection pool
    # for whatever broker was configured then (the default: a local AMQP broker).
    # Drop the cached pools, as Celery itself does after a fork, so the next send
    # connects to the broker configured now.
    app._pool = None
    app.amqp._producer_pool = None


@dataclass
class WebServer:
    url: str
    process: subprocess.Popen
    log: Path

    @property
    def mcp_url(self) -> str:
        return self.url + "/mcp"


def database_url_for_another_process() -> str:
    """The database this test run uses, as a DATABASE_URL a server subprocess can open."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor == "postgresql":
        return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return f"sqlite:///{Path(db['NAME']).resolve()}"


@contextmanager
def web_server(tmp: Path, uvicorn_args: tuple[str, ...] = (), **env: str) -> Iterator[WebServer]:
    """`uvicorn forma.asgi:application` in a process (group) of its own, with `env` over this one's
    (and `uvicorn_args` after its own, e.g. ("--workers", "2")).

    Tasks run in-process unless `env` names a broker; the server has a secret key of its own
    (it refuses the published one) and is killed with its group at the end.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    environment = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "FORMA_TASK_QUEUE")}
    environment.update({
        "FORMA_PUBLIC_URL": url, "FORMA_SECRET_KEY": secrets.token_urlsafe(50), "FORMA_DATA_DIR": str(tmp),
        "FORMA_LOG_LEVEL": "WARNING", **env,
    })
    log = tmp / f"server-{port}.log"
    with open(log, "w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "forma.asgi:application", "--host", "127.0.0.1", "--port", str(port),
             "--lifespan", "on", "--no-proxy-headers", "--log-level", "warning", *uvicorn_args],
            cwd=Path(__file__).parent, env=environment, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url + "/v1/openapi.json", timeout=2)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"the server did not start:\n{log.read_text()[-3000:]}") from None
                time.sleep(0.05)
        yield WebServer(url=url, process=process, log=log)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
