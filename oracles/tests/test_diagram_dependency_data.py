"""Dependencies pasted as data ("depends_on", "needs", "after", "talks_to") are read with the way the
intent says the arrows point; "depends_on" without such a word is not guessed (dependency_data.py, one
parse for the drafter and the check)."""

from __future__ import annotations

import json

import pytest

from oracles.engine import answer
from oracles.engine.diagram.dependency_data import dependency_edges
from oracles.tests.planted_diagrams import drawn, planted_reason

_SERVICES = "modules:\n  shop:\n    depends_on: [auth, stock]\n  auth:\n    depends_on: [users]\n"


def test_arrows_toward_what_each_item_depends_on() -> None:
    nodes, edges = drawn(_SERVICES + "\nArrows from each module to what it depends on, please.")
    assert nodes == {"shop", "auth", "stock", "users"}
    assert edges == {("shop", "auth"), ("shop", "stock"), ("auth", "users")}


def test_arrows_from_dependency_to_dependent() -> None:
    nodes, edges = drawn(_SERVICES + "\nrender it (arrows from dependency to dependent)")
    assert edges == {("auth", "shop"), ("stock", "shop"), ("users", "auth")}


def test_depends_on_without_a_direction_is_not_guessed() -> None:
    assert dependency_edges(_SERVICES) is None
    assert answer("diagram", _SERVICES, "dot", {}).status == "invalid"


@pytest.mark.parametrize(
    "intent",
    [
        "stages:\n  - name: fetch\n  - name: build\n    needs: [fetch]\n  - name: ship\n    needs: [build]",
        "pipeline:\n  fetch: {}\n  build: {needs: [fetch]}\n  ship: {needs: [build]}\n\nplease draw the job graph",
        json.dumps({"tasks": [{"id": "fetch", "after": []}, {"id": "build", "after": ["fetch"]}, {"id": "ship", "after": ["build"]}]}),
    ],
)
def test_needs_and_after_put_the_prerequisite_first(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert edges == {("fetch", "build"), ("build", "ship")}


def test_links_point_from_the_item_to_what_it_lists() -> None:
    intent = "services:\n  web:\n    talks_to: [api]\n  api:\n    talks_to: [db, web]\n  db:\n    talks_to: []"
    nodes, edges = drawn(intent)
    assert edges == {("web", "api"), ("api", "db"), ("api", "web")}


@pytest.mark.parametrize(
    "around",
    ["Arrows from each module to what it depends on, and arrows from dependency to dependent.",  # both ways
     "Our shop backend as it stood before the big rewrite last spring. Draw arrows from each module to what it depends on."],
)
def test_two_directions_or_other_content_beside_the_data_are_not_read(around: str) -> None:
    assert dependency_edges(_SERVICES + "\n" + around) is None


def test_an_edge_drawn_the_wrong_way_round_is_caught() -> None:
    # planted bug: the drafter draws "depends on" from the dependency though the intent says the other way
    intent = _SERVICES + "\nArrows from each module to what it depends on."
    reason = planted_reason(intent, [("auth", "shop"), ("stock", "shop"), ("users", "auth")])
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
