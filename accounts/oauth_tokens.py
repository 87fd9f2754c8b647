"""OAuth access tokens as principals. Filled in by the OAuth capability."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .principals import Principal


def principal_from_access_token(raw: str) -> Principal | None:
    """The principal of an OAuth access token issued by this server, or None.

    Until OAuth issuance is enabled no access token exists, so every such
    credential is unknown.
    """
    return None
