"""One typed contract behind both doors: /v1/openapi.json and the MCP tools' output schemas cannot drift apart."""

from __future__ import annotations

import inspect
from typing import Any

import httpx2 as httpx
import pytest

from ground import contract
from ground.reasons import REASONS

pytestmark = pytest.mark.django_db(transaction=True)

# Each tool with structured output, and the REST operation (and success status) that is its other door.
TOOL_OPERATIONS = {
    "forma_status": ("forma_status", "200"),
    "list_oracles": ("list_oracles", "200"),
    "ask_oracle": ("ask_oracle", "200"),
    "whats_new": ("whats_new", "200"),
    "send_feedback": ("send_feedback", "201"),
}

# What "the same schema" means here: the same properties, types, formats, enums and required fields,
# at every depth. Titles and descriptions are annotations; where a $ref points is packaging.
_COMPARED = ("type", "format", "enum", "const", "required", "additionalProperties", "minLength", "maxLength", "pattern")


def shape(schema: Any, defs: dict[str, Any]) -> Any:
    """The comparable core of a JSON schema, with every $ref (into $defs or components) resolved."""
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        siblings = {k: v for k, v in schema.items() if k != "$ref"}
        return shape({**defs[schema["$ref"].rsplit("/", 1)[1]], **siblings}, defs)
    if len(schema.get("allOf", ())) == 1:  # drf-spectacular wraps a lifted enum as allOf[$ref] beside its title
        siblings = {k: v for k, v in schema.items() if k != "allOf"}
        return shape({**schema["allOf"][0], **siblings}, defs)
    core: dict[str, Any] = {k: sorted(schema[k]) if k == "required" else schema[k] for k in _COMPARED if k in schema}
    if "properties" in schema:
        core["properties"] = {name: shape(sub, defs) for name, sub in schema["properties"].items()}
    if "items" in schema:
        core["items"] = shape(schema["items"], defs)
    if "anyOf" in schema:
        core["anyOf"] = [shape(sub, defs) for sub in schema["anyOf"]]
    return core


def _rest_schema(doc: dict[str, Any], operation_id: str, status: str) -> dict[str, Any]:
    for item in doc["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                return operation["responses"][status]["content"]["application/json"]["schema"]
    raise AssertionError(f"no operation {operation_id} in the document")


@pytest.fixture
def both_doors(mcp, account):
    doc = httpx.get(f"{mcp.server.url}/v1/openapi.json", timeout=10).json()
    (listing,) = mcp(account.key, ("__list_tools__", {}))
    return doc, {tool.name: tool for tool in listing.tools}


def test_openapi_and_mcp_output_schemas_are_the_same_models(both_doors):
    doc, tools = both_doors
    components = doc["components"]["schemas"]
    for tool_name, (operation_id, status) in TOOL_OPERATIONS.items():
        output = tools[tool_name].output_schema
        rest = _rest_schema(doc, operation_id, status)
        # The same model by name on both sides...
        assert rest["$ref"] == f"#/components/schemas/{output['title']}", tool_name
        # ...and the same schema, property by property.
        assert shape(rest, components) == shape(output, output.get("$defs", {})), tool_name


def test_the_error_kinds_and_reason_codes_published_are_the_one_lists(both_doors):
    doc, tools = both_doors
    components = doc["components"]["schemas"]
    assert components["ErrorKind"]["enum"] == list(contract.ERROR_KINDS)
    assert components["ReasonCode"]["enum"] == list(REASONS)
    answer = tools["ask_oracle"].output_schema
    assert answer["$defs"]["Reason"]["properties"]["code"]["enum"] == list(REASONS)
    error_responses = {
        status: response["content"]["application/json"]["schema"]["$ref"]
        for item in doc["paths"].values()
        for operation in item.values()
        for status, response in operation["responses"].items()
        if status.startswith(("4", "5"))
    }
    assert set(error_responses.values()) == {"#/components/schemas/Error"}


def test_each_tool_description_reaches_clients_without_the_codes_indentation(both_doors):
    _doc, tools = both_doors
    for tool in tools.values():
        assert tool.description == inspect.cleandoc(tool.description), tool.name
        assert not any(line.startswith((" ", "\t")) for line in tool.description.splitlines()), tool.name
    # The text is the docstring's, as written.
    assert tools["ask_oracle"].description.startswith("Ask an oracle for a formal artifact")
    assert "\n`valid` (with `result`" in tools["ask_oracle"].description


def test_the_comparison_sees_a_property_that_drifted():
    answer = contract.Answer.model_json_schema()
    defs = answer.get("$defs", {})
    drifted = {**answer, "properties": {**answer["properties"], "cost": {"type": "string"}}}
    assert shape(drifted, defs) != shape(answer, defs)
    missing = {**answer, "required": [name for name in answer["required"] if name != "notes"]}
    assert shape(missing, defs) != shape(answer, defs)
    nested = {**defs, "Figure": {**defs["Figure"], "required": []}}
    assert shape(answer, nested) != shape(answer, defs)


def test_an_answer_leaves_out_what_its_status_does_not_carry():
    figure = contract.Figure(drawable=False, reason="Only valid answers are drawn; this one is invalid.")
    answer = contract.Answer(
        request_id="req_1",
        oracle="chart",
        format="vega-lite",
        status="invalid",
        reason={"code": "DATA_REQUIRED", "message": "No values."},
        figure=figure,
        cost=0,
        credits_remaining=5,
        notes=[],
    )
    assert answer.model_dump(mode="json") == {
        "request_id": "req_1",
        "oracle": "chart",
        "format": "vega-lite",
        "status": "invalid",
        "reason": {"code": "DATA_REQUIRED", "message": "No values."},
        "figure": {"drawable": False, "reason": "Only valid answers are drawn; this one is invalid."},
        "cost": 0,
        "credits_remaining": 5,
        "notes": [],
    }
    # Required nullable fields stay, as null.
    receipt = contract.FeedbackReceipt(feedback_id="fb_1", received=True, oracle=None, request_id=None)
    assert receipt.model_dump(mode="json") == {"feedback_id": "fb_1", "received": True, "oracle": None, "request_id": None}


def test_a_verdict_crosses_celery_as_json_and_comes_back_typed():
    verdict = contract.Verdict.valid({"mark": "bar"}, {"checker": "graphviz 2.43.0 (dot)", "checks": ["parses"], "extra": 1})
    back = contract.Verdict.model_validate(verdict.model_copy(update={"engine_ms": 3.5}).to_dict())
    assert (back.status, back.result, back.verified_by, back.engine_ms) == ("valid", {"mark": "bar"}, verdict.verified_by, 3.5)
    with pytest.raises(ValueError, match="valid verdict"):
        contract.Verdict.model_validate({"status": "valid", "result": None, "notes": []})
    with pytest.raises(ValueError, match="code"):
        contract.Verdict.error("NO_SUCH_CODE", "a code that is not in the one list")


def test_a_task_result_that_is_not_a_verdict_is_an_unbilled_error():
    from oracles.services import verdict_parse

    for outcome in ({"status": "valid"}, {"status": "maybe", "notes": []}, "a string", None):
        verdict = verdict_parse(outcome)
        assert (verdict.status, verdict.reason_code, verdict.result) == ("error", "INTERNAL_ERROR", None)


def test_the_apps_choices_are_the_contracts():
    from feedback.models import Feedback
    from oracles.models import ChangelogEntry

    assert tuple(Feedback.Sentiment.values) == contract.SENTIMENTS
    assert tuple(ChangelogEntry.Category.values) == contract.CHANGELOG_CATEGORIES
