"""Org charts written in prose with job titles: the people listed after "Reporting to X:" ("Reporting
to Dana: Raj, Lena", "Reporting directly to the CFO are Ivy and Ben"), an executive's title said
before the name ("CTO Raj Patel", drawn "Raj Patel (CTO)"), an opening sentence that only names a
person with a role ("org chart: CEO Dana Whitfield.", "Maria is the VP of Sales.", "Dr. Patel is the
Medical Director.") and "directly" before a reporting verb ("the Registrar directly supervises …").
Each phrasing is read by the drafter and, on its own, by the check; each planted mistake is caught."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.role_names import named_roles
from oracles.tests.planted_diagrams import drawn as _drawn
from oracles.tests.planted_diagrams import planted_reason as _planted

_DANA = "org chart: CEO Dana Whitfield. Reporting to Dana: CTO Raj Patel, CFO Lena Okafor, COO Sam Ito"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (_DANA, {("Dana Whitfield (CEO)", "Raj Patel (CTO)"), ("Dana Whitfield (CEO)", "Lena Okafor (CFO)"),
                 ("Dana Whitfield (CEO)", "Sam Ito (COO)")}),
        ("Team chart. Reporting to Nadia: Owen, Paula and Quinn. Reporting to Owen are Rita and Stan.",
         {("Nadia", "Owen"), ("Nadia", "Paula"), ("Nadia", "Quinn"), ("Owen", "Rita"), ("Owen", "Stan")}),
        ("Reporting directly to the CFO are Ivy and Ben. Ivy manages Tom.", {("CFO", "Ivy"), ("CFO", "Ben"), ("Ivy", "Tom")}),
        ("Org chart: Reporting to the CEO — CTO Raj, CFO Lena.", {("CEO", "Raj (CTO)"), ("CEO", "Lena (CFO)")}),
        ("Reporting to Kim: two engineers, Lee and Max.", {("Kim", "Lee"), ("Kim", "Max")}),
        ("CTO Raj Patel and CFO Lena Okafor report to CEO Dana Whitfield. Reporting to Raj: Ana, Bo.",
         {("Dana Whitfield (CEO)", "Raj Patel (CTO)"), ("Dana Whitfield (CEO)", "Lena Okafor (CFO)"),
          ("Raj Patel (CTO)", "Ana"), ("Raj Patel (CTO)", "Bo")}),
    ],
)
def test_people_listed_after_reporting_to_and_titles_before_names(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _drawn(intent)[1] == edges


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Maria is the VP of Sales. Tom and Aisha report to Maria. Lee reports to Tom.",
         {("Maria (VP of Sales)", "Tom"), ("Maria (VP of Sales)", "Aisha"), ("Tom", "Lee")}),
        ("Org chart: Alice is the CEO. Bob (CTO) and Carol (CFO) report to Alice. Frank reports to Carol.",
         {("Alice (CEO)", "Bob (CTO)"), ("Alice (CEO)", "Carol (CFO)"), ("Carol (CFO)", "Frank")}),
        ("Priya is our engineering manager. Tom and Aisha report to Priya.",
         {("Priya (engineering manager)", "Tom"), ("Priya (engineering manager)", "Aisha")}),
        ("Dr. Okafor is the head of cardiology. Reporting to Dr. Okafor: Ana and Ben.",
         {("Dr. Okafor (head of cardiology)", "Ana"), ("Dr. Okafor (head of cardiology)", "Ben")}),
        ("VP of Sales is Maria. Tom and Aisha report to Maria.", {("Maria", "Tom"), ("Maria", "Aisha")}),
    ],
)
def test_an_opening_sentence_naming_a_person_and_their_role(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _drawn(intent)[1] == edges


@pytest.mark.parametrize(
    "intent",
    [
        "In the Registrar's office, the University Registrar directly supervises the Associate Registrar for "
        "Records and the Associate Registrar for Enrollment. The Records Officer reports to the Associate "
        "Registrar for Records.",
        "At the Dean's office, the Dean directly manages Ana and Bo. Cy reports to Ana.",
    ],
)
def test_directly_before_a_reporting_verb_and_a_possessive_scene(intent: str) -> None:
    edges = _drawn(intent)[1]
    assert len(edges) == 3
    assert all(" directly" not in tail and "office" not in tail for tail, _ in edges)


@pytest.mark.parametrize(
    "text",
    [
        "org:\nCFO reports to CEO\nController reports to CFO",  # a title on one line, a name on the next
        "The CEO Office approves. CFO Approval -> payment. Sam reports to Kim.",  # a thing after the title
        "CTO Raj Patel -> deploy -> done",  # no people in the intent
        "Kim reports to Lee. Maria is the VP of Sales.",  # not the opening sentence
        "The API is the gateway. Sam reports to Kim.",  # not a capitalised name
        "Reporting to Kim is done weekly: Lee, Max. Lee manages Bo.",  # "is" before no list of people
    ],
)
def test_what_is_not_a_titled_person_is_left_as_written(text: str) -> None:
    assert named_roles(text) == text


def test_a_reporting_to_list_drawn_upward_or_short_is_caught() -> None:
    dana, raj, lena, sam = "Dana Whitfield (CEO)", "Raj Patel (CTO)", "Lena Okafor (CFO)", "Sam Ito (COO)"
    _planted(_DANA, [(raj, dana), (lena, dana), (sam, dana)])  # the list drawn over its boss
    _planted(_DANA, [(dana, raj), (dana, lena)])  # a person left out
    _planted(_DANA, [(dana, raj), (dana, lena), (raj, sam)])  # a report under the wrong boss


def test_a_title_drawn_as_a_second_person_is_caught() -> None:
    # "CEO Dana Whitfield" and "Dana" are one person: two boxes for her are refused
    _planted(_DANA, [("CEO Dana Whitfield", "Raj Patel (CTO)"), ("Dana Whitfield", "Lena Okafor (CFO)"),
                     ("Dana Whitfield", "Sam Ito (COO)")])
    _planted(_DANA, [("CEO", "Dana Whitfield"), ("Dana Whitfield", "Raj Patel (CTO)"),
                     ("Dana Whitfield", "Lena Okafor (CFO)"), ("Dana Whitfield", "Sam Ito (COO)")])


def test_the_person_of_an_opening_role_sentence_put_under_a_report_is_caught() -> None:
    intent = "Maria is the VP of Sales. Tom and Aisha report to Maria. Lee reports to Tom."
    _planted(intent, [("Tom", "Maria (VP of Sales)"), ("Aisha", "Maria (VP of Sales)"), ("Tom", "Lee")])
    _planted(intent, [("Maria (VP of Sales)", "Tom"), ("Maria (VP of Sales)", "Aisha"), ("Aisha", "Lee")])
