"""Org charts as people write and paste them: a people table ("name | title | reports_to"), people
records and a manager → reports map in JSON, and prose that says a person's role beside their name
("Maria Lopez, the CEO, has …", "the head nurse, Carla, and the practice manager, Ivan, both report
to …"). The drafter (people_table_forms.py, hierarchy.py) and the check (people_table_normal.py, its
normal form) each read them; an ambiguous list or a turned-round direction is refused, and a drawing
that drops or moves a person is refused by the check alone."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.appositives import roles_in_brackets
from oracles.engine.diagram.first_person import first_person_as_named
from oracles.engine.diagram.people_clauses import who_lists_apart
from oracles.engine.diagram.people_table_forms import read_people_table
from oracles.engine.diagram.people_table_normal import people_table_as_sentences
from oracles.engine.diagram.role_brackets import (
    plural_roles_before_names,
    roles_before_bracketed_names,
    singular_roles_before_names,
)
from oracles.engine.diagram.role_names import role_sentence_as_top
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

_TREE = {("ana ruiz", "bo lind"), ("ana ruiz", "cy moss"), ("bo lind", "di park")}


@pytest.mark.parametrize(
    "intent",
    [
        "name | title | reports_to\nAna Ruiz | CEO | -\nBo Lind | CFO | Ana Ruiz\nCy Moss | CTO | Ana Ruiz\nDi Park | Clerk | Bo Lind",
        "| Name | Role | Reports to |\n|---|---|---|\n| Ana Ruiz | CEO | |\n| Bo Lind | CFO | Ana Ruiz |\n"
        "| Cy Moss | CTO | Ana Ruiz |\n| Di Park | Clerk | Bo Lind |",
        "Make an org chart from this HR export:\n\nEmployee,Manager\nAna Ruiz,\nBo Lind,Ana Ruiz\nCy Moss,Ana Ruiz\nDi Park,Bo Lind",
        "Person\tPosition\tBoss\nAna Ruiz\tCEO\tnone\nBo Lind\tCFO\tAna Ruiz\nCy Moss\tCTO\tAna Ruiz\nDi Park\tClerk\tBo Lind\n"
        "org chart please",
    ],
)
def test_a_people_table_is_drawn_manager_over_report(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"ana ruiz", "bo lind", "cy moss", "di park"}
    assert set(edges) == _TREE


@pytest.mark.parametrize(
    "intent",
    [
        "name | title | manager | department\nAna | CEO | - | Exec\nBo | CFO | Ana | Finance",  # a column of another kind
        "name | manager\nAna | -\nBo | Ana\nBo | Cy",  # a person listed twice
        "name | manager\nAna | -\nBo | Ana | extra",  # a row too long
    ],
)
def test_a_table_that_is_not_plainly_people_is_not_read_as_one(intent: str) -> None:
    assert read_people_table(intent) is None
    assert people_table_as_sentences(intent) == intent
    _refused(intent)


def test_a_manager_nobody_lists_is_drawn_by_the_name_the_cell_gives() -> None:
    nodes, edges = _drawn("name\treports to\nAna\tCEO\nBo\tAna")
    assert nodes == {"ana", "bo", "ceo"}
    assert set(edges) == {("ceo", "ana"), ("ana", "bo")}


def test_the_check_reads_the_table_on_its_own() -> None:
    table = "name | title | manager\nAna | CEO | -\nBo | CFO | Ana\nCy | CTO | Ana\nDi | Clerk | Bo"
    assert people_table_as_sentences(table) == "Ana manages Bo and Cy.\nBo manages Di."


def test_a_drawing_that_moves_a_report_is_refused_by_the_check_alone() -> None:
    intent = "name | title | manager\nAna | CEO | -\nBo | CFO | Ana\nCy | Clerk | Bo"
    reason = _planted(intent, "n1 -> n2;", "n0 -> n2;")
    assert reason["code"] in {"EDGE_NOT_IN_INTENT", "EDGE_MISSING"}


def test_a_drawing_that_drops_a_person_is_refused_by_the_check_alone() -> None:
    intent = "name | title | manager\nAna | CEO | -\nBo | CFO | Ana\nCy | Clerk | Bo"
    _planted(intent, '  n2 [label="Cy"];\n', "")


# --- JSON: people records beside words about the drawing, a manager → reports map ---------------


@pytest.mark.parametrize(
    "intent",
    [
        '{"chart": "org", "people": [{"name": "Ana"}, {"name": "Bo", "reports_to": "Ana"}, {"name": "Cy", "reports_to": "Bo"}]}',
        '{"name": "draw_org_chart", "input": {"edges_direction": "manager_to_report", "people": [{"name": "Ana", '
        '"reports_to": null}, {"name": "Bo", "reports_to": "Ana"}, {"name": "Cy", "reports_to": "Bo"}]}}',
        '{"type": "org_chart", "root": "Ana", "reports": {"Ana": ["Bo"], "Bo": ["Cy"]}}',
        '{"kind": "org chart", "direct_reports": {"Ana": ["Bo"], "Bo": ["Cy"]}}',
    ],
)
def test_people_in_json_are_drawn_manager_over_report(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"ana", "bo", "cy"}
    assert set(edges) == {("ana", "bo"), ("bo", "cy")}


@pytest.mark.parametrize(
    "intent",
    [
        # the arrows asked the other way round: drawing them manager first would turn them
        '{"edges_direction": "report_to_manager", "people": [{"name": "Ana"}, {"name": "Bo", "reports_to": "Ana"}]}',
        '{"root": "Bo", "reports": {"Ana": ["Bo"], "Bo": ["Cy"]}}',  # the root is not the top
        '{"root": "Ana", "reports": {"Ana": ["Bo", "Cy"], "Bo": ["Cy"]}}',  # Cy under two managers
    ],
)
def test_json_people_that_do_not_say_one_tree_are_refused(intent: str) -> None:
    _refused(intent)


# --- prose: a role said beside a name -----------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("Maria Lopez, the CEO, has two direct reports: Tom Baker, our CTO, and Aisha Khan, the CFO.",
         "Maria Lopez (CEO) has two direct reports: Tom Baker (CTO) and Aisha Khan (CFO)."),
        ("The head nurse, Carla, and the practice manager, Ivan, both report to Ana. Wen reports to Ivan.",
         "Carla (head nurse) and Ivan (practice manager) both report to Ana. Wen reports to Ivan (practice manager)."),
        ("The Department Chair, Dr. Helen Park, oversees the Medical Director, Dr. Ivan Petrov.",
         "Dr. Helen Park (Department Chair) oversees Dr. Ivan Petrov (Medical Director)."),
        ("Lee reports to Sam, our engineering manager.", "Lee reports to Sam (engineering manager)."),
    ],
)
def test_a_role_beside_a_name_is_the_persons_label(intent: str, expected: str) -> None:
    assert roles_in_brackets(intent) == expected


@pytest.mark.parametrize(
    "intent",
    [
        "Under Maria are Sue, Tom, the designer.",  # three people, or Tom the designer?
        "Ann reports to Bo, the API, Redis.",  # no person's role
    ],
)
def test_a_role_inside_a_plain_list_is_left_as_written(intent: str) -> None:
    assert roles_in_brackets(intent) == intent


@pytest.mark.parametrize(
    ("intent", "nodes", "edges"),
    [
        ("Can you draw our org chart? Maria Lopez, the CEO, has two direct reports: Tom Baker, our CTO, and Aisha Khan, "
         "the CFO. Under Tom there are Lee Wong and Priya Nair.",
         {"maria lopez (ceo)", "tom baker (cto)", "aisha khan (cfo)", "lee wong", "priya nair"},
         {("maria lopez (ceo)", "tom baker (cto)"), ("maria lopez (ceo)", "aisha khan (cfo)"),
          ("tom baker (cto)", "lee wong"), ("tom baker (cto)", "priya nair")}),
        ("Ana Diaz, our COO, manages Ben Ode and Cleo Fox. Ben Ode, the warehouse manager, supervises Dan Roy.",
         {"ana diaz (coo)", "ben ode (warehouse manager)", "cleo fox", "dan roy"},
         {("ana diaz (coo)", "ben ode (warehouse manager)"), ("ana diaz (coo)", "cleo fox"),
          ("ben ode (warehouse manager)", "dan roy")}),
    ],
)
def test_roles_beside_names_are_drawn_with_the_person(intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    drawn_nodes, drawn_edges = _drawn(intent)
    assert drawn_nodes == nodes
    assert set(drawn_edges) == edges


def test_a_surname_after_the_full_name_is_the_same_person() -> None:
    nodes, edges = _drawn("Dr. Ivan Petrov manages Dr. Kofi Mensah and Laura Brandt. Sam Whitfield reports to Dr. Petrov.")
    assert nodes == {"dr. ivan petrov", "dr. kofi mensah", "laura brandt", "sam whitfield"}
    assert {tail for tail, _ in edges} == {"dr. ivan petrov"}


def test_a_drawing_that_moves_a_titled_person_is_refused_by_the_check_alone() -> None:
    intent = "Maria Lopez, the CEO, manages Tom Baker, our CTO. Tom Baker manages Lee Wong."
    _drawn(intent)
    reason = _planted(intent, "n1 -> n2;", "n0 -> n2;")
    assert reason["code"] in {"EDGE_NOT_IN_INTENT", "EDGE_MISSING"}


# --- prose: a role with the name in brackets; a dash before the reports -------------------------


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("Ines is the studio head; under her there's a creative director (Tomás) and a producer (Hana). org chart",
         "Ines is the studio head; under her there's Tomás (creative director) and Hana (producer). org chart"),
        ("The Head of Operations (Grace Ho) manages the Warehouse Manager (Ian Park).",
         "Grace Ho (Head of Operations) manages Ian Park (Warehouse Manager)."),
        ("Under Dana: VP Eng (Raj) and Head of Security (Kim).", "Under Dana: Raj (VP Eng) and Kim (Head of Security)."),
    ],
)
def test_a_role_before_a_bracketed_name_is_the_persons_label(intent: str, expected: str) -> None:
    assert roles_before_bracketed_names(intent) == expected


@pytest.mark.parametrize(
    "intent",
    [
        "the scheduler (Airflow) manages jobs and the load balancer (Nginx) manages sessions",  # things, not people
        "Yuki (Tier 1) reports to Marco Ruiz (EMEA).",  # a note, not a role
        "Ines manages Warehouse Manager (Ian Park).".replace("Warehouse Manager (Ian Park)", "Ian Park (Warehouse Manager)"),
        "the web app (React) calls the API (FastAPI)",  # no people at all
    ],
)
def test_a_bracket_that_is_no_persons_name_beside_a_role_is_left_as_written(intent: str) -> None:
    assert roles_before_bracketed_names(intent) == intent


def test_a_role_with_the_name_in_brackets_and_a_dash_before_the_reports_is_drawn() -> None:
    nodes, edges = _drawn("Superintendent (Dr. Amal Reza) - direct reports: Principal of North Elementary (Greg Tully), "
                          "Director of Transportation (Pete Olsen). Pete has two route supervisors: Dina Kowalski and "
                          "Marco Bell. org chart")
    assert nodes == {"dr. amal reza (superintendent)", "greg tully (principal of north elementary)",
                     "pete olsen (director of transportation)", "dina kowalski", "marco bell"}
    assert set(edges) == {("dr. amal reza (superintendent)", "greg tully (principal of north elementary)"),
                          ("dr. amal reza (superintendent)", "pete olsen (director of transportation)"),
                          ("pete olsen (director of transportation)", "dina kowalski"),
                          ("pete olsen (director of transportation)", "marco bell")}


# --- a heading that says the arrows go down the tree, over a nested list ------------------------


@pytest.mark.parametrize(
    "heading",
    ["Org chart (manager -> report):", "Org chart please (arrows from manager down to direct report):",
     "Team tree (boss → employee):", "Reporting lines (parent to child):"],
)
def test_arrows_said_to_go_down_the_tree_over_a_nested_list_are_the_lists_own(heading: str) -> None:
    nodes, edges = _drawn(f"{heading}\n- CEO\n  - CTO\n    - Engineer\n  - CFO")
    assert nodes == {"ceo", "cto", "engineer", "cfo"}
    assert set(edges) == {("ceo", "cto"), ("cto", "engineer"), ("ceo", "cfo")}


@pytest.mark.parametrize(
    "heading",
    ["Org chart (report -> manager):", "Org chart (arrows from report up to manager):", "Org chart (child to parent):"],
)
def test_arrows_said_to_go_up_the_tree_are_refused_not_turned(heading: str) -> None:
    _refused(f"{heading}\n- CEO\n  - CTO\n    - Engineer\n  - CFO")


# --- the speaker as a person; roles that only introduce names; "a designer, Kate" ---------------


@pytest.mark.parametrize(
    ("intent", "nodes", "edges"),
    [
        ("I'm Priya, the head of ops; Sam and Lee report to me.", {"priya (head of ops)", "sam", "lee"},
         {("priya (head of ops)", "sam"), ("priya (head of ops)", "lee")}),
        ("My name is Jo and I manage Ana and Ben. Ben supervises Cy.", {"jo", "ana", "ben", "cy"},
         {("jo", "ana"), ("jo", "ben"), ("ben", "cy")}),
        ("I'm Sam. My team: Lee, Kim. I report to Dana.", {"sam", "lee", "kim", "dana"},
         {("sam", "lee"), ("sam", "kim"), ("dana", "sam")}),
        ("Org chart for my team: I'm Rachel. Under me I've got two PMs, Omar and Li.", {"rachel", "omar", "li"},
         {("rachel", "omar"), ("rachel", "li")}),
    ],
)
def test_the_speaker_who_says_their_name_is_that_person(intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    drawn_nodes, drawn_edges = _drawn(intent)
    assert drawn_nodes == nodes
    assert set(drawn_edges) == edges


@pytest.mark.parametrize(
    "intent",
    [
        "Sam and Lee report to me. Kim reports to Sam.",  # who "me" is is never said
        "I'm Priya. Jo is my boss; Sam reports to me.",  # "my boss" is no reporting line the readers read
    ],
)
def test_a_speaker_without_a_name_or_in_another_role_is_not_guessed(intent: str) -> None:
    _refused(intent)


def test_an_unnamed_speaker_is_left_as_written() -> None:
    intent = "Sam and Lee report to me. Kim reports to Sam."
    assert first_person_as_named(intent) == intent


@pytest.mark.parametrize(
    ("intent", "nodes", "edges"),
    [
        ("Ana manages Bo. Under Bo are the line cooks Cy and Di.", {"ana", "bo", "cy", "di"},
         {("ana", "bo"), ("bo", "cy"), ("bo", "di")}),
        ("Ana manages Bo and Cy. Bo has agents Ivy, Jon and Kai.", {"ana", "bo", "cy", "ivy", "jon", "kai"},
         {("ana", "bo"), ("ana", "cy"), ("bo", "ivy"), ("bo", "jon"), ("bo", "kai")}),
        ("Ana manages Omar and Li. Omar has a designer, Kate, and Li has two analysts, Ben and Sofia.",
         {"ana", "omar", "li", "kate (designer)", "ben", "sofia"},
         {("ana", "omar"), ("ana", "li"), ("omar", "kate (designer)"), ("li", "ben"), ("li", "sofia")}),
        ("In our restaurant the chef de cuisine is boss of the sous chef. Under sous chef are the line cooks Pedro and "
         "Amira. The pastry chef also answers directly to chef de cuisine.",
         {"chef de cuisine", "sous chef", "pedro", "amira", "pastry chef"},
         {("chef de cuisine", "sous chef"), ("sous chef", "pedro"), ("sous chef", "amira"), ("chef de cuisine", "pastry chef")}),
    ],
)
def test_a_role_that_only_introduces_the_names_is_not_a_person(intent: str, nodes: set[str],
                                                               edges: set[tuple[str, str]]) -> None:
    drawn_nodes, drawn_edges = _drawn(intent)
    assert drawn_nodes == nodes
    assert set(drawn_edges) == edges


def test_servers_named_after_their_kind_are_left_as_written() -> None:
    assert plural_roles_before_names("the scheduler manages the servers Alpha and Beta") == \
        "the scheduler manages the servers Alpha and Beta"


def test_a_drawing_that_keeps_the_role_as_a_second_report_is_refused_by_the_check_alone() -> None:
    intent = "Ana manages Omar. Omar has a designer, Kate."
    nodes, _ = _drawn(intent)
    assert nodes == {"ana", "omar", "kate (designer)"}
    _planted(intent, 'label="Kate (designer)"', 'label="Kate"')


def test_an_org_chart_in_yaml_with_each_role_keyed_to_its_person_is_drawn_as_its_tree() -> None:
    nodes, edges = _drawn("orgchart:\n  Head of Sales: Ana Ruiz\n  reports:\n    - EMEA Lead: Bo Lind\n"
                          "      reports: [Cy Moss, Di Park]\n    - Eva Ng")
    assert nodes == {"ana ruiz (head of sales)", "bo lind (emea lead)", "cy moss", "di park", "eva ng"}
    assert set(edges) == {("ana ruiz (head of sales)", "bo lind (emea lead)"), ("ana ruiz (head of sales)", "eva ng"),
                          ("bo lind (emea lead)", "cy moss"), ("bo lind (emea lead)", "di park")}


def test_a_yaml_person_with_two_roles_is_not_read_as_a_tree() -> None:
    _refused("orgchart:\n  Head of Sales: Ana Ruiz\n  Deputy: Bo Lind\n  reports: [Cy Moss]")


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("Org chart: Dr. Mensah supervises postdoc Max Weber; Dr. Brandt supervises research engineer Nia Cole.",
         "Org chart: Dr. Mensah supervises Max Weber; Dr. Brandt supervises Nia Cole."),
        ("Ana reports to Bo. The manager Cy approves.", "Ana reports to Bo. Cy approves."),
        ("Hannah reports to Ana: Tier 1 lead Carlos and Tier 2 lead Mei.",
         "Hannah reports to Ana: Tier 1 lead Carlos and Tier 2 lead Mei."),  # not a role said in lowercase
        ("Org chart for Rachel's team: Ana reports to Rachel.", "Org chart for Rachel's team: Ana reports to Rachel."),
        ("the human Resources team reports to Ana", "the human Resources team reports to Ana"),
    ],
)
def test_a_lowercase_role_before_one_name_only_says_who_the_person_is(intent: str, expected: str) -> None:
    assert singular_roles_before_names(intent) == expected


@pytest.mark.parametrize(
    "closing", ["Mei has no direct reports yet.", "Mei has no reports.", "Mei has nobody under her yet."]
)
def test_a_person_said_to_have_no_reports_is_drawn_with_nobody_under_them(closing: str) -> None:
    nodes, edges = _drawn(f"Ana manages Bo and Mei. Bo manages Cy. {closing}")
    assert nodes == {"ana", "bo", "mei", "cy"}
    assert set(edges) == {("ana", "bo"), ("ana", "mei"), ("bo", "cy")}


def test_a_report_drawn_under_a_person_said_to_have_none_is_refused_by_the_check_alone() -> None:
    intent = "Ana manages Bo and Mei. Bo manages Cy. Mei has no direct reports yet."
    _planted(intent, "n1 -> n3;", "n2 -> n3;")


@pytest.mark.parametrize(
    "intent",
    [
        "Ana manages Bo, the designer, and Cy.",  # Bo the designer and Cy, or three people?
        "Ana manages a designer, Kate, and Li.",
        "Reporting to Ana: Bo, our intern, and Cy.",
    ],
)
def test_a_role_between_a_name_and_a_lists_and_is_refused_with_a_rewrite(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_RELATION"
    assert "in brackets" in reason["message"]


def test_a_manager_named_by_part_of_a_listed_name_is_not_guessed() -> None:
    intent = "name | manager\nAna Ruiz | -\nBo Lind | Ana\nCy Moss | Ana Ruiz"
    assert read_people_table(intent) is None
    assert people_table_as_sentences(intent) == intent
    _refused(intent)


@pytest.mark.parametrize(
    ("intent", "nodes", "edges"),
    [
        # drawn before as a lone 'Ana' beside a 'CEO' node over Bo and Cy
        ("The CEO is Ana. Bo and Cy report to the CEO.", {"ana", "bo", "cy"}, {("ana", "bo"), ("ana", "cy")}),
        ("Head of Support is Benedikt. Yuki and Omari report to the Head of Support.", {"benedikt", "yuki", "omari"},
         {("benedikt", "yuki"), ("benedikt", "omari")}),
        ("Maria is the VP of Sales. Tom and Aisha report to the VP of Sales. Lee reports to Tom.",
         {"maria (vp of sales)", "tom", "aisha", "lee"},
         {("maria (vp of sales)", "tom"), ("maria (vp of sales)", "aisha"), ("tom", "lee")}),
    ],
)
def test_a_role_said_again_after_the_sentence_that_names_its_person_is_that_person(
        intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    drawn_nodes, drawn_edges = _drawn(intent)
    assert drawn_nodes == nodes
    assert set(drawn_edges) == edges


def test_a_longer_role_that_holds_the_named_one_is_another_role() -> None:
    rewritten = role_sentence_as_top("Principal is Mrs. Adeyemi. Vice Principal Bo reports to the Principal.")
    assert rewritten == "top is Mrs. Adeyemi. Vice Principal Bo reports to Mrs. Adeyemi."


def test_people_listed_each_with_a_who_clause_are_read_one_by_one() -> None:
    intent = ("Dana runs engineering. Two managers report to her: Felix, who leads a team of three (Gus, Hana, Ivo), "
              "and Joy, who has Kai and Lina. Mo answers to Joy as well.")
    assert who_lists_apart("Reporting to Ana: Bo, who manages Cy, and Di, who has Eve.") == \
        "Reporting to Ana: Bo and Di. Bo manages Cy. Di has Eve."
    nodes, edges = _drawn(intent)
    assert nodes == {"dana", "felix", "joy", "gus", "hana", "ivo", "kai", "lina", "mo"}
    assert set(edges) == {("dana", "felix"), ("dana", "joy"), ("felix", "gus"), ("felix", "hana"), ("felix", "ivo"),
                          ("joy", "kai"), ("joy", "lina"), ("joy", "mo")}
    _planted(intent, "n2 -> n6;", "n1 -> n6;")  # Kai moved under Felix: the check alone refuses


@pytest.mark.parametrize(
    "intent",
    ["Tom works for Ivy, who has one more report, Lee.", "Reporting to Ana: Bo, who manages Cy, and Di."],
)
def test_a_list_not_made_only_of_who_items_is_left_as_written(intent: str) -> None:
    assert who_lists_apart(intent) == intent
