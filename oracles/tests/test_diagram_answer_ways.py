"""A question whose two answers are both said has no third, unanswered way out (answer_ways_check.py)."""

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
