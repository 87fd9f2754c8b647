"""Strict input at both doors: NUL never reaches the database, booleans are JSON booleans, days are real days.

PostgreSQL refuses NUL in text; before this, a NUL in an intent over MCP came
back as "Error executing tool …" with a credit left held. Every refusal here is
the `invalid_request` error object, and nothing is billed, held or written.
Run this file on SQLite and on PostgreSQL (DATABASE_URL=postgres://…).
"""

from __future__ import annotations

import re

import httpx2 as httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import tool_error
from ground.inputs import DATE_PATTERN, IDENTIFIER_PATTERN, TEXT_PATTERN, day_problem, identifier_problem, text_problem
from tests.test_rest_api import Api

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"


def _footprint(account) -> tuple[int, int, int, int, int]:
    """Balance, ledger rows, reservations, answers and feedback: what a refusal must leave as it was."""
    from accounts.credits import balance_of
    from accounts.models import LedgerEntry, Reservation
    from feedback.models import Feedback
    from oracles.models import Answer

    return (
        balance_of(account.organization),
        LedgerEntry.objects.filter(organization=account.organization).count(),
        Reservation.objects.count(),
        Answer.objects.count(),
        Feedback.objects.count(),
    )


# ---- NUL in every text argument of every tool ---------------------------------------------

MCP_NUL_CASES = [
    ("ask_oracle", {"oracle": "ch\x00art", "intent": CHART}, "oracle", 2),
    ("ask_oracle", {"oracle": "chart", "intent": "a bar chart\x00 of signups: Mon 34"}, "intent", 11),
    ("ask_oracle", {"oracle": "chart", "intent": CHART, "format": "vega-lite\x00"}, "format", 9),
    ("show_figure", {"figure_token": "fig_\x0001ABCDEFGHJKMNPQRSTVWXYZ01"}, "figure_token", 4),
    ("show_figure", {"figure_token": "fig_01ABCDEFGHJKMNPQRSTVWXYZ0", "format": "png\x00"}, "format", None),
    ("whats_new", {"since": "2026-11-01\x00"}, "since", None),
    ("send_feedback", {"sentiment": "positive\x00", "message": "good"}, "sentiment", None),
    ("send_feedback", {"sentiment": "positive", "message": "nice\x00 chart"}, "message", 4),
    ("send_feedback", {"sentiment": "positive", "message": "nice", "oracle": "\x00chart"}, "oracle", 0),
    ("send_feedback", {"sentiment": "positive", "message": "nice", "request_id": "req_\x00"}, "request_id", 4),
]


@pytest.mark.parametrize("tool, args, argument, index", MCP_NUL_CASES, ids=[f"{c[0]}-{c[2]}" for c in MCP_NUL_CASES])
def test_a_nul_in_any_mcp_argument_is_invalid_request_and_changes_nothing(mcp, account, tool, args, argument, index):
    before = _footprint(account)
    (result,) = mcp(account.key, (tool, args))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert error["retryable"] is False and error["request_id"].startswith("req_")
    assert [a["argument"] for a in error["context"]["arguments"]] == [argument]
    if index is not None:  # free text and identifiers say where the NUL was
        assert f"contains NUL (U+0000) at character index {index}" in error["message"]
    assert _footprint(account) == before == (100, 1, 0, 0, 0)


REST_NUL_CASES = [
    ("ask_oracle", {"json": {"oracle": "ch\x00art", "intent": CHART}}, "oracle", 2),
    ("ask_oracle", {"json": {"oracle": "chart", "intent": "a bar chart\x00 of signups: Mon 34"}}, "intent", 11),
    ("ask_oracle", {"json": {"oracle": "chart", "intent": CHART, "format": "vega-lite\x00"}}, "format", 9),
    ("show_figure", {"path_params": {"token": "fig_%0001ABCDEFGHJKMNPQRSTVWXYZ01"}}, "token", 4),
    ("show_figure", {"path_params": {"token": "fig_01ABCDEFGHJKMNPQRSTVWXYZ0"}, "params": {"format": "png\x00"}}, "format", None),
    ("whats_new", {"params": {"since": "2026-11-01\x00"}}, "since", None),
    ("send_feedback", {"json": {"sentiment": "positive\x00", "message": "good"}}, "sentiment", None),
    ("send_feedback", {"json": {"sentiment": "positive", "message": "nice\x00 chart"}}, "message", 4),
    ("send_feedback", {"json": {"sentiment": "positive", "message": "nice", "oracle": "\x00chart"}}, "oracle", 0),
    ("send_feedback", {"json": {"sentiment": "positive", "message": "nice", "request_id": "req_\x00"}}, "request_id", 4),
]


