"""The MCP server: six tools, each a thin adapter over one service or selector.

Every tool resolves the caller's `Principal` (set by the token verifier),
counts the call against the organization's requests-per-minute, runs the
service in a worker thread (Django's ORM is synchronous), and turns a
`FormaError` into a tool error whose text is the JSON error object.
Each tool returns a model of the typed contract (ground/contract.py): its
return annotation is the tool's outputSchema, the same model the REST view
publishes in /v1/openapi.json.

The free calls are the hot path: a call takes at most one thread hop, token
check included. The caller, the catalogue and the changelog are read from the
cache on the event loop, and requests are counted there (in memory or Redis);
only a cache miss or a service that reads the database (forma_status's balance)
goes to a worker thread, whose database connection is kept between calls.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
from typing import Annotated, Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from mcp.server import MCPServer
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.types import Image
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field, StrictBool, ValidationError

from accounts import loop_cache
from accounts.bearer import principal_from_bearer
from accounts.principal_cache import principal_cache_keys, principal_from_cached
from accounts.principals import SCOPE_TOOLS, Principal
from accounts.ratelimit import arate_limit_enforce
from accounts.selectors import organization_status
from feedback.services import feedback_submit
from ground import contract, ids
from ground.errors import (
    STORAGE_RETRY_DELAYS,
    FormaError,
    invalid_request,
    not_found,
    stamp,
    storage_errors,
    storage_retrying,
    storage_unavailable,
    unauthorized,
)
from ground.inputs import McpDay, mcp_identifier, mcp_text
from oracles.catalogue import option_description
from oracles.engine import REGISTRY
from oracles.selectors import changelog_since, changelog_since_cached, oracle_list, oracle_list_cached
from oracles.services import MAX_INTENT_CHARS, answer_ask, figure_draw

logger = logging.getLogger("forma.mcp")



def instructions() -> str:
    """The server's instructions, naming the oracle kinds this deployment serves."""
    return (
        f"Forma answers with formal artifacts (oracle kinds: {', '.join(REGISTRY.names())}) that are "
        "checked before they are returned. Call forma_status first on a new connection, list_oracles before guessing "
        "a name, put the values in the intent (Forma fetches no data), and show_figure to let the person see a valid answer."
    )


def _connections_kept_or_replaced() -> None:
    # Tools run in the event loop's worker threads, which live as long as the server:
    # each keeps its connection between calls instead of opening one per call. One that
    # broke is replaced (and checked before its next use); a pooled one goes back to
    # the pool. (Django's close_old_connections would close them all: CONN_MAX_AGE is 0
    # for the request threads, which end with their request.)
    for conn in connections.all(initialized_only=True):
        if conn.connection is None:
            continue
        if conn.settings_dict["OPTIONS"].get("pool") or conn.in_atomic_block:
            conn.close()
        elif conn.get_autocommit() != conn.settings_dict["AUTOCOMMIT"]:
            conn.close()
        elif conn.errors_occurred and not conn.is_usable():
            conn.close()
        else:
            conn.errors_occurred = False
            conn.health_check_done = False  # CONN_HEALTH_CHECKS: is_usable() before its next query


def _close_connections(fn, *args, **kwargs):
    _connections_kept_or_replaced()
    try:
        return fn(*args, **kwargs)
    finally:
        _connections_kept_or_replaced()


async def in_db_thread(fn, *args, **kwargs):
    return await sync_to_async(_close_connections, thread_sensitive=False)(fn, *args, **kwargs)


class FormaTokenVerifier:
    """Resolves API keys and OAuth access tokens to an `AccessToken` carrying our `Principal`.

    Storage that does not answer is retried (the lookup only reads, bar an
    idempotent last-used timestamp); after that the FormaError escapes the SDK's
    auth middleware and forma.asgi renders it as a 503 error object: a missing
    database must not look like a bad token (401) or a crash (500).
    """

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            principal = await _principal_for(token)
        except storage_errors() as exc:
            raise stamp(storage_unavailable(exc), ids.request_id()) from None
        if principal is None:
            return None
        return AccessToken(
            token=token,
            client_id=principal.credential_id,
            scopes=list(principal.scopes),
            expires_at=principal.expires_at,
            resource=principal.resource,
            subject=str(principal.user_pk) if principal.user_pk else None,
            # The Principal itself (frozen): copying it into a dict and back cost more than the cached lookup.
            claims={"principal": principal},
        )


