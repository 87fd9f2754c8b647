"""Parallel steps that fan in, as people write them: openers that count the steps ("two things happen
in parallel: …"), a heading before a dash, a purpose said first, a dashed list "and only then …",
and a chain's bracketed group with a note ("→ [a, b] in parallel →"). The drafter (parallel_forms.py)
and the check (parallel_normal.py, glue.py) must both read them; a wrong count or a scene swallowed
into a name is refused."""

from __future__ import annotations

import pytest

from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.faithfulness import check_faithful
from oracles.engine.diagram.parallel_forms import parallel_openers
from oracles.engine.diagram.parallel_normal import parallel_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused


@pytest.mark.parametrize(
    "intent",
    [
        "Before the van can leave, two things happen in parallel: load the crates and sign the manifest. "
        "When both are done, depart.",
        "Van checklist — these two run at the same time: load the crates, sign the manifest. Once both are done → depart.",
        "To dispatch the van we need two things done in parallel — load the crates, sign the manifest — and only then depart.",
        "Dispatch: the following two happen simultaneously: load the crates and sign the manifest. When both are done, depart.",
    ],
)
def test_a_parallel_opener_fans_out_and_the_next_step_waits_for_all(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"load the crates", "sign the manifest", "depart"}
    assert set(edges) == {("load the crates", "depart"), ("sign the manifest", "depart")}


def test_an_opener_whose_count_is_not_the_lists_is_not_drawn_valid() -> None:
    _refused("Three things happen in parallel: load the crates, sign the manifest. When all three are done, depart.")


@pytest.mark.parametrize("rewrite", [parallel_openers, parallel_normal_form])
def test_both_readings_leave_a_wrong_count_and_a_plain_list_as_written(rewrite) -> None:  # noqa: ANN001
    wrong = "three things happen in parallel: a, b. then c"
    assert rewrite(wrong) == wrong
    plain = "in parallel: a, b. When both are done, c"
    assert rewrite(plain) == plain


@pytest.mark.parametrize(
    ("intent", "group"),
    [
        ("fetch → [resize, compress] in parallel → upload", {"resize", "compress"}),
        ("plan → {write copy, draw icons, record demo} side by side → review", {"write copy", "draw icons", "record demo"}),
        ("ingest -> (parse, validate, tag) -> store", {"parse", "validate", "tag"}),
    ],
)
def test_a_bracketed_group_in_a_chain_fans_out_and_in(intent: str, group: set[str]) -> None:
    nodes, edges = _drawn(intent)
    first, last = intent.split()[0], intent.split()[-1]
    assert nodes == {first, last} | group
    assert set(edges) == {(first, g) for g in group} | {(g, last) for g in group}


def test_a_bracketed_group_member_left_out_of_the_fan_in_is_caught() -> None:
    # planted bug: the drafter forgets one member's edge into the step after the group
    reason = _planted("ingest -> (parse, validate, tag) -> store", "  n3 -> n4;\n", "")
    assert reason["code"] == "EDGE_MISSING"


def test_the_fan_in_word_done_after_those_is_no_content() -> None:
    nodes, edges = _drawn("in parallel: pack the bags, fuel the car; when those are done, drive off.")
    assert nodes == {"pack the bags", "fuel the car", "drive off"}


def test_a_name_that_swallowed_a_before_clause_is_refused() -> None:
    # planted bug: the scene "Before the trip we need" glued onto the first parallel step
    intent = "Before the trip we need the bags packed and the car fuelled, all at the same time; when those are done, the drive."
    with pytest.raises(EngineRefusal) as refusal:
        check_faithful(intent, ["Before the trip we need the bags packed", "car fuelled", "drive"],
                       [("Before the trip we need the bags packed", "drive", None), ("car fuelled", "drive", None)])
    assert refusal.value.code == "NODE_NOT_IN_INTENT"
