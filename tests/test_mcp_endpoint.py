"""The MCP endpoint driven the way agents drive it: the official client over real HTTP."""

from __future__ import annotations

import httpx2 as httpx
import pytest

from conftest import tool_error

pytestmark = pytest.mark.django_db(transaction=True)

TOOLS = ["forma_status", "list_oracles", "ask_oracle", "show_figure", "whats_new", "send_feedback"]


def test_lists_exactly_the_six_tools_with_descriptions_and_schemas(mcp, account):
    (listing,) = mcp(account.key, ("__list_tools__", {}))
    tools = {t.name: t for t in listing.tools}
    assert sorted(tools) == sorted(TOOLS)
    for tool in tools.values():
        assert len(tool.description) > 60
        assert tool.input_schema["type"] == "object"
    assert tools["ask_oracle"].input_schema["required"] == ["oracle", "intent"]
    assert set(tools["ask_oracle"].input_schema["properties"]) == {"oracle", "intent", "format", "allow_generated_data"}
    assert set(tools["send_feedback"].input_schema["properties"]) == {"sentiment", "message", "oracle", "request_id"}
    for name in ("forma_status", "list_oracles", "ask_oracle", "whats_new", "send_feedback"):
        assert tools[name].output_schema is not None, name


def test_forma_status_names_the_signed_in_organization(mcp, account):
    (result,) = mcp(account.key, ("forma_status", {}))
    assert not result.is_error
    status = result.structured_content
    assert status["org_id"] == account.organization.public_id
    assert status["plan"] == "free"
    assert status["requests_per_minute"] == 10
    assert status["features"] == []
    assert status["credits_remaining"] == 100
    assert status["credential"]["kind"] == "api_key"
    assert status["credential"]["id"] == account.key_row.public_id
    assert status["user"] == "owner@example.com"


def test_list_oracles_reads_the_catalogue(mcp, account):
    (result,) = mcp(account.key, ("list_oracles", {}))
    oracles = {o["name"]: o for o in result.structured_content["oracles"]}
    assert list(oracles) == ["chart", "diagram"]
    assert oracles["chart"]["formats"] == ["vega-lite", "vega"]
    assert oracles["chart"]["default_format"] == "vega-lite"
    assert oracles["chart"]["drawable_formats"] == ["vega-lite", "vega"]
    assert oracles["diagram"]["formats"] == ["dot"]
    assert oracles["chart"]["price"] == 1


def test_whats_new_is_newest_first_and_since_filters(mcp, account):
    everything, since = mcp(account.key, ("whats_new", {}), ("whats_new", {"since": "2026-11-16"}))
    entries = everything.structured_content["entries"]
    assert [e["date"] for e in entries] == sorted((e["date"] for e in entries), reverse=True)
    assert len(entries) == 4
    assert everything.structured_content["latest"] == "2026-11-23"
    assert [e["title"] for e in since.structured_content["entries"]] == ["MCP: six tools at /mcp"]


@pytest.mark.parametrize("since", ["yesterday", "2026-13-01", "2026/11/01", "20261101", "2026-11-1"])
def test_whats_new_refuses_a_since_that_is_not_a_date(mcp, account, since):
    (result,) = mcp(account.key, ("whats_new", {"since": since}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert error["retryable"] is False
    assert error["request_id"].startswith("req_")
    assert "YYYY-MM-DD" in error["message"]


def test_send_feedback_is_stored(mcp, account):
    from feedback.models import Feedback

    (result,) = mcp(account.key, ("send_feedback", {"sentiment": "positive", "message": "The bar chart was right.", "oracle": "chart"}))
    assert not result.is_error
    item = Feedback.objects.get()
    assert result.structured_content["feedback_id"] == item.public_id
    assert (item.sentiment, item.message, item.oracle.name) == ("positive", "The bar chart was right.", "chart")
    assert item.organization == account.organization
    assert item.credential == account.key_row.public_id


@pytest.mark.parametrize(
    "args, kind",
    [
        ({"sentiment": "meh", "message": "x"}, "invalid_request"),
        ({"sentiment": "positive", "message": "x" * 2001}, "invalid_request"),
        ({"sentiment": "positive", "message": "   "}, "invalid_request"),
        ({"sentiment": "positive"}, "invalid_request"),
        ({"sentiment": "positive", "message": "ok", "oracle": "chrt"}, "not_found"),
        ({"sentiment": "positive", "message": "ok", "request_id": "req_nope"}, "not_found"),
    ],
)
def test_bad_feedback_is_refused_and_nothing_is_stored(mcp, account, args, kind):
    from feedback.models import Feedback

    (result,) = mcp(account.key, ("send_feedback", args))
    assert tool_error(result)["kind"] == kind
    assert Feedback.objects.count() == 0


def test_unknown_oracle_is_not_found_with_the_valid_names(mcp, account):
    from oracles.models import Answer

    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chrt", "intent": "a bar chart: a 1, b 2"}))
    error = tool_error(result)
    assert error["kind"] == "not_found"
    assert error["context"] == {"oracles": ["chart", "diagram"]}
    assert "list_oracles" in error["message"]
    assert Answer.objects.count() == 0


@pytest.mark.parametrize(
    "tool, args",
    [
        ("ask_oracle", {"oracle": "chart"}),
        ("ask_oracle", {"oracle": "chart", "intent": 42}),
        ("ask_oracle", {"oracle": "chart", "intent": "a 1", "allow_generated_data": "maybe"}),
        ("show_figure", {"figure_token": "fig_x", "format": "gif"}),
        ("whats_new", {"since": 20261101}),
    ],
)
def test_malformed_arguments_are_invalid_request(mcp, account, tool, args):
    (result,) = mcp(account.key, (tool, args))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert error["context"]["arguments"]


def test_unknown_format_names_the_valid_ones(mcp, account):
    from accounts.credits import balance_of

    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a 1, b 2", "format": "png"}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert error["context"] == {"formats": ["vega-lite", "vega"]}
    assert balance_of(account.organization) == 100


def _post_initialize(url: str, headers: dict[str, str]) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    return httpx.post(url, json=body, headers={"Accept": "application/json, text/event-stream", **headers}, timeout=10)


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer forma_sk_000000000000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "Bearer not-a-key", "Basic dXNlcjpwYXNz"],
)
def test_missing_or_unknown_credentials_get_401_with_a_challenge(live_server_url, seeded, authorization):
    headers = {"Authorization": authorization} if authorization else {}
    response = _post_initialize(live_server_url.mcp_url, headers)
    assert response.status_code == 401
    challenge = response.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert f'resource_metadata="{live_server_url.url}/.well-known/oauth-protected-resource/mcp"' in challenge