async def _principal_for(token: str) -> Principal | None:
    """The caller from the cache on the event loop; a miss resolves it in a worker thread (and caches it)."""
    try:
        found = await loop_cache.get_many(principal_cache_keys(token))
    except storage_errors() as exc:
        logger.warning("principal cache unreadable (%r); resolving from the database", exc)
        found = {}
    else:
        cached = principal_from_cached(token, found)
        if cached is not None:
            return cached
    return await in_db_thread(storage_retrying, principal_from_bearer, token, found=found)


def _principal() -> Principal:
    token = get_access_token()
    if token is None or not token.claims or "principal" not in token.claims:
        raise unauthorized()
    principal = token.claims["principal"]
    return principal if isinstance(principal, Principal) else Principal.from_claims(principal)


async def _rate_limit_enforce(principal: Principal) -> None:
    """Count the call on the event loop, retried like storage_retrying while the store does not answer."""
    for delay in (*STORAGE_RETRY_DELAYS, None):
        try:
            await arate_limit_enforce(organization_pk=principal.organization_pk, limit=principal.requests_per_minute)
            return
        except storage_errors() as exc:
            if delay is None:
                raise
            logger.warning("rate-limit store did not answer (%r); retrying in %g s", exc, delay)
            await asyncio.sleep(delay)


async def call_service(fn, /, **kwargs: Any) -> Any:
    """Run a service for the calling principal under a fresh request id.

    Every adapter takes `request_id` (ask_oracle stamps it on the answer); a
    FormaError leaves stamped with it, and `FormaMCPServer.call_tool` renders it.
    The call is counted first (a retried count is not counted twice); storage that
    does not answer is retried for the count and for the services in
    RETRY_SAFE_SERVICES, then becomes `upstream_unavailable`. Async services
    (coroutines) choose their own thread hops.
    """
    request_id = ids.request_id()
    try:
        principal = _principal()
        await _rate_limit_enforce(principal)
        if inspect.iscoroutinefunction(fn):  # it waits on the event loop and uses threads only for its own database steps
            return await fn(principal=principal, request_id=request_id, **kwargs)
        if fn in RETRY_SAFE_SERVICES:
            return await in_db_thread(storage_retrying, fn, principal=principal, request_id=request_id, **kwargs)
        return await in_db_thread(fn, principal=principal, request_id=request_id, **kwargs)
    except FormaError as error:
        raise stamp(error, request_id) from None
    except storage_errors() as exc:
        raise stamp(storage_unavailable(exc), request_id) from None


class FormaMCPServer(MCPServer):
    """MCPServer whose tool failures reach the agent as our JSON error object, and nothing else.

    The SDK wraps whatever a tool raises in a ToolError prefixed "Error executing
    tool …"; a FormaError (or an argument-validation failure) is re-raised with
    the bare JSON error object as the text, so a model can parse and branch on it.
    """

    def add_tool(self, fn, name: str | None = None, title: str | None = None, description: str | None = None, **kwargs: Any) -> None:
        # A docstring's continuation lines carry the source file's indentation; the agent
        # (and the docs pages, which read tools/list) should get the text, not the layout.
        if description is None and fn.__doc__:
            description = inspect.cleandoc(fn.__doc__)
        super().add_tool(fn, name=name, title=title, description=description, **kwargs)

    async def call_tool(self, name: str, arguments: dict[str, Any], context=None):
        if self._tool_manager.get_tool(name) is None:
            tools = [tool.name for tool in self._tool_manager.list_tools()]
            error = not_found(f"No tool named {name!r}. Call tools/list; the tools are {', '.join(tools)}.", tools=tools)
            raise ToolError(json.dumps(stamp(error, ids.request_id()).to_dict()))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, FormaError):
                raise ToolError(json.dumps(exc.__cause__.to_dict())) from None
            if isinstance(exc.__cause__, ValidationError):
                problems = [
                    {"argument": ".".join(str(p) for p in err["loc"]), "problem": err["msg"]}
                    for err in exc.__cause__.errors()
                ]
                error = invalid_request(
                    f"The arguments to {name} were refused: "
                    + "; ".join(f"{p['argument']}: {p['problem']}" for p in problems)
                    + ". Fix them and call again.",
                    arguments=problems,
                )
                raise ToolError(json.dumps(stamp(error, ids.request_id()).to_dict())) from None
            raise