@pytest.fixture
def api(live_server_url, account):
    return Api(live_server_url.url, account.key)


@pytest.mark.parametrize("operation, kwargs, argument, index", REST_NUL_CASES, ids=[f"{c[0]}-{c[2]}" for c in REST_NUL_CASES])
def test_a_nul_in_any_rest_argument_is_400_invalid_request_and_changes_nothing(api, account, operation, kwargs, argument, index):
    before = _footprint(account)
    response = api.call(operation, **kwargs)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["kind"] == "invalid_request" and error["request_id"].startswith("req_")
    named = error["context"].get("fields") or {error["context"].get("argument"): None}
    assert list(named) == [argument]
    if index is not None:
        assert f"contains NUL (U+0000) at character index {index}" in error["message"]
    assert _footprint(account) == before == (100, 1, 0, 0, 0)


@pytest.mark.parametrize(
    "args, character",
    [({"oracle": "ch\x07art"}, "U+0007"), ({"format": "vega\x1b"}, "U+001B"), ({"format": "vega-lite\ufffe"}, "U+FFFE")],
)
def test_control_characters_in_identifiers_are_refused_over_mcp(mcp, account, args, character):
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART, **args}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request" and character in error["message"]
    assert _footprint(account) == (100, 1, 0, 0, 0)


@pytest.mark.parametrize("tool, args, argument", [
    ("show_figure", {"figure_token": ""}, "figure_token"),
    ("ask_oracle", {"oracle": "", "intent": CHART}, "oracle"),
    ("ask_oracle", {"oracle": "chart", "intent": CHART, "format": ""}, "format"),
    ("ask_oracle", {"oracle": "chart", "intent": " \n\t"}, "intent"),
])
def test_an_empty_identifier_or_blank_intent_is_invalid_request_over_mcp(mcp, account, tool, args, argument):
    (result,) = mcp(account.key, (tool, args))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert [a["argument"] for a in error["context"]["arguments"]] == [argument]
    assert _footprint(account) == (100, 1, 0, 0, 0)


# Schemathesis found this one: the illustrative chart's title quoted the intent, and U+0006 in it made
# vl-convert's SVG text parser panic and abort the whole process.
def test_a_control_character_in_an_intent_is_refused_over_mcp_before_any_engine_sees_it(mcp, account):
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "\u00d5J\u7efe\u001de\u00ecl\u0006Q", "allow_generated_data": True}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert "contains the control character U+001D at character index 3" in error["message"]
    assert _footprint(account) == (100, 1, 0, 0, 0)


def test_a_control_character_in_an_intent_is_refused_over_rest_before_any_engine_sees_it(api, account):
    response = api.call("ask_oracle", json={"oracle": "chart", "intent": "revenue\u0006 chart", "allow_generated_data": True})
    assert response.status_code == 400
    assert response.json()["error"]["context"]["fields"] == {
        "intent": ["This value contains the control character U+0006 at character index 7; remove it."]
    }
    assert _footprint(account) == (100, 1, 0, 0, 0)


def test_tabs_and_newlines_in_an_intent_are_still_read(mcp, account):
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a bar chart of signups:\n\tMon 34\r\n\tTue 41"}))
    assert result.structured_content["status"] == "valid"


# ---- booleans are JSON booleans ------------------------------------------------------------

NOT_BOOLEANS = ["yes", 1, "true", 0]