def test_revoked_key_stops_working_at_once(mcp, account):
    from accounts.services import api_key_revoke

    (before,) = mcp(account.key, ("forma_status", {}))
    assert not before.is_error
    api_key_revoke(organization=account.organization, key_id=account.key_row.public_id, actor=account.user)
    response = _post_initialize(mcp.server.mcp_url, {"Authorization": f"Bearer {account.key}"})
    assert response.status_code == 401
    with pytest.raises(Exception):  # the official client refuses to proceed unauthenticated
        mcp(account.key, ("forma_status", {}))


def test_mcp_path_is_exact_no_redirect(live_server_url, account):
    response = _post_initialize(live_server_url.mcp_url, {"Authorization": f"Bearer {account.key}"})
    assert response.status_code == 200
    slash = httpx.post(live_server_url.mcp_url + "/", json={}, headers={"Authorization": f"Bearer {account.key}"}, timeout=10)
    assert slash.status_code != 307 and "location" not in slash.headers


def test_preflight_is_answered_before_auth(live_server_url, seeded):
    response = httpx.options(
        live_server_url.mcp_url,
        headers={"Origin": "http://localhost:6274", "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "authorization,content-type"},
        timeout=10,
    )
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert "authorization" in response.headers["access-control-allow-headers"].lower()
    unauthenticated = _post_initialize(live_server_url.mcp_url, {"Origin": "http://localhost:6274"})
    assert unauthenticated.status_code == 401
    assert "WWW-Authenticate" in unauthenticated.headers["access-control-expose-headers"]


def test_an_unreachable_store_is_a_retryable_error_object(mcp, account, monkeypatch):
    import redis.exceptions

    import forma.mcp

    async def unreachable(**kwargs):
        raise redis.exceptions.ConnectionError("Connection refused")

    monkeypatch.setattr(forma.mcp, "arate_limit_enforce", unreachable)
    (result,) = mcp(account.key, ("list_oracles", {}))
    error = tool_error(result)
    assert (error["kind"], error["retryable"]) == ("upstream_unavailable", True)
    assert "Connection refused" not in error["message"]


def test_a_host_outside_the_allowlist_is_refused(live_server_url, account):
    response = httpx.post(
        live_server_url.mcp_url, json={}, timeout=10,
        headers={"Authorization": f"Bearer {account.key}", "Host": "evil.example", "Accept": "application/json, text/event-stream"},
    )
    assert response.status_code == 421


def test_a_request_body_over_the_limit_is_refused_before_anything_runs(live_server_url, account, settings):
    from accounts.credits import balance_of
    from oracles.models import Answer

    limit = settings.FORMA["MCP_MAX_BODY_BYTES"]
    intent = "bar chart of signups: " + "Mon 34, " * (limit // 8 + 10)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "ask_oracle", "arguments": {"oracle": "chart", "intent": intent}}}
    response = httpx.post(live_server_url.mcp_url, json=body, timeout=30, headers={
        "Authorization": f"Bearer {account.key}", "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18"})
    assert response.status_code == 413
    error = response.json()["error"]  # a JSON-RPC error that is also the error object
    assert (error["kind"], error["retryable"]) == ("invalid_request", False)
    assert error["context"] == {"max_body_bytes": limit}
    assert f"larger than {limit:,} bytes" in error["message"]
    assert balance_of(account.organization) == 100 and not Answer.objects.exists()


def test_the_longest_intent_a_tool_takes_is_well_under_the_body_limit(mcp, account):
    # 20,000 characters, the intent limit: the body passes the door and the service answers it.
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "signups: " + "é" * 19_991}))
    assert not result.is_error
    assert result.structured_content["status"] == "invalid" and result.structured_content["cost"] == 0
