"""A question whose two answers are both said has no third, unanswered way out (answer_ways_check.py); a verb
after "which … and" is what the named thing does, not a node (node_fragments.py)."""

from __future__ import annotations

from oracles.tests.planted_diagrams import drawn_edges, planted_reason

_QUEUE = ("1. Pick next item from queue\n2. Process item\n3. More items in queue? yes → back to step 1; "
          "no → Shut down worker\n4. Log the run")


def test_planted_third_way_out_of_an_answered_question_is_refused() -> None:
    reason = planted_reason(_QUEUE, [
        ("Pick next item from queue", "Process item"), ("Process item", "More items in queue?"),
        ("More items in queue?", "Pick next item from queue", "yes"), ("More items in queue?", "Shut down worker", "no"),
        ("More items in queue?", "Log the run")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT" and "'Log the run'" in reason["message"], reason


def test_one_answer_said_leaves_the_next_step_unlabelled() -> None:
    intent = ("Steps for the blog workflow:\n1. Draft article\n2. Editor reviews draft\n"
              "3. Needs changes? If yes, go back to step 1.\n4. Publish article\n5. Share on social media")
    edges = drawn_edges(intent)
    assert edges[("Needs changes?", "Draft article")] == "yes"
    assert edges[("Needs changes?", "Publish article")] in (None, "")


def test_planted_which_clause_second_verb_as_a_node_is_refused() -> None:
    # "…, which queries Postgres and caches results in Redis": the API caches; the drafter drew the verb as a node
    intent = "Create a diagram: the frontend calls the backend API, which queries Postgres and caches results in Redis."
    reason = planted_reason(intent, [("frontend", "backend API", "calls"), ("backend API", "Postgres", "queries"),
                                     ("backend API", "caches results in Redis", "queries")])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'backend API -> Redis: caches results in'" in reason["message"], reason


def test_a_then_arrow_from_a_step_named_before_is_not_drawn_from_the_last_step() -> None:
    # "Then B->D" opens at B, already drawn: it was drawn valid with an invented C -> B on main. The check still
    # reads the "Then" as going on from C, so the answer is refused, never drawn with C -> B.
    from oracles.engine import answer

    for intent in ("Edges to check: A->B, A->C. Then B->D.", "build -> test, build -> lint. Then test -> deploy."):
        verdict = answer("diagram", intent, "dot", {})
        assert verdict.status == "invalid", verdict.result


def test_an_answer_leading_to_a_choice_is_refused() -> None:
    from oracles.tests.planted_diagrams import refusal_reason

    for intent in ("Approve? yes -> Save or Discard", "Valid? yes -> save or show error"):
        reason = refusal_reason(intent)
        assert reason["code"] == "EDGE_NOT_IN_INTENT" and "leads to" in reason["message"], reason


def test_planted_answer_split_over_a_choice_is_refused() -> None:
    reason = planted_reason("Paid? yes -> ship or refund", [("Paid?", "ship", "yes"), ("Paid?", "refund")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT", reason


def test_each_answer_said_stays_valid() -> None:
    edges = drawn_edges("Valid? yes -> save; no -> show error")
    assert edges[("Valid?", "show error")] == "no"