@pytest.mark.parametrize("value", NOT_BOOLEANS, ids=repr)
def test_allow_generated_data_that_is_not_a_json_boolean_is_refused_over_mcp(mcp, account, value):
    (result,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a line chart of our revenue", "allow_generated_data": value}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request"
    assert error["context"]["arguments"] == [{"argument": "allow_generated_data", "problem": "Input should be a valid boolean"}]
    assert _footprint(account) == (100, 1, 0, 0, 0)


@pytest.mark.parametrize("value", [*NOT_BOOLEANS, ""], ids=repr)
def test_allow_generated_data_that_is_not_a_json_boolean_is_400_over_rest(api, account, value):
    response = api.call("ask_oracle", json={"oracle": "chart", "intent": "a line chart of our revenue", "allow_generated_data": value})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["kind"] == "invalid_request" and list(error["context"]["fields"]) == ["allow_generated_data"]
    assert _footprint(account) == (100, 1, 0, 0, 0)


def test_a_json_true_still_allows_generated_data_over_rest(api, account):
    answer = api.call("ask_oracle", json={"oracle": "chart", "intent": "a line chart of our revenue", "allow_generated_data": True}).json()
    assert (answer["status"], answer["cost"], answer["credits_remaining"]) == ("valid", 1, 99)


# ---- days are real days, strings are not empty ----------------------------------------------


@pytest.mark.parametrize("since", ["2024-02-30", "", "0", "2024-2-3", " 2024-02-03"])
def test_a_since_that_is_not_a_real_day_is_400_over_rest(api, since):
    response = api.call("whats_new", params={"since": since})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["kind"] == "invalid_request" and "YYYY-MM-DD" in error["message"]


@pytest.mark.parametrize("since", ["2024-02-30", ""])
def test_a_since_that_is_not_a_real_day_is_invalid_request_over_mcp(mcp, account, since):
    (result,) = mcp(account.key, ("whats_new", {"since": since}))
    error = tool_error(result)
    assert error["kind"] == "invalid_request" and "YYYY-MM-DD" in error["message"]


def test_a_leap_day_is_a_real_day(api):
    assert api.call("whats_new", params={"since": "2024-02-29"}).status_code == 200


@pytest.mark.parametrize("body", [
    {"sentiment": "positive", "message": ""},
    {"sentiment": "positive", "message": "   "},
    {"sentiment": "positive", "message": 5},
    {"sentiment": "positive", "message": "good", "oracle": ""},
    {"sentiment": "positive", "message": "good", "request_id": ""},
], ids=["empty", "blank", "number", "empty-oracle", "empty-request-id"])
def test_empty_or_non_string_feedback_is_400(api, account, body):
    response = api.call("send_feedback", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["kind"] == "invalid_request"
    assert _footprint(account) == (100, 1, 0, 0, 0)


@pytest.mark.parametrize("args", [
    {"sentiment": "positive", "message": ""},
    {"sentiment": "positive", "message": "   "},
    {"sentiment": "positive", "message": "good", "request_id": ""},
], ids=["empty", "blank", "empty-request-id"])
def test_empty_feedback_is_invalid_request_over_mcp(mcp, account, args):
    (result,) = mcp(account.key, ("send_feedback", args))
    assert tool_error(result)["kind"] == "invalid_request"
    assert _footprint(account) == (100, 1, 0, 0, 0)


@pytest.mark.parametrize("body", [{"oracle": "chart", "intent": 42}, {"oracle": 7, "intent": CHART}, {"oracle": "chart", "intent": ""}])
def test_a_number_or_an_empty_string_is_not_text_over_rest(api, account, body):
    response = api.call("ask_oracle", json=body)
    assert response.status_code == 400
    assert _footprint(account) == (100, 1, 0, 0, 0)


# ---- the services are the last line ---------------------------------------------------------


def test_the_ask_service_refuses_a_nul_before_reserving(account):
    from accounts.bearer import principal_from_bearer
    from ground.errors import FormaError
    from oracles.services import answer_create

    with pytest.raises(FormaError) as refused:
        answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent="Mon 34\x00, Tue 41")
    assert (refused.value.kind, refused.value.context) == ("invalid_request", {"argument": "intent", "position": 6})
    with pytest.raises(FormaError) as refused:
        answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent="a chart\x06", allow_generated_data=True)
    assert (refused.value.kind, refused.value.context) == ("invalid_request", {"argument": "intent", "position": 7})
    assert _footprint(account) == (100, 1, 0, 0, 0)


@pytest.mark.parametrize("field, value", [("message", "ok\x00"), ("oracle_name", "chart\x00"), ("request_id", "req_\x00")])
def test_the_feedback_service_refuses_a_nul_before_any_query(account, field, value):
    from accounts.bearer import principal_from_bearer
    from feedback.services import feedback_submit
    from ground.errors import FormaError

    arguments = {"sentiment": "positive", "message": "fine", field: value}
    with pytest.raises(FormaError) as refused:
        feedback_submit(principal=principal_from_bearer(account.key), **arguments)
    assert refused.value.kind == "invalid_request"
    assert _footprint(account) == (100, 1, 0, 0, 0)


# ---- one definition: the published patterns and the checks agree ------------------------------

# Characters at the edges of every rule, mixed with ordinary ones.
_EDGES = "\x00\x01\x08\t\n\x0b\x0c\r\x0e\x1b\x1c\x1f \x7f\x85\xa0\u2028\u3000\ufeff\ufffe\uffff-09aZ"


