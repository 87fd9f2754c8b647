"""Roles said before names in org charts: a capitalised word opening a singular role ("Team lead Eli") keeps the
role as written instead of dropping its second word ('Team Eli', valid on main; role_brackets.py, both sides); a
plural role glued to the first of the names it introduces ('Team leads Eli' beside 'Fay') is refused
(plural_role_check.py)."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason


@pytest.mark.parametrize(("intent", "node"), [
    ("Org: Dana heads support. Team lead Eli reports to Dana.", "Team lead Eli"),
    ("Org: Dana heads support. Team manager Eli reports to Dana.", "Team manager Eli"),
    ("Org chart. Engineering manager Priya manages Tom and Ana.", "Engineering manager Priya"),
])
def test_a_two_word_role_is_never_cut_to_its_first_word(intent: str, node: str) -> None:
    labels, _ = drawn(intent)
    assert node in labels, labels


def test_a_lowercase_role_before_a_name_still_names_the_person() -> None:
    labels, edges = drawn("Dr. Mensah supervises postdoc Max Weber and postdoc Ana Lima.")
    assert {"Max Weber", "Ana Lima"} <= labels and ("Dr. Mensah", "Max Weber") in edges


def test_a_plural_role_glued_to_a_name_is_refused() -> None:
    reason = refusal_reason("Our support org: Head of Support is Dana. Team leads Eli and Fay report to Dana. "
                            "Agents Gus and Hal report to Eli.")
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "'Team leads'" in reason["message"], reason


def test_planted_plural_role_glued_to_a_name_is_refused() -> None:
    intent = "Support org: Dana leads support. Agents Gus and Hal report to Dana."
    reason = planted_reason(intent, [("Dana", "Agents Gus"), ("Dana", "Hal")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "'Agents'" in reason["message"], reason


def test_the_rewrite_without_the_role_is_drawn() -> None:
    labels, edges = drawn("Our support org: Head of Support is Dana. Eli and Fay report to Dana. Gus and Hal report to Eli.")
    assert labels == {"Dana", "Eli", "Fay", "Gus", "Hal"} and ("Eli", "Gus") in edges


def test_a_body_named_with_a_plural_stays() -> None:
    labels, _ = drawn("Org chart: Ann manages Developers Inc and Bo.")
    assert "Developers Inc" in labels


_TOP = "Dana Reyes is the CEO. Reporting directly to her are the CFO (Li Wei) and the CTO (Sam Okafor). "


@pytest.mark.parametrize(("intent", "code"), [
    (_TOP + "The CTO manages Ivan or Aisha.", "NODE_HOLDS_RELATION"),
    ("Org: Ann manages Bo or Cy.", "NODE_HOLDS_RELATION"),
    (_TOP + "The CTO manages the same as the CFO's.", "NODE_NOT_IN_INTENT"),
])
def test_a_choice_of_people_or_a_pointer_is_no_node(intent: str, code: str) -> None:
    assert refusal_reason(intent)["code"] == code


def test_planted_choice_of_people_is_refused() -> None:
    reason = planted_reason("Org: Ann manages Bo or Cy.", [("Ann", "Bo or Cy")])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'Bo or Cy'" in reason["message"], reason


def test_people_named_with_and_stay() -> None:
    labels, _ = drawn("Org: Ann manages Bo and Cy.")
    assert labels == {"Ann", "Bo", "Cy"}
