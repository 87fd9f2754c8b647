"""Parallel steps as people write them in prose and in step lists, read alike by the drafter
(parallel_forms.py, flows.parallel_outline) and the check (parallel_normal.py, flow_check.py):

- a step list under a Markdown heading, with a "Then, in parallel:" block, bold items, and an item
  after the block that opens with its fan-in ("when all three are done → announce", "once both are
  done, we announce");
- the first step said as the moment the parallel steps start ("When a new customer signs up, three
  things happen at the same time: …", "once the NDA is signed, three workstreams kick off at the same
  time: …"), or after a step said before ("Tag release; after that three things happen at the same
  time: …"); the steps' subject "we" is not part of their names; "After all three are done, …" joins.

A count that is not the list's, a moment said later ("After the build, three jobs …", which may name a
step said before another way) and a person's own doing ("once I've done the shopping") stay refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.parallel_forms import parallel_openers
from oracles.engine.diagram.parallel_normal import parallel_normal_form
from oracles.tests.planted_diagrams import planted_reason
from oracles.tests.test_diagram_flows import _drawn, _refused

_OUTLINE_EDGES = {("freeze code", "update docs"), ("freeze code", "run regression"), ("update docs", "announce"),
                  ("run regression", "announce")}


@pytest.mark.parametrize(
    "intent",
    [
        "## Release flow\n- Freeze code\n- Then in parallel:\n  - Update docs\n  - Run regression\n- Announce",
        "- Freeze code\n- Then, in parallel:\n  - Update docs\n  - Run regression\n- When both are done, Announce",
        "- **Freeze code**\n- then in parallel:\n  - **Update docs**\n  - **Run regression**\n- when both are done → **Announce**",
        "# Release\n1. Freeze code\n2. then in parallel:\n  - Update docs\n  - Run regression\n3. once all of them are done: Announce",
        "- Freeze code\n- then in parallel:\n  - Update docs\n  - Run regression\n- after both are done, we announce",
    ],
)
def test_a_step_list_with_a_parallel_block_fans_out_and_in(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"freeze code", "update docs", "run regression", "announce"}
    assert set(edges) == _OUTLINE_EDGES


def test_a_step_with_a_time_in_brackets_stays_one_item() -> None:
    nodes, edges = _drawn("## Nightly\n- Extract (runs at 02:00)\n- Then in parallel:\n  - Clean orders\n  - Clean users\n"
                          "- Join all three into the mart")
    assert "extract (runs at 02:00)" in nodes
    assert ("extract (runs at 02:00)", "clean orders") in edges


def test_a_fan_in_whose_count_is_not_the_blocks_is_refused() -> None:
    _refused("- Freeze code\n- then in parallel:\n  - Update docs\n  - Run regression\n- when all three are done → Announce")


def test_the_check_refuses_a_fan_in_that_skips_a_parallel_step() -> None:
    intent = "## Release flow\n- Freeze code\n- Then, in parallel:\n  - Update docs\n  - Run regression\n" \
             "- when both are done → Announce"
    planted_reason(intent, [("Freeze code", "Update docs"), ("Freeze code", "Run regression"), ("Update docs", "Announce")])
    planted_reason(intent, [("Freeze code", "Update docs"), ("Update docs", "Run regression"), ("Run regression", "Announce")])


@pytest.mark.parametrize(
    ("intent", "first", "steps", "last"),
    [
        ("When a new customer signs up, three things happen at the same time: we create their billing account, "
         "we provision their workspace, and we send a welcome email. After all three are done, we mark onboarding complete.",
         "new customer signs up", ["create their billing account", "provision their workspace", "send a welcome email"],
         "mark onboarding complete"),
        ("For the acquisition DD: once the NDA is signed, three workstreams kick off at the same time: financial review, "
         "legal review, and IP review. Once all three are done, write the deal memo.",
         "nda is signed", ["financial review", "legal review", "ip review"], "write the deal memo"),
        ("release day: Tag release; after that three things happen at the same time: Build image, Build docs, "
         "Build binaries. When all three are done we Publish release.",
         "tag release", ["build image", "build docs", "build binaries"], "publish release"),
        ("Upon contract signature, two activities take place concurrently: Legal files the paperwork and Finance "
         "sets up billing. When both are done, activate the account.",
         "contract signature", ["legal files the paperwork", "finance sets up billing"], "activate the account"),
        ("Pack the van. Next, two tasks run simultaneously: load the crates, sign the manifest. Once both are done, depart.",
         "pack the van", ["load the crates", "sign the manifest"], "depart"),
    ],
)
def test_a_moment_or_a_step_said_first_fans_out_to_the_parallel_steps(
        intent: str, first: str, steps: list[str], last: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {first, *steps, last}
    assert set(edges) == {(first, step) for step in steps} | {(step, last) for step in steps}


@pytest.mark.parametrize(
    "intent",
    [
        # the count is not the list's
        "When a customer signs up, three things happen at the same time: create the account, send an email. "
        "When all three are done, close.",
        # a moment said later may name a step said before another way
        "When a PR is opened we run the build. After the build, three jobs start at the same time: unit tests, "
        "integration tests and the security scan. Once all three are done, merge.",
        # a person's own doing names no step as said
        "once I've done the shopping, two things happen at the same time: marinate the chicken, set the table. "
        "When both are done, serve dinner.",
    ],
)
def test_unreadable_parallel_prose_is_refused(intent: str) -> None:
    _refused(intent)


@pytest.mark.parametrize("rewrite", [parallel_openers, parallel_normal_form])
def test_both_readings_leave_a_later_moment_and_a_persons_doing_as_written(rewrite) -> None:  # noqa: ANN001
    later = "Run the build. When the build passes, two jobs start at the same time: a, b."
    assert rewrite(later) == later
    own = "once we've shopped, two things happen at the same time: a, b."
    assert rewrite(own) == own


@pytest.mark.parametrize("rewrite", [parallel_openers, parallel_normal_form])
def test_both_readings_make_the_moment_the_first_step(rewrite) -> None:  # noqa: ANN001
    assert rewrite("When a user signs up, two things happen at the same time: we send a mail, we open a ticket.") \
        == "a user signs up. in parallel: send a mail, open a ticket."


def test_the_check_refuses_a_drawing_that_drops_the_moment() -> None:
    intent = ("When a new customer signs up, two things happen at the same time: create the account and send a "
              "welcome email. When both are done, mark onboarding complete.")
    planted_reason(intent, [("create the account", "mark onboarding complete"),
                            ("send a welcome email", "mark onboarding complete")], extra=("new customer signs up",))
