"""State machines and pipelines said in three more ways, each read by the drafter and by the check on
its own, near misses refused, and a drafter's bad drawing refused by the check:

- a parallel group inside a "then" chain: "checkout, then lint and typecheck run in parallel, then
  build" (parallel_then_forms.py / parallel_then_normal.py)
- a JSON transition list beside an "initial" state or a kind key (agent_json.py, the one data reader)
- transition rows with the event in square brackets under "(event in brackets)"
  (bracket_event_forms.py / bracket_event_normal.py; bracket_event_check.py refuses a node keeping one)
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

# --- a parallel group inside a "then" chain -----------------------------------------------------
THEN_GROUPS = [
    ("checkout, then compile, then unit tests and integration tests in parallel, then package.",
     {"checkout", "compile", "unit tests", "integration tests", "package"},
     {("checkout", "compile"), ("compile", "unit tests"), ("compile", "integration tests"),
      ("unit tests", "package"), ("integration tests", "package")}),
    ("checkout, then lint and typecheck run in parallel, then build, then push.",
     {"checkout", "lint", "typecheck", "build", "push"},
     {("checkout", "lint"), ("checkout", "typecheck"), ("lint", "build"), ("typecheck", "build"), ("build", "push")}),
    ("Foundation, then Electric and Plumbing at the same time, then Walls, then Roof.",
     {"Foundation", "Electric", "Plumbing", "Walls", "Roof"},
     {("Foundation", "Electric"), ("Foundation", "Plumbing"), ("Electric", "Walls"), ("Plumbing", "Walls"),
      ("Walls", "Roof")}),
    ("lint and test run in parallel, then build.", {"lint", "test", "build"}, {("lint", "build"), ("test", "build")}),
    ("lint + test + typecheck (in parallel), then build, then deploy",
     {"lint", "test", "typecheck", "build", "deploy"},
     {("lint", "build"), ("test", "build"), ("typecheck", "build"), ("build", "deploy")}),
    ("convert markdown with pandoc, then check links and spell check run side by side, then publish to the docs site",
     {"convert markdown with pandoc", "check links", "spell check", "publish to the docs site"},
     {("convert markdown with pandoc", "check links"), ("convert markdown with pandoc", "spell check"),
      ("check links", "publish to the docs site"), ("spell check", "publish to the docs site")}),
    ("build, then test and lint in parallel, then deploy when both pass",  # the wait said in words: read as before
     {"build", "test", "lint", "deploy"},
     {("build", "test"), ("build", "lint"), ("test", "deploy"), ("lint", "deploy")}),
]


@pytest.mark.parametrize(("intent", "nodes", "edges"), THEN_GROUPS)
def test_a_parallel_group_inside_a_then_chain_fans_out_and_joins(intent, nodes, edges):
    assert drawn(intent) == (nodes, edges)


THEN_NEAR_MISSES = [
    "checkout, then lint and typecheck not in parallel, then build.",  # a negation
    "checkout, then lint or typecheck in parallel, then build.",  # one or the other
    "checkout, then lint runs in parallel, then build.",  # one name
    "checkout, then they run in parallel, then build.",  # a pronoun
    "After checkout, lint and test run in parallel, then build.",  # what comes before, said with "after"
    "checkout, then lint and test in parallel with docs, then build.",  # in parallel with what?
    "checkout, then unit and integration tests in parallel, then build.",  # 'unit tests' or 'unit'?
    "checkout, then lint and lint in parallel, then build.",  # a step named twice
    "lint and test never run at the same time, then build.",
    "checkout, then lint and test in parallel, then if they pass, build.",
    "checkout, then lint and test run simultaneously, then build or deploy",  # one step or a choice?
]


@pytest.mark.parametrize("intent", THEN_NEAR_MISSES)
def test_then_group_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


THEN_INTENT = "checkout, then lint and typecheck run in parallel, then build."
THEN_BAD = [
    [("checkout", "lint"), ("lint", "typecheck"), ("typecheck", "build")],  # one after the other
    [("checkout", "lint"), ("checkout", "typecheck"), ("lint", "build")],  # a join arrow missing
    [("checkout", "lint and typecheck"), ("lint and typecheck", "build")],  # the group as one step
    [("checkout", "lint"), ("checkout", "typecheck"), ("lint", "build"), ("typecheck", "build"), ("checkout", "build")],
]


@pytest.mark.parametrize("edges", THEN_BAD)
def test_the_check_refuses_a_bad_then_group_drawing(edges):
    assert planted_reason(THEN_INTENT, edges)["code"]


# --- JSON transitions beside "initial" or a kind key ---------------------------------------------
BREAKER = ('{"function": "make_state_diagram", "parameters": {"initial": "Closed", "transitions": ['
           '{"from": "Closed", "to": "Open", "on": "failure threshold reached"}, '
           '{"from": "Open", "to": "Half-Open", "on": "timeout elapsed"}, '
           '{"from": "Half-Open", "to": "Closed", "on": "probe succeeds"}]}}')
JSON_READ = [
    (BREAKER, {("Closed", "Open"): "failure threshold reached", ("Open", "Half-Open"): "timeout elapsed",
               ("Half-Open", "Closed"): "probe succeeds"}),
    ('{"tool":"diagram.create","params":{"type":"state","transitions":[["Green","Yellow","timer"],'
     '["Yellow","Red","timer"],["Red","Green","timer"]]}}',
     {("Green", "Yellow"): "timer", ("Yellow", "Red"): "timer", ("Red", "Green"): "timer"}),
    ('{"kind": "state_machine", "transitions": [{"from": "Draft", "to": "In review", "on": "submit"}]}',
     {("Draft", "In review"): "submit"}),
    ('{"initial": "draft", "transitions": [{"from": "Draft", "to": "In review", "on": "submit"}]}',  # case aside
     {("Draft", "In review"): "submit"}),
]


@pytest.mark.parametrize(("intent", "expected"), JSON_READ)
def test_json_transitions_beside_an_initial_state_or_a_kind_are_drawn(intent, expected):
    assert drawn_edges(intent) == expected


@pytest.mark.parametrize("intent", [
    '{"initial": "Drafts", "transitions": [{"from": "Draft", "to": "In review", "on": "submit"}]}',  # not a state
    '{"initial": 3, "transitions": [{"from": "Draft", "to": "In review", "on": "submit"}]}',
    '{"initial": "Draft", "owner": "cms-bot", "transitions": [{"from": "Draft", "to": "In review"}]}',  # unknown key
])
def test_json_transitions_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_the_check_refuses_a_bad_json_transitions_drawing():
    assert planted_reason(BREAKER, [("Closed", "Open", "failure threshold reached"), ("Open", "Half-Open", "timeout elapsed"),
                                    ("Half-Open", "Closed", "probe fails")])["code"]  # a label the data does not give
    assert planted_reason(BREAKER, [("Closed", "Open", "failure threshold reached"), ("Open", "Half-Open", "timeout elapsed"),
                                    ("Closed", "Half-Open", "probe succeeds")])["code"]  # an edge turned round


# --- events in square brackets, under a note that says so ----------------------------------------
BUGS = ("Bug workflow - agreed in retro (event in brackets):\nReported -> Triaged [triage]\n"
        "Triaged -> In progress [dev picks up]\nIn review -> Done [merged]\nTriaged -> Won't fix [PM declines]")
BRACKET_READ = [
    (BUGS, {("Reported", "Triaged"): "triage", ("Triaged", "In progress"): "dev picks up", ("In review", "Done"): "merged",
            ("Triaged", "Won't fix"): "PM declines"}),
    ("Ticket states (events in square brackets):\n- New -> Open [assign]\n- Open -> Closed [close]\n- Open -> Open [note]",
     {("New", "Open"): "assign", ("Open", "Closed"): "close", ("Open", "Open"): "note"}),
    ("States (event in brackets):\nOpen -> Closed [close]\nClosed -> Open (reopen)",
     {("Open", "Closed"): "close", ("Closed", "Open"): "reopen"}),
]


@pytest.mark.parametrize(("intent", "expected"), BRACKET_READ)
def test_bracketed_events_under_their_note_are_drawn_on_the_arrows(intent, expected):
    assert drawn_edges(intent) == expected


@pytest.mark.parametrize("intent", [
    "Bug workflow:\nReported -> Triaged [triage]\nTriaged -> In progress [dev]",  # no note: a tag or an event?
    "States (events not in brackets):\nOpen -> Closed [close]",
    "Ticket states (event in brackets):\nNew -> Open [assign] -> Closed [close]",  # two arrows on a row
    "Ticket states (event in brackets):\nNew -> Open [assign]\nOpen [v2] -> Closed [close]",
    "States (event in brackets):\nOpen -> Closed [close] if the user asks",  # the bracket is not the row's end
])
def test_bracketed_event_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_the_check_refuses_a_node_that_keeps_a_bracketed_event():
    reason = planted_reason("States (event in brackets):\nOpen -> Closed [close] if the user asks",
                            [("Open", "Closed [close]", "if the user asks")])
    assert "which the intent says is an event" in reason["message"]
    reason = planted_reason(BUGS, [("Reported", "Triaged [triage]"), ("Triaged", "In progress", "dev picks up"),
                                   ("In review", "Done", "merged"), ("Triaged", "Won't fix", "PM declines")])
    assert reason["code"]


def test_the_check_refuses_a_bracketed_event_on_the_wrong_arrow():
    assert planted_reason(BUGS, [("Reported", "Triaged", "dev picks up"), ("Triaged", "In progress", "triage"),
                                 ("In review", "Done", "merged"), ("Triaged", "Won't fix", "PM declines")])["code"]
