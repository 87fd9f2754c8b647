"""The ASGI host: a small Starlette app in front of Django and the MCP server.

Django's ASGI handler refuses `lifespan`, and the MCP SDK needs its session
manager entered in one, so this app owns the lifespan. It routes two exact
paths to the MCP app — `/mcp` (no 307 between `/mcp` and `/mcp/`, which some
hosted clients do not follow) and its protected-resource metadata — serves
collected static files, and sends everything else to Django.

Failures the SDK would answer as bare text or an empty stream are the error
object here too: storage that does not answer during the token check (503), and
GET/DELETE on the stateless endpoint (405). The served `application` refuses to
start with the repository's published secret key.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.exceptions import ImproperlyConfigured  # noqa: E402
from starlette.applications import Starlette  # noqa: E402
from starlette.middleware.cors import CORSMiddleware  # noqa: E402
from starlette.routing import Mount, Route  # noqa: E402
from starlette.staticfiles import StaticFiles  # noqa: E402
from starlette.types import ASGIApp, Message, Receive, Scope, Send  # noqa: E402

from accounts.principals import SCOPE_TOOLS  # noqa: E402
from forma.checks import public_secret_key_errors  # noqa: E402
from forma.housekeeping import holds_sweeper  # noqa: E402
from forma.mcp import build_server, transport_security  # noqa: E402
from ground import ids  # noqa: E402
from ground.errors import FormaError, invalid_request, stamp, storage_errors, storage_unavailable  # noqa: E402
from oracles.checks import refuse_catalogue_disagreement  # noqa: E402

logger = logging.getLogger("forma.asgi")

MCP_PATH = settings.FORMA["MCP_PATH"]
PRM_PATH = "/.well-known/oauth-protected-resource" + MCP_PATH


# JSON-RPC's range for errors a server defines itself (JSON-RPC 2.0 §5.1).
JSONRPC_SERVER_ERROR = -32000


def _as_jsonrpc_error(error: FormaError) -> dict[str, Any]:
    """The error object that is also a JSON-RPC error response.

    An MCP client reads a JSON-RPC error from the body of a non-2xx answer (the
    official SDK raises it as MCPError with our message and, in `data`, our error
    object); anything else reads `error.kind`, `error.retryable` and the rest as usual.
    """
    body = error.to_dict()
    return {"jsonrpc": "2.0", "id": None,
            "error": {"code": JSONRPC_SERVER_ERROR, **body["error"], "data": body["error"]}}


async def _send_error(
    send: Send, error: FormaError, status: int | None = None, headers: dict[str, str] | None = None, *, jsonrpc: bool = False
) -> None:
    body = json.dumps(_as_jsonrpc_error(error) if jsonrpc else error.to_dict()).encode()
    extra = dict(headers or {})
    if error.retry_after is not None:
        extra["Retry-After"] = str(error.retry_after)
    await send({
        "type": "http.response.start",
        "status": status or error.http_status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
            *((name.lower().encode(), value.encode()) for name, value in extra.items()),
        ],
    })
    await send({"type": "http.response.body", "body": body})


class StorageFailureAsErrorObject:
    """Outermost middleware of the MCP app: a FormaError (or storage error) raised before the
    response began — the token check in the SDK's auth middleware — becomes the error object.

    Without it the SDK's Starlette app answers a bare 500 when the database is down.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except FormaError as error:
            if started:
                raise
            await _send_error(send, stamp(error, ids.request_id()), jsonrpc=True)
        except storage_errors() as exc:
            if started:
                raise
            await _send_error(send, stamp(storage_unavailable(exc), ids.request_id()), jsonrpc=True)


def _post_only(app: ASGIApp) -> ASGIApp:
    # Stateless Streamable HTTP has no server-to-client stream to open with GET and no
    # session to end with DELETE: the spec's answer is 405 (clients then carry on with
    # POST). The SDK would instead hold a GET open forever, sending nothing.
    async def gate(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "DELETE", "PUT", "PATCH"):
            error = invalid_request(
                f"{scope['method']} is not served at {MCP_PATH}: this endpoint is stateless. Send JSON-RPC requests with POST.",
                methods=["POST"],
            )
            await _send_error(send, stamp(error, ids.request_id()), status=405, headers={"Allow": "POST"})
            return
        await app(scope, receive, send)

    return gate


