"""Branches written in prose and like code, read by the drafter and by the check each on its own:

- an if / else-if / else chain written like code with no step before it ("if temp > 30: turn on AC" /
  "else: open window", "score >= 90 -> A; else if score >= 80 -> B; else -> F", a Python block):
  each condition a question, an "else if" on the way "no" of the one before (drafter
  code_branch_forms.py, check code_branch_normal.py);
- a follow-up condition ("If no ack within 10 min, page secondary. If still no ack, page the manager.")
  leaves the step of the condition before it (drafter follow_up_forms.py, check follow_up_normal.py);
- a case list after a short title ("Ticket routing, roughly: check the plan. Enterprise → …")
  (case_lists.py, case_list_check.py);
- a node that is a bare comparison ("score > 90") is a condition drawn as a step: refused
  (comparison_nodes.py).
"""

from __future__ import annotations

import pytest

from oracles.engine.diagram.code_branch_forms import read_code_branches
from oracles.engine.diagram.code_branch_normal import code_branch_normal_form
from oracles.engine.diagram.follow_up_forms import follow_up_branches
from oracles.engine.diagram.follow_up_normal import follow_up_normal_form
from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

# --- code-like chains with no step before them ------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("if temp > 30: turn on AC\nelse: open window",
         {("temp > 30?", "turn on AC"): "yes", ("temp > 30?", "open window"): "no"}),
        ("Deploy logic:\nif branch == main: deploy to prod\nelif branch == develop: deploy to staging\nelse: skip deploy",
         {("branch == main?", "deploy to prod"): "yes", ("branch == main?", "branch == develop?"): "no",
          ("branch == develop?", "deploy to staging"): "yes", ("branch == develop?", "skip deploy"): "no"}),
        ("```\nif user.isAdmin:\n    showAdminPanel()\nelse:\n    showDashboard()\n```",
         {("user.isAdmin?", "showAdminPanel()"): "yes", ("user.isAdmin?", "showDashboard()"): "no"}),
        ("routing logic: if size > 10MB -> upload to S3; else -> store inline",
         {("size > 10MB?", "upload to S3"): "yes", ("size > 10MB?", "store inline"): "no"}),
        ("age >= 18 -> adult ticket, else if age >= 12 -> teen ticket, else -> child ticket",
         {("age >= 18?", "adult ticket"): "yes", ("age >= 18?", "age >= 12?"): "no",
          ("age >= 12?", "teen ticket"): "yes", ("age >= 12?", "child ticket"): "no"}),
        ("If the disk is full: alert ops\nElse: continue",
         {("disk is full?", "alert ops"): "yes", ("disk is full?", "continue"): "no"}),
        ("if cache hit → return cached value; else → query database",
         {("cache hit?", "return cached value"): "yes", ("cache hit?", "query database"): "no"}),
        ("Alarm logic\nif smoke detected: sound alarm\nelse: keep monitoring",
         {("smoke detected?", "sound alarm"): "yes", ("smoke detected?", "keep monitoring"): "no"}),
        ("if order.total > 500:\n    require_approval()\nelif order.total > 100:\n    flag_for_review()\nelse:\n"
         "    auto_approve()",
         {("order.total > 500?", "require_approval()"): "yes", ("order.total > 500?", "order.total > 100?"): "no",
          ("order.total > 100?", "flag_for_review()"): "yes", ("order.total > 100?", "auto_approve()"): "no"}),
    ],
)
def test_a_code_chain_with_no_step_before_it_is_a_chain_of_questions(intent: str, expected: dict) -> None:
    assert drawn_edges(intent) == expected


def test_the_check_reads_the_chain_as_questions_with_their_answers() -> None:
    assert code_branch_normal_form("if temp > 30: turn on AC\nelse: open window") == \
        "temp > 30? yes -> turn on AC; no -> open window"
    assert code_branch_normal_form("grade flow: score >= 90 -> A; else if score >= 80 -> B; else -> F") == \
        "grade flow: score >= 90? yes -> A; no -> score >= 80? yes -> B; no -> F"


