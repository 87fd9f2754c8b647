"""Client ID Metadata Documents: the toolkit's hardened fetcher plus Forma's redirect-URI policy."""

from __future__ import annotations

from typing import Any

from oauth2_provider.cimd import CIMDError, SafeMetadataFetcher
from oauth2_provider.models import get_application_model

from accounts.services import audit_record

from .policy import redirect_uris_refusal


class FormaMetadataFetcher(SafeMetadataFetcher):
    """The toolkit's SSRF-hardened fetcher plus Forma's redirect-URI policy.

    The toolkit validates the document's shape; a document whose redirect URIs
    Forma would refuse at dynamic registration is refused here the same way.
    """

    def fetch(self, client_id: str) -> tuple[dict[str, Any], int]:
        metadata, max_age = self.fetch_document(client_id)
        reason = redirect_uris_refusal(metadata.get("redirect_uris"))
        if reason:
            raise CIMDError(f"redirect_uris refused: {reason}")
        if not get_application_model().objects.filter(client_id=client_id).exists():
            audit_record(
                action="oauth.client_registered",
                organization=None,
                target=client_id[:120],
                data={"source": "cimd", "client_id": client_id, "client_name": str(metadata.get("client_name", ""))[:200],
                      "redirect_uris": metadata.get("redirect_uris")},
            )
        return metadata, max_age

    def fetch_document(self, client_id: str) -> tuple[dict[str, Any], int]:
        """The toolkit's hardened fetch: https only, public addresses only, no redirects, size and time caps."""
        return super().fetch(client_id)
