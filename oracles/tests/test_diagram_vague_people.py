"""People a diagram cannot name (oracles/engine/diagram/vague_names.py, answer_placement.py).

- "Sam manages the team.": a collective as the whole object of a managing verb names nobody; refused.
  A node called "Team" in a site map, or "Workers" in a work breakdown, is a name and is drawn.
- "… then she is checking it and send back to her": a step naming its person only by a pronoun.
- "yes: Home / no: Show error → Enter credentials": does the arrow lead on from the last answer only,
  or from every answer? Not written, so refused.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason


@pytest.mark.parametrize("intent", [
    "Org chart: Sam manages the team. Show who reports to whom.",
    "org chart - Priya leads her staff; Omar reports to Priya",
    "Dana supervises everyone.",
])
def test_a_managed_collective_is_refused(intent: str) -> None:
    reason = refusal_reason(intent)
    assert reason["code"] == "NODE_NOT_IN_INTENT"
    assert "names a group" in reason["message"]


def test_planted_a_collective_drawn_as_a_report_is_refused() -> None:
    reason = planted_reason("Org chart: Sam manages the team.", [("Sam", "team")])
    assert reason["code"] == "NODE_NOT_IN_INTENT"


def test_a_named_team_and_a_page_called_team_are_drawn() -> None:
    labels, edges = drawn("Org chart: Sam manages the Platform team and the Data team.")
    assert any("Platform" in label for label in labels)
    labels, edges = drawn("Site map:\n- Home\n  - About\n    - Team\n    - Careers")
    assert ("About", "Team") in edges


@pytest.mark.parametrize("intent", [
    "Anna give the file to Maria and Julia, then she is checking it and send back to her.",
    "Tom forwards the form to Lee and Kim; he signs it and returns it",
])
def test_a_step_naming_its_person_by_a_pronoun_is_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"] in {"NODE_NOT_IN_INTENT", "UNREADABLE_INTENT"}


def test_planted_a_pronoun_step_is_refused() -> None:
    intent = "Anna gives the file to Maria, then she checks it and sends it back to her."
    reason = planted_reason(intent, [("Anna gives the file to Maria", "checks it and sends it back to her")])
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "EDGE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}


def test_a_possessive_her_is_not_a_pronoun_step() -> None:
    labels, _ = drawn("Nurse reviews her checklist -> Doctor signs off -> Discharge")
    assert len(labels) == 3


def test_an_arrow_after_a_list_of_answers_is_refused() -> None:
    reason = refusal_reason("Login -> Valid? yes: Home / no: Show error → Enter credentials")
    assert reason["code"] == "CONTENT_NOT_PLACED"
    assert "Show error" in reason["message"]


def test_a_second_object_after_the_verbs_preposition_is_read_whole() -> None:
    _, edges = drawn("The reporting module depends on the analytics engine and on the export library.")
    assert edges == {("reporting module", "analytics engine"), ("reporting module", "export library")}


@pytest.mark.parametrize("intent", [
    "API calls Auth. Auth calls nothing.",
])
def test_a_denied_relation_is_never_drawn_as_a_node(intent: str) -> None:
    assert refusal_reason(intent)["code"] in {"NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}


def test_a_denied_dependency_is_the_part_alone() -> None:
    # "depends on no other component": the part is drawn with no arrow of its own (denied_dependencies.py)
    labels, edges = drawn("The reporting module depends on the analytics engine. The analytics engine depends on no "
                          "other component.")
    assert labels == {"reporting module", "analytics engine"}
    assert edges == {("reporting module", "analytics engine")}


def test_planted_a_denial_drawn_as_a_node_is_refused() -> None:
    reason = planted_reason("API calls Auth. Auth calls nothing.", [("API", "Auth"), ("Auth", "nothing")])
    assert reason["code"] == "NODE_NOT_IN_INTENT"
