"""The MCP server: six tools, each a thin adapter over one service or selector.

Every tool resolves the caller's `Principal` (set by the token verifier),
counts the call against the organization's requests-per-minute, runs the
service in a worker thread (Django's ORM is synchronous), and turns a
`FormaError` into a tool error whose text is the JSON error object.
Each tool returns a model of the typed contract (ground/contract.py): its
return annotation is the tool's outputSchema, the same model the REST view
publishes in /v1/openapi.json.
"""

from __future__ import annotations

import inspect
import json
import logging
import time
from typing import Annotated, Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from mcp.server import MCPServer
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.types import Image
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field, StrictBool, ValidationError

from accounts.bearer import principal_from_bearer
from accounts.principals import SCOPE_TOOLS, Principal
from accounts.ratelimit import rate_limit_enforce
from accounts.selectors import organization_status
from feedback.services import feedback_submit
from ground import contract, ids
from ground.errors import (
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
from oracles.selectors import changelog_since, oracle_list
from oracles.services import MAX_INTENT_CHARS, answer_ask, figure_draw

logger = logging.getLogger("forma.mcp")



def instructions() -> str:
    """The server's instructions, naming the oracle kinds this deployment serves."""
    return (
        f"Forma answers with formal artifacts (oracle kinds: {', '.join(REGISTRY.names())}) that are "
        "checked before they are returned. Call forma_status first on a new connection, list_oracles before guessing "
        "a name, put the values in the intent (Forma fetches no data), and show_figure to let the person see a valid answer."
    )


def _close_connections(fn, *args, **kwargs):
    # Tools run in worker threads outside Django's request cycle: give each call
    # a fresh connection state and hand the connection back when done.
    close_old_connections()
    try:
        return fn(*args, **kwargs)
    finally:
        close_old_connections()


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
            principal = await in_db_thread(storage_retrying, principal_from_bearer, token)
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
            claims={"principal": principal.to_claims()},
        )


def _principal() -> Principal:
    token = get_access_token()
    if token is None or not token.claims or "principal" not in token.claims:
        raise unauthorized()
    return Principal.from_claims(token.claims["principal"])


def _rate_limit_enforce(principal: Principal) -> None:
    # The count and the service are retried apart, so a retried read is not counted twice.
    storage_retrying(rate_limit_enforce, organization_pk=principal.organization_pk, limit=principal.requests_per_minute)


def _guarded(principal: Principal, fn, kwargs: dict[str, Any]):
    _rate_limit_enforce(principal)
    if fn in RETRY_SAFE_SERVICES:
        return storage_retrying(fn, principal=principal, **kwargs)
    return fn(principal=principal, **kwargs)


async def call_service(fn, /, **kwargs: Any) -> Any:
    """Run a service for the calling principal under a fresh request id.

    Every adapter takes `request_id` (ask_oracle stamps it on the answer); a
    FormaError leaves stamped with it, and `FormaMCPServer.call_tool` renders it.
    Storage that does not answer is retried for the rate-limit count and for the
    services in RETRY_SAFE_SERVICES, then becomes `upstream_unavailable`.
    """
    request_id = ids.request_id()
    try:
        principal = _principal()
        if inspect.iscoroutinefunction(fn):  # it waits on the event loop and uses threads only for its own database steps
            await in_db_thread(_rate_limit_enforce, principal)
            return await fn(principal=principal, request_id=request_id, **kwargs)
        return await in_db_thread(_guarded, principal, fn, kwargs | {"request_id": request_id})
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


def _oracles(*, principal: Principal, request_id: str) -> contract.OracleList:
    return contract.OracleList(oracles=oracle_list())


def _whats_new(*, principal: Principal, request_id: str, since: str | None) -> contract.Changelog:
    return changelog_since(since=since)


async def _ask(*, principal: Principal, request_id: str, **kwargs: Any) -> contract.Answer:
    # Async: waiting for the check holds no thread, so a dead worker cannot starve other callers.
    return await answer_ask(principal=principal, request_id=request_id, run_sync=in_db_thread, **kwargs)


async def _figure(*, principal: Principal, request_id: str, figure_token: str, format: str | None) -> tuple[bytes, str]:
    # Async like _ask: a drawing that waits on a worker holds no thread. Its reads are retried.
    async def retrying_read(fn, /, *args: Any, **kwargs: Any) -> Any:
        return await in_db_thread(storage_retrying, fn, *args, **kwargs)

    return await figure_draw(principal=principal, token=figure_token, out=format, run_sync=retrying_read)


def _feedback(*, principal: Principal, request_id: str, answer_request_id: str | None, **kwargs: Any) -> contract.FeedbackReceipt:
    return feedback_submit(principal=principal, request_id=answer_request_id, **kwargs)


# Services safe to run again when storage did not answer: they only read (drawing a
# figure writes nothing but the render cache, keyed by content). ask_oracle reserves
# credits and send_feedback stores a row, so they run once.
RETRY_SAFE_SERVICES = frozenset({_status, _oracles, _whats_new})


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
        """Every oracle available to this account, with its formats, default_format, drawable_formats
        (the formats show_figure can draw) and price in credits. Free. Call it before guessing an oracle
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
