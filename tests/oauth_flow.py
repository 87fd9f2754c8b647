"""Helpers for the OAuth tests: PKCE, the consent form, and one full flow through Django's test client."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from accounts.oauth.metadata import FormaMetadataFetcher

CALLBACK = "http://127.0.0.1:7777/callback"


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


class _FormFields(HTMLParser):
    """The inputs of the consent form (id="consent"), as the browser would submit them."""

    def __init__(self) -> None:
        super().__init__()
        self.in_form = False
        self.fields: dict[str, str] = {}
        self.selects: list[str] = []
        self.found = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and a.get("id") == "consent":
            self.in_form = self.found = True
        elif self.in_form and tag == "input" and a.get("name"):
            self.fields[a["name"]] = a.get("value") or ""
        elif self.in_form and tag == "select" and a.get("name"):
            self.selects.append(a["name"])
        elif self.in_form and tag == "option" and self.selects and self.selects[-1] not in self.fields:
            self.fields[self.selects[-1]] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.in_form = False


def consent_fields(html: str) -> dict[str, str]:
    parser = _FormFields()
    parser.feed(html)
    assert parser.found, "no consent form on the page"
    return parser.fields


def query_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def issued_counts() -> tuple[int, int, int]:
    """(grants, access tokens excluding registration tokens, refresh tokens)."""
    from oauth2_provider.models import get_access_token_model, get_grant_model, get_refresh_token_model
    from oauth2_provider.settings import oauth2_settings

    return (
        get_grant_model().objects.count(),
        get_access_token_model().objects.exclude(scope=oauth2_settings.DCR_REGISTRATION_SCOPE).count(),
        get_refresh_token_model().objects.count(),
    )


@dataclass
class Registered:
    client_id: str
    redirect_uri: str
    client_secret: str | None = None


@dataclass
class Flow:
    """One authorization-code flow through Django's test client, step by step."""

    client: Any  # django.test.Client, signed in
    registered: Registered
    verifier: str = ""
    state: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    def authorize_params(self, **overrides: Any) -> dict[str, Any]:
        from django.conf import settings

        self.verifier, challenge = pkce_pair()
        params = {
            "response_type": "code",
            "client_id": self.registered.client_id,
            "redirect_uri": self.registered.redirect_uri,
            "state": self.state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            "scope": "forma:tools",
            "resource": settings.FORMA["MCP_RESOURCE_URL"],
        }
        params.update(overrides)
        return {k: v for k, v in params.items() if v is not None}

    def authorize(self, **overrides: Any):
        return self.client.get("/o/authorize/?" + urlencode(self.authorize_params(**overrides)))

    def allow(self, page, allow: bool = True):
        fields = consent_fields(page.content.decode())
        if not allow:
            fields.pop("allow", None)
        else:
            fields["allow"] = "on"
        return self.client.post(page.request["PATH_INFO"] + "?" + page.request["QUERY_STRING"], fields)

    def code(self, **overrides: Any) -> str:
        page = self.authorize(**overrides)
        assert page.status_code == 200, page.content[:500]
        response = self.allow(page)
        assert response.status_code == 302, response.content[:500]
        return query_of(response["Location"])["code"]

    def exchange(self, code: str, client_id: str | None = None, verifier: str | None = None, **extra: Any):
        data = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.registered.redirect_uri,
            "client_id": client_id or self.registered.client_id,
            "code_verifier": verifier or self.verifier,
            **extra,
        }
        return token_post(self.client, {k: v for k, v in data.items() if v is not None})

    def refresh(self, refresh_token: str):
        data = {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": self.registered.client_id}
        return token_post(self.client, data)

    def tokens(self) -> dict[str, Any]:
        response = self.exchange(self.code())
        assert response.status_code == 200, response.content
        return json.loads(response.content)


def token_post(client: Any, data: dict[str, Any]):
    from django.test import Client

    # The token endpoint is called by the agent, not the browser: no session cookie.
    return Client().post("/o/token/", data)


def register(client: Any = None, **metadata: Any):
    from django.test import Client

    body = {
        "client_name": "Test Agent",
        "redirect_uris": [CALLBACK],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        **metadata,
    }
    return (client or Client()).post("/o/register/", json.dumps(body), content_type="application/json")


def registered_client(**metadata: Any) -> Registered:
    response = register(**metadata)
    assert response.status_code == 201, response.content
    data = json.loads(response.content)
    return Registered(client_id=data["client_id"], redirect_uri=data["redirect_uris"][0], client_secret=data.get("client_secret"))


@pytest.fixture(autouse=True)
def fresh_cache():
    """The registration limit counts in the cache; each test starts from zero."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


class LoopbackMetadataFetcher(FormaMetadataFetcher):
    """Tests only: fetch a Client ID Metadata Document from a loopback https server the test started.

    The toolkit's fetcher refuses loopback addresses (SSRF hardening), and rightly
    so in production. This subclass replaces only the transport — it trusts the
    test's own CA for 127.0.0.1 — and keeps the toolkit's document checks
    (status, content type, size, JSON) and Forma's redirect-URI policy.
    Turned on by the tests through OAUTH2_PROVIDER["CIMD_METADATA_FETCHER"].
    """

    ca_file: str = ""

    def fetch_document(self, client_id: str) -> tuple[dict[str, Any], int]:
        import urllib3

        assert urlsplit(client_id).hostname == "127.0.0.1", "the test fetcher only reaches loopback"
        pool = urllib3.PoolManager(ca_certs=self.ca_file, cert_reqs="CERT_REQUIRED", retries=False, timeout=5)
        response = pool.request("GET", client_id, redirect=False, preload_content=False)
        try:
            return self._read_document(response)
        finally:
            response.release_conn()
