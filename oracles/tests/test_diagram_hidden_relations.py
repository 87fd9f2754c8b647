"""Node labels that hide a relation (hidden_relations.py): a loop glued to a step, an outcome drawn
as a step, a condition's qualifier glued to a step, an actor clause drawn as a step. Intents are
this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.hidden_relations import (
    glued_loop,
    refuse_actor_clause,
    refuse_glued_loop,
    refuse_glued_qualifier,
    refuse_outcome_as_step,
)
from oracles.tests.planted_diagrams import planted_reason as _planted


def _never_valid(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid", verdict.result


# --- 1. a loop glued inside a step ------------------------------------------------------------

@pytest.mark.parametrize(
    "intent",
    [
        "upload file; if the upload fails, wait 5 seconds and retry; otherwise notify the user",
        "draft -> review -> if rejected, revise and start over; otherwise publish",
        "build -> test -> if tests fail, fix the code and try again, else deploy",
        "pay -> if declined, update the card and try again",
        "scan the barcode; if it is unreadable, wipe the lens and rerun it; when it reads, log the item",
        "ping the server -> if there is no answer, run it again; if it answers, mark it healthy",
        "build -> test -> if tests fail, try again, else deploy",
    ],
)
def test_a_loop_glued_to_a_step_or_left_as_a_step_is_never_valid(intent: str) -> None:
    _never_valid(intent)


@pytest.mark.parametrize(
    ("key", "loop"),
    [
        ("bump the limit and rerun it", "rerun it"),
        ("clean the nozzle then try again", "try again"),
        ("revise and start over", "start over"),
        ("wait a minute and then retry", "retry"),
        ("reset the counter & repeat", "repeat"),
        ("push fixes and go back", "go back"),
    ],
)
def test_the_loop_phrase_glued_after_a_step_is_found(key: str, loop: str) -> None:
    assert glued_loop(key) == loop


@pytest.mark.parametrize("key", ["retry queue", "put it on the retry queue", "log it and drop it", "rerun", "wash and dry"])
def test_names_that_only_mention_a_retry_are_not_glued_loops(key: str) -> None:
    assert glued_loop(key) is None


def test_a_drafter_that_glues_the_loop_into_the_step_is_caught() -> None:
    intent = "build -> test -> if tests fail, fix the code and try again, else deploy"
    reason = _planted(intent, [("build", "test", None), ("test", "fix the code and try again", "if tests fail"),
                               ("test", "deploy", "else")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "holds a loop ('try again')" in reason["message"]
    assert "fix the code, then go back to" in reason["message"]


def test_a_drafter_that_draws_a_retry_leading_nowhere_is_caught() -> None:
    intent = "ping the server -> if there is no answer, run it again; if it answers, mark it healthy"
    reason = _planted(intent, [("ping the server", "run it again", "if there is no answer"),
                               ("ping the server", "mark it healthy", "if it answers")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "leads nowhere" in reason["message"]


def test_a_retry_step_with_its_way_back_drawn_or_a_bare_retry_is_left_alone() -> None:
    refuse_glued_loop("send; if it fails, try again", {"send": "send", "try again": "try again"}, {("send", "try again"), ("try again", "send")})
    # "if 5xx, retry it": a bare retry may be a step of its own
    refuse_glued_loop("send; if 5xx, retry it", {"send": "send", "retry it": "retry it"}, {("send", "retry it")})
    with pytest.raises(EngineRefusal):
        refuse_glued_loop("send; if it fails, try again", {"send": "send", "try again": "try again"}, {("send", "try again")})


# --- 2. an outcome drawn as a step; a condition's qualifier glued to a step ---------------------

@pytest.mark.parametrize(
    "intent",
    [
        "Review outcome: approved → merge; rejected → close the PR",
        "health check: ok -> route traffic; failed -> page on-call",
        "lint result: passed → run unit tests; failed → email the author",
        "Smoke test: success -> promote the build; failure -> roll back",
        "Credit check: yes → open the account, no → send a letter",
        "beta -> general release only when the survey is positive",
        "QA -> live only after sign-off; QA -> backlog if bugs are found",
    ],
)
def test_an_outcome_or_a_qualifier_drawn_as_a_step_is_never_valid(intent: str) -> None:
    _never_valid(intent)


def test_a_drafter_that_draws_outcomes_as_steps_is_caught() -> None:
    intent = "lint result: passed → run unit tests; failed → email the author"
    reason = _planted(intent, [("passed", "run unit tests", None), ("failed", "email the author", None)])
    assert reason["code"] == "NODE_HOLDS_CONDITION"
    assert "outcome of 'lint result'" in reason["message"] and "lint result -> <next step> if" in reason["message"]


def test_an_outcome_that_is_a_state_reached_or_without_a_heading_is_left_alone() -> None:
    # a state machine reaches "approved"; it is a state, not a condition
    refuse_outcome_as_step("draft -> submitted -> approved -> archived", {"approved": "approved", "archived": "archived"},
                           {("approved", "archived")} | {("submitted", "approved")})
    # no "<subject>:" before it in its sentence: nothing says whose outcome it would be
    refuse_outcome_as_step("Build done. approved -> ship", {"approved": "approved", "ship": "ship"}, {("approved", "ship")})
    with pytest.raises(EngineRefusal):
        refuse_outcome_as_step("vote: yes -> adopt; no -> table it", {"yes": "yes", "adopt": "adopt"}, {("yes", "adopt")})


def test_a_drafter_that_glues_only_to_the_step_is_caught() -> None:
    intent = "QA -> live only after sign-off; QA -> backlog if bugs are found"
    reason = _planted(intent, [("QA", "live only", "after sign-off"), ("QA", "backlog", "if bugs are found")])
    assert reason["code"] == "NODE_HOLDS_CONDITION" and "keeps 'only'" in reason["message"]


def test_only_that_restricts_a_step_is_part_of_its_name() -> None:
    refuse_glued_qualifier("errors -> alert; warnings -> log only", {"log only": "log only"})
    refuse_glued_qualifier("mount the disk read only. if it fails, call ops", {"read only": "read only"})
    with pytest.raises(EngineRefusal):
        refuse_glued_qualifier("test -> ship only if green", {"ship only": "ship only"})


# --- 3. an actor clause drawn as a step --------------------------------------------------------

@pytest.mark.parametrize(
    "intent",
    [
        "user is sending request to server, server is querying database, database is returning rows to server, "
        "server is answering to user",
        "teacher is giving homework to student, student is doing it and is handing it to teacher",
        "driver is picking up parcel from warehouse, then warehouse is printing label for driver",
        "nurse is calling doctor, doctor is checking patient, then doctor is writing prescription for nurse",
    ],
)
def test_an_actor_sequence_written_as_progressive_clauses_is_never_valid(intent: str) -> None:
    _never_valid(intent)


def test_a_drafter_that_draws_clauses_between_actors_as_steps_is_caught() -> None:
    intent = "user is sending request to server, server is querying database, then database is returning rows to server"
    reason = _planted(intent, [("user is sending request to server", "server is querying database", None),
                               ("server is querying database", "database is returning rows to server", None)])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "between two actors" in reason["message"]
    assert "-(<message>)->" in reason["message"]


def test_a_drafter_that_joins_two_actions_in_one_node_is_caught() -> None:
    intent = "clerk is checking and is stamping the form, then manager signs"
    reason = _planted(intent, [("clerk is checking and is stamping the form", "manager signs", None)])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "two actions" in reason["message"]


def test_a_progressive_state_without_another_actor_is_left_alone() -> None:
    refuse_actor_clause({"printer is printing": "printer is printing", "printer is idle": "printer is idle"})
    refuse_actor_clause({"customer orders at counter": "customer orders at counter", "cashier takes payment": "x"})


def test_a_first_state_after_a_heading_is_not_an_outcome() -> None:
    nodes = {"approved": "approved", "paid": "paid", "archived": "archived"}
    refuse_outcome_as_step("Invoice states: approved -> paid -> archived", nodes, {("approved", "paid"), ("paid", "archived")})


@pytest.mark.parametrize(
    "intent",
    [
        # the loop said as a way back to a named step
        "scan the barcode; if it is unreadable, wipe the lens, then go back to scan the barcode; when it reads, log the item",
        # the outcomes said on the connections of their subject
        "lint result -> run unit tests if passed; lint result -> email the author if failed",
        # the condition said without the qualifier glued to the step
        "QA -> live after sign-off; QA -> backlog if bugs are found",
        # the actors as nodes, each message on its arrow
        "user -(request)-> server\nserver -(query)-> database\ndatabase -(rows)-> server\nserver -(answer)-> user",
    ],
)
def test_the_rewrites_the_refusals_suggest_are_drawn(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason


def test_a_drafter_that_drops_again_from_a_step_leading_nowhere_is_caught() -> None:
    intent = "ping the server -> if there is no answer, run it again; if it answers, mark it healthy"
    reason = _planted(intent, [("ping the server", "run it", "if there is no answer"),
                               ("ping the server", "mark it healthy", "if it answers")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "leads nowhere" in reason["message"]
    # a step said again that does lead on is the way back to it ("fix bugs -> run tests again")
    refuse_glued_loop("run tests -> fix bugs -> run tests again -> sign off", {"run tests": "run tests", "fix bugs": "fix bugs"},
                      {("run tests", "fix bugs"), ("fix bugs", "run tests")})