@pytest.mark.parametrize(
    "intent",
    [
        "if ready: deploy and notify\nelse: wait",  # two steps in one branch
        "if ready: deploy\nelif paused: wait",  # no final else
        "if ready: deploy\nif paused: wait\nelse: stop",  # a second plain "if"
        "read input\nif ready: deploy\nelse: wait",  # a step before the chain: the sentence reader's
        "if ready: deploy\nelse:\n    wait\n    retry",  # two steps under the else
        "unless ready: wait\nelse: deploy",
        "if ready: go back to start\nelse: finish",  # a way back, not a step
        "if a:\n    if b:\n        X\n    else:\n        Y\nelse:\n    Z",  # nested
        "validate -> save; else -> show error",  # a step, not a comparison, before the else
        "flowchart starting from poll():\nif x > 1: a\nif y > 1: b\nelse: c",  # a second plain "if" under a head
        "if x > 5: A\nelse: B\nthen C",
    ],
)
def test_near_misses_are_not_read_as_a_code_chain(intent: str) -> None:
    assert read_code_branches(intent) is None
    assert code_branch_normal_form(intent) == intent


@pytest.mark.parametrize(
    "intent",
    [
        "if ready: deploy and notify\nelse: wait",
        "if ready: deploy\nelif paused: wait",
        "if ready: go back to start\nelse: finish",
        "if a:\n    if b:\n        X\n    else:\n        Y\nelse:\n    Z",
        "if x > 5: A\nelse: B\nthen C",
        "score > 90 -> A; score > 80 -> B; else -> C",  # drawn on main with a step 'score > 90'
    ],
)
def test_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


CHAIN = "grade flow: score >= 90 -> A; else if score >= 80 -> B; else -> F"
_CHAIN_EDGES = [("score >= 90?", "A", "yes"), ("score >= 90?", "score >= 80?", "no"), ("score >= 80?", "B", "yes"),
                ("score >= 80?", "F", "no")]


@pytest.mark.parametrize(
    ("edges", "code"),
    [
        (_CHAIN_EDGES[:3], "CONTENT_NOT_PLACED"),  # the final else dropped
        (_CHAIN_EDGES[:3] + [("score >= 90?", "F", "no")], "EDGE_LABEL_WRONG"),  # else from the first question
        ([("score >= 90?", "A", "no"), ("score >= 90?", "score >= 80?", "yes")] + _CHAIN_EDGES[2:], "EDGE_LABEL_WRONG"),
        (_CHAIN_EDGES + [("A", "F", None)], "EDGE_NOT_IN_INTENT"),  # an edge added
        ([(t.rstrip("?"), h.rstrip("?"), label) for t, h, label in _CHAIN_EDGES], "NODE_HOLDS_CONDITION"),
    ],
)
def test_planted_bugs_in_a_code_chain_are_refused(edges: list, code: str) -> None:
    assert planted_reason(CHAIN, edges)["code"] == code


def test_a_truncated_step_or_question_is_refused() -> None:
    intent = "if temp > 30: turn on AC\nelse: open window"
    assert planted_reason(intent, [("temp > 30?", "turn on", "yes"), ("temp > 30?", "open window", "no")])
    assert planted_reason(intent, [("temp?", "turn on AC", "yes"), ("temp?", "open window", "no")])
    assert planted_reason(intent, [("temp > 30?", "turn on AC", None), ("temp > 30?", "open window", None)])


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("flowchart starting from read_metrics():\nif (cpu > 90%) scale_out()\nelse if (cpu < 20%) scale_in()\n"
         "else do_nothing()",
         {("read_metrics()", "scale_out()"): "if cpu > 90%", ("read_metrics()", "scale_in()"): "else if cpu < 20%",
          ("read_metrics()", "do_nothing()"): "else"}),
        ("Flow starting at poll queue:\nif queue empty: sleep 5s\nelif queue backed up: spawn worker\nelse: process "
         "next job",
         {("poll queue", "sleep 5s"): "if queue empty", ("poll queue", "spawn worker"): "else if queue backed up",
          ("poll queue", "process next job"): "else"}),
    ],
)
def test_a_title_naming_the_start_makes_the_branches_its_ways_out(intent: str, expected: dict) -> None:
    assert drawn_edges(intent) == expected


def test_the_check_reads_a_named_start_as_its_own_step_over_the_branches() -> None:
    assert code_branch_normal_form("flowchart starting from poll():\nif (x > 1) a\nelse b") == "poll()\nif x > 1: a\nelse: b"


