"""Forma's OAuth policy: which redirect URIs a client may register, the one resource tokens are for,
and how many registrations one address may make an hour."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from ..ratelimit import counter_hit

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
MAX_REDIRECT_URIS = 10


def mcp_resource() -> str:
    return settings.FORMA["MCP_RESOURCE_URL"]


# ---- redirect URIs ---------------------------------------------------------------------


def redirect_uri_refusal(uri: str) -> str | None:
    """Why `uri` may not be registered as a redirect URI, or None when it may.

    https anywhere; http only to loopback on any port (RFC 8252 §7.3); the
    private-use schemes of known MCP clients (FORMA["OAUTH_CLIENT_SCHEMES"]).
    Everything else — plain http to another host included — is refused, and so
    is any URI with user information or a backslash: parsers disagree on where
    its host is (`http://evil.example\\@127.0.0.1/` is loopback to one, evil.example
    to a browser), and the host is what this policy is about.
    """
    if "\\" in uri:
        return f"{uri!r}: a redirect URI may not contain a backslash."
    try:
        parts = urlsplit(uri)
    except ValueError:
        return f"{uri!r} is not a URI."
    if "@" in parts.netloc:
        return f"{uri!r}: a redirect URI may not carry user information (user@host). Register the bare address."
    scheme = parts.scheme.lower()
    if scheme == "https" and parts.hostname:
        return None
    if scheme == "http":
        if parts.hostname in LOOPBACK_HOSTS:
            return None
        return f"{uri!r}: plain http is accepted only for loopback (127.0.0.1, [::1], localhost). Use https."
    if scheme in settings.FORMA["OAUTH_CLIENT_SCHEMES"]:
        return None
    return f"{uri!r}: the scheme {scheme or '(none)'!r} is not accepted. Use https or a loopback http address."


def redirect_uris_refusal(uris: Any) -> str | None:
    """Why this list of redirect URIs may not be registered (one bad URI refuses them all), or None."""
    if not isinstance(uris, list) or not uris or not all(isinstance(u, str) for u in uris):
        return "redirect_uris must be a non-empty array of strings."
    if len(uris) > MAX_REDIRECT_URIS:
        return f"At most {MAX_REDIRECT_URIS} redirect_uris may be registered."
    for uri in uris:
        reason = redirect_uri_refusal(uri)
        if reason:
            return reason
    return None


def redirect_origin(uri: str) -> str:
    """The CSP source that lets the consent form's redirect reach `uri`."""
    parts = urlsplit(uri)
    if parts.scheme in ("http", "https"):
        return f"{parts.scheme}://{parts.netloc}"
    return f"{parts.scheme}:"  # a private-use scheme: a scheme-source


def redirect_host(uri: str) -> str:
    """What the consent page shows as where the person will be sent."""
    parts = urlsplit(uri)
    if parts.scheme in ("http", "https"):
        return parts.netloc
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else f"{parts.scheme}:"


# ---- registration rate limit -------------------------------------------------------------


def registration_rate_limit_hit(*, ip: str, now: float | None = None) -> int | None:
    """Count one registration from `ip`; the seconds to wait when over the hourly limit, else None."""
    counted = counter_hit(name=f"dcr:{ip}", window_seconds=3600, now=now)
    if counted.count > settings.FORMA["OAUTH_REGISTRATIONS_PER_IP_PER_HOUR"]:
        return counted.reset_after
    return None
