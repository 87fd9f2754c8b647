"""Step lists with conditions in their items ("2. If the glaze cracks, sand it; otherwise fire it"):
the conditional items branch from the plain item before them, and the next plain item follows every
branch (list_branches.py, read alike by the drafter and the check). A heading on the first line of
its own names the diagram; italics between bold steps are a condition, never a step."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.list_branches import list_branches_as_sentences
from oracles.tests.planted_diagrams import drawn, planted_reason

_FULL = "1. Shape the pot\n2. Dry it\n3. If the rim cracks, sand the rim; otherwise glaze the pot\n4. Fire the kiln\n5. Cool down"
_RUN = ("- Taste the soup.\n- If it is bland: add salt.\n- Else if it is thin: add flour.\n- Otherwise: serve it.")


def test_a_branch_and_its_other_way_in_one_item_rejoin_at_the_next_item() -> None:
    nodes, edges = drawn(_FULL)
    assert edges == {("Shape the pot", "Dry it"), ("Dry it", "sand the rim"), ("Dry it", "glaze the pot"),
                     ("sand the rim", "Fire the kiln"), ("glaze the pot", "Fire the kiln"), ("Fire the kiln", "Cool down")}


def test_consecutive_conditional_items_are_branches_of_the_item_before_them() -> None:
    nodes, edges = drawn(_RUN)
    assert edges == {("Taste the soup", "add salt"), ("Taste the soup", "add flour"), ("Taste the soup", "serve it")}


def test_an_if_not_item_is_the_other_way_and_a_rejoin_said_in_the_item_is_not_said_twice() -> None:
    assert list_branches_as_sentences("- Check the oven\n- If hot: bake\n- If not: wait\n- Either way, wash up") == \
        "Check the oven. If hot, bake. If not, wait. In both cases, wash up."


def test_a_lone_conditional_item_is_a_step_the_flow_may_go_around() -> None:
    assert list_branches_as_sentences("1. Weigh flour\n2. If it is damp, dry it\n3. Mix dough\n4. Bake") == \
        "Weigh flour. If it is damp, dry it. Either way, Mix dough → Bake."


@pytest.mark.parametrize(
    "intent",
    [
        "1. Run the migration\n2. If it fails, restore the snapshot and go back to step 1\n3. Deploy",  # a way back
        "1. Check health\n2. If healthy, stop here\n3. Otherwise restart the pod",  # an end
        "1. Check stock\n   - if in stock: ship it\n   - if not: backorder\n2. Close order",  # nested
        "1. If it rains, take the bus\n2. Walk to work\n3. Sit down",  # nothing to branch from
        "1. Tag release\n2. When both builds are done, sign them\n3. Upload",  # a wait, not a branch
    ],
)
def test_other_lists_are_left_as_written(intent: str) -> None:
    assert list_branches_as_sentences(intent) == intent


def test_a_missing_rejoin_is_caught() -> None:
    # planted bug: the drafter forgets that the "otherwise" branch goes on to the next item
    edges = [("Shape the pot", "Dry it"), ("Dry it", "sand the rim", "if the rim cracks"), ("Dry it", "glaze the pot", "otherwise"),
             ("sand the rim", "Fire the kiln"), ("Fire the kiln", "Cool down")]
    assert planted_reason(_FULL, edges)["code"] == "EDGE_MISSING"


@pytest.mark.parametrize("heading", ["## Runbook: pottery on Fridays", "**Pottery**", "steps for the pottery class"])
def test_a_heading_on_a_line_of_its_own_names_the_diagram(heading: str) -> None:
    nodes, edges = drawn(f"{heading}\n- shape the pot\n- dry it\n- fire the kiln")
    assert nodes == {"shape the pot", "dry it", "fire the kiln"}


def test_italics_between_bold_steps_are_a_condition_not_a_step() -> None:
    intent = "- **Shape** → *cracked* → **Sand**\n- **Shape** → *smooth* → **Fire**"
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"
    reason = planted_reason(intent, [("Shape", "cracked"), ("cracked", "Sand"), ("Shape", "smooth"), ("smooth", "Fire")])
    assert reason["code"] == "NODE_HOLDS_CONDITION"
