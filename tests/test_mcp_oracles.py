"""ask_oracle and show_figure over MCP with the official client: verdicts, figures, scoping."""

from __future__ import annotations

import base64
import struct

import pytest

from conftest import tool_error

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_a_valid_chart_is_drawn_as_png_and_svg(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    answer = asked.structured_content
    assert answer["status"] == "valid"
    assert answer["request_id"].startswith("req_")
    assert answer["result"]["data"]["values"] == [
        {"label": "Mon", "value": 34}, {"label": "Tue", "value": 41}, {"label": "Wed", "value": 29}
    ]
    assert answer["result"]["mark"]["type"] == "bar"
    assert answer["verified_by"]["checker"].startswith("vega-lite JSON schema 6.")
    assert "values match the intent" in answer["verified_by"]["checks"]
    assert answer["figure"]["drawable"] is True and answer["figure"]["token"].startswith("fig_")
    assert (answer["cost"], answer["credits_remaining"]) == (1, 99)

    png, svg = mcp(account.key, ("show_figure", {"figure_token": answer["figure"]["token"]}),
                   ("show_figure", {"figure_token": answer["figure"]["token"], "format": "svg"}))
    assert png.content[0].type == "image" and png.content[0].mime_type == "image/png"
    width, height = _png_size(base64.b64decode(png.content[0].data))
    assert 300 <= width <= 2000 and 300 <= height <= 2000
    assert svg.content[0].type == "text" and svg.content[0].text.lstrip().startswith("<svg")
    assert "Mon" in svg.content[0].text


def test_the_answer_is_stored_with_its_verdict(mcp, account):
    from oracles.models import Answer

    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "diagram", "intent": "submit -> validate -> save"}))
    answer = asked.structured_content
    row = Answer.objects.get(request_id=answer["request_id"])
    assert (row.status, row.cost, row.format, row.oracle.name) == ("valid", 1, "dot", "diagram")
    assert row.organization == account.organization and row.credential == account.key_row.public_id
    assert row.result == answer["result"] and row.verified_by == answer["verified_by"]
    assert row.figure_token == answer["figure"]["token"] and row.timings["engine_ms"] > 0


def test_the_compiled_vega_format_is_drawable_too(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": CHART, "format": "vega"}))
    answer = asked.structured_content
    assert answer["status"] == "valid" and answer["format"] == "vega"
    assert "$schema" in answer["result"] and "vega/v" in answer["result"]["$schema"]
    (png,) = mcp(account.key, ("show_figure", {"figure_token": answer["figure"]["token"]}))
    _png_size(base64.b64decode(png.content[0].data))


def test_data_required_is_invalid_unbilled_and_not_drawable(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a line chart of our revenue"}))
    answer = asked.structured_content
    assert answer["status"] == "invalid" and answer["reason"]["code"] == "DATA_REQUIRED"
    assert "result" not in answer and answer["figure"] == {"drawable": False, "reason": answer["figure"]["reason"]}
    assert (answer["cost"], answer["credits_remaining"]) == (0, 100)


def test_generated_data_is_said_in_the_notes_and_on_the_chart(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a line chart of our revenue", "allow_generated_data": True}))
    answer = asked.structured_content
    assert answer["status"] == "valid"
    assert any("llustrative" in note for note in answer["notes"])
    assert "llustrative" in str(answer["result"]["title"])


def test_another_organizations_figure_token_is_not_found(mcp, make_account):
    owner, stranger = make_account(), make_account()
    (asked,) = mcp(owner.key, ("ask_oracle", {"oracle": "chart", "intent": CHART}))
    token = asked.structured_content["figure"]["token"]
    (drawn,) = mcp(stranger.key, ("show_figure", {"figure_token": token}))
    assert tool_error(drawn)["kind"] == "not_found"


@pytest.mark.parametrize("token", ["fig_01M8NQ25YR5B3H2G4V655YF4D4", "fig_nope", "req_01M8NQ25YR5B3H2G4V655YF4D4"])
def test_an_unknown_figure_token_is_not_found(mcp, account, token):
    (drawn,) = mcp(account.key, ("show_figure", {"figure_token": token}))
    error = tool_error(drawn)
    assert error["kind"] == "not_found" and "ask_oracle" in error["message"]


def test_an_invalid_answer_has_no_figure_to_draw(mcp, account):
    from oracles.models import Answer

    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "diagram", "intent": "draw something lovely please"}))
    answer = asked.structured_content
    assert answer["status"] == "invalid" and answer["figure"]["drawable"] is False
    assert Answer.objects.get(request_id=answer["request_id"]).figure_token is None


def test_feedback_without_request_id_links_the_latest_answer_for_that_oracle(mcp, account):
    from feedback.models import Feedback

    asked, chart_feedback, diagram_feedback = mcp(
        account.key,
        ("ask_oracle", {"oracle": "chart", "intent": CHART}),
        ("send_feedback", {"sentiment": "positive", "message": "Right values.", "oracle": "chart"}),
        ("send_feedback", {"sentiment": "neutral", "message": "Not tried yet.", "oracle": "diagram"}),
    )
    request_id = asked.structured_content["request_id"]
    assert chart_feedback.structured_content["request_id"] == request_id
    assert diagram_feedback.structured_content["request_id"] is None
    assert Feedback.objects.get(sentiment="positive").answer.request_id == request_id


def test_an_oversized_intent_is_refused_unbilled(mcp, account):
    from oracles.models import Answer

    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "chart", "intent": "a 1, " * 5000}))
    error = tool_error(asked)
    assert error["kind"] == "invalid_request"
    assert not Answer.objects.exists()
