"""An intent written as a message: a greeting, a sign-off and sentences that only ask for the drawing
or say how it looks frame the content and are not part of it (framing.py, read alike by the drafter
and the check). A sentence with one word of its own stays, to be placed or refused."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.framing import framing, without_framing
from oracles.tests.planted_diagrams import drawn, planted_reason

_TRAYS = {"wash trays", "stack trays", "carry trays to the counter"}
_MESSAGES = "route planner -> tile server: fetch tiles\ntile server -> route planner: tiles\n"


@pytest.mark.parametrize(
    "intent",
    [
        "Hello Sven,\n\nwash trays → stack trays → carry trays to the counter.\n\nCheers,\nOla",
        "Good morning! wash trays → stack trays → carry trays to the counter. Thank you so much!",
        "Dear all, wash trays → stack trays → carry trays to the counter. Could you turn that into a chart for the "
        "canteen wall? Best wishes, Ines",
        "wash trays → stack trays → carry trays to the counter\n\nnothing fancy, please draw it as a plain graph.\n\nRegards,\nTeo",
    ],
)
def test_the_frame_of_a_message_is_not_content(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert nodes == _TRAYS
    assert edges == {("wash trays", "stack trays"), ("stack trays", "carry trays to the counter")}


@pytest.mark.parametrize(
    "style",
    ["Each service as a box, please, with the messages on the arrows.", "one node per participant, label the arrows",
     "Draw the parties as boxes and the messages as edge labels."],
)
def test_a_sentence_on_how_the_drawing_looks_is_not_content(style: str) -> None:
    nodes, edges = drawn(_MESSAGES + style)
    assert nodes == {"route planner", "tile server"}
    assert edges == {("route planner", "tile server"), ("tile server", "route planner")}


def test_a_heading_loses_its_framing_clause_only() -> None:
    assert without_framing("Kiln routine, for the studio handbook:\n1. load\n2. fire") == "Kiln routine:\n1. load\n2. fire"
    assert without_framing("Kiln routine, draw as a flowchart:\nload -> fire") == "Kiln routine:\nload -> fire"


@pytest.mark.parametrize(
    "intent",
    [
        "weigh flour → knead dough. I forget whether proving comes first, just draw it in the right order.",
        "weigh flour → knead dough. Also draw an arrow from the scale to the oven.",
        "weigh flour → knead dough\nThanks for the oven timer step too.",
    ],
)
def test_a_request_with_words_of_its_own_is_kept(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"


@pytest.mark.parametrize(
    "data",
    ["from,to,label\nlogin,home,ok", "jobs:\n  build:\n    needs: lint", "- Team\n- Careers", "else (no)\n  :Draw card;",
     "TA, Ben\nTA, Mia"],
)
def test_data_list_items_and_notation_are_never_framing(data: str) -> None:
    assert without_framing(data) == data


@pytest.mark.parametrize(
    "intent",
    ["weigh → pack\nLabel the boxes.\npack → ship", "Sketch → critique. If it is harsh, go back to sketch.",
     "checkout. in parallel: lint, test, build.", "plan. Build. Render the graph. Ship."],
)
def test_a_sentence_between_steps_or_a_one_word_clause_is_never_framing(intent: str) -> None:
    assert without_framing(intent) == intent


def test_a_request_for_labels_is_remembered() -> None:
    assert framing(_MESSAGES + "Label the arrows with the messages.")[1] is True
    assert framing(_MESSAGES + "Keep it neat, please.")[1] is False


def test_a_label_left_off_after_labels_were_asked_for_is_caught() -> None:
    # planted bug: the drafter draws the request without the message written on its arrow
    intent = _MESSAGES + "Label the arrows with the messages."
    reason = planted_reason(intent, [("route planner", "tile server"), ("tile server", "route planner", "tiles")])
    assert reason["code"] == "CONTENT_NOT_PLACED"
    assert "asks for labels" in reason["message"] and "'route planner' → 'tile server'" in reason["message"]


@pytest.mark.parametrize("closing", ["draw as a tree, folder -> contents", "make this a tree diagram, parent -> child",
                                     "sitemap diagram please", "Draw it from boss to person."])
def test_a_request_to_draw_down_the_tree_is_framing(closing: str) -> None:
    nodes, edges = drawn("- Garden\n  - Beds\n  - Shed\n    - Tools\n\n" + closing)
    assert edges == {("Garden", "Beds"), ("Garden", "Shed"), ("Shed", "Tools")}


def test_a_request_to_draw_up_the_tree_is_content() -> None:
    assert without_framing("- Garden\n  - Beds\n\ndraw as a tree, child -> parent").endswith("child -> parent")