@given(st.text(alphabet=st.sampled_from(_EDGES) | st.characters(), max_size=12))
@settings(max_examples=400, deadline=None)
def test_each_published_pattern_accepts_exactly_what_its_check_accepts(value):
    assert bool(re.search(TEXT_PATTERN, value)) == (text_problem(value) is None)
    assert bool(re.search(IDENTIFIER_PATTERN, value)) == (identifier_problem(value) is None)
    assert bool(re.search(DATE_PATTERN, value)) or day_problem(value) is not None


@pytest.mark.parametrize("day, real", [("2024-02-29", True), ("2023-02-29", False), ("2024-02-30", False), ("2026-13-01", False),
                                       ("0000-01-01", False), ("9999-12-31", True)])
def test_a_day_is_accepted_only_when_it_exists(day, real):
    assert (day_problem(day) is None) == real


# ---- the published schemas say so -------------------------------------------------------------


def test_the_mcp_tool_schemas_publish_the_rules(mcp, account):
    (listed,) = mcp(account.key, ("__list_tools__", {}))
    tools = {t.name: t.input_schema["properties"] for t in listed.tools}
    ask = tools["ask_oracle"]
    assert ask["allow_generated_data"]["anyOf"] == [{"type": "boolean"}, {"type": "null"}]
    assert (ask["intent"]["pattern"], ask["intent"]["minLength"]) == (TEXT_PATTERN, 1)
    assert (ask["oracle"]["pattern"], ask["oracle"]["minLength"], ask["oracle"]["maxLength"]) == (IDENTIFIER_PATTERN, 1, 40)
    assert ask["format"]["anyOf"][0]["pattern"] == IDENTIFIER_PATTERN
    assert tools["whats_new"]["since"]["anyOf"][0] == {"type": "string", "format": "date", "pattern": DATE_PATTERN}
    assert tools["send_feedback"]["message"]["pattern"] == TEXT_PATTERN
    assert tools["send_feedback"]["request_id"]["anyOf"][0]["pattern"] == IDENTIFIER_PATTERN
    assert tools["show_figure"]["figure_token"]["pattern"] == IDENTIFIER_PATTERN


def test_the_openapi_document_publishes_the_same_rules(live_server_url):
    doc = httpx.get(f"{live_server_url.url}/v1/openapi.json", timeout=10).json()
    schemas = doc["components"]["schemas"]
    # One variant per oracle, each with its own formats; only the chart takes allow_generated_data: true.
    assert schemas["AskRequest"] == {"required": ["intent", "oracle"],
                                     "oneOf": [{"$ref": "#/components/schemas/AskChartRequest"},
                                               {"$ref": "#/components/schemas/AskDiagramRequest"}]}
    assert doc["paths"]["/v1/ask"]["post"]["requestBody"]["required"] is True
    assert schemas["AskChartFormatEnum"]["enum"] == ["vega-lite", "vega"]
    assert schemas["AskDiagramFormatEnum"]["enum"] == ["dot"]
    ask = schemas["AskChartRequest"]["properties"]
    assert ask["allow_generated_data"] == {
        "type": ["boolean", "null"],  # OpenAPI 3.1: JSON Schema's own null
        "description": "Charts only: JSON true (nothing else: \"yes\" or 1 is refused) accepts illustrative values "
                       "when the intent gives none; the chart labels them as such.",
    }
    assert (ask["intent"]["pattern"], ask["intent"]["minLength"]) == (TEXT_PATTERN, 1)
    assert (ask["oracle"]["pattern"], ask["format"]["pattern"]) == (IDENTIFIER_PATTERN, IDENTIFIER_PATTERN)
    feedback = schemas["FeedbackInRequest"]["properties"]
    assert (feedback["message"]["pattern"], feedback["message"]["minLength"], feedback["message"]["maxLength"]) == (TEXT_PATTERN, 1, 2000)
    since = {p["name"]: p for p in doc["paths"]["/v1/changelog"]["get"]["parameters"]}["since"]["schema"]
    assert (since["format"], since["pattern"]) == ("date", DATE_PATTERN)
    token = {p["name"]: p for p in doc["paths"]["/v1/figures/{token}"]["get"]["parameters"]}["token"]["schema"]
    assert token["pattern"] == IDENTIFIER_PATTERN


def test_an_accept_header_the_api_cannot_meet_is_a_406_error_object(live_server_url, account):
    response = httpx.get(f"{live_server_url.url}/v1/status", headers={"Authorization": f"Bearer {account.key}", "Accept": "text/html"},
                         timeout=10)
    assert response.status_code == 406
    assert response.json()["error"]["kind"] == "invalid_request"
