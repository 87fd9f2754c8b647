"""Diagrams pasted as tables: a "package,depends_on" or "Component | Calls" table, a tab-separated people
table whose top person's manager cell is empty, and a transition table under a "^ state machine …" caption.
Each reading drawn right, its near misses refused, and planted drafter bugs caught by the check."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

T = "\t"
DEPENDS = ("package,depends_on\nweb,ui-kit\nweb,api-client\nadmin,ui-kit\nui-kit,tokens\n\n"
           "draw the dependency graph — arrows from each package to the package it depends on")
CALLS = ("Component | Calls\n---------|------\nMobile App | API Gateway\nAPI Gateway | Auth Service\n"
         "Auth Service | Users DB\n\n(copied from our confluence table) architecture diagram please, arrows = calls")
PEOPLE = (f"Name{T}Title{T}Manager\nAlice Park{T}VP Engineering{T}\nBruno Silva{T}Eng Manager{T}Alice Park\n"
          f"Chen Wei{T}Eng Manager{T}Alice Park\nDiana Ruiz{T}Engineer{T}Bruno Silva\n\norg chart from this ^")
STATES = (f"From{T}Event{T}To\nDraft{T}submit{T}In Review\nIn Review{T}approve{T}Published\n"
          f"Published{T}archive{T}Archived\n\n^ state machine for our docs workflow")

MAP = ('Dependency graph please. Draw an arrow from each package to each package it depends on.\n'
       '{"web-app": ["ui-kit", "api-client"], "api-client": ["http-core", "auth"], "auth": ["http-core"], "http-core": []}')
MAP_DATA = '{"web-app": ["ui-kit", "api-client"], "api-client": ["http-core", "auth"], "auth": ["http-core"], "http-core": []}'
EVENTS = f"from{T}to{T}label\nIdle{T}Running{T}start\nRunning{T}Paused{T}pause\nPaused{T}Running{T}resume\n\nstate diagram from this"
STEPS = f"step{T}next\nIntake{T}Triage\nTriage{T}Treatment\nTriage{T}Discharge\n\nflowchart of ER patient flow from this table"


def test_a_depends_on_table_points_from_each_package_to_its_dependency() -> None:
    nodes, edges = drawn(DEPENDS)
    assert nodes == {"web", "ui-kit", "api-client", "admin", "tokens"}
    assert edges == {("web", "ui-kit"), ("web", "api-client"), ("admin", "ui-kit"), ("ui-kit", "tokens")}


def test_a_calls_table_points_from_the_caller() -> None:
    nodes, edges = drawn(CALLS)
    assert nodes == {"Mobile App", "API Gateway", "Auth Service", "Users DB"}
    assert edges == {("Mobile App", "API Gateway"), ("API Gateway", "Auth Service"), ("Auth Service", "Users DB")}


def test_a_tab_separated_people_table_keeps_the_empty_manager_cell() -> None:
    _, edges = drawn(PEOPLE)
    assert edges == {("Alice Park", "Bruno Silva"), ("Alice Park", "Chen Wei"), ("Bruno Silva", "Diana Ruiz")}


def test_a_transition_table_under_a_caret_caption() -> None:
    assert drawn_edges(STATES) == {("Draft", "In Review"): "submit", ("In Review", "Published"): "approve",
                                   ("Published", "Archived"): "archive"}


def test_a_dependency_map_beside_the_instruction_points_from_each_key() -> None:
    _, edges = drawn(MAP)
    assert edges == {("web-app", "ui-kit"), ("web-app", "api-client"), ("api-client", "http-core"),
                     ("api-client", "auth"), ("auth", "http-core")}


def test_a_tab_separated_header_of_framing_words_is_a_header() -> None:
    assert drawn_edges(EVENTS) == {("Idle", "Running"): "start", ("Running", "Paused"): "pause",
                                   ("Paused", "Running"): "resume"}


def test_a_caption_of_eight_words_under_a_step_table() -> None:
    _, edges = drawn(STEPS)
    assert edges == {("Intake", "Triage"), ("Triage", "Treatment"), ("Triage", "Discharge")}


@pytest.mark.parametrize("intent", [
    # a dependency map: the way not said, said the other way, or words beside it that add to it
    f"Dependency graph please.\n{MAP_DATA}",
    f"Draw an arrow from each dependency to each package that depends on it.\n{MAP_DATA}",
    f"Draw an arrow from each package to each package it depends on, and add a cache package.\n{MAP_DATA}",
    f"Draw an arrow from each package to each package it depends on.\n{MAP_DATA}\nAlso auth is deprecated.",
    f"Draw an arrow from each package to each package it depends on. The map lists dependents.\n{MAP_DATA}",
    'Draw an arrow from each package to each package it depends on.\n{"web-app": ["ui-kit", "web-app"], "ui-kit": []}',
    # a caption under a step table that adds a step or a move
    f"step{T}next\nIntake{T}Triage\nTriage{T}Treatment\n\nflowchart where Treatment goes to Billing too",
    f"step{T}next\nIntake{T}Triage\nTriage{T}Treatment\n\nflowchart of ER flow plus a Billing step",
    "step | next\nIntake | Triage\nTriage | Treatment\n\nflowchart plus Billing",
    f"from{T}to{T}label\nIdle{T}Running{T}start\nRunning{T}Paused{T}pause\n\nstate diagram; Paused can also stop",
    # which way a dependency points is not said, or said both ways
    "package,depends_on\nweb,ui-kit\nweb,api-client\nui-kit,tokens",
    "package,depends_on\nweb,ui-kit\nweb,api-client\nui-kit,tokens\n\ndraw the dependency graph",
    "package,depends_on\nweb,ui-kit\nweb,api-client\narrows from each package to the package it depends on, reversed",
    # a ragged row, an empty cell, a row twice, a column of another kind
    "package,depends_on\nweb,ui-kit\nweb,api-client,http\nui-kit,tokens\n\narrows from each package to the package it depends on",
    "package,depends_on\nweb,ui-kit\nweb,\nui-kit,tokens\n\narrows from each package to the package it depends on",
    "package,depends_on\nweb,ui-kit\nweb,ui-kit\narrows from each package to the package it depends on",
    "package,used_by\nweb,ui-kit\nweb,api-client\n\narrows from each package to the package it depends on",
    # words beside the table that name something more
    "package,depends_on\nweb,ui-kit\nweb,api-client\nui-kit,tokens\n(note: api-client was removed last week)\n"
    "arrows from each package to the package it depends on",
    "Component | Calls\nMobile App | API Gateway\nAPI Gateway | Auth Service\nUsers DB\n\narchitecture please",
    "Component | Calls\nMobile App | API Gateway\nAPI Gateway | Auth Service\narchitecture diagram please, Users DB",
    "Component | Calls\nMobile App | API Gateway\nAPI Gateway | Auth Service\nAuth Service also writes to Users DB",
    "Component | Calls\nMobile App | API Gateway\nAPI Gateway | Auth Service\ndraw this graph, arrows = calls, plus Redis",
    "Component | Calls\nMobile App | API Gateway\nAPI Gateway | Auth Service\narrows = called by",
    "Component | Callers\nMobile App | API Gateway\nAPI Gateway | Auth Service",
    # a people table: a second person at the top on no reporting line, a row cut short, a change said after it
    f"Name{T}Title{T}Manager\nAlice Park{T}VP Engineering{T}\nBruno Silva{T}Eng Manager{T}Alice Park\nChen Wei{T}Eng Manager{T}",
    f"Name{T}Title{T}Manager\nAlice Park{T}VP Engineering\nBruno Silva{T}Eng Manager{T}Alice Park\nChen Wei{T}Eng Manager{T}Alice Park",
    f"Name{T}Title{T}Manager\nAlice Park{T}VP Engineering{T}\nBruno Silva{T}Eng Manager{T}Alice Park\n"
    f"Chen Wei{T}Eng Manager{T}Alice Park\n\norg chart from this ^ but put Chen under Bruno",
    "Name | Title | Manager\nAlice Park | VP Engineering | -\nBruno Silva | Eng Manager | Alice Park\n"
    "Chen Wei | Eng Manager | Alice Park\n\norg chart but leave out the VPs",
    # a caption that adds a state or a move
    f"From{T}Event{T}To\nDraft{T}submit{T}In Review\nIn Review{T}approve{T}Published\n\n"
    "^ state machine for our docs workflow, plus a Rejected state",
    f"From{T}Event{T}To\nDraft{T}submit{T}In Review\nIn Review{T}approve{T}Published\n\n^ state machine, Draft can also be deleted",
    f"From{T}Event{T}To\nDraft{T}submit{T}In Review\nIn Review{T}approve{T}Published\n\n^ Published goes to Archived",
])
def test_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_dependency_arrows_the_other_way_round_are_caught() -> None:
    planted_reason(DEPENDS, [("ui-kit", "web"), ("api-client", "web"), ("ui-kit", "admin"), ("tokens", "ui-kit")])


def test_planted_dependency_row_left_out_is_caught() -> None:
    planted_reason(DEPENDS, [("web", "ui-kit"), ("web", "api-client"), ("ui-kit", "tokens")], extra=("admin",))


def test_planted_call_drawn_from_the_callee_is_caught() -> None:
    planted_reason(CALLS, [("API Gateway", "Mobile App"), ("API Gateway", "Auth Service"), ("Auth Service", "Users DB")])


def test_planted_people_table_with_a_report_under_the_wrong_manager_is_caught() -> None:
    planted_reason(PEOPLE, [("Alice Park", "Bruno Silva"), ("Bruno Silva", "Chen Wei"), ("Bruno Silva", "Diana Ruiz")])


def test_planted_people_table_change_said_after_it_is_not_taken_as_a_heading() -> None:
    intent = PEOPLE.replace("org chart from this ^", "org chart from this ^ but put Chen under Bruno")
    planted_reason(intent, [("Alice Park", "Bruno Silva"), ("Alice Park", "Chen Wei"), ("Bruno Silva", "Diana Ruiz")])


def test_planted_transition_with_the_wrong_event_is_caught() -> None:
    planted_reason(STATES, [("Draft", "In Review", "approve"), ("In Review", "Published", "submit"),
                            ("Published", "Archived", "archive")])


def test_planted_dependency_map_drawn_the_other_way_round_is_caught() -> None:
    planted_reason(MAP, [("ui-kit", "web-app"), ("api-client", "web-app"), ("http-core", "api-client"),
                         ("auth", "api-client"), ("http-core", "auth")])


def test_planted_step_table_missing_a_row_under_a_long_caption_is_caught() -> None:
    planted_reason(STEPS, [("Intake", "Triage"), ("Triage", "Treatment")], extra=("Discharge",))


CALL = ('sequence_diagram(participants=["Browser", "App", "Auth Server"], messages=[("Browser", "App", "click Login"), '
        '("App", "Auth Server", "authorization request"), ("Auth Server", "App", "access token")])')


def test_a_python_keyword_call_is_read_like_the_same_json() -> None:
    assert drawn_edges(CALL) == {("Browser", "App"): "click Login", ("App", "Auth Server"): "authorization request",
                                 ("Auth Server", "App"): "access token"}


@pytest.mark.parametrize("intent", [
    CALL.replace(")])", ")], note=\"retry twice\")"),  # an argument that is not the graph
    CALL.replace('"click Login")', '"click Login", "async")'),  # a message of four parts
    CALL.replace(")])", ")], autonumber=True)"),
    CALL.replace("messages=", "messages=sorted(") + ")",  # not a literal
])
def test_python_call_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_python_call_message_between_the_wrong_parties_is_caught() -> None:
    planted_reason(CALL, [("Browser", "App", "click Login"), ("Auth Server", "App", "authorization request"),
                          ("Auth Server", "App", "access token")])


CONDITIONS = (f"Step{T}Next{T}Condition\nReceive invoice{T}Match to PO{T}\nMatch to PO{T}Approve payment{T}match\n"
              f"Match to PO{T}Flag for review{T}mismatch\nApprove payment{T}Pay supplier{T}\n\nflowchart please")


def test_tab_rows_ending_in_an_empty_condition_cell() -> None:
    assert drawn_edges(CONDITIONS) == {("Receive invoice", "Match to PO"): None, ("Match to PO", "Approve payment"): "match",
                                       ("Match to PO", "Flag for review"): "mismatch", ("Approve payment", "Pay supplier"): None}


@pytest.mark.parametrize("intent", [
    CONDITIONS.replace(f"Pay supplier{T}", "Pay supplier"),  # the last row one cell short
    CONDITIONS.replace(f"Pay supplier{T}", f"Pay supplier{T}{T}"),  # one cell too many
    CONDITIONS.replace(f"Approve payment{T}match", f"{T}match"),  # no next step
])
def test_ragged_tab_rows_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_condition_on_the_wrong_row_is_caught() -> None:
    planted_reason(CONDITIONS, [("Receive invoice", "Match to PO", "match"), ("Match to PO", "Approve payment"),
                                ("Match to PO", "Flag for review", "mismatch"), ("Approve payment", "Pay supplier")])


TASKS = (f"Task{T}Depends on\nDesign{T}-\nBackend{T}Design\nFrontend{T}Design\nQA{T}Backend, Frontend\nRelease{T}QA\n\n"
         "make a dependency graph, arrow from the prerequisite to the task that needs it")


def test_a_depends_on_table_turned_round_with_listed_cells() -> None:
    nodes, edges = drawn(TASKS)
    assert nodes == {"Design", "Backend", "Frontend", "QA", "Release"}
    assert edges == {("Design", "Backend"), ("Design", "Frontend"), ("Backend", "QA"), ("Frontend", "QA"), ("QA", "Release")}


@pytest.mark.parametrize("intent", [
    TASKS.replace("make a dependency graph, arrow from the prerequisite to the task that needs it", "make a dependency graph"),
    TASKS + ", arrows from each task to the task it depends on",  # both ways
    TASKS + ", and Docs also depends on Design",
    f"Task{T}Depends on\nDesign{T}-\nBackend{T}-\n\narrow from the prerequisite to the task that needs it",
    "Component | Calls\nMobile App | -\nAPI Gateway | Auth Service",
])
def test_turned_round_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_turned_round_table_drawn_as_written_is_caught() -> None:
    planted_reason(TASKS, [("Backend", "Design"), ("Frontend", "Design"), ("QA", "Backend"), ("QA", "Frontend"), ("Release", "QA")])
