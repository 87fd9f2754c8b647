"""Paths that meet again after a branch: one "if" whose step is optional ("either way, …", "then,
with or without X, …", "then Y (with or without X)"), and a rejoin followed by more steps in order
(and a "both" after one "if", refused). Drafter and check read them apart; planted bugs are caught."""

from __future__ import annotations

import pytest

from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

OPTIONAL = {("pick the fruit", "wash it"), ("wash it", "pack the box"), ("pick the fruit", "pack the box")}


@pytest.mark.parametrize(
    "intent",
    [
        "pick the fruit. If it is muddy, wash it. Either way, pack the box.",
        "pick the fruit → if it is muddy, wash it; then, with or without a rinse, pack the box",
        "pick the fruit → if it is muddy, wash it; then pack the box (with or without washing)",
        "pick the fruit. If it is muddy, wash it. In any case, pack the box.",
    ],
)
def test_a_step_after_one_if_follows_the_branch_and_the_way_around_it(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"pick the fruit", "wash it", "pack the box"}
    assert set(edges) == OPTIONAL
    assert edges[("pick the fruit", "wash it")] == ["if it is muddy"]


def test_the_way_around_an_optional_step_left_out_is_caught() -> None:
    # planted bug: the drafter draws only the branch's way into the next step
    reason = _planted("pick the fruit. If it is muddy, wash it. Either way, pack the box.", "  n0 -> n2;\n", "")
    assert reason["code"] == "EDGE_MISSING"


def test_both_after_a_single_if_is_not_read_as_either_way() -> None:
    # "both" counts two paths; after one "if" there is one: refused, not guessed
    _refused("pick the fruit. If it is muddy, wash it. Both then go to pack the box.")


# --- two "if"s in one sentence: sibling branches of one step -------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "When the scan finishes, if it is clean we archive it, and if it is infected we quarantine it.",
        "When the scan finishes, if it is clean, archive it, but if it is infected, quarantine it.",
        "Virus check: when the scan finishes, if it is clean we archive it and if it is infected we quarantine it.",
    ],
)
def test_two_ifs_in_one_sentence_branch_from_the_same_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"scan finishes", "archive it", "quarantine it"}
    assert edges == {("scan finishes", "archive it"): ["if it is clean"],
                     ("scan finishes", "quarantine it"): ["if it is infected"]}


def test_after_a_step_two_ifs_branch_from_it() -> None:
    nodes, edges = _drawn("after the weigh-in, if over 80 kg go to the big ring, if under go to the small ring")
    assert set(edges) == {("weigh-in", "big ring"), ("weigh-in", "small ring")}


def test_two_parts_of_one_condition_are_not_two_branches() -> None:
    # "if A and if B, X" is one condition: neither reading splits it into two branches
    from oracles.engine.diagram.branch_forms import sibling_ifs
    from oracles.engine.diagram.branch_normal import branch_normal_form

    text = "When the alarm sounds, if it is night and if the door is open, call the guard."
    assert sibling_ifs(text) == text
    assert branch_normal_form(text) == text


def test_the_second_if_drawn_from_the_first_branchs_step_is_caught() -> None:
    # planted bug: the second branch hangs off the first branch's step (nested) instead of the decider
    intent = "When the scan finishes, if it is clean we archive it, and if it is infected we quarantine it."
    reason = _planted(intent, '  n0 -> n2 [label="if it is infected"];\n', '  n1 -> n2 [label="if it is infected"];\n')
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_two_ifs_about_different_things_may_nest_so_neither_reading_splits_them() -> None:
    from oracles.engine.diagram.branch_forms import sibling_ifs
    from oracles.engine.diagram.branch_normal import branch_normal_form

    text = "When the tank fills, if it is above 5 bar, open the valve, and if the valve sticks, call the engineer."
    assert sibling_ifs(text) == text
    assert branch_normal_form(text) == text


# --- the case a flow is about, said first ("For a refund request, check …") -----------------------


@pytest.mark.parametrize(
    "intent",
    [
        "For a late delivery, check the tracking. If it is lost, reorder the parcel; otherwise wait a day.",
        "For an urgent order, check the tracking. If it is lost, reorder the parcel; otherwise wait a day.",
    ],
)
def test_the_case_said_first_sets_the_scene_and_is_no_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"check the tracking", "reorder the parcel", "wait a day"}
    assert set(edges) == {("check the tracking", "reorder the parcel"), ("check the tracking", "wait a day")}


def test_for_each_is_a_loop_not_a_scene_so_it_is_not_dropped() -> None:
    from oracles.engine.diagram.normal_forms import SCENE_RE
    from oracles.engine.diagram.reading import TOPIC_RE

    text = "For each order, check stock, then ship."
    assert TOPIC_RE.sub("", text) == text
    assert SCENE_RE.sub("", text) == text


def test_a_node_that_keeps_the_scene_is_refused() -> None:
    # planted bug: the drafter glues the scene onto the first step
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.faithfulness import check_faithful

    intent = "For a late delivery, check the tracking. If it is lost, reorder the parcel; otherwise wait a day."
    with pytest.raises(EngineRefusal):
        check_faithful(intent, ["late delivery, check the tracking", "reorder the parcel", "wait a day"],
                       [("late delivery, check the tracking", "reorder the parcel", "if it is lost"),
                        ("late delivery, check the tracking", "wait a day", "otherwise")])
