"""Sentences that send every branch before them on to one step, said without "both"/"either way":
"After both, …", "Whichever happens, …", "Regardless, …", "No matter which path, …". The drafter
(rejoin_forms.py) and the check (rejoin_normal.py) each read them as "In both cases, …"; "after both
are done" (a fan-in) is left to the parallel readers."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.rejoin_forms import rejoin_openers
from oracles.engine.diagram.rejoin_normal import rejoin_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted

_BRANCHES = "inspect the tyre. If it is worn, replace the tyre; otherwise, patch the tyre. "


@pytest.mark.parametrize(
    "rejoin",
    ["After both, refit the wheel.", "After either one, refit the wheel.", "Whichever happens, refit the wheel.",
     "Whichever path is taken, refit the wheel.", "Regardless, refit the wheel.", "No matter which, we refit the wheel."],
)
def test_every_branch_goes_on_to_the_step_after_the_rejoin(rejoin: str) -> None:
    nodes, edges = _drawn(_BRANCHES + rejoin)
    assert nodes == {"inspect the tyre", "replace the tyre", "patch the tyre", "refit the wheel"}
    assert ("replace the tyre", "refit the wheel") in edges and ("patch the tyre", "refit the wheel") in edges


@pytest.mark.parametrize("rewrite", [rejoin_openers, rejoin_normal_form])
@pytest.mark.parametrize("intent", ["After both are done, refit the wheel.", "weigh it after both scales are zeroed",
                                    "Regardless of cost we patch it."])
def test_both_readings_leave_other_sentences_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    assert rewrite(intent) == intent


def test_both_readings_agree() -> None:
    intent = "a. if x, b; otherwise, c.  Whichever happens, d; no matter which path, e"
    assert rejoin_openers(intent) == rejoin_normal_form(intent) == "a. if x, b; otherwise, c.  In both cases, d; In both cases, e"


def test_a_branch_left_out_of_the_rejoin_is_caught() -> None:
    # planted bug: the drafter forgets the join edge from the "otherwise" branch
    reason = _planted(_BRANCHES + "Whichever happens, refit the wheel.", "  n2 -> n3;\n", "")
    assert reason["code"] == "EDGE_MISSING"
