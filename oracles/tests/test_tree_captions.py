"""Captions over an indented tree that only say it is drawn top-down (tree_caption_forms.py, the check's
tree_caption_normal.py, words in tree_caption_words.py): read as the indentation says; a caption that
turns the tree round is refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.tree_caption_forms import without_tree_captions
from oracles.engine.diagram.tree_caption_normal import tree_caption_normal_form
from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason

TREE = "- Ana\n  - Bo\n    - Di\n  - Cy"
NODES = {"Ana", "Bo", "Cy", "Di"}
EDGES = {("Ana", "Bo"), ("Ana", "Cy"), ("Bo", "Di")}

READ = [
    f"Team (top-down):\n{TREE}",
    f"## Team tree (parent → child)\n{TREE}",
    f"{TREE}\n\npls draw as org chart, managers on top",
    f"Org chart (each indented item reports to the item above it):\n{TREE}",
    f"# Please draw this as a tree\n{TREE}",
    f"{TREE}\n(indent = reports to the line above)",
    f"Reporting lines (manager → report), top to bottom:\n{TREE}",
    f"Org chart (indent = reports to the line above):\n{TREE}",
    f"{TREE}\n\ndraw as an org chart, manager above reports",
]


@pytest.mark.parametrize("intent", READ)
def test_downward_caption_is_read_as_the_tree(intent: str) -> None:
    assert drawn(intent) == (NODES, EDGES)


def test_a_named_heading_stays_and_its_notes_go() -> None:
    intent = "### Board structure (top-down, parent → child)\n* Board\n    * President\n        * VP Sales\n    * Auditor"
    assert drawn(intent) == ({"Board", "President", "VP Sales", "Auditor"},
                             {("Board", "President"), ("President", "VP Sales"), ("Board", "Auditor")})
    assert tree_caption_normal_form(intent).splitlines()[0] == "### Board structure"
    assert without_tree_captions(intent).splitlines()[0] == "### Board structure"


@pytest.mark.parametrize("intent", [
    f"Org chart (bottom-up):\n{TREE}",
    f"Org chart (child above parent):\n{TREE}",
    f"Org chart (top-down, child above parent):\n{TREE}",
    f"Org chart (indent = manager of the line above):\n{TREE}",
    f"Org chart (child → parent):\n{TREE}",
    f"{TREE}\n\ndraw as an org chart, reports above managers",
    f"{TREE}\n\ndraw as an org chart, manager above reports, and add Eve under Cy",
    f"Org chart (top-down) but Cy also reports to Di:\n{TREE}",
])
def test_upward_or_extra_caption_is_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"] in {"CONTENT_NOT_PLACED", "UNREADABLE_INTENT"}


def test_upward_caption_names_the_words() -> None:
    reason = refusal_reason(f"Org chart (indent = manager of the line above):\n{TREE}")
    assert "turn the tree round" in reason["message"]


def test_a_flat_list_keeps_its_caption() -> None:
    intent = "Steps (top-down):\n- plan\n- build\n- ship"
    assert tree_caption_normal_form(intent) == intent
    assert without_tree_captions(intent) == intent


CAPTIONED = f"Org chart (indent = reports to the line above):\n{TREE}"


def test_planted_dropped_node_is_refused() -> None:
    planted_reason(CAPTIONED, [("Ana", "Bo"), ("Ana", "Cy")])


def test_planted_extra_edge_is_refused() -> None:
    assert planted_reason(CAPTIONED, [*EDGES, ("Cy", "Di")])["code"] == "EDGE_NOT_IN_INTENT"


def test_planted_reversed_edges_are_refused() -> None:
    planted_reason(CAPTIONED, [(h, t) for t, h in EDGES])


def test_planted_truncated_label_is_refused() -> None:
    planted_reason("Org chart (top-down):\n- Ana Ruiz\n  - Bo Lee\n  - Cy", [("Ana", "Bo Lee"), ("Ana", "Cy")])


def test_planted_caption_drawn_as_a_node_is_refused() -> None:
    planted_reason(CAPTIONED, [*EDGES, ("Org chart", "Ana")])
