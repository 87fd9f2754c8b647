"""A bearer credential resolved to one `Principal`: an API key, else an OAuth access token.

Above principals.py and oauth_tokens.py (both build a Principal), so neither imports the other.
"""

from __future__ import annotations

from .oauth_tokens import principal_from_access_token
from .principals import Principal, principal_from_api_key
from .services import api_key_verify, split_api_key


def principal_from_bearer(raw: str) -> Principal | None:
    """The principal behind a bearer credential, or None if it is unknown, revoked or expired."""
    if split_api_key(raw) is not None:
        key = api_key_verify(raw=raw)
        return principal_from_api_key(key) if key else None
    return principal_from_access_token(raw)