def _whole_request_first(app: ASGIApp) -> ASGIApp:
    # A client that hangs up before its request body arrives is the client's business,
    # not an error of ours: the SDK would log it as an ERROR with a traceback
    # (starlette's ClientDisconnect from request.body()). Read the body here first; a
    # disconnect is one log line and nothing runs. The SDK then reads the same bytes.
    # The body is bounded too: past MCP_MAX_BODY_BYTES (far above the longest intent a
    # tool takes) the request is refused with 413 before anything is parsed or held.
    async def read_first(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        limit = int(settings.FORMA["MCP_MAX_BODY_BYTES"])
        declared = dict(scope.get("headers") or []).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            await _refuse_large_body(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                logger.info("client disconnected mid-request: %s %s (%d bytes of its body read)",
                            scope["method"], scope["path"], size)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse_large_body(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # after the body: only a disconnect can come

        await app(scope, replay, send)

    return read_first


async def _refuse_large_body(send: Send, limit: int) -> None:
    error = invalid_request(
        f"The request body is larger than {limit:,} bytes. An intent is at most a few thousand characters: "
        "send the values themselves, not a file or a data dump.", max_body_bytes=limit,
    )
    await _send_error(send, stamp(error, ids.request_id()), 413, jsonrpc=True)


def refuse_public_secret_key() -> None:
    """Refuse to serve with the repository's published SECRET_KEY (see forma.checks)."""
    problems = public_secret_key_errors()
    if problems:
        raise ImproperlyConfigured(" ".join(f"{p.msg} {p.hint}" for p in problems))


def _cors(app):
    # Browser-based MCP clients send a preflight before the bearer token: answer
    # it here, before auth, and let them read the auth challenge and session id.
    # Bearer tokens only (no cookies), so any origin may call.
    return CORSMiddleware(
        app,
        allow_origins=["*"],
        allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type", "Accept", "Mcp-Session-Id", "Mcp-Protocol-Version", "Last-Event-ID"],
        expose_headers=["WWW-Authenticate", "Mcp-Session-Id", "Mcp-Protocol-Version"],
        max_age=600,
    )


def _challenge_with_scope(app: ASGIApp, scope_value: str) -> ASGIApp:
    # The SDK's 401/403 challenge names resource_metadata but not the scope to ask
    # for; add `scope=` (RFC 6750 §3) so a client requests exactly what /mcp needs.
    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_scope(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (401, 403):
                headers = []
                for name, value in message.get("headers", []):
                    if name.lower() == b"www-authenticate" and value.startswith(b"Bearer") and b"scope=" not in value:
                        value = value + f', scope="{scope_value}"'.encode()
                    headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        await app(scope, receive, send_with_scope)

    return wrapped


def _static_files() -> StaticFiles:
    # Collected files when `collectstatic` has run (make run does); otherwise straight
    # from the project's and the apps' own static folders, so a bare checkout works too.
    if os.path.isdir(settings.STATIC_ROOT):
        return StaticFiles(directory=settings.STATIC_ROOT)
    apps_with_static = [("django.contrib.admin", "static"), ("django_htmx", "static")]
    return StaticFiles(directory=settings.STATICFILES_DIRS[0], packages=apps_with_static)


def _freeze_startup_heap() -> None:
    """Move everything alive after start-up out of the garbage collector's sight.

    Django, the MCP SDK and the engine leave a few hundred thousand long-lived objects behind at
    import; every full collection walked them all, a pause of tens of milliseconds that landed on
    whichever requests were in flight (list_oracles' p99 was 6-7x its p50 under 16 connections,
    about 2x once frozen). Objects made later are collected as usual.
    """
    gc.collect()
    gc.freeze()


def build_application(
    *, startup_checks: tuple[Callable[[], None], ...] = (), freeze_startup_heap: bool = False
) -> Starlette:
    """The whole ASGI app. `startup_checks` run when the server starts; one that raises stops it.

    `freeze_startup_heap` is for a process that serves and nothing else (uvicorn's); a test
    process starting many servers keeps its collector as it is.
    """
    mcp_server = build_server()
    streamable = mcp_server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        # Sessionless: any web process can answer any request behind a load balancer.
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(),
    )
    # Outermost inside the SDK's app, so it sees what its auth middleware raises.
    streamable.add_middleware(StorageFailureAsErrorObject)
    mcp_app = _cors(_challenge_with_scope(streamable, SCOPE_TOOLS))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for check in startup_checks:
            await asyncio.to_thread(check)  # in a thread: a check may read the database
        if freeze_startup_heap:
            _freeze_startup_heap()
        # The sweeper returns credit holds of requests that died (forma/housekeeping.py).
        async with mcp_server.session_manager.run(), holds_sweeper():
            yield

    routes = [
        Route(MCP_PATH, endpoint=_cors(_post_only(_whole_request_first(_challenge_with_scope(streamable, SCOPE_TOOLS))))),
        Route(PRM_PATH, endpoint=mcp_app),
    ]
    routes.append(Mount(settings.STATIC_URL.rstrip("/"), app=_static_files(), name="static"))
    routes.append(Mount("", app=get_asgi_application()))
    return Starlette(routes=routes, lifespan=lifespan)


# What uvicorn serves: it will not start with the published secret key in a deployment,
# nor with a catalogue that disagrees with the oracle-kind registry (oracles/checks.py).
# (Tests build their own app with build_application() and the test settings.)
application = build_application(
    startup_checks=(refuse_public_secret_key, refuse_catalogue_disagreement), freeze_startup_heap=True
)
