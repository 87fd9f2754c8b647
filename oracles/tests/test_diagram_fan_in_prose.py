"""Parallel steps said after their list ("a, b and c all at the same time, and once all three are
done, d"; "then run a, b and c concurrently; all three must pass before d") and two steps said side
by side ("a while b", "a and at the same time b", "a; meanwhile b") with the step that waits for
them. The drafter (fan_in_forms.py) and the check (fan_in_normal.py) each read them; a count that
is not the list's, or a side of "while" that may be two steps, is not drawn valid."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.fan_in_forms import trailing_parallel
from oracles.engine.diagram.fan_in_normal import fan_in_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused


@pytest.mark.parametrize(
    "intent",
    [
        "chop the onions, boil the water and warm the pan all at the same time, and once all three are done, start cooking.",
        "Dinner: chop the onions, boil the water and warm the pan in parallel. When all three are finished, start cooking.",
        "chop the onions, boil the water and warm the pan simultaneously; after all three, start cooking",
        "chop the onions, boil the water and warm the pan concurrently; all three must be done before start cooking.",
    ],
)
def test_a_list_said_before_its_parallel_idiom_fans_in_to_the_step_that_waits(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"chop the onions", "boil the water", "warm the pan", "start cooking"}
    assert set(edges) == {("chop the onions", "start cooking"), ("boil the water", "start cooking"),
                          ("warm the pan", "start cooking")}


def test_the_step_before_then_fans_out_to_the_list() -> None:
    nodes, edges = _drawn("Checkout, then run pricing, tax and fraud checks concurrently; all three must pass before payment.")
    assert nodes == {"checkout", "pricing", "tax", "fraud checks", "payment"}
    assert set(edges) == {("checkout", s) for s in ("pricing", "tax", "fraud checks")} | \
        {(s, "payment") for s in ("pricing", "tax", "fraud checks")}


@pytest.mark.parametrize(
    "intent",
    [
        "sand the door while mixing is not needed",  # no step waits: left to the other readers
    ],
)
def test_without_a_join_both_readings_leave_the_text_as_written(intent: str) -> None:
    assert trailing_parallel(intent) == intent
    assert fan_in_normal_form(intent) == intent


@pytest.mark.parametrize(
    "intent",
    [
        "sand the door while we mix the paint. Once both are done, paint the door.",
        "Prep: sand the door and at the same time mix the paint; when both are done, paint the door.",
        "sand the door; meanwhile mix the paint. When both are finished, paint the door.",
    ],
)
def test_two_steps_said_side_by_side_fan_in(intent: str) -> None:
    nodes, edges = _drawn(intent)
    first = next(n for n in nodes if "paint" in n and "door" not in n)
    assert {"sand the door", "paint the door"} <= nodes and len(nodes) == 3
    assert set(edges) == {("sand the door", "paint the door"), (first, "paint the door")}


@pytest.mark.parametrize("rewrite", [trailing_parallel, fan_in_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "wash, dry and fold in parallel; once both are done, put away",  # "both" is not three steps
        "the chef plates and garnishes the dish while the waiter pours. Once both are done, serve",  # one side may be two
        "Before the trip we need the bags packed and the car fuelled, all at the same time; when those are done, the drive.",
        "wash then dry in parallel; once both are done, fold",  # "then" orders them: not parallel
    ],
)
def test_both_readings_leave_what_they_cannot_be_sure_of_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    assert rewrite(intent) == intent


def test_a_count_that_is_not_the_lists_is_not_drawn_valid() -> None:
    _refused("wash, dry and fold in parallel; once both are done, put away")


def test_both_readings_agree_on_the_canonical_wording() -> None:
    intent = "Deploy: build, then run unit tests, lint and audit in parallel; once all three pass, ship."
    expected = "Deploy: build, then in parallel: unit tests, lint and audit. Once all are done, ship."
    assert trailing_parallel(intent) == expected
    assert fan_in_normal_form(intent) == expected


def test_a_parallel_branch_left_out_of_the_join_is_caught() -> None:
    # planted bug: the drafter forgets the join edge from one parallel step
    intent = "chop the onions, boil the water and warm the pan at the same time; once all three are done, start cooking."
    reason = _planted(intent, "  n1 -> n3;\n", "")
    assert reason["code"] == "EDGE_MISSING"


def test_a_dropped_parallel_step_is_caught() -> None:
    # planted bug: the drafter leaves one of the side-by-side steps out altogether
    intent = "sand the door; meanwhile mix the paint. When both are finished, paint the door."
    reason = _planted(intent, "  n1 -> n2;\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED", "NODE_MISSING"}


@pytest.mark.parametrize("rewrite", [trailing_parallel, fan_in_normal_form])
def test_a_when_clause_that_says_nothing_is_finished_is_no_join(rewrite) -> None:  # noqa: ANN001
    intent = "users and admins log in at the same time when they open the app"
    assert rewrite(intent) == intent


@pytest.mark.parametrize(
    "intent",
    [
        "Weekend: washing and ironing happen in parallel; when both are done, put the clothes away.",
        "washing and ironing can all run at the same time. Once both are finished, put the clothes away.",
        "washing and ironing are done simultaneously, and after both, put the clothes away",
    ],
)
def test_a_word_for_how_the_steps_run_is_not_part_of_the_last_steps_name(intent: str) -> None:
    # a wrong valid this guards against: "ironing happen" drawn as the second step's name
    nodes, edges = _drawn(intent)
    assert nodes == {"washing", "ironing", "put the clothes away"}
    assert set(edges) == {("washing", "put the clothes away"), ("ironing", "put the clothes away")}


@pytest.mark.parametrize("rewrite", [trailing_parallel, fan_in_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "Every night the server backs up the files and the robot dusts the racks at the same time; once both are done, lock up.",
        "On Fridays the cook cleans the grill while the porter mops. When both are done, close.",
        "the porter mops the whole of the back kitchen floor and the cook cleans in parallel; once both are done, close.",
    ],
)
def test_a_moment_or_a_long_step_that_may_hide_a_scene_is_left_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    assert rewrite(intent) == intent
