"""Dependency prose with the intent's own word on which way the arrows point: "Calculus I is required
for Calculus II" / "Differential Equations needs Calculus II" / "For ML you must have Statistics" /
"app depends on ui-kit" beside "arrow from prerequisite to the course it unlocks", "arrows from each
package to the package it depends on", "arrow = depends on". The drafter (dependency_prose_forms.py)
and the check (dependency_prose_normal.py) each read it; without an instruction, with one each way,
or with another sentence that orders things in other words, nothing is guessed: refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.dependency_prose_forms import dependency_prose
from oracles.engine.diagram.dependency_prose_normal import dependency_prose_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

_COURSES = {("calc i", "calc ii"), ("calc i", "linear algebra"), ("calc ii", "diff eq"), ("linear algebra", "diff eq")}


@pytest.mark.parametrize(
    "intent",
    [
        "Course map (arrow from prerequisite to the course it unlocks): Calc I is required for Calc II and for "
        "Linear Algebra. Diff Eq needs both Calc II and Linear Algebra.",
        "Calc I is needed for Calc II. Linear Algebra need Calc I also. For Diff Eq you must have Calc II and Linear "
        "Algebra. Please draw with arrows from the needed course to the course.",
        "Prereqs, arrows from the prerequisite to the course that needs it: Calc II requires Calc I; Linear Algebra "
        "requires Calc I; Diff Eq requires Calc II and Linear Algebra",
    ],
)
def test_prerequisites_point_at_the_course_that_needs_them(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"calc i", "calc ii", "linear algebra", "diff eq"}
    assert set(edges) == _COURSES


@pytest.mark.parametrize(
    "intent",
    [
        "Package dependency graph. app depends on ui-kit and api-client. api-client depends on http-core. "
        "Draw arrows from each package to the package it depends on.",
        "Components (arrow = depends on): app depends on ui-kit and api-client; api-client depends on http-core.",
        'dep graph, arrow = "depends on": app depends on ui-kit and api-client. api-client depends on http-core.',
    ],
)
def test_arrows_point_at_what_a_part_depends_on_when_the_intent_says_so(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert set(edges) == {("app", "ui-kit"), ("app", "api-client"), ("api-client", "http-core")}


@pytest.mark.parametrize("read", [dependency_prose, dependency_prose_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "Calc I is required for Calc II. Diff Eq needs Calc II.",  # no word on the arrows' way
        "Arrows from the prerequisite to the course, and arrows from each course to what it depends on: Calc II "
        "needs Calc I.",  # both ways said
        "Renovation (arrow from the prerequisite to the task that needs it): wiring is required for plastering. "
        "You can't paint before the walls are plastered.",  # order said another way
    ],
)
def test_nothing_is_read_when_the_way_is_not_sure(read, intent: str) -> None:  # noqa: ANN001
    assert read(intent) in (None, intent)


def test_a_sentence_said_another_way_is_refused_not_guessed() -> None:
    _refused("Renovation (arrow from the prerequisite to the task that needs it): wiring is required for plastering. "
             "You can't paint before the walls are plastered.")


def test_an_arrow_drawn_the_wrong_way_is_caught() -> None:
    # planted bug: the drafter turns one dependency round
    intent = "Course map (arrow from prerequisite to the course it unlocks): Calc I is required for Calc II. Calc II is required for Diff Eq."
    reason = _planted(intent, "  n0 -> n1;\n", "  n1 -> n0;\n")
    assert reason["code"] in {"EDGE_NOT_IN_INTENT", "EDGE_MISSING"}


def test_a_dropped_prerequisite_is_caught() -> None:
    # planted bug: the drafter forgets one prerequisite of a course that needs two
    intent = "Course map (arrow from prerequisite to the course it unlocks): Calc I is required for Calc II and for Linear Algebra."
    reason = _planted(intent, "  n0 -> n2;\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED", "NODE_MISSING"}
