"""A third oracle kind, added the way a new kind is: its package plus one registration line.

`tests/kinds/tally` exists only for these tests; the `tally` fixture adds its line to
FORMA_ORACLE_KINDS (as settings.py would) and seeds its catalogue row (as `migrate` would).
It then works over MCP and REST like the built-in kinds. And Forma's own configuration
errors (a catalogue row promising what its kind does not do) bill nobody.
"""

from __future__ import annotations

import pytest

from conftest import tool_error
from oracles.selectors import oracle_summary
from tests.test_rest_api import Api

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tally(settings, transactional_db):
    from oracles.catalogue import catalogue_seed

    settings.FORMA_ORACLE_KINDS = [*settings.FORMA_ORACLE_KINDS, "tests.kinds.tally"]  # the registration line
    catalogue_seed()  # what `migrate` does for a deployment


def test_the_tally_kind_is_listed_and_answers_over_mcp(tally, mcp, account):
    from tests.kinds.tally import KIND

    tools, listed, asked = mcp(
        account.key,
        ("__list_tools__", {}),
        ("list_oracles", {}),
        ("ask_oracle", {"oracle": "tally", "intent": "Apple, pear, apple"}),
    )
    ask_oracle = next(tool for tool in tools.tools if tool.name == "ask_oracle")
    assert ask_oracle.input_schema["properties"]["oracle"]["description"] == (
        "An oracle name from list_oracles, e.g. 'chart', 'diagram', 'tally'."
    )
    oracles = listed.structured_content["oracles"]
    assert [o["name"] for o in oracles] == ["chart", "diagram", "tally"]
    assert oracles[2] == {
        "name": "tally",
        "title": "Tally",
        "summary": oracle_summary(KIND.description),
        "formats": ["json"],
        "default_format": "json",
        "drawable_formats": [],
        "price": 2,
    }
    answer = asked.structured_content
    assert (answer["status"], answer["format"], answer["result"]) == (
        "valid",
        "json",
        {"counts": {"apple": 2, "pear": 1}, "total": 3},
    )
    assert answer["verified_by"] == {"checker": "tally recount 1", "checks": ["every word counted", "nothing else counted"]}
    assert (answer["cost"], answer["credits_remaining"]) == (2, 98)
    assert answer["figure"] == {"drawable": False, "reason": "The json format cannot be drawn; ask for one of []."}


def test_the_tally_kinds_own_check_refuses_what_its_drafter_misread(tally, mcp, account):
    # The drafter splits at commas; the checker counts words: '3 pears' is not a word.
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "tally", "intent": "apple, 3 pears"}))
    answer = asked.structured_content
    assert (answer["status"], answer["reason"]["code"]) == ("invalid", "FACT_NOT_IN_INTENT")
    assert (answer["cost"], answer["credits_remaining"]) == (0, 100)  # Forma's misreading, not billed


def test_options_the_tally_kind_does_not_take_are_refused_by_name(tally, mcp, account):
    from accounts.credits import balance_of

    refused, left_off = mcp(
        account.key,
        ("ask_oracle", {"oracle": "tally", "intent": "a, b", "allow_generated_data": True}),
        ("ask_oracle", {"oracle": "tally", "intent": "a, b", "allow_generated_data": False}),
    )
    error = tool_error(refused)
    assert error["kind"] == "invalid_request" and error["context"] == {"options": []}
    assert error["message"] == "'allow_generated_data' applies to chart oracles, not to tally; leave it out."
    assert left_off.structured_content["status"] == "valid"  # false is the same as leaving it out
    assert balance_of(account.organization) == 98


def test_the_tally_kind_answers_over_rest(tally, live_server_url, account):
    api = Api(live_server_url.url, account.key)
    schemas = api.doc["components"]["schemas"]
    assert {"$ref": "#/components/schemas/AskTallyRequest"} in schemas["AskRequest"]["oneOf"]
    # Its options model has no allow_generated_data: the document lets it be false or left out, nothing else.
    allow = schemas["AskTallyRequest"]["properties"]["allow_generated_data"]
    assert {"$ref": "#/components/schemas/AllowGeneratedDataEnum"} in allow["oneOf"]
    assert schemas["AllowGeneratedDataEnum"]["enum"] == [False]
    response = api.call("ask_oracle", json={"oracle": "tally", "intent": "red, green, red, red"})
    assert response.status_code == 200
    answer = response.json()
    assert (answer["oracle"], answer["status"], answer["result"]) == (
        "tally",
        "valid",
        {"counts": {"green": 1, "red": 3}, "total": 4},
    )
    assert (answer["cost"], answer["credits_remaining"]) == (2, 98)


def test_without_its_registration_line_there_is_no_tally(mcp, account):
    (asked,) = mcp(account.key, ("ask_oracle", {"oracle": "tally", "intent": "a, b"}))
    error = tool_error(asked)
    assert error["kind"] == "not_found" and error["context"] == {"oracles": ["chart", "diagram"]}


# ---- Forma's own configuration errors bill nobody -------------------------------------------


def _nothing_was_billed(organization) -> None:
    from accounts.credits import balance_of, ledger_sum
    from accounts.models import Reservation

    assert balance_of(organization) == 100 == ledger_sum(organization)
    assert not Reservation.objects.filter(state="held").exists()


def test_a_format_the_catalogue_lists_but_the_kind_lacks_is_not_billed_over_rest(live_server_url, account):
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    from oracles.models import Oracle

    Oracle.objects.filter(name="diagram").update(formats=["dot", "mermaid"])  # as an admin typo would, past the form
    with pytest.raises(SystemCheckError, match="formats \\['mermaid'\\] are not made by the diagram kind"):
        call_command("check")
    api = Api(live_server_url.url, account.key)
    response = api.call("ask_oracle", json={"oracle": "diagram", "intent": "submit -> validate -> save", "format": "mermaid"})
    assert response.status_code == 200
    answer = response.json()
    assert (answer["status"], answer["reason"]["code"], answer["cost"], answer["credits_remaining"]) == (
        "invalid",
        "UNSUPPORTED_FORMAT",
        0,
        100,
    )
    assert "Not billed" in answer["reason"]["message"]
    _nothing_was_billed(account.organization)


def test_an_active_row_of_an_unregistered_kind_is_not_served_nor_billed(mcp, account):
    from oracles.models import Oracle

    Oracle.objects.create(
        name="sketch",
        kind="sketch",
        title="Sketch",
        description="Not a kind this deployment has.",
        formats=["svg"],
        default_format="svg",
        price=1,
    )
    listed, asked = mcp(account.key, ("list_oracles", {}), ("ask_oracle", {"oracle": "sketch", "intent": "a cat"}))
    assert [o["name"] for o in listed.structured_content["oracles"]] == ["chart", "diagram"]
    assert tool_error(asked)["kind"] == "not_found"
    _nothing_was_billed(account.organization)