# ---- the services the tools call ------------------------------------------------------


def _status(*, principal: Principal, request_id: str) -> contract.Status:
    return organization_status(principal=principal)


async def _oracles(*, principal: Principal, request_id: str) -> contract.OracleList:
    oracles = await _cached_or_none(oracle_list_cached())
    if oracles is None:
        oracles = await in_db_thread(storage_retrying, oracle_list)
    return contract.OracleList(oracles=oracles)


async def _whats_new(*, principal: Principal, request_id: str, since: str | None) -> contract.Changelog:
    page = await _cached_or_none(changelog_since_cached(since=since))
    if page is None:
        page = await in_db_thread(storage_retrying, changelog_since, since=since)
    return page


async def _cached_or_none(read) -> Any:
    # A cache that does not answer is a miss: the database still can.
    try:
        return await read
    except storage_errors() as exc:
        logger.warning("cache unreadable (%r); reading the database", exc)
        return None


async def _ask(*, principal: Principal, request_id: str, **kwargs: Any) -> contract.Answer:
    # Async: waiting for the check holds no thread, so a dead worker cannot starve other callers.
    return await answer_ask(
        principal=principal, request_id=request_id, run_sync=in_db_thread, finish_in_check_thread=_close_connections, **kwargs
    )


async def _figure(*, principal: Principal, request_id: str, figure_token: str, format: str | None) -> tuple[bytes, str]:
    # Async like _ask: a drawing that waits on a worker holds no thread. Its reads are retried.
    async def retrying_read(fn, /, *args: Any, **kwargs: Any) -> Any:
        return await in_db_thread(storage_retrying, fn, *args, **kwargs)

    return await figure_draw(
        principal=principal, token=figure_token, out=format, run_sync=retrying_read, cache_read=loop_cache.get_many,
    )


def _feedback(*, principal: Principal, request_id: str, answer_request_id: str | None, **kwargs: Any) -> contract.FeedbackReceipt:
    return feedback_submit(principal=principal, request_id=answer_request_id, **kwargs)


# Services safe to run again when storage did not answer: they only read (drawing a
# figure writes nothing but the render cache, keyed by content). ask_oracle reserves
# credits and send_feedback stores a row, so they run once. (list_oracles and
# whats_new are async and retry their own reads.)
RETRY_SAFE_SERVICES = frozenset({_status})


