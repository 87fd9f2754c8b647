"""Org charts (helper h1): two reporting lines in one sentence ("Sam reports to Jonas, and Noor and Felix report
to Lea"), a counted group set off by dashes ("The three shift leads - Omar, Wei and Jess - all report to her"),
the unit the heading names run by a person ("Support org: Lena runs Support."), an org heading before a spaced
dash ("can u draw the eng org — …"), "X has two engineers under him, A and B", a closing note on which way the
arrows point (org_clauses_forms.py / hierarchy.py, the check's org_clauses_normal.py, words in
org_clauses_words.py, framing.py), and the check's rule against a note that repeats the name
(org_note_check.py). Near misses are refused, never drawn."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.org_clauses_forms import org_clauses_forms
from oracles.engine.diagram.org_clauses_normal import org_clauses_normal_form
from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason

SUPPORT = ("Support org: Lena runs Support. The three shift leads - Omar, Wei and Jess - all report to her. "
           "Omar has two agents under him, Tia and Ravi. Jess has one: Kofi.")
SUPPORT_EDGES = {("Lena", "Omar"), ("Lena", "Wei"), ("Lena", "Jess"), ("Omar", "Tia"), ("Omar", "Ravi"), ("Jess", "Kofi")}


@pytest.mark.parametrize(("intent", "edges"), [
    (SUPPORT, SUPPORT_EDGES),
    ("Team org: Ada leads Team. The two leads – Bo and Cy – both report to her.", {("Ada", "Bo"), ("Ada", "Cy")}),
    ("Org chart: Sam reports to Jonas, and Noor and Felix report to Lea.",
     {("Jonas", "Sam"), ("Lea", "Noor"), ("Lea", "Felix")}),
    ("Can you sketch our little team structure? Arrows should point from boss to the person reporting to them. Priya "
     "runs the whole thing. Jonas and Lea both report to Priya. Sam reports to Jonas, and Noor and Felix report to Lea.",
     {("Priya", "Jonas"), ("Priya", "Lea"), ("Jonas", "Sam"), ("Lea", "Noor"), ("Lea", "Felix")}),
    ("can u draw the eng org — Sam's team: Jin, Olu. Rita's team: Ken. Sam and Rita both report to Dev.",
     {("Sam", "Jin"), ("Sam", "Olu"), ("Rita", "Ken"), ("Dev", "Sam"), ("Dev", "Rita")}),
    ("warehouse org - Jo manages Mike and Tasha.", {("Jo", "Mike"), ("Jo", "Tasha")}),
    ("Org chart: Kim has two charge nurses under her: Ana and Ben.", {("Kim", "Ana"), ("Kim", "Ben")}),
    ("Org chart: Luis has two engineers under him, Sam and Ravi.", {("Luis", "Sam"), ("Luis", "Ravi")}),
    ("can u do an org chart for the support team: Maria (Head of Support) manages Tom and Aisha, both team leads. "
     "Tom has Li and Jonas; Aisha has Priya, Ken and Sam",
     {("Maria (Head of Support)", "Tom"), ("Maria (Head of Support)", "Aisha"), ("Tom", "Li"), ("Tom", "Jonas"),
      ("Aisha", "Priya"), ("Aisha", "Ken"), ("Aisha", "Sam")}),
    ("Org chart: Maria manages Tom and Aisha, both leads. Tom has Li.", {("Maria", "Tom"), ("Maria", "Aisha"), ("Tom", "Li")}),
    ("quick one: our support org. Benedikt manages Yuki and Omari.", {("Benedikt", "Yuki"), ("Benedikt", "Omari")}),
    # titles with their full stop inside a counted list and after "Under"; "I need organigram for …" (no article)
    ("I need organigram for our school. The director is Mr. Kowalski. Under him are two vice-directors: Mrs. Nowak "
     "and Mr. Wiśniewski. Under Mrs. Nowak are the teachers Anna and Piotr. Under Mr. Wiśniewski is the secretary Ewa.",
     {("Mr. Kowalski", "Mrs. Nowak"), ("Mr. Kowalski", "Mr. Wiśniewski"), ("Mrs. Nowak", "Anna"),
      ("Mrs. Nowak", "Piotr"), ("Mr. Wiśniewski", "Ewa")}),
    ("The director is Mr. Kowalski. Under him are two vice-directors: Mrs. Nowak and Mr. Wiśniewski.",
     {("Mr. Kowalski", "Mrs. Nowak"), ("Mr. Kowalski", "Mr. Wiśniewski")}),
    # a role before the bracketed names it introduces
    ("Organization of our school: the director is Mr. Hoffmann. Under him are two vice directors, Mrs. Braun and Mr. "
     "Klein. Teachers of math and physics (Mrs. Weber, Mr. Wolf) are under Mrs. Braun. Teacher of languages (Mrs. "
     "Schulz) is under Mr. Klein.",
     {("Mr. Hoffmann", "Mrs. Braun"), ("Mr. Hoffmann", "Mr. Klein"), ("Mrs. Braun", "Mrs. Weber"),
      ("Mrs. Braun", "Mr. Wolf"), ("Mr. Klein", "Mrs. Schulz")}),
    ("Org chart: Teachers of math (Mrs. Weber, Mr. Wolf, Mr. Bo) are under Mrs. Braun.",
     {("Mrs. Braun", "Mrs. Weber"), ("Mrs. Braun", "Mr. Wolf"), ("Mrs. Braun", "Mr. Bo")}),
    ("Org chart: Nurses (Ana, Bo) report to Cy.", {("Cy", "Ana"), ("Cy", "Bo")}),
])
def test_phrasings_are_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


def test_both_sides_read_the_same_group() -> None:
    said = "The three shift leads - Omar, Wei and Jess - all report to her."
    assert org_clauses_forms(said) == org_clauses_normal_form(said) == "Omar, Wei and Jess report to her."
    assert org_clauses_forms("Support org: Lena runs Support. Bo reports to Lena.") == \
        org_clauses_normal_form("Support org: Lena runs Support. Bo reports to Lena.") == \
        "Support org: Lena runs support. Bo reports to Lena."


NEAR_MISSES = [
    SUPPORT.replace("Omar, Wei and Jess", "Omar and Jess"),  # three counted, two named
    SUPPORT.replace("The three", "The two"),  # two counted, three named
    SUPPORT.replace("Lena runs Support", "Lena runs Sales"),  # not the unit the heading names: who is "her"?
    SUPPORT.replace("all report", "will report"),  # not a line as it stands
    SUPPORT.replace("Omar, Wei and Jess", "Omar, Wei or Jess"),  # a choice
    SUPPORT.replace("one: Kofi", "one: Kofi and Bo"),  # one counted, two named
    "Org chart: Sam reports to Jonas, and Noor and Felix don't report to Lea.",  # denied
    "Org chart: Luis has two engineers under him, Sam.",  # two counted, one named
    "Org chart: Luis has two engineers under him, Sam, Ravi and Bo.",  # two counted, three named
    "Org chart: Luis has no engineers under him: Sam and Ravi.",  # denied
    "Org chart: Maria manages Tom, Aisha and Bo, both team leads.",  # "both" of three
    "Org chart: Maria manages Tom and Aisha, both team leads, and Bo.",  # a third person after the note
    "Org chart: Maria manages Tom and Aisha, both part-time.",  # not a role
    "Org chart: Maria manages Tom and Aisha, both of whom lead teams.",  # a clause: whom do they lead?
    "Org chart: Maria manages Tom and Aisha, both team leads and Bo.",  # a name inside the note
    "Org chart: Teachers of math (Mrs. Weber, Mr. Wolf) is under Mrs. Braun.",  # the verb says one
    "Org chart: Sales and marketing (Mrs. Weber, Mr. Wolf) are under Mrs. Braun.",  # not a person's role
    "Org chart: Teachers of math (Mrs. Weber, Mr. Wolf) are not under Mrs. Braun.",  # denied
    "The director is Mr. Kowalski. Under him are two vice-directors: Mrs. Nowak.",  # two counted, one named
    "The director is Mr. Kowalski. Under him are two vice-directors: Mrs. Nowak, Mr. Bo and Dr. Wiśniewski.",
    "I need organigram for our school. The director is Mr. Kowalski. Under him are Mrs. Nowak and Mr. Bo. Under "
    "Mrs. Nowak are three teachers: Anna and Piotr.",  # three counted, two named
]


@pytest.mark.parametrize("intent", NEAR_MISSES)
def test_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)


def test_both_sides_read_the_role_before_names() -> None:
    said = "Org chart: Teachers of math and physics (Mrs. Weber, Mr. Wolf) are under Mrs. Braun."
    assert org_clauses_forms(said) == org_clauses_normal_form(said) == "Org chart: Mrs. Weber and Mr. Wolf are under Mrs. Braun."


def test_planted_role_kept_as_a_node_is_refused() -> None:
    # a drafter that kept the role as a box of its own draws what the intent does not say
    said = "Org chart: Teachers of math (Mrs. Weber, Mr. Wolf) are under Mrs. Braun."
    assert planted_reason(said, [("Mrs. Braun", "Teachers of math"), ("Teachers of math", "Mrs. Weber"),
                                 ("Teachers of math", "Mr. Wolf")])


def test_planted_short_list_after_titles_is_refused() -> None:
    # the check counts "Mrs. Nowak and Mr. Wiśniewski" as two names: a drafter that drew one is refused
    intent = "The director is Mr. Kowalski. Under him are two vice-directors: Mrs. Nowak and Mr. Wiśniewski."
    assert planted_reason(intent, [("Mr. Kowalski", "Mrs. Nowak")])


def test_both_sides_drop_the_both_note() -> None:
    said = "Maria manages Tom and Aisha, both team leads."
    assert org_clauses_forms(said) == org_clauses_normal_form(said) == "Maria manages Tom and Aisha."


def test_a_role_said_again_beside_the_name_stays_its_note() -> None:
    # "… report to Adeyemi (director)" once drew a second node 'Adeyemi (Adeyemi)' beside the top
    intent = "Org chart: Adeyemi (director). Carla and Ivan report to Adeyemi (director)."
    assert drawn(intent) == ({"Adeyemi (director)", "Carla", "Ivan"},
                             {("Adeyemi (director)", "Carla"), ("Adeyemi (director)", "Ivan")})


def test_planted_note_repeating_the_name_is_refused() -> None:
    intent = "Org chart: Adeyemi (director). Carla and Ivan report to Adeyemi (director)."
    reason = planted_reason(intent, [("Adeyemi (Adeyemi)", "Carla"), ("Adeyemi (Adeyemi)", "Ivan")],
                            extra=("Adeyemi (director)",))
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED", "EDGE_MISSING"}


def test_note_repeating_the_name_rule_alone() -> None:
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.org_note_check import refuse_note_repeating_name
    with pytest.raises(EngineRefusal, match="repeats the name"):
        refuse_note_repeating_name("Adeyemi (director). Carla reports to Adeyemi (director).", ["Adeyemi (Adeyemi)", "Carla"])
    refuse_note_repeating_name("Org: Echo (Echo) reports to Ana.", ["Echo (Echo)", "Ana"])  # written so: no refusal
