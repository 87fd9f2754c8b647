"""One error vocabulary for every door (MCP, REST, dashboard).

A `FormaError` is raised by services; its kind is one of `ground.contract.ERROR_KINDS` (with
the HTTP status and whether it is retryable by default), and each interface renders it: the MCP adapter
as a tool error whose text is the JSON error object, the REST adapter with the
HTTP status below, the dashboard as a message. The message always names the
cause and the next move.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ground import ids
from ground.contract import ERROR_KINDS, Error, ErrorBody

logger = logging.getLogger("forma.errors")
T = TypeVar("T")

# Waits between tries when the database or Redis does not answer: a restart,
# a failover or a dropped pooled connection is usually over within these.
STORAGE_RETRY_DELAYS: tuple[float, ...] = (0.05, 0.2)
# What a caller is told to wait once the tries are spent.
STORAGE_RETRY_AFTER_SECONDS = 2


class FormaError(Exception):
    def __init__(
        self,
        kind: str,
        message: str,
        *,
        retryable: bool | None = None,
        context: dict[str, Any] | None = None,
        request_id: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        if kind not in ERROR_KINDS:
            raise ValueError(f"unknown error kind {kind!r}")
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.retryable = ERROR_KINDS[kind].retryable if retryable is None else retryable
        self.context = context or {}
        self.request_id = request_id
        self.retry_after = retry_after

    @property
    def http_status(self) -> int:
        return ERROR_KINDS[self.kind].http_status

    def to_dict(self) -> dict[str, Any]:
        """The error object (`ground.contract.Error`) as JSON; it always carries a request_id."""
        body = ErrorBody(
            kind=self.kind, message=self.message, retryable=self.retryable, request_id=self.request_id or ids.request_id(),
            context=self.context or None, retry_after=self.retry_after,
        )
        return Error(error=body).model_dump(mode="json")


def stamp(error: FormaError, request_id: str) -> FormaError:
    """Give an error the id of the call it ended, and log it under that id."""
    if error.request_id is None:
        error.request_id = request_id
    logger.info("request %s failed: %s: %s", error.request_id, error.kind, error.message)
    return error


def unauthorized(message: str = "Not signed in. Send an API key or OAuth access token as a Bearer token.") -> FormaError:
    return FormaError("unauthorized", message)


def invalid_request(message: str, **context: Any) -> FormaError:
    return FormaError("invalid_request", message, context=context)


def not_found(message: str, **context: Any) -> FormaError:
    return FormaError("not_found", message, context=context)


def storage_unavailable(exc: BaseException) -> FormaError:
    """Our database or Redis could not be reached, even after retries: ours, brief, and worth a retry."""
    logger.error("storage unavailable: %r", exc, exc_info=exc)
    return FormaError(
        "upstream_unavailable",
        f"Forma's storage is briefly unavailable. Wait {STORAGE_RETRY_AFTER_SECONDS} s and retry; nothing was charged.",
        retry_after=STORAGE_RETRY_AFTER_SECONDS,
    )


def storage_retrying(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """Call `fn`, and call it again after each of STORAGE_RETRY_DELAYS while the storage does not answer.

    Only for operations that are safe to repeat: reads, and writes that are one
    atomic unit (a failure rolls all of it back). The last storage error is
    raised unchanged; the caller turns it into `storage_unavailable`.
    """
    from django.db import close_old_connections

    for delay in (*STORAGE_RETRY_DELAYS, None):
        try:
            return fn(*args, **kwargs)
        except storage_errors() as exc:
            if delay is None:
                raise
            logger.warning("storage did not answer (%r); retrying in %g s", exc, delay)
            # A connection that failed is closed here, so the next try opens a fresh one.
            close_old_connections()
            time.sleep(delay)
    raise AssertionError("unreachable")  # the loop returns or raises


def storage_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean the database or Redis is unreachable (not a bug in our code)."""
    import django.db
    import redis.exceptions

    return (django.db.OperationalError, django.db.InterfaceError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