def test_planted_bugs_under_a_named_start_are_refused() -> None:
    intent = "flowchart starting from read_metrics():\nif (cpu > 90%) scale_out()\nelse if (cpu < 20%) scale_in()\nelse do_nothing()"
    head = "read_metrics()"
    edges = [(head, "scale_out()", "if cpu > 90%"), (head, "scale_in()", "else if cpu < 20%"), (head, "do_nothing()", "else")]
    assert planted_reason(intent, edges[:2])
    assert planted_reason(intent, [edges[0], (head, "scale_in()", "else"), (head, "do_nothing()", "else if cpu < 20%")])
    assert planted_reason(intent, [edges[0], ("scale_out()", "scale_in()", "else if cpu < 20%"), edges[2]])


# --- follow-up conditions ---------------------------------------------------------------------

ESCALATION = ("Escalation policy, for the wiki diagram: page primary on-call. If no ack within 10 min, page "
              "secondary. If still no ack within another 10 min, page the engineering manager.")


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        (ESCALATION, {("page primary on-call", "page secondary"): "if no ack within 10 min",
                      ("page secondary", "page the engineering manager"): "if still no ack within another 10 min"}),
        ("Run the tests. If they fail, fix the code. If still failing, ask for help.",
         {("Run the tests", "fix the code"): "if they fail", ("fix the code", "ask for help"): "if still failing"}),
        ("Deploy to staging. If smoke tests fail, roll back. If they still fail after rollback, page the on-call.",
         {("Deploy to staging", "roll back"): "if smoke tests fail",
          ("roll back", "page the on-call"): "if they still fail after rollback"}),
    ],
)
def test_a_follow_up_condition_leaves_the_step_of_the_condition_before_it(intent: str, expected: dict) -> None:
    assert drawn_edges(intent) == expected


def test_drafter_and_check_say_the_follow_up_as_the_same_arrow() -> None:
    said = "Run the tests. If they fail, fix the code. fix the code -> ask for help: if still failing."
    intent = "Run the tests. If they fail, fix the code. If still failing, ask for help."
    assert follow_up_branches(intent) == said
    assert follow_up_normal_form(intent) == said


@pytest.mark.parametrize(
    "intent",
    [
        "Run the tests. If they fail, fix the code and rerun. If still failing, ask for help.",  # two steps
        "Check the sky. If it rains, take the bus. If it is sunny, walk. If it still rains at noon, stay home.",
        "Run the tests. If they fail, fix the code. Then deploy. If still failing, ask for help.",
    ],
)
def test_a_follow_up_after_anything_else_is_left_as_written(intent: str) -> None:
    assert follow_up_branches(intent) == intent
    assert follow_up_normal_form(intent) == intent


def test_a_follow_up_after_another_subject_is_refused_not_drawn_from_the_nearer_step() -> None:
    reason = refusal_reason("Check the sky. If it rains, take the bus. If it is sunny, walk. If it still rains at "
                            "noon, stay home.")
    assert reason["code"] == "EDGE_NOT_IN_INTENT"


def test_planted_bugs_in_a_follow_up_are_refused() -> None:
    first = ("page primary on-call", "page secondary", "if no ack within 10 min")
    assert planted_reason(ESCALATION, [first, ("page primary on-call", "page the engineering manager",
                                               "if still no ack within another 10 min")])["code"] == "EDGE_NOT_IN_INTENT"
    assert planted_reason(ESCALATION, [first, ("page secondary", "page the engineering manager", "if still no ack")])
    assert planted_reason(ESCALATION, [first, ("page secondary", "page the engineering manager",
                                               "if no ack within 10 min")])
    assert planted_reason(ESCALATION, [first])["code"] == "CONTENT_NOT_PLACED"


# --- a case list under a short title --------------------------------------------------------------

ROUTING = ("Ticket routing, roughly: check the customer's plan. Enterprise → priority queue, Pro → standard queue, "
           "everyone else → community forum.")


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        (ROUTING, {("check the customer's plan", "priority queue"): "Enterprise",
                   ("check the customer's plan", "standard queue"): "Pro",
                   ("check the customer's plan", "community forum"): "everyone else"}),
        ("Inbound email routing: detect language: English -> EN team, Spanish -> ES team, anything else -> "
         "machine translation.",
         {("detect language", "EN team"): "English", ("detect language", "ES team"): "Spanish",
          ("detect language", "machine translation"): "anything else"}),
        ("Shipping logic: check weight. under 1 kg → letter rate; 1 to 5 kg → parcel rate; over 5 kg → freight",
         {("check weight", "letter rate"): "under 1 kg", ("check weight", "parcel rate"): "1 to 5 kg",
          ("check weight", "freight"): "over 5 kg"}),
    ],
)
def test_a_case_list_under_a_short_title(intent: str, expected: dict) -> None:
    assert drawn_edges(intent) == expected


