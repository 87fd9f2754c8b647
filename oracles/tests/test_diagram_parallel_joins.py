"""Fan-outs and joins said in many words: "P fans out to A, B and C (run concurrently)", "P triggers A
and B in parallel", "After P, A and B run concurrently", a group inside a chain ("→ A and B (in
parallel) →", "→ {A, B} in parallel → when both done →"), and the step that waits for them ("when all
3 are green, D", "all three feed into D", "D waits for all three", "both must pass before D", "D
follows once both are complete", "When A and B both finish, D"). The drafter (parallel_join_forms.py)
and the check (parallel_join_normal.py) each read them; a count that is not the list's, a fan-out
verb with no word that says the steps run at once, and a join that names other steps stay refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.parallel_join_forms import parallel_joins
from oracles.engine.diagram.parallel_join_normal import parallel_join_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

_FAN = {("receive order", s) for s in ("charge card", "reserve stock", "notify warehouse")} | \
    {(s, "confirm order") for s in ("charge card", "reserve stock", "notify warehouse")}


@pytest.mark.parametrize(
    "intent",
    [
        "Receive order fans out to Charge card, Reserve stock and Notify warehouse (run concurrently). "
        "All three join at Confirm order.",
        "receive order kicks off three jobs in parallel — charge card, reserve stock and notify warehouse. "
        "All three feed into confirm order.",
        "After receive order, charge card, reserve stock and notify warehouse run concurrently. Confirm order waits for all three.",
        "receive order triggers charge card, reserve stock and notify warehouse at the same time; when all 3 are green, confirm order",
        "receive order → charge card, reserve stock and notify warehouse (in parallel) → confirm order",
        "receive order -> {charge card, reserve stock, notify warehouse} in parallel -> once all three are done -> confirm order",
        "receive order → in parallel: charge card, reserve stock, notify warehouse → all three must pass → confirm order",
        "receive order, then charge card, reserve stock and notify warehouse in parallel, then confirm order when all three pass",
    ],
)
def test_a_fan_out_and_its_join_said_in_other_words_are_drawn(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {n.lower() for n in nodes} == {"receive order", "charge card", "reserve stock", "notify warehouse", "confirm order"}
    assert {(a.lower(), b.lower()) for a, b in edges} == _FAN


@pytest.mark.parametrize(
    "intent",
    [
        "Submit request goes to legal approval and budget approval at the same time; when both approve, issue PO; then notify vendor.",
        "submit request → legal approval and budget approval happen in parallel → issue PO → notify vendor",
        "After submit request we kick off legal approval and budget approval in parallel, once both are green -> issue PO -> notify vendor",
        "submit request, then legal approval and budget approval at the same time. Once both are done, issue PO, then notify vendor.",
        "submit request triggers legal approval and budget approval in parallel; both must pass before issue PO; "
        "then notify vendor",
        "submit request, then it goes to legal approval and budget approval in parallel, and once both approve → issue PO "
        "→ notify vendor",
    ],
)
def test_the_step_after_the_join_goes_on_as_a_chain(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"submit request", "legal approval", "budget approval", "issue po", "notify vendor"}
    assert set(edges) == {("submit request", "legal approval"), ("submit request", "budget approval"),
                          ("legal approval", "issue po"), ("budget approval", "issue po"), ("issue po", "notify vendor")}


def test_a_join_that_names_the_group_again_is_the_groups_join() -> None:
    nodes, edges = _drawn("Foundation, then in parallel: electric and plumbing. When electric and plumbing both finish, walls.")
    assert set(edges) == {("foundation", "electric"), ("foundation", "plumbing"), ("electric", "walls"), ("plumbing", "walls")}


def test_a_chain_said_as_what_a_pipeline_is_has_that_as_its_heading() -> None:
    nodes, edges = _drawn("pipeline is lint -> (unit, integration in parallel) -> docker build")
    assert nodes == {"lint", "unit", "integration", "docker build"}


@pytest.mark.parametrize("rewrite", [parallel_joins, parallel_join_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "receive order triggers charge card and reserve stock. When both are done, confirm order.",  # no word for "at once"
        "receive order kicks off three jobs in parallel — charge card and reserve stock. All three feed into confirm.",
        "After foundation we make electric and plumbing at the same time.",  # "make" may be each name's or none's
        "users and admins log in at the same time when they open the app",
    ],
)
def test_both_readings_leave_what_they_cannot_be_sure_of_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    rewritten = rewrite(intent)
    assert "then in parallel" not in rewritten


@pytest.mark.parametrize(
    "intent",
    [
        "receive order fans out to charge card and reserve stock. All three join at confirm order.",  # three is not two
        "a, then in parallel: b and c. When b and d both finish, e.",  # the join names another step
    ],
)
def test_what_is_not_sure_is_not_drawn_valid(intent: str) -> None:
    _refused(intent)


def test_a_join_edge_left_out_is_caught() -> None:
    # planted bug: the drafter forgets one branch's edge into the join
    intent = "receive order fans out to charge card and reserve stock (run concurrently). Both join at confirm order."
    reason = _planted(intent, "  n2 -> n3;\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}


def test_a_fan_out_edge_left_out_is_caught() -> None:
    # planted bug: the drafter forgets the edge from the step that starts the group to one of its steps
    intent = "receive order → charge card and reserve stock (in parallel) → confirm order"
    reason = _planted(intent, "  n0 -> n1;\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}


def test_a_mislabelled_step_is_caught() -> None:
    # planted bug: the step after the join keeps the wait's words in its name
    intent = "build, then test and lint in parallel, then deploy when both pass"
    reason = _planted(intent, '"deploy"', '"deploy when both pass"')
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "NODE_HOLDS_CONDITION", "NODE_IS_A_SENTENCE", "CONTENT_NOT_PLACED"}


def test_a_heading_said_with_is_drawn_as_a_step_is_caught() -> None:
    # planted bug: "pipeline is lint" kept as the first step's name
    reason = _planted("pipeline is lint -> (unit, integration in parallel) -> docker build", '"lint"', '"pipeline is lint"')
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}


@pytest.mark.parametrize(
    "intent",
    [
        "It starts with build, then test + lint + audit run in parallel, when all 3 are green → ship",
        "The process begins with build, then test, lint and audit at the same time; once all three are done, ship.",
    ],
)
def test_a_plus_list_and_a_said_start_are_read(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"build", "test", "lint", "audit", "ship"}
    assert set(edges) == {("build", s) for s in ("test", "lint", "audit")} | {(s, "ship") for s in ("test", "lint", "audit")}


def test_a_plus_list_with_the_wrong_count_is_refused() -> None:
    _refused("build, then test + lint + audit run in parallel, when both are green → ship")


@pytest.mark.parametrize("rewrite", [parallel_joins, parallel_join_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "build -> unit and integration tests (in parallel) -> deploy",  # "unit tests" or "unit"?
        "build fans out to unit and integration tests. Both join at deploy.",
        "After build, unit, integration and e2e tests run in parallel. Once all three are done, deploy.",
    ],
)
def test_steps_that_may_share_the_last_ones_noun_are_not_split(rewrite, intent: str) -> None:  # noqa: ANN001
    assert "(unit" not in rewrite(intent) and "in parallel: unit" not in rewrite(intent)


@pytest.mark.parametrize(
    "intent",
    [
        "build -> unit and integration tests (in parallel) -> deploy",
        "build -> unit + integration tests (in parallel) -> deploy",  # was drawn with the pair as the edge's label
    ],
)
def test_steps_that_may_share_a_noun_are_refused(intent: str) -> None:
    _refused(intent)


def test_a_standalone_step_before_a_two_word_step_is_split() -> None:
    nodes, _ = _drawn("git push triggers lint and unit tests in parallel; both must pass before build image")
    assert nodes == {"git push", "lint", "unit tests", "build image"}


def test_a_pair_that_may_share_a_noun_drawn_as_two_steps_is_refused_by_the_check() -> None:
    reason = _refused("Kickoff -> Design & Legal review (in parallel) -> Build -> Launch")
    assert "may share the word 'review'" in reason["message"]


def test_a_pair_written_apart_with_a_comma_is_drawn() -> None:
    nodes, _ = _drawn("build -> (unit, integration tests) -> deploy")
    assert nodes == {"build", "unit", "integration tests", "deploy"}
