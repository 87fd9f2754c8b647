"""The ASGI host: a small Starlette app in front of Django and the MCP server.

Django's ASGI handler refuses `lifespan`, and the MCP SDK needs its session
manager entered in one, so this app owns the lifespan. It routes two exact
paths to the MCP app — `/mcp` (no 307 between `/mcp` and `/mcp/`, which some
hosted clients do not follow) and its protected-resource metadata — serves
collected static files, and sends everything else to Django.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from starlette.applications import Starlette  # noqa: E402
from starlette.middleware.cors import CORSMiddleware  # noqa: E402
from starlette.routing import Mount, Route  # noqa: E402
from starlette.staticfiles import StaticFiles  # noqa: E402
from starlette.types import ASGIApp, Message, Receive, Scope, Send  # noqa: E402

from accounts.principals import SCOPE_TOOLS  # noqa: E402
from forma.mcp import build_server, transport_security  # noqa: E402

MCP_PATH = settings.FORMA["MCP_PATH"]
PRM_PATH = "/.well-known/oauth-protected-resource" + MCP_PATH


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


def build_application() -> Starlette:
    mcp_server = build_server()
    streamable = mcp_server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        # Sessionless: any web process can answer any request behind a load balancer.
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(),
    )
    mcp_app = _cors(_challenge_with_scope(streamable, SCOPE_TOOLS))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        from forma.housekeeping import holds_sweeper

        # The sweeper returns credit holds of requests that died (forma/housekeeping.py).
        async with mcp_server.session_manager.run(), holds_sweeper():
            yield

    routes = [
        Route(MCP_PATH, endpoint=mcp_app),
        Route(PRM_PATH, endpoint=mcp_app),
    ]
    routes.append(Mount(settings.STATIC_URL.rstrip("/"), app=_static_files(), name="static"))
    routes.append(Mount("", app=get_asgi_application()))
    return Starlette(routes=routes, lifespan=lifespan)


application = build_application()