def test_a_name_before_the_colon_is_no_title() -> None:
    assert refusal_reason("Alice: check the plan. Enterprise -> A, Pro -> B")["code"]


def test_planted_bugs_in_a_titled_case_list_are_refused() -> None:
    plan = "check the customer's plan"
    rows = [(plan, "priority queue", "Enterprise"), (plan, "standard queue", "Pro"),
            (plan, "community forum", "everyone else")]
    assert planted_reason(ROUTING, rows[:2])["code"] == "CONTENT_NOT_PLACED"
    assert planted_reason(ROUTING, [(plan, "priority queue", "Pro"), (plan, "standard queue", "Enterprise"),
                                    rows[2]])["code"] == "EDGE_LABEL_WRONG"
    assert planted_reason(ROUTING, [("Ticket routing", plan, None), *rows])["code"] == "NODE_NOT_IN_INTENT"
    assert planted_reason(ROUTING, [*rows[:2], ("standard queue", "community forum", "everyone else")])


# --- a comparison drawn as a step -------------------------------------------------------------------


def test_a_comparison_drawn_as_a_step_is_refused() -> None:
    reason = planted_reason("score > 90 -> A; score > 80 -> B; else -> C",
                            [("score > 90", "A", None), ("A", "B", "score > 80"), ("A", "C", "else")])
    assert reason["code"] == "NODE_HOLDS_CONDITION"
    assert "score > 90" in reason["message"]


# --- cases routed in a sentence after a deciding step ----------------------------------------------

LANGUAGES = ("Inbound email routing: detect language; English goes to the EN team, Spanish to the ES team, anything "
             "else to machine translation.")


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        (LANGUAGES, {("detect language", "EN team"): "English", ("detect language", "ES team"): "Spanish",
                     ("detect language", "machine translation"): "anything else"}),
        ("check the plan. Enterprise customers go to the priority queue, Pro to the standard queue and everyone else "
         "to the forum.",
         {("check the plan", "priority queue"): "Enterprise customers", ("check the plan", "standard queue"): "Pro",
          ("check the plan", "forum"): "everyone else"}),
        ("triage the ticket; P1 goes to the on-call engineer, P2 to the sprint backlog, P3 to the icebox.",
         {("triage the ticket", "on-call engineer"): "P1", ("triage the ticket", "sprint backlog"): "P2",
          ("triage the ticket", "icebox"): "P3"}),
        ("route the call: sales calls land in the sales queue, support calls in the helpdesk queue, everything else "
         "in the general queue.",
         {("route the call", "sales queue"): "sales calls", ("route the call", "helpdesk queue"): "support calls",
          ("route the call", "general queue"): "everything else"}),
    ],
)
def test_cases_routed_in_a_sentence_branch_from_the_deciding_step(intent: str, expected: dict) -> None:
    assert drawn_edges(intent) == expected


@pytest.mark.parametrize(
    "intent",
    [
        "detect language; English goes to the EN team and then to review, Spanish to the ES team.",
        "detect language; English goes to the EN team, Spanish to the ES team if it is urgent.",
        "detect language; English goes to the EN team, Spanish to the ES team. Then close the ticket.",
        "check the plan; Enterprise goes to the priority queue, Pro to the standard queue, and Free users go back to "
        "the start.",
        "Mail room: sort the post. Parcels go to the loading dock, letters to reception and invoices to accounts.",
    ],
)
def test_routed_cases_with_more_in_them_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_bugs_in_routed_cases_are_refused() -> None:
    rows = [("detect language", "EN team", "English"), ("detect language", "ES team", "Spanish"),
            ("detect language", "machine translation", "anything else")]
    assert planted_reason(LANGUAGES, rows[:2])["code"] == "CONTENT_NOT_PLACED"
    assert planted_reason(LANGUAGES, [(*rows[0][:2], "Spanish"), (*rows[1][:2], "English"), rows[2]])["code"] == \
        "EDGE_LABEL_WRONG"
    assert planted_reason(LANGUAGES, [*rows[:2], ("ES team", "machine translation", "anything else")])
    assert planted_reason(LANGUAGES, [*rows, ("EN team", "ES team", None)])
