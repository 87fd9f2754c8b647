"""OAuth against a live server: the official MCP SDK's OAuthClientProvider, discovery, and /mcp refusals."""

from __future__ import annotations

import asyncio
import datetime as dt
import ipaddress
import json
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx2
import pytest
from django.test import Client as DjangoClient

from accounts.models import AgentConnection, AuditEvent
from tests.oauth_flow import (  # noqa: F401
    CALLBACK,
    Flow,
    LoopbackMetadataFetcher,
    consent_fields,
    fresh_cache,
    issued_counts,
    query_of,
    registered_client,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server(live_server_url, settings):
    """The live server, with the OAuth issuer pinned to its address like PUBLIC_URL is."""
    settings.OAUTH2_PROVIDER = {**settings.OAUTH2_PROVIDER, "OIDC_ISS_ENDPOINT": live_server_url.url}
    return live_server_url


@pytest.fixture
def person(make_account):
    return make_account("agent-owner@example.com")


def _session_cookie(user: Any) -> str:
    browser = DjangoClient()
    browser.force_login(user)
    return browser.cookies["sessionid"].value


def run_sdk(server, user, calls: list[tuple[str, dict]], client_metadata_url: str | None = None) -> tuple[list[Any], Any]:
    """The official MCP client with OAuthClientProvider, headless: the person is signed in and clicks Allow."""
    from mcp import Client
    from mcp.client.auth import OAuthClientProvider
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata

    class Storage:
        tokens = None
        client_info = None

        async def get_tokens(self):
            return self.tokens

        async def set_tokens(self, tokens):
            self.tokens = tokens

        async def get_client_info(self):
            return self.client_info

        async def set_client_info(self, client_info):
            self.client_info = client_info

    storage = Storage()
    sessionid = _session_cookie(user)
    seen: dict[str, str] = {}

    async def redirect_handler(authorization_url: str) -> None:
        # The person's browser: open the consent page signed in, click Allow, stop at the redirect.
        async with httpx2.AsyncClient(cookies={"sessionid": sessionid}, timeout=30) as browser:
            page = await browser.get(authorization_url)
            assert page.status_code == 200, page.text[:500]
            fields = consent_fields(page.text) | {"allow": "on"}
            answer = await browser.post(authorization_url, data=fields)
            assert answer.status_code == 302, answer.text[:500]
            seen["location"] = answer.headers["location"]

    async def callback_handler() -> AuthorizationCodeResult:
        params = query_of(seen["location"])
        return AuthorizationCodeResult(code=params["code"], state=params.get("state"), iss=params.get("iss"))

    provider = OAuthClientProvider(
        server_url=server.mcp_url,
        client_metadata=OAuthClientMetadata(
            client_name="SDK Test Agent",
            redirect_uris=[CALLBACK],
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method="none",
        ),
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
        client_metadata_url=client_metadata_url,
    )

    async def go() -> list[Any]:
        async with httpx2.AsyncClient(auth=provider, timeout=60) as http:
            async with Client(streamable_http_client(server.mcp_url, http_client=http)) as client:
                return [await client.call_tool(name, args) for name, args in calls]

    return asyncio.run(go()), storage


def _post_initialize(url: str, headers: dict[str, str]) -> httpx2.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    return httpx2.post(url, json=body, headers={"Accept": "application/json, text/event-stream", **headers}, timeout=10)


# ---- discovery ----------------------------------------------------------------------------


def test_401_challenge_names_resource_metadata_and_scope(server, seeded):
    response = _post_initialize(server.mcp_url, {})
    assert response.status_code == 401
    challenge = response.headers["www-authenticate"]
    assert f'resource_metadata="{server.url}/.well-known/oauth-protected-resource/mcp"' in challenge
    assert 'scope="forma:tools"' in challenge


@pytest.mark.parametrize("path", ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"])
def test_protected_resource_metadata_names_the_mcp_endpoint_and_the_issuer(server, seeded, path):
    document = httpx2.get(server.url + path, timeout=10).json()
    assert document["resource"] == server.mcp_url
    assert document["authorization_servers"] == [server.url]
    assert document["scopes_supported"] == ["forma:tools"]


def test_authorization_server_metadata_advertises_exactly_what_is_accepted(server, seeded):
    document = httpx2.get(server.url + "/.well-known/oauth-authorization-server", timeout=10).json()
    prm = httpx2.get(server.url + "/.well-known/oauth-protected-resource/mcp", timeout=10).json()
    assert document["issuer"] == server.url == prm["authorization_servers"][0]
    assert document["authorization_endpoint"] == server.url + "/o/authorize/"
    assert document["token_endpoint"] == server.url + "/o/token/"
    assert document["registration_endpoint"] == server.url + "/o/register/"
    assert document["revocation_endpoint"] == server.url + "/o/revoke_token/"
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert document["response_types_supported"] == ["code"]
    assert document["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert document["authorization_response_iss_parameter_supported"] is True
    assert document["client_id_metadata_document_supported"] is True
    assert "none" in document["token_endpoint_auth_methods_supported"]
    assert document["scopes_supported"] == ["forma:tools"]


# ---- the official client, end to end ------------------------------------------------------


def test_sdk_client_registers_dynamically_gets_consent_and_calls_tools(server, person):
    (status, oracles), storage = run_sdk(server, person.user, [("forma_status", {}), ("list_oracles", {})])
    assert not status.is_error and not oracles.is_error
    connection = AgentConnection.objects.get()
    assert status.structured_content["org_id"] == person.organization.public_id
    assert status.structured_content["credential"] == {
        "kind": "oauth", "id": connection.public_id, "name": "SDK Test Agent", "scopes": ["forma:tools"]
    }
    assert status.structured_content["user"] == "agent-owner@example.com"
    assert storage.client_info.token_endpoint_auth_method == "none"
    assert storage.tokens.refresh_token
    assert connection.last_used_at is not None
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"oauth.client_registered", "oauth.consent_granted"} <= actions


@pytest.fixture
def metadata_document(tmp_path, settings) -> Iterator[str]:
    """A Client ID Metadata Document served over https on 127.0.0.1 by a server this test starts."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=1))
        .not_valid_after(now + dt.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

    document: dict[str, Any] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = json.dumps(document).encode()
            self.send_response(200 if self.path == "/client.json" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_file, key_file)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    url = f"https://127.0.0.1:{httpd.server_address[1]}/client.json"
    document.update({
        "client_id": url, "client_name": "CIMD Test Agent", "redirect_uris": [CALLBACK],
        "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"], "token_endpoint_auth_method": "none",
    })
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    LoopbackMetadataFetcher.ca_file = str(cert_file)
    settings.OAUTH2_PROVIDER = {**settings.OAUTH2_PROVIDER, "CIMD_METADATA_FETCHER": "tests.oauth_flow.LoopbackMetadataFetcher"}
    try:
        yield url
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_sdk_client_with_a_client_id_metadata_document(server, person, metadata_document):
    from oauth2_provider.models import Application

    (status,), storage = run_sdk(server, person.user, [("forma_status", {})], client_metadata_url=metadata_document)
    assert not status.is_error
    assert status.structured_content["credential"]["kind"] == "oauth"
    assert status.structured_content["credential"]["name"] == "CIMD Test Agent"
    application = Application.objects.get()
    assert (application.client_id, application.registration_source) == (metadata_document, "cimd")
    assert storage.client_info.client_id == metadata_document
    assert AuditEvent.objects.filter(action="oauth.client_registered", data__source="cimd").count() == 1


def test_the_production_fetcher_refuses_a_loopback_metadata_document(seeded):
    from oauth2_provider.cimd import CIMDError

    from accounts.oauth.metadata import FormaMetadataFetcher

    with pytest.raises(CIMDError, match="non-public address"):
        FormaMetadataFetcher().fetch("https://127.0.0.1:9/client.json")


# ---- what /mcp refuses ----------------------------------------------------------------------


@pytest.fixture
def token(server, person) -> str:
    """An access token issued through the real authorize/token endpoints (in-process client, same database)."""
    browser = DjangoClient()
    browser.force_login(person.user)
    return Flow(client=browser, registered=registered_client()).tokens()["access_token"]


def test_an_issued_token_works_at_mcp(server, token):
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {token}"}).status_code == 200


def test_token_in_the_query_string_is_refused(server, token):
    response = _post_initialize(server.mcp_url + "?access_token=" + token, {})
    assert response.status_code == 401


@pytest.mark.parametrize("resource", [["https://elsewhere.example/api"], []], ids=["other-resource", "no-resource"])
def test_token_for_another_resource_or_none_gets_401(server, token, resource):
    from oauth2_provider.models import AccessToken

    AccessToken.objects.exclude(scope="oauth2_provider:registration").update(resource=resource)
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {token}"}).status_code == 401


def test_revoking_a_connected_agent_stops_its_token_at_once(server, token, person):
    connection = AgentConnection.objects.get()
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {token}"}).status_code == 200  # now cached
    browser = DjangoClient()
    browser.force_login(person.user)
    page = browser.get("/dashboard/keys/")  # connected agents moved to Keys & agents
    assert connection.public_id in page.content.decode() and "Test Agent" in page.content.decode()
    partial = browser.post(f"/dashboard/agents/{connection.public_id}/revoke/", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and "revoked" in partial.content.decode()
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {token}"}).status_code == 401
    assert issued_counts()[1] == 0
    event = AuditEvent.objects.get(action="oauth.token_revoked")
    assert (event.organization, event.actor, event.target) == (person.organization, person.user, connection.public_id)


def test_a_token_revoked_at_the_revocation_endpoint_gets_401(server, person):
    browser = DjangoClient()
    browser.force_login(person.user)
    flow = Flow(client=browser, registered=registered_client())
    tokens = flow.tokens()
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {tokens['access_token']}"}).status_code == 200  # now cached
    revocation = {"token": tokens["access_token"], "client_id": flow.registered.client_id}
    answer = httpx2.post(server.url + "/o/revoke_token/", data=revocation, timeout=10)
    assert answer.status_code == 200
    assert _post_initialize(server.mcp_url, {"Authorization": f"Bearer {tokens['access_token']}"}).status_code == 401
    assert AuditEvent.objects.filter(action="oauth.token_revoked", data__reason="revocation_endpoint").count() == 1


def test_an_oauth_token_works_at_the_rest_api_and_only_for_its_resource(server, token):
    from oauth2_provider.models import AccessToken

    from accounts.principal_cache import principals_forget

    status = httpx2.get(f"{server.url}/v1/status", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert status.status_code == 200 and status.json()["credential"]["kind"] == "oauth"
    AccessToken.objects.exclude(scope="oauth2_provider:registration").update(resource=["https://elsewhere.example/api"])
    principals_forget()  # a bulk update goes round the signals that drop cached callers
    refused = httpx2.get(f"{server.url}/v1/status", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert refused.status_code == 401 and refused.json()["error"]["kind"] == "unauthorized"
