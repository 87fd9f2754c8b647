"""Org charts: an opening that says who leads the whole unit ("The organisation is headed by the Chief
Executive Officer, Dana Reyes."), "The CTO's direct reports are …" (org_opening_forms.py, the check's
org_opening_normal.py, words in org_opening_words.py), and a closing note that only puts the managers on
top ("Org chart, manager on top.", framing.py). Near misses are refused, never drawn."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.framing import without_framing
from oracles.engine.diagram.org_opening_forms import org_opening_forms
from oracles.engine.diagram.org_opening_normal import org_opening_normal_form
from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason

CEO = "Dana Reyes (Chief Executive Officer)"
REPORTS = " Reporting directly to her are the CFO (Li Wei) and the CTO (Sam Okafor)."
CTO_REPORTS = " The CTO's direct reports are the Head of Platform (Ivan Petrov) and the Head of Data (Aisha Khan)."
OPENING = "The organisation is headed by the Chief Executive Officer, Dana Reyes."
FULL = OPENING + REPORTS + CTO_REPORTS + " Please provide an organisational chart."
FULL_NODES = {CEO, "Li Wei (CFO)", "Sam Okafor (CTO)", "Ivan Petrov (Head of Platform)", "Aisha Khan (Head of Data)"}
FULL_EDGES = {(CEO, "Li Wei (CFO)"), (CEO, "Sam Okafor (CTO)"), ("Sam Okafor (CTO)", "Ivan Petrov (Head of Platform)"),
              ("Sam Okafor (CTO)", "Aisha Khan (Head of Data)")}


def test_opening_and_direct_reports_are_read() -> None:
    assert drawn(FULL) == (FULL_NODES, FULL_EDGES)


@pytest.mark.parametrize(("intent", "nodes", "edges"), [
    ("The Talent department is headed by the Director of Talent, Grace Owusu. Bo and Cy report to Grace Owusu.",
     {"Grace Owusu (Director of Talent)", "Bo", "Cy"},
     {("Grace Owusu (Director of Talent)", "Bo"), ("Grace Owusu (Director of Talent)", "Cy")}),
    ("The foundation is led by Helen. Victor and Amara report to Helen.",
     {"Helen", "Victor", "Amara"}, {("Helen", "Victor"), ("Helen", "Amara")}),
    ("The team is led by the coach, Ana. Bo reports to Ana. Bo's direct reports are Cy and Di.",
     {"Ana (coach)", "Bo", "Cy", "Di"}, {("Ana (coach)", "Bo"), ("Bo", "Cy"), ("Bo", "Di")}),
])
def test_other_openings_are_read(intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    assert drawn(intent) == (nodes, edges)


def test_both_sides_read_the_same_form() -> None:
    assert org_opening_forms(FULL) == org_opening_normal_form(FULL)
    assert org_opening_forms(FULL).startswith(f"{CEO}. Reporting")
    assert "The CTO manages the Head of Platform (Ivan Petrov)" in org_opening_normal_form(FULL)


NEAR_MISSES = [
    OPENING.replace("Dana Reyes.", "Dana Reyes and Bo Li.") + REPORTS,  # two leads
    OPENING.replace("Dana Reyes.", "Dana Reyes, and the board.") + REPORTS,  # more than the person
    "The organisation is headed by the Chief Executive Officer." + REPORTS,  # no name: who is "her"?
    OPENING.replace("is headed", "is not headed") + REPORTS,
    OPENING.replace("is headed", "was headed") + REPORTS,
    OPENING.replace("Dana Reyes.", "dana reyes.") + REPORTS,
    "The company is run by the owner, Ana, with Bo. Cy reports to Ana.",
    "The team is also led by Ana. Bo reports to Ana.",
    OPENING + REPORTS + " The CTO's direct reports are the same as the CFO's.",
    OPENING + REPORTS + " The CTO's direct reports are Ivan or Aisha.",
    OPENING + REPORTS + " The CTO's direct reports are not yet hired.",
    OPENING + REPORTS + " The CEO's direct reports are Ivan Petrov and Aisha Khan.",  # "the CEO" is never said
    OPENING + REPORTS + " The CTO's former direct reports are Ivan and Aisha.",
    "The team is led by the coach, Ana. Bo reports to Ana. Bo's direct reports are Cy and Di but Cy left.",
    "The team is led by the coach, Ana. Bo reports to Ana. Bo's direct reports are Cy and di.",
]


@pytest.mark.parametrize("intent", NEAR_MISSES)
def test_near_misses_are_refused(intent: str) -> None:
    refusal_reason(intent)


def test_direct_reports_of_a_role_never_named_are_left_as_written() -> None:
    text = OPENING + REPORTS + " The CEO's direct reports are Ivan and Aisha."
    assert "The CEO's direct reports" in org_opening_forms(text)
    assert "The CEO's direct reports" in org_opening_normal_form(text)


def test_planted_unit_drawn_as_a_box_is_refused() -> None:
    planted_reason(FULL, [*FULL_EDGES, ("organisation", CEO)])


def test_planted_cto_reports_under_the_ceo_are_refused() -> None:
    planted_reason(FULL, [(CEO, "Li Wei (CFO)"), (CEO, "Sam Okafor (CTO)"), (CEO, "Ivan Petrov (Head of Platform)"),
                          (CEO, "Aisha Khan (Head of Data)")])


def test_planted_reversed_direct_reports_are_refused() -> None:
    planted_reason(FULL, [(CEO, "Li Wei (CFO)"), (CEO, "Sam Okafor (CTO)"), ("Ivan Petrov (Head of Platform)", "Sam Okafor (CTO)"),
                          ("Aisha Khan (Head of Data)", "Sam Okafor (CTO)")])


def test_planted_top_without_the_role_is_refused() -> None:
    planted_reason(FULL, [(("Dana Reyes" if t == CEO else t), h) for t, h in FULL_EDGES])


LINES = "Maria is the VP of Sales. Tom and Aisha report to Maria. Lee reports to Tom."
LINES_DRAWN = ({"Maria (VP of Sales)", "Tom", "Aisha", "Lee"},
               {("Maria (VP of Sales)", "Tom"), ("Maria (VP of Sales)", "Aisha"), ("Tom", "Lee")})


@pytest.mark.parametrize("closing", ["Org chart, manager on top.", "Org chart - managers above their reports.",
                                     "Boss at the top please.", "Org chart, manager on top!!"])
def test_managers_on_top_is_read_as_framing(closing: str) -> None:
    assert drawn(f"{LINES} {closing}") == LINES_DRAWN


def test_managers_on_top_under_a_people_table() -> None:
    table = "employee,manager\nAna,Marta\nLuis,Marta\nMarta,Jorge\nPaula,Luis\n\nreporting lines please, managers on top"
    assert drawn(table) == ({"Ana", "Luis", "Marta", "Paula", "Jorge"},
                            {("Jorge", "Marta"), ("Marta", "Ana"), ("Marta", "Luis"), ("Luis", "Paula")})


@pytest.mark.parametrize("intent", [
    f"{LINES} Org chart, reports on top.",  # the other way round
    f"{LINES} Org chart, Lee on top.",
    f"{LINES} Org chart, manager on top of Lee.",
    f"{LINES} Org chart, manager on top, Lee at the bottom.",
    f"{LINES} Org chart, managers below reports.",
    f"{LINES} Org chart, manager on top, and Sam reports to Lee.",
    f"{LINES} Org chart with Sam, manager on top.",
    f"{LINES} Org chart, manager on top and Lee on the left.",
    "Draft -> Review -> Publish. Flowchart, manager on top.",  # no reporting line: no manager to put on top
    "Ann -> Bob. Flowchart, boss on top.",
])
def test_on_top_near_misses_are_refused(intent: str) -> None:
    refusal_reason(intent)


def test_on_top_is_framing_only_beside_reporting_lines() -> None:
    assert without_framing(f"{LINES} Org chart, manager on top.") == LINES
    assert "manager on top" in without_framing("Draft -> Review. Flowchart, manager on top.")


TALENT = ("The Talent department is headed by the Director of Talent, Grace Owusu. Daniel Kim and Elena Rossi report to "
          "Grace Owusu.")
GRACE = "Grace Owusu (Director of Talent)"


def test_a_role_and_name_is_one_person() -> None:
    intent = f"{TALENT} A recruiting coordinator, Farah Ali, reports to Elena Rossi."
    assert drawn(intent) == ({GRACE, "Daniel Kim", "Elena Rossi", "Farah Ali (recruiting coordinator)"},
                             {(GRACE, "Daniel Kim"), (GRACE, "Elena Rossi"), ("Elena Rossi", "Farah Ali (recruiting coordinator)")})
    assert org_opening_forms(intent) == org_opening_normal_form(intent)
    assert "The recruiting coordinator, Farah Ali, reports" in org_opening_normal_form(intent)


def test_a_role_and_name_outside_reporting_lines_is_left_as_written() -> None:
    assert org_opening_forms("A server, Nginx, forwards to the app.") == "A server, Nginx, forwards to the app."
    assert org_opening_normal_form("A server, Nginx, forwards to the app.") == "A server, Nginx, forwards to the app."


@pytest.mark.parametrize("tail", [
    "A recruiting coordinator, Farah Ali, and Bo Chen report to Elena Rossi.",  # two people or three?
    "A recruiting coordinator, Farah Ali, used to report to Elena Rossi.",
    "A recruiting coordinator, Farah Ali, reports to Elena Rossi or Daniel Kim.",
    "A recruiting coordinator, farah ali, reports to Elena Rossi.",
    "A Recruiting Coordinator, Farah Ali, reports to Elena Rossi.",
    "A recruiting coordinator, Farah Ali, might report to Elena Rossi.",
    "A team, Farah Ali, reports to Elena Rossi.",
    "A recruiting coordinator, Farah Ali, reports to Elena Rossi and to Daniel Kim.",
    "A recruiting coordinator, Farah Ali, and a sourcer, Bo Chen, report to Elena Rossi.",
])
def test_a_role_and_name_near_misses_are_refused(tail: str) -> None:
    refusal_reason(f"{TALENT} {tail}")


def test_planted_role_drawn_as_its_own_box_is_refused() -> None:
    intent = f"{TALENT} A recruiting coordinator, Farah Ali, reports to Elena Rossi."
    planted_reason(intent, [(GRACE, "Daniel Kim"), (GRACE, "Elena Rossi"), ("Elena Rossi", "recruiting coordinator"),
                            ("Elena Rossi", "Farah Ali")])
