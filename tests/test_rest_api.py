"""The REST API, driven through its own OpenAPI document: every response matches its declared schema."""

from __future__ import annotations

import struct

import httpx2 as httpx
import jsonschema
import pytest
from referencing import Registry, Resource

pytestmark = pytest.mark.django_db(transaction=True)


class Api:
    """Calls operations by their OpenAPI operationId and validates each JSON response against the document."""

    def __init__(self, base: str, key: str | None) -> None:
        self.base = base
        self.headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.doc = httpx.get(f"{base}/v1/openapi.json", timeout=10).json()
        # An empty-by-default registry: the document's own $refs resolve, nothing is fetched.
        self.registry = Registry().with_resource("urn:forma-openapi", Resource.opaque(self.doc))
        self.operations = {
            op["operationId"]: (method.upper(), path, op)
            for path, item in self.doc["paths"].items()
            for method, op in item.items()
        }

    def call(self, operation_id: str, *, path_params: dict | None = None, params: dict | None = None, json=None, headers=None):
        method, path, op = self.operations[operation_id]
        url = self.base + path.format(**(path_params or {}))
        response = httpx.request(method, url, params=params, json=json, headers={**self.headers, **(headers or {})}, timeout=60)
        declared = op["responses"].get(str(response.status_code))
        assert declared is not None, f"{operation_id} answered an undeclared {response.status_code}: {response.text[:300]}"
        media = response.headers["content-type"].split(";")[0]
        if media == "application/json":
            schema = declared["content"]["application/json"]["schema"]
            jsonschema.validate(response.json(), {"$ref": "urn:forma-openapi#" + schema["$ref"][1:]} if "$ref" in schema else schema,
                                registry=self.registry)
        else:
            assert media in declared["content"], f"{operation_id}: undeclared media type {media}"
        return response


@pytest.fixture
def api(live_server_url, account):
    return Api(live_server_url.url, account.key)


def test_the_document_declares_every_operation_and_bearer_auth(api):
    assert set(api.operations) == {"forma_status", "list_oracles", "ask_oracle", "show_figure", "whats_new", "send_feedback"}
    assert api.doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"


def test_status_and_catalogue(api, account):
    status = api.call("forma_status").json()
    assert status["org_id"] == account.organization.public_id and status["plan"] == "free"
    assert [o["name"] for o in api.call("list_oracles").json()["oracles"]] == ["chart", "diagram"]


def test_ask_then_draw_png_and_svg(api):
    response = api.call("ask_oracle", json={"oracle": "chart", "intent": "a bar chart of signups: Mon 34, Tue 41, Wed 29"})
    answer = response.json()
    assert answer["status"] == "valid" and answer["cost"] == 1 and answer["credits_remaining"] == 99
    assert response.headers["RateLimit-Policy"] == '"default";q=10;w=60'
    token = answer["figure"]["token"]
    png = api.call("show_figure", path_params={"token": token}, params={"format": "png"})
    assert png.headers["content-type"] == "image/png"
    width, height = struct.unpack(">II", png.content[16:24])
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n" and width > 200 and height > 200
    svg = api.call("show_figure", path_params={"token": token}, params={"format": "svg"})
    assert svg.text.lstrip().startswith("<svg") and "sandbox" in svg.headers["content-security-policy"]


def test_another_organizations_figure_is_not_found(api, live_server_url, make_account):
    token = api.call("ask_oracle", json={"oracle": "diagram", "intent": "a -> b -> c"}).json()["figure"]["token"]
    stranger = Api(live_server_url.url, make_account().key)
    error = stranger.call("show_figure", path_params={"token": token}).json()["error"]
    assert error["kind"] == "not_found"


@pytest.mark.parametrize(
    "operation, kwargs, status, kind",
    [
        ("ask_oracle", {"json": {"oracle": "chrt", "intent": "a 1"}}, 404, "not_found"),
        ("ask_oracle", {"json": {"oracle": "chart"}}, 400, "invalid_request"),
        ("ask_oracle", {"json": {"oracle": "chart", "intent": "a 1", "format": "gif"}}, 400, "invalid_request"),
        ("whats_new", {"params": {"since": "last week"}}, 400, "invalid_request"),
        ("send_feedback", {"json": {"sentiment": "meh", "message": "x"}}, 400, "invalid_request"),
        ("send_feedback", {"json": {"sentiment": "positive", "message": "x" * 2001}}, 400, "invalid_request"),
    ],
)
def test_refusals_are_error_objects_and_change_nothing(api, account, operation, kwargs, status, kind):
    from accounts.credits import balance_of
    from feedback.models import Feedback
    from oracles.models import Answer

    response = api.call(operation, **kwargs)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["kind"] == kind and error["request_id"].startswith("req_") and error["message"]
    assert (balance_of(account.organization), Answer.objects.count(), Feedback.objects.count()) == (100, 0, 0)


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer forma_sk_nope"}, {"Authorization": "Token abc"}])
def test_missing_or_bad_credentials_are_401(live_server_url, seeded, headers):
    api = Api(live_server_url.url, None)
    response = api.call("forma_status", headers=headers)
    assert response.status_code == 401
    assert response.json()["error"]["kind"] == "unauthorized"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_key_in_the_query_string_is_not_accepted(live_server_url, account):
    response = httpx.get(f"{live_server_url.url}/v1/status", params={"access_token": account.key}, timeout=10)
    assert response.status_code == 401


def test_over_the_limit_is_429_with_retry_after(api, settings):
    settings.FORMA = {**settings.FORMA, "RATE_WINDOW_SECONDS": 3600}
    for _ in range(10):
        assert api.call("list_oracles").status_code == 200
    response = api.call("list_oracles")
    assert response.status_code == 429
    assert response.json()["error"]["kind"] == "rate_limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 3600
