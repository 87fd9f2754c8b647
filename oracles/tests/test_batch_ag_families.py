"""Families found by the first-contact run of the sealed ag_ batch and by probing around it:

- An org chart in markdown bullets with the words in bold ("- **CEO**: Dana Park") was drawn with a closing
  '**' kept in each node ('CEO**: Dana Park'). Bold inside a bullet item only emphasises its words: drafter
  and check each read the item without it; a drawn label that still holds '**' or '__' (or starts or ends
  with a lone '*') is refused as cut in the wrong place. Inline code ("Run `du`") stays part of a name, and
  an item with arrows keeps its bold, where bold steps and italic conditions tell the two apart.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason

BOLD_ORG = "## Leadership org chart\n- **CEO**: Dana Park\n  - **CTO**: Raj Iyer\n  - **CFO**: Tom Bell"


@pytest.mark.parametrize(("intent", "nodes", "edges"), [
    (BOLD_ORG, {"CEO: Dana Park", "CTO: Raj Iyer", "CFO: Tom Bell"},
     {("CEO: Dana Park", "CTO: Raj Iyer"), ("CEO: Dana Park", "CFO: Tom Bell")}),
    ("Org:\n- **Dana Park** (CEO)\n  - **Raj Iyer** (CTO)\n  - __Tom Bell__ (CFO)",
     {"Dana Park (CEO)", "Raj Iyer (CTO)", "Tom Bell (CFO)"},
     {("Dana Park (CEO)", "Raj Iyer (CTO)"), ("Dana Park (CEO)", "Tom Bell (CFO)")}),
    ("- **Update docs**\n- **Ship**", {"Update docs", "Ship"}, {("Update docs", "Ship")}),
])
def test_bold_in_bullet_items_is_read_as_plain_words(intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    assert drawn(intent) == (nodes, edges)


@pytest.mark.parametrize(("node", "other"), [
    ("CEO**: Dana Park", "CTO: Raj Iyer"),
    ("**CEO: Dana Park", "CTO: Raj Iyer"),
    ("CEO: Dana Park*", "CTO: Raj Iyer"),
])
def test_planted_label_holding_markdown_marks_is_refused(node: str, other: str) -> None:
    reason = planted_reason(BOLD_ORG, [(node, other), (node, "CFO: Tom Bell")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "markdown" in reason["message"], reason


def test_inline_code_stays_part_of_a_name() -> None:
    verdict = answer("diagram", "1. Run `du` to find large dirs\n2. Delete old logs\n3. Re-check free space", "dot", {})
    assert verdict.status == "valid", verdict.reason


# A step said again ("call again", "run it again") drawn as a new step loses the loop: refused; a repeat
# drawn as the way back to the step stays valid.
@pytest.mark.parametrize("intent", [
    "run job. if it fails, call again, then page ops.",
    "run job. if it fails, run it again, then page ops.",
])
def test_a_repeat_drawn_as_a_new_step_is_refused(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "NODE_NOT_IN_INTENT", verdict.reason
    assert "repeats an earlier step" in verdict.reason["message"]


def test_a_repeat_drawn_as_the_way_back_stays_valid() -> None:
    assert drawn("enter password -> check -> if wrong, enter password again") == (
        {"enter password", "check"}, {("enter password", "check"), ("check", "enter password")})


def test_planted_repeat_as_a_new_step_is_refused() -> None:
    reason = planted_reason("run job. if it fails, call again, then page ops.",
                            [("run job", "call", "if it fails"), ("call", "page ops")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "repeats an earlier step" in reason["message"], reason