def build_server() -> FormaMCPServer:
    resource_url = settings.FORMA["MCP_RESOURCE_URL"]
    server = FormaMCPServer(
        name="forma",
        title="Forma",
        instructions=instructions(),
        website_url=settings.PUBLIC_URL,
        token_verifier=FormaTokenVerifier(),
        auth=AuthSettings(
            issuer_url=settings.PUBLIC_URL,
            resource_server_url=resource_url,
            required_scopes=[SCOPE_TOOLS],
            validate_token_resource=True,
        ),
    )

    @server.tool(name="forma_status", title="Which account is this?")
    async def forma_status() -> contract.Status:
        """Which Forma organization this connection is signed in as: its org_id, plan, requests_per_minute,
        features, credits remaining, and the credential in use. Free. Call it first on a new connection:
        only a live, authenticated session can answer it."""
        return await call_service(_status)

    @server.tool(name="list_oracles", title="List the oracles")
    async def list_oracles() -> contract.OracleList:
        """Every oracle available to this account: its name, title, one-line summary, formats, default_format,
        drawable_formats (the formats show_figure can draw) and price in credits. Free. Call it before guessing an oracle
        name: the catalogue is the contract and it grows."""
        return await call_service(_oracles)

    @server.tool(name="ask_oracle", title="Ask an oracle")
    async def ask_oracle(
        oracle: Annotated[
            mcp_identifier(), Field(description=f"An oracle name from list_oracles, e.g. {', '.join(map(repr, REGISTRY.names()))}.")
        ],
        intent: Annotated[
            mcp_text(max_length=MAX_INTENT_CHARS),
            Field(
                description="What you want, described normally, with its values, steps or items in it (each oracle's "
                "description in list_oracles says what it reads). Forma fetches no data. No control characters but tab, newline and CR.",
            ),
        ],
        format: Annotated[
            mcp_identifier() | None,
            Field(description="Optional; the oracle's default_format when left out. Pick a drawable format when a person should see it."),
        ] = None,
        allow_generated_data: Annotated[
            StrictBool | None,
            Field(description=option_description("allow_generated_data")),
        ] = None,
    ) -> contract.Answer:
        """Ask an oracle for a formal artifact that is checked before it is returned. `status` is a verdict:
        `valid` (with `result` and a `verified_by` citation), `invalid` (the check refused it; `reason` says
        why and how to rephrase), or `error` (ours, unbilled, worth retrying). Costs the oracle's price for
        valid answers and for invalid ones whose request is over a limit or asks what the rules refuse; nothing
        for `error`, for DATA_REQUIRED (an intent without the values it needs), for Forma's own configuration
        errors, or when Forma could not read or place what you wrote (the reason says how to rephrase). The answer says `cost` and `credits_remaining`. For a valid drawable answer, pass
        `figure.token` to show_figure so the person sees it."""
        return await call_service(
            _ask, oracle_name=oracle, intent=intent, fmt=format, allow_generated_data=allow_generated_data,
            started=time.monotonic(),  # the wait limit counts from here, queueing included
        )

    @server.tool(name="show_figure", title="Draw a figure", structured_output=False)
    async def show_figure(
        figure_token: Annotated[mcp_identifier(), Field(description="The figure.token from an ask_oracle answer, exactly as given.")],
        format: Annotated[
            contract.FigureOutput | None, Field(description="png (default) to look at, or svg returned as text for saving to a file.")
        ] = None,
    ) -> Any:
        """Draw a valid answer whose figure.drawable is true, so the person sees the drawing and not
        only its source. PNG comes back as an image; SVG as text. Free: the answer was already paid for."""
        data, mime = await call_service(_figure, figure_token=figure_token, format=format)
        if mime == "image/png":
            return Image(data=data, format="png")
        return data.decode()

    @server.tool(name="whats_new", title="What's new")
    async def whats_new(
        since: Annotated[
            McpDay | None, Field(description="Optional YYYY-MM-DD (a real calendar day); pass the `latest` from an earlier call to see only newer entries.")
        ] = None,
    ) -> contract.Changelog:
        """What changed for callers (endpoints, oracles, tools), newest first, with `latest` to pass as
        `since` next time. Free."""
        return await call_service(_whats_new, since=since)

    @server.tool(name="send_feedback", title="Send feedback")
    async def send_feedback(
        sentiment: Annotated[contract.Sentiment, Field(description="positive, negative or neutral.")],
        message: Annotated[
            mcp_text(max_length=settings.FORMA["FEEDBACK_MAX_CHARS"]),
            Field(description="Why, in a sentence or two; up to 2000 characters. No control characters but tab, newline and CR."),
        ],
        oracle: Annotated[mcp_identifier() | None, Field(description="Optional; the oracle it is about.")] = None,
        request_id: Annotated[
            mcp_identifier() | None,
            Field(description="Optional; the answer it is about. Left empty, your latest ask_oracle answer is used when it was for the same oracle."),
        ] = None,
    ) -> contract.FeedbackReceipt:
        """Tell the people who build Forma what worked and what did not. Free."""
        return await call_service(_feedback, sentiment=sentiment, message=message, oracle_name=oracle, answer_request_id=request_id)

    return server


def transport_security() -> TransportSecuritySettings:
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=list(settings.FORMA["MCP_ALLOWED_HOSTS"]),
        allowed_origins=list(settings.FORMA["MCP_ALLOWED_ORIGINS"]),
    )
