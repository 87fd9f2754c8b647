"""Reporting-line phrasings: counted nouns of two words ("two shift leads, Kim and Lou"), a count of
one ("has one apprentice, Tom"), "in turn", appositive roles ("the site manager, Vera, answers to
…"). Read into exactly their lines and answered `valid`; planted bugs the check refuses.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn as _drawn
from oracles.tests.planted_diagrams import planted_reason as _planted


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("The head chef manages two line cooks, Rosa and Tim. Tim is boss of Ali.",
         {("head chef", "Rosa"), ("head chef", "Tim"), ("Tim", "Ali")}),
        ("Under Greta are three night porters: Abe, Bo and Cy.",
         {("Greta", "Abe"), ("Greta", "Bo"), ("Greta", "Cy")}),
        ("Lena reports to Omar. Omar has one apprentice, Pip.", {("Omar", "Lena"), ("Omar", "Pip")}),
        ("Vik leads a team of two: Uma and Ned. Ned in turn leads a team of two, Zoe and Ray.",
         {("Vik", "Uma"), ("Vik", "Ned"), ("Ned", "Zoe"), ("Ned", "Ray")}),
        ("Ida manages Jo and Kai. Kai, in turn, manages Lu.", {("Ida", "Jo"), ("Ida", "Kai"), ("Kai", "Lu")}),
    ],
)
def test_counted_nouns_a_count_of_one_and_in_turn(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _drawn(intent)[1] == edges


def test_a_two_word_counted_noun_with_the_wrong_number_of_names_is_refused() -> None:
    verdict = answer("diagram", "The head chef manages two line cooks, Rosa, Tim and Ali.", "dot", {})
    assert verdict.status == "invalid"


def test_a_member_of_a_two_word_counted_list_left_out_is_caught() -> None:
    intent = "The head chef manages two line cooks, Rosa and Tim."
    _planted(intent, [("head chef", "Rosa")], extra=("Tim",))
    _planted(intent, [("head chef", "Rosa"), ("Rosa", "Tim")])


def test_a_count_of_one_before_two_names_is_no_introduction() -> None:
    _planted("Lena reports to Omar. Omar has one apprentice, Pip and Sid.",
             [("Omar", "Lena"), ("Omar", "Pip"), ("Omar", "Sid")])


def test_in_turn_drawn_into_a_name_is_caught() -> None:
    intent = "Ida manages Jo and Kai. Kai in turn manages Lu."
    _planted(intent, [("Ida", "Jo"), ("Ida", "Kai"), ("Kai in turn", "Lu")])


# --- appositive roles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "nodes", "edges"),
    [
        (
            "the site manager, Vera, answers to the area director, Quinn.",
            {"Vera (site manager)", "Quinn (area director)"},
            {("Quinn (area director)", "Vera (site manager)")},
        ),
        (
            "Clinic staff: the practice manager, Noor, reports to the head of care, Dr Imre. Under Noor are two "
            "receptionists, Bea and Cal.",
            {"Noor (practice manager)", "Dr Imre (head of care)", "Bea", "Cal"},
            {("Dr Imre (head of care)", "Noor (practice manager)"), ("Noor (practice manager)", "Bea"),
             ("Noor (practice manager)", "Cal")},
        ),
    ],
)
def test_a_role_beside_a_name_is_one_person_labelled_with_the_role(
    intent: str, nodes: set[str], edges: set[tuple[str, str]]
) -> None:
    assert _drawn(intent) == (nodes, edges)


@pytest.mark.parametrize(
    "text",
    [
        "the cook, Ana, Bo and Cy report to Max.",  # a list, not a role
        "Ola manages the sales team, Kim.",  # a team is no person's role
        "the API, Redis, calls the DB.",  # no reporting line, no lowercase role
    ],
)
def test_lists_and_things_are_not_read_as_roles(text: str) -> None:
    from oracles.engine.diagram.appositives import roles_in_brackets

    assert roles_in_brackets(text) == text


def test_a_role_moved_to_another_person_or_a_person_split_in_two_is_caught() -> None:
    intent = "the site manager, Vera, answers to the area director, Quinn."
    _planted(intent, [("Quinn (site manager)", "Vera (area director)")])
    _planted(intent, [("Quinn", "Vera")])
    clinic = "the practice manager, Noor, reports to Dr Imre. Under Noor are two receptionists, Bea and Cal."
    _planted(clinic, [("Dr Imre", "Noor (practice manager)"), ("Noor", "Bea"), ("Noor", "Cal")])


def test_a_plural_role_before_bracketed_names_only_introduces_them() -> None:
    intent = "the night porters (Abe, Bo) answer to the duty manager, Greta."
    assert _drawn(intent) == ({"Abe", "Bo", "Greta (duty manager)"},
                              {("Greta (duty manager)", "Abe"), ("Greta (duty manager)", "Bo")})


def test_a_bracketed_name_left_out_after_a_plural_role_is_caught() -> None:
    _planted("the night porters (Abe, Bo) answer to Greta.", [("Greta", "Abe")], extra=("Bo",))


# --- a reporting verb said once for two lines -------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Pia reports to Lars and Oskar to Mette.", {("Lars", "Pia"), ("Mette", "Oskar")}),
        ("Ward staff: the ward clerk is managed by Sister Ray and the porter by Mr Dale.",
         {("Sister Ray", "ward clerk"), ("Mr Dale", "porter")}),
    ],
)
def test_a_verb_said_once_for_two_lines(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _drawn(intent)[1] == edges


def test_a_second_verb_or_a_different_preposition_is_not_gapping() -> None:
    from oracles.engine.diagram.gapping import ungapped

    for text in ("The form is managed by Ida and approved by Max.", "Pia reports to Lars and Oskar by Mette."):
        assert ungapped(text) == text


def test_the_gapped_line_given_to_the_first_boss_is_caught() -> None:
    intent = "Pia reports to Lars and Oskar to Mette."
    _planted(intent, [("Lars", "Pia"), ("Lars", "Oskar")], extra=("Mette",))
    _planted(intent, [("Lars", "Pia"), ("Oskar", "Mette")])


# --- "has X under him/her", a request typed in chat ---------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("The bursar oversees the clerk. The clerk has a trainee under him.", {("bursar", "clerk"), ("clerk", "trainee")}),
        ("Ruth manages Sol and Tova. Tova has Uri and Val under her.",
         {("Ruth", "Sol"), ("Ruth", "Tova"), ("Tova", "Uri"), ("Tova", "Val")}),
        ("hey can u draw this as a tree? top is Garden. under Garden there's Beds and Pond.",
         {("Garden", "Beds"), ("Garden", "Pond")}),
    ],
)
def test_has_someone_under_her_and_a_chat_request(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _drawn(intent)[1] == edges


def test_the_person_under_her_left_out_or_put_under_another_is_caught() -> None:
    intent = "Ruth manages Sol and Tova. Tova has Uri under her."
    _planted(intent, [("Ruth", "Sol"), ("Ruth", "Tova")], extra=("Uri",))
    _planted(intent, [("Ruth", "Sol"), ("Ruth", "Tova"), ("Sol", "Uri")])

