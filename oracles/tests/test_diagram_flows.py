"""The diagram reader on branching and looping flows, as agents and people write them, and the
independent check that must agree with it (or refuse) — several voices per category."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import get_kind
from oracles.eval import norm_label, read_diagram
from oracles.tests.planted_diagrams import planted_reason


def _drawn(intent: str) -> tuple[set[str], dict[tuple[str, str], list[str]]]:
    """Nodes and labelled edges of a diagram answered `valid`, as Graphviz reads them back."""
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    verdict = kind.check(intent, draft, {})
    assert verdict.status == "valid", verdict.reason
    graph = read_diagram(draft.artifact)
    return {norm_label(n) for n in graph.labels}, {k: [norm_label(x) for x in v] for k, v in graph.edge_labels.items()}


def _refused(intent: str) -> dict[str, str]:
    kind = get_kind("diagram")
    try:
        draft = kind.draft(intent, "dot", {})
    except Exception as refusal:  # noqa: BLE001 - a refusal while drafting is a refusal too
        return {"code": getattr(refusal, "code", ""), "message": str(refusal)}
    verdict = kind.check(intent, draft, {})
    assert verdict.status == "invalid", f"answered valid: {draft.artifact}"
    assert verdict.reason is not None
    return verdict.reason


def _planted(intent: str, old: str, new: str) -> dict[str, str]:
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    assert kind.check(intent, draft, {}).status == "valid"
    assert old in draft.artifact
    planted = replace(draft, artifact=draft.artifact.replace(old, new), facts={})
    verdict = kind.check(intent, planted, {})
    assert verdict.status == "invalid" and verdict.reason is not None
    return verdict.reason


# --- edge-conditions / if-else-chain: case rows ("< 1 kg → letter rate") -----------------------


@pytest.mark.parametrize(
    "intent",
    [
        "weigh package; < 1 kg → letter rate; 1–5 kg → parcel rate; > 5 kg → freight rate",
        "Shipping rules:\nweigh package\n< 1 kg -> letter rate\n1–5 kg -> parcel rate\n> 5 kg -> freight rate",
        "so first we weigh package. < 1 kg → letter rate. 1–5 kg → parcel rate. > 5 kg → freight rate.",
    ],
)
def test_case_rows_branch_from_the_step_before_them(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"weigh package", "letter rate", "parcel rate", "freight rate"}
    assert edges == {
        ("weigh package", "letter rate"): ["< 1 kg"],
        ("weigh package", "parcel rate"): ["1-5 kg"],
        ("weigh package", "freight rate"): ["> 5 kg"],
    }


@pytest.mark.parametrize(
    "intent",
    [
        "Door access: badge scanned → check permissions. allowed → unlock door. denied → log attempt → alert security.",
        "badge scanned -> check permissions\napproved -> unlock door\nrejected -> log attempt -> alert security",
    ],
)
def test_a_participle_before_an_arrow_is_the_condition_of_a_branch(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"badge scanned", "check permissions", "unlock door", "log attempt", "alert security"}
    assert set(edges) == {
        ("badge scanned", "check permissions"),
        ("check permissions", "unlock door"),
        ("check permissions", "log attempt"),
        ("log attempt", "alert security"),
    }
    assert edges[("check permissions", "unlock door")] in (["allowed"], ["approved"])


def test_a_fresh_start_after_a_step_that_leads_nowhere_is_refused_not_guessed() -> None:
    """ "valid → dashboard" after "→ validate." may be a branch or a start of its own: refused."""
    for intent in (
        "browser → nginx. cron → worker.",
        "Login: enter credentials → validate. valid → dashboard. invalid → error → enter credentials.",
        "upload → scan; infected → quarantine; clean → store",
    ):
        assert _refused(intent)["code"] == "UNREADABLE_RELATION"
    nodes, edges = _drawn("browser → nginx, cron → worker")  # one statement: two clauses
    assert set(edges) == {("browser", "nginx"), ("cron", "worker")}


def test_a_case_condition_drawn_as_a_start_node_is_refused() -> None:
    """Planted bug: the drafter draws 'allowed' as a step nothing leads to."""
    intent = "badge scanned → check permissions. allowed → unlock door. denied → log attempt."
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    source = draft.artifact
    assert 'label="allowed"' in source
    nodes = "\n".join(line for line in source.splitlines() if "->" not in line and "label=" in line and "[" in line)
    assert nodes
    planted = (
        source.replace(' [label="allowed"]', "")
        .replace(' [label="denied"]', "")
        .replace("}", '  x1 [label="allowed"];\n  x2 [label="denied"];\n}')
    )
    tail_unlock = [line for line in planted.splitlines() if "->" in line][1]
    tail, head = (part.strip(" ;") for part in tail_unlock.split("->"))
    planted = planted.replace(tail_unlock, f"  x1 -> {head};")
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid"
    assert verdict.reason is not None and verdict.reason["code"] in ("UNREADABLE_RELATION", "EDGE_MISSING")


def test_a_case_row_moved_to_the_previous_rows_step_is_caught() -> None:
    """Planted bug: the second row drawn as a chain from the first row's step."""
    intent = "weigh package; < 1 kg → letter rate; 1–5 kg → parcel rate"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = [line for line in draft.artifact.splitlines() if "->" in line]
    second = next(line for line in lines if "1–5 kg" in line)
    first_head = lines[0].split("->")[1].split("[")[0].strip(" ;")
    tail = second.split("->")[0].strip()
    moved = second.replace(tail, first_head, 1)
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(second, moved), facts={}), {})
    assert verdict.status == "invalid"


@pytest.mark.parametrize(
    "intent",
    [
        "mail: spam filter. spam score > 5: move to junk. otherwise: deliver to inbox.",
        "Email routing: incoming mail → spam filter\nspam score > 5 → move to junk\notherwise → deliver to inbox",
    ],
)
def test_an_otherwise_row_closes_the_case_rows(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {"spam filter", "move to junk", "deliver to inbox"} <= nodes
    assert edges[("spam filter", "move to junk")] == ["spam score > 5"]
    assert edges[("spam filter", "deliver to inbox")] == ["otherwise"]


# --- loop-back: a question as a decision step, "and goes back to X" ---------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "- submit expense\n- manager approves? yes → finance pays; no → employee fixes it and goes back to submit expense\n"
        "- finance pays → archive",
        "submit expense -> manager approves?\nyes -> finance pays\nno -> employee fixes it, then goes back to submit expense\n"
        "finance pays -> archive",
    ],
)
def test_a_bare_question_is_a_decision_and_a_branch_can_go_back(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"submit expense", "manager approves?", "finance pays", "employee fixes it", "archive"}
    assert edges == {
        ("submit expense", "manager approves?"): [],
        ("manager approves?", "finance pays"): ["yes"],
        ("manager approves?", "employee fixes it"): ["no"],
        ("employee fixes it", "submit expense"): [],
        ("finance pays", "archive"): [],
    }


def test_a_dropped_back_edge_after_a_no_branch_is_caught() -> None:
    intent = "submit expense → manager approves? yes → finance pays; no → employee fixes it and goes back to submit expense"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    back = next(line for line in draft.artifact.splitlines() if "->" in line and line.strip().startswith("n3"))
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(back + "\n", ""), facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_MISSING"


# --- state-machine: "from any state" -------------------------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "Traffic light: green → yellow after 40 s, yellow → red after 4 s, red → green after 45 s. "
        "From any of the three, a power fault switches to flashing yellow.",
        "green -> yellow after 40 s; yellow -> red after 4 s; red -> green after 45 s\n"
        "from any state, on power fault go to flashing yellow",
    ],
)
def test_from_any_state_is_a_transition_from_every_state_named(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"green", "yellow", "red", "flashing yellow"}
    for state in ("green", "yellow", "red"):
        assert edges[(state, "flashing yellow")] in (["power fault"], ["a power fault"])


def test_from_any_of_a_wrong_count_is_refused() -> None:
    reason = _refused("green -> yellow; yellow -> red; red -> green. From any of the two, a power fault switches to off.")
    assert reason["code"] in ("UNREADABLE_INTENT", "UNREADABLE_RELATION")


def test_a_from_any_transition_missing_one_state_is_caught() -> None:
    intent = "idle -> running on start; running -> paused on pause. From any state, on reset go to idle."
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    reset = [line for line in draft.artifact.splitlines() if 'label="reset"' in line]
    assert len(reset) == 2
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(reset[0] + "\n", ""), facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_MISSING"


# --- loops: "X again, until C, then Y" ------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "body", "test", "done", "condition"),
    [
        (
            "QA loop: write test cases → run tests → log bugs → fix bugs → run tests again, until no bugs are left, "
            "then sign off.",
            ["write test cases", "run tests", "log bugs", "fix bugs"],
            "run tests",
            "sign off",
            "until no bugs are left",
        ),
        (
            "draft -> review -> revise -> review again, until the editor approves, then publish",
            ["draft", "review", "revise"],
            "review",
            "publish",
            "until the editor approves",
        ),
    ],
)
def test_a_step_again_closes_the_loop_and_until_is_the_way_out(
    intent: str, body: list[str], test: str, done: str, condition: str
) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {*body, done}
    assert (body[-1], test) in edges
    assert edges[(test, done)] == [condition]


def test_a_loop_exit_drawn_from_the_wrong_step_is_caught() -> None:
    intent = "draft -> review -> revise -> review again, until the editor approves, then publish"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    exit_line = next(line for line in draft.artifact.splitlines() if "until the editor approves" in line)
    tail = exit_line.split("->")[0].strip()
    revise = next(line.split("[")[0].strip() for line in draft.artifact.splitlines() if 'label="revise"' in line)
    moved = exit_line.replace(tail, revise, 1)
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(exit_line, moved), facts={}), {})
    assert verdict.status == "invalid"


# --- merge-after-branch: a branch's step that also leads to the other one ----------------------


@pytest.mark.parametrize(
    "intent",
    [
        "checkout flow pls: review cart -> if they have a coupon, apply discount, otherwise go straight to take payment. "
        "apply discount also leads to take payment. then confirm order",
        "Review cart. If they have a coupon, apply discount, otherwise go straight to take payment. "
        "Apply discount also leads to take payment. Then confirm order.",
    ],
)
def test_a_branch_step_that_also_leads_on_rejoins_the_other_branch(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"review cart", "apply discount", "take payment", "confirm order"}
    assert set(edges) == {
        ("review cart", "apply discount"),
        ("review cart", "take payment"),
        ("apply discount", "take payment"),
        ("take payment", "confirm order"),
    }


# --- parallel-fan-in: "in parallel: a, b, c" then the step that waits for them -----------------


@pytest.mark.parametrize(
    "intent",
    [
        "CI pipeline:\n- checkout\n- then in parallel: lint, unit tests, build image\n- deploy to staging (needs all three)",
        "CI pipeline:\n1. checkout\n2. in parallel: lint, unit tests, build image\n3. deploy to staging",
        "* checkout\n* simultaneously: lint, unit tests and build image\n* deploy to staging (waits for all of them)",
    ],
)
def test_a_step_after_a_parallel_list_waits_for_all_of_it(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"checkout", "lint", "unit tests", "build image", "deploy to staging"}
    assert set(edges) == {
        ("checkout", "lint"),
        ("checkout", "unit tests"),
        ("checkout", "build image"),
        ("lint", "deploy to staging"),
        ("unit tests", "deploy to staging"),
        ("build image", "deploy to staging"),
    }


def test_a_fan_in_note_with_the_wrong_count_is_not_drawn_valid() -> None:
    _refused("- checkout\n- then in parallel: lint, unit tests, build image\n- deploy to staging (needs all two)")


def test_a_fan_in_drawn_from_only_one_parallel_step_is_caught() -> None:
    intent = "- checkout\n- then in parallel: lint, unit tests, build image\n- deploy to staging (needs all three)"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = draft.artifact.splitlines()
    deploy = next(line.split("[")[0].strip() for line in lines if 'label="deploy to staging"' in line)
    into = [line for line in lines if line.strip().endswith(f"-> {deploy};")]
    assert len(into) == 3
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(into[0] + "\n", ""), facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_MISSING"


# --- branch-merge: "if …; if …. Both paths then …" -------------------------------------------


@pytest.mark.parametrize(
    ("intent", "start", "first", "second", "end"),
    [
        (
            "When a webhook delivery fails: if it's a 4xx we log it and then drop it; if it's a 5xx we put it on the retry "
            "queue. Both paths then update the delivery dashboard.",
            "webhook delivery fails",
            ["log it", "drop it"],
            "put it on the retry queue",
            "update the delivery dashboard",
        ),
        (
            "webhook fails -> if 4xx, log it and then drop it; if 5xx, put it on the retry queue; either way, "
            "update the dashboard",
            "webhook fails",
            ["log it", "drop it"],
            "put it on the retry queue",
            "update the dashboard",
        ),
        (
            "A ticket comes in. If it is a bug we triage it; if it is a question we answer it. In both cases close the ticket.",
            "ticket comes in",
            ["triage it"],
            "answer it",
            "close the ticket",
        ),
    ],
)
def test_branches_without_otherwise_rejoin_when_the_intent_says_both(
    intent: str, start: str, first: list[str], second: str, end: str
) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {start, *first, second, end}
    assert (start, first[0]) in edges and (start, second) in edges
    assert (first[-1], end) in edges and (second, end) in edges
    assert len(edges) == len(first) + 3


def test_a_rejoin_drawn_from_one_branch_only_is_caught() -> None:
    intent = "webhook fails -> if 4xx, log it; if 5xx, retry it; either way, update the dashboard"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = draft.artifact.splitlines()
    end = next(line.split("[")[0].strip() for line in lines if 'label="update the dashboard"' in line)
    into = [line for line in lines if line.strip().endswith(f"-> {end};")]
    assert len(into) == 2
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(into[0] + "\n", ""), facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_MISSING"


# --- separators are not inside names ---------------------------------------------------------


def test_parallel_steps_drawn_as_one_name_across_a_bar_are_refused() -> None:
    intent = "pipeline: ingest → (lint ‖ test) → load"
    kind = get_kind("diagram")
    draft = kind.draft("pipeline: ingest → lint → load", "dot", {})
    planted = draft.artifact.replace('label="lint"', 'label="lint ‖ test"')
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "NODE_NOT_IN_INTENT" and "‖" in verdict.reason["message"]


def test_the_check_refuses_a_heading_dash_inside_the_first_state() -> None:
    # the engine draws the heading apart ("To Do" is a state's name, board_columns.py); a drafter that
    # glues the heading to the first state is refused by the check
    intent = "ticket workflow — To Do → In Progress (start work), In Progress → Done (merged)"
    glued = [("ticket workflow — To Do", "In Progress", "start work"), ("In Progress", "Done", "merged")]
    assert planted_reason(intent, glued)["code"] in ("NODE_NOT_IN_INTENT", "UNREADABLE_RELATION", "CONTENT_NOT_PLACED")


# --- if-else-chain: "if C → X; else if D → Y; else → Z" rows --------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "grade essay; if score ≥ 90 → award A; else if score ≥ 75 → award B; else → award C",
        "Grading:\ngrade essay\nif score ≥ 90: award A\nelif score ≥ 75: award B\nelse: award C",
        "So we grade essay. If score ≥ 90 → award A. Else if score ≥ 75 → award B. Otherwise → award C.",
    ],
)
def test_if_else_if_else_rows_branch_from_one_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"grade essay", "award a", "award b", "award c"}
    assert set(edges) == {("grade essay", "award a"), ("grade essay", "award b"), ("grade essay", "award c")}
    assert edges[("grade essay", "award c")] in (["else"], ["otherwise"])


def test_a_condition_with_not_inside_is_a_condition_not_the_other_way() -> None:
    nodes, edges = _drawn(
        "assess patient → if not breathing: resuscitate; elif bleeding heavily: apply pressure; else: queue for doctor"
    )
    assert edges == {
        ("assess patient", "resuscitate"): ["if not breathing"],
        ("assess patient", "apply pressure"): ["elif bleeding heavily"],
        ("assess patient", "queue for doctor"): ["else"],
    }


def test_an_else_row_drawn_from_the_previous_rows_step_is_caught() -> None:
    intent = "grade essay; if score ≥ 90 → award A; else → award C"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = draft.artifact.splitlines()
    award_a = next(line.split("[")[0].strip() for line in lines if 'label="award A"' in line)
    else_edge = next(line for line in lines if 'label="else"' in line)
    moved = award_a + " ->" + else_edge.split("->", 1)[1]
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(else_edge, "  " + moved), facts={}), {})
    assert verdict.status == "invalid"


# --- edge-conditions / state-machine: a label inside the arrow --------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "Idle -(coin)-> Ready -(push)-> Vending -(done)-> Idle",
        "vending machine: Idle —[coin]→ Ready —[push]→ Vending —[done]→ Idle",
    ],
)
def test_a_label_written_inside_the_arrow_is_the_edges(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"idle", "ready", "vending"}
    assert edges == {("idle", "ready"): ["coin"], ("ready", "vending"): ["push"], ("vending", "idle"): ["done"]}


def test_a_step_with_a_label_in_its_arrow_is_not_a_case_condition() -> None:
    """Planted bug: 'request —[amount > 500]' drawn as the condition of a row from the step before."""
    intent = "request —[small]→ team lead → done; request —[amount > 500]→ director → done"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = draft.artifact.splitlines()
    ids = {
        label: line.split("[")[0].strip()
        for line in lines
        if "->" not in line and 'label="' in line
        for label in [line.split('label="')[1].split('"')[0]]
    }
    second = next(line for line in lines if f"{ids['request']} -> {ids['director']}" in line)
    planted = draft.artifact.replace(second, f'  {ids["done"]} -> {ids["director"]} [label="request —[amount > 500]"];')
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid"


# --- loop-back with a pronoun: "… and it goes back to X" --------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "Code review: open PR → CI runs → reviewer reviews. If changes are requested, the author pushes fixes and it "
        "goes back to CI runs. When approved, merge.",
        "open PR -> CI runs -> reviewer reviews\nif changes are requested, author pushes fixes and then goes back to CI runs\n"
        "when approved, merge",
    ],
)
def test_a_branch_that_goes_back_closes_a_loop(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"open pr", "ci runs", "reviewer reviews", "author pushes fixes", "merge"}
    assert ("author pushes fixes", "ci runs") in edges
    assert edges[("reviewer reviews", "author pushes fixes")] == ["if changes are requested"]
    assert edges[("reviewer reviews", "merge")] == ["when approved"]


@pytest.mark.parametrize(
    "intent",
    [
        "Grant application: write the science case, prepare the budget and collect letters of support in parallel; "
        "then internal sign-off; then submit.",
        "in parallel: write the science case, prepare the budget, collect letters of support. Once all three are done → "
        "internal sign-off → submit",
    ],
)
def test_the_step_after_a_parallel_group_follows_all_of_it(intent: str) -> None:
    nodes, edges = _drawn(intent)
    parallel = {"write the science case", "prepare the budget", "collect letters of support"}
    assert nodes == {*parallel, "internal sign-off", "submit"}
    assert set(edges) == {*((p, "internal sign-off") for p in parallel), ("internal sign-off", "submit")}


def test_a_fan_in_with_a_count_that_is_not_the_groups_is_refused() -> None:
    _refused("in parallel: update docs, tag build, notify QA. Once all two are done → ship it")
    intent = "in parallel: update docs, tag build, notify QA. when all three are done, ship it"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    verdict = kind.check(intent.replace("all three", "all two"), draft, {})
    assert verdict.status == "invalid"


# --- step-list: a sequence heading over a plain list, a request before "Step 1:" ----------------


@pytest.mark.parametrize(
    "intent",
    [
        "Flowchart of the incident response steps in order: detect, triage, mitigate, communicate status, write postmortem.",
        "incident response in this order: detect; triage; mitigate; communicate status; write postmortem",
        "Our incident timeline: detect, triage, mitigate, communicate status and write postmortem",
    ],
)
def test_a_sequence_heading_over_a_list_is_a_flow(intent: str) -> None:
    nodes, edges = _drawn(intent)
    steps = ["detect", "triage", "mitigate", "communicate status", "write postmortem"]
    assert nodes == set(steps)
    assert set(edges) == set(zip(steps, steps[1:], strict=False))


def test_a_list_without_a_sequence_heading_is_not_guessed_into_a_flow() -> None:
    _refused("Our team: detect, triage, mitigate, communicate status, write postmortem.")


def test_a_listed_sequence_with_a_step_skipped_is_caught() -> None:
    reason = _planted("steps in order: detect, triage, mitigate, write postmortem", "n1 -> n2;", "n0 -> n2;")
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


@pytest.mark.parametrize(
    "intent",
    [
        "Can you turn my scone recipe into a little flowchart? Step 1: Preheat oven. Step 2: Rub butter into flour. "
        "Step 3: Add milk and knead. Step 4: Bake for 12 min.",
        "could you put this into a diagram? step 1: preheat oven step 2: rub butter into flour step 3: add milk and knead "
        "step 4: bake for 12 min",
    ],
)
def test_a_request_question_before_numbered_steps_names_the_diagram(intent: str) -> None:
    nodes, edges = _drawn(intent)
    steps = ["preheat oven", "rub butter into flour", "add milk and knead", "bake for 12 min"]
    assert nodes == set(steps)
    assert set(edges) == set(zip(steps, steps[1:], strict=False))


def test_the_request_question_does_not_excuse_a_step_left_out() -> None:
    intent = "Can you turn my recipe into a flowchart? Step 1: Preheat oven. Step 2: Mix. Step 3: Bake."
    reason = _planted(intent, 'label="Mix"', 'label="Stir"')
    assert reason["code"] in ("NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED")


@pytest.mark.parametrize(
    "intent",
    [
        "- kickoff\n- in parallel:\n  - design mockups\n  - write API spec\n  - set up CI\n- integration (after all three)\n- demo",
        "Project plan:\n1. kickoff\n2. then in parallel:\n   - design mockups\n   - write API spec\n   - set up CI\n"
        "3. integration\n4. demo",
        "* kickoff\n* simultaneously:\n    * design mockups\n    * write API spec\n    * set up CI\n"
        "* integration (needs all three)\n* demo",
    ],
)
def test_a_nested_parallel_block_fans_out_and_in(intent: str) -> None:
    nodes, edges = _drawn(intent)
    block = {"design mockups", "write api spec", "set up ci"}
    assert nodes == {"kickoff", *block, "integration", "demo"}
    assert set(edges) == {*(("kickoff", b) for b in block), *((b, "integration") for b in block), ("integration", "demo")}


def test_a_nested_parallel_block_with_the_wrong_count_is_not_valid() -> None:
    _refused("- kickoff\n- in parallel:\n  - design mockups\n  - write API spec\n- integration (after all three)")


def test_a_parallel_step_left_out_of_the_fan_in_is_caught() -> None:
    intent = "- kickoff\n- in parallel:\n  - design mockups\n  - write API spec\n- integration\n- demo"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    lines = draft.artifact.splitlines()
    ids = {
        line.split('label="')[1].split('"')[0]: line.split("[")[0].strip()
        for line in lines
        if "->" not in line and 'label="' in line
    }
    edge = next(line for line in lines if f"{ids['write API spec']} -> {ids['integration']}" in line)
    verdict = kind.check(intent, replace(draft, artifact=draft.artifact.replace(edge + "\n", ""), facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_MISSING"


def test_parallel_steps_in_brackets_with_bars_fan_out_and_in() -> None:
    nodes, edges = _drawn("pipeline: ingest → (validate schema ‖ deduplicate ‖ enrich with geo) → load to warehouse")
    block = {"validate schema", "deduplicate", "enrich with geo"}
    assert nodes == {"ingest", *block, "load to warehouse"}
    assert set(edges) == {*(("ingest", b) for b in block), *((b, "load to warehouse") for b in block)}


# --- edge-conditions: answers listed after a question ----------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "paging flow: alert fires → 'on-call acks within 5 min?' → yes: investigate, no: escalate to secondary",
        "alert fires -> on-call acks within 5 min? -> yes: investigate / no: escalate to secondary",
    ],
)
def test_answers_listed_after_a_question_label_their_own_edges(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"alert fires", "on-call acks within 5 min?", "investigate", "escalate to secondary"}
    assert edges[("on-call acks within 5 min?", "investigate")] == ["yes"]
    assert edges[("on-call acks within 5 min?", "escalate to secondary")] == ["no"]


@pytest.mark.parametrize(
    "intent",
    [
        "alert fires → acked? → yes: investigate, no: escalate",
        "alert fires -> acked? -> yes: investigate / no: escalate",
    ],
)
def test_swapped_answers_are_caught(intent: str) -> None:
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    planted = draft.artifact.replace('label="yes"', 'label="@@"').replace('label="no"', 'label="yes"')
    planted = planted.replace('label="@@"', 'label="no"')
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_LABEL_WRONG"


# --- if-else-chain in markdown: nested case rows under the step that decides -----------------


@pytest.mark.parametrize(
    "intent",
    [
        "Alert handling:\n- Check severity\n  - critical → page on-call\n  - warning → create ticket\n  - info → write a log entry",
        "* receive alert\n* check severity\n    * critical: page on-call\n    * warning: create ticket\n"
        "    * info: write a log entry",
    ],
)
def test_nested_case_rows_branch_from_their_parent_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {"page on-call", "create ticket", "write a log entry"} <= nodes
    assert edges[("check severity", "page on-call")] == ["critical"]
    assert edges[("check severity", "create ticket")] == ["warning"]
    assert edges[("check severity", "write a log entry")] == ["info"]


def test_nested_case_rows_with_swapped_conditions_are_caught() -> None:
    intent = "- check severity\n  - critical → page on-call\n  - warning → create ticket"
    reason = _planted(intent, 'label="critical"', 'label="warning2"')
    assert reason["code"] in ("EDGE_LABEL_NOT_IN_INTENT", "EDGE_LABEL_WRONG")
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    swapped = draft.artifact.replace('label="critical"', 'label="@@"').replace('label="warning"', 'label="critical"')
    swapped = swapped.replace('label="@@"', 'label="warning"')
    verdict = kind.check(intent, replace(draft, artifact=swapped, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_LABEL_WRONG"


@pytest.mark.parametrize(
    "intent",
    ["Steps: wash, rinse, repeat.", "wash -> rinse -> repeat", "1. wash 2. rinse 3. repeat until clean"],
)
def test_a_loop_instruction_is_never_drawn_as_a_step(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] in ("NODE_NOT_IN_INTENT", "UNREADABLE_INTENT", "UNREADABLE_RELATION")


def test_an_in_parallel_group_inside_a_chain_fans_out_and_in() -> None:
    nodes, edges = _drawn("collect → in parallel: resize, compress → upload")
    assert set(edges) == {("collect", "resize"), ("collect", "compress"), ("resize", "upload"), ("compress", "upload")}


def test_a_relation_phrase_drawn_as_a_step_is_refused() -> None:
    reason = _planted("collect → in parallel: resize, compress → upload", 'label="resize"', 'label="in parallel"')
    assert reason["code"] in ("NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED")
    kind = get_kind("diagram")
    intent = "collect → in parallel: resize, compress → upload"
    source = 'digraph {\n  n0 [label="collect"];\n  n1 [label="in parallel"];\n  n2 [label="resize"];\n'
    source += '  n3 [label="compress"];\n  n4 [label="upload"];\n  n0 -> n1;\n  n1 -> n2;\n  n1 -> n3;\n'
    source += "  n2 -> n4;\n  n3 -> n4;\n}\n"
    draft = kind.draft(intent, "dot", {})
    verdict = kind.check(intent, replace(draft, artifact=source, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert "only says how steps relate" in verdict.reason["message"]


@pytest.mark.parametrize(
    "intent",
    [
        "receive → validate → (ok) store / (bad) reject",
        "Steps:\n- fill form\n- submit\n- wait for approval (repeat weekly)\n- done",
    ],
)
def test_conditions_and_loops_hidden_in_the_wrong_place_are_not_valid(intent: str) -> None:
    _refused(intent)


def test_a_condition_about_one_step_drawn_from_another_is_caught() -> None:
    intent = "order → pick → pack → ship. If pick fails, go back to order."
    kind = get_kind("diagram")
    draft = kind.draft("order → pick → pack → ship", "dot", {})
    source = draft.artifact.replace("}", '  n3 -> n0 [label="if pick fails"];\n}')
    verdict = kind.check(intent, replace(draft, artifact=source, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_LABEL_WRONG"


# --- a condition after the last of several alternatives is that alternative's own -----------------


@pytest.mark.parametrize(
    ("intent", "plain", "conditioned", "label"),
    [
        ("submit → validate → save, or show error if invalid", "save", "show error", "if invalid"),
        ("scan badge -> open gate or sound alarm if unknown", "open gate", "sound alarm", "if unknown"),
        ("draft reply → send | escalate when angry", "send", "escalate", "when angry"),
    ],
)
def test_a_condition_after_the_last_alternative_labels_only_its_edge(
    intent: str, plain: str, conditioned: str, label: str
) -> None:
    nodes, edges = _drawn(intent)
    decider = next(tail for tail, head in edges if head == plain)
    assert edges[(decider, conditioned)] == [label]
    assert edges[(decider, plain)] == []


def test_the_last_alternatives_condition_moved_to_the_other_is_caught() -> None:
    reason = _planted("submit → validate → save, or show error if invalid",
                      'n1 -> n2;\n  n1 -> n3 [label="if invalid"];', 'n1 -> n2 [label="if invalid"];\n  n1 -> n3;')
    assert reason["code"] == "EDGE_LABEL_WRONG"


# --- rejoins in the words people use ("both paths end at …", "both then feed into …") ----------------


@pytest.mark.parametrize(
    "intent",
    [
        "check ID. if adult, sell beer; otherwise sell juice. both paths end at print receipt.",
        "check ID. if adult, sell beer; otherwise sell juice. the two paths meet at print receipt.",
        "check ID. if adult, sell beer; otherwise sell juice. both feed into print receipt.",
        "check ID. if adult, sell beer; otherwise sell juice. both then → print receipt.",
        "check ID → if adult, sell beer; otherwise sell juice; both then flow into print receipt → close till",
    ],
)
def test_branches_rejoin_however_the_rejoin_is_worded(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {"check id", "sell beer", "sell juice", "print receipt"} <= nodes
    assert {("sell beer", "print receipt"), ("sell juice", "print receipt")} <= set(edges)
    assert ("check id", "print receipt") not in edges


def test_a_condition_holding_a_thousands_comma_is_one_condition() -> None:
    nodes, edges = _drawn("Receive invoice. If amount > 10,000, CFO approval; otherwise Manager approval. "
                          "Both lead to Schedule payment.")
    assert nodes == {"receive invoice", "cfo approval", "manager approval", "schedule payment"}
    assert edges[("receive invoice", "cfo approval")] == ["if amount > 10,000"]


# --- loops: the ways people say "go back" --------------------------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "planning → development → review → round again to planning",
        "planning → development → review → come back to planning",
        "planning, development, review, and back to planning",
        "planning, development, review, and round again to planning.",
        "planning → development → review → planning again (loop forever)",
        "planning → development → review → repeat from planning",
    ],
)
def test_a_way_back_to_a_named_step_closes_the_loop(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"planning", "development", "review"}
    assert set(edges) == {("planning", "development"), ("development", "review"), ("review", "planning")}


def test_a_way_back_to_a_step_never_named_is_refused_not_drawn_as_a_new_step() -> None:
    # ("repeat from fetching mail" names "fetch mail" by its -ing form: see test_a_way_back_may_name_its_step_in_the_ing_form)
    reason = _refused("fetch mail → sort it → file it → repeat from emptying the tray")
    assert reason["code"] == "UNREADABLE_INTENT"
    assert "emptying the tray" in reason["message"]


@pytest.mark.parametrize(
    ("intent", "extra", "back_to", "condition"),
    [
        ("upload file → check upload. If it failed, wait 30 seconds and upload file again. If it succeeded, notify the user.",
         "wait 30 seconds", "upload file", "if it failed"),
        ("brew coffee → taste. if too bitter, add milk and taste again; otherwise serve.", "add milk", "taste", "if too bitter"),
    ],
)
def test_a_branch_step_then_an_earlier_step_again_goes_back_to_it(
    intent: str, extra: str, back_to: str, condition: str
) -> None:
    nodes, edges = _drawn(intent)
    assert (extra, back_to) in edges
    decider = next(tail for (tail, head), labels in edges.items() if head == extra)
    assert edges[(decider, extra)] == [condition]


def test_the_step_again_drawn_as_a_branch_of_its_own_is_caught() -> None:
    reason = _planted("brew coffee → taste. if too bitter, add milk and taste again; otherwise serve.",
                      "n2 -> n1;", "n1 -> n1;")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


# --- numbered steps referred to by number ("return to step 2") ----------------------------------


@pytest.mark.parametrize(
    ("intent", "loop", "label"),
    [
        ("## Content pipeline\n1. Draft article\n2. Edit\n3. Legal check — if it fails, return to step 2\n4. Publish",
         ("legal check", "edit"), "if it fails"),
        ("1. write code 2. run tests (if they fail, go back to step 1) 3. deploy", ("run tests", "write code"),
         "if they fail"),
        ("Steps: 1) fill form 2) review; if incomplete, back to step 1. 3) approve", ("review", "fill form"),
         "if incomplete"),
        ("1. Draft article\n2. Edit\n3. Legal check — if it fails, return to Edit\n4. Publish",
         ("legal check", "edit"), "if it fails"),
    ],
)
def test_a_numbered_step_can_send_the_flow_back_to_another_by_number(
    intent: str, loop: tuple[str, str], label: str
) -> None:
    nodes, edges = _drawn(intent)
    assert edges[loop] == [label]
    assert len(edges) == len(nodes)  # the sequence plus the one way back


def test_a_way_back_to_a_step_number_that_does_not_exist_is_not_drawn() -> None:
    _refused("1. write code 2. run tests (if they fail, go back to step 7) 3. deploy")


def test_a_way_back_drawn_to_the_wrong_numbered_step_is_caught() -> None:
    intent = "1. write code\n2. review code\n3. run tests — if they fail, go back to step 1\n4. deploy"
    nodes, edges = _drawn(intent)
    assert ("run tests", "write code") in edges
    reason = _planted(intent, "n2 -> n0", "n2 -> n1")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT", "EDGE_LABEL_WRONG"}


# --- parallel steps said in more ways, and the step that waits for them --------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "checkout → lint, test, build (in parallel) → deploy",
        "checkout → lint, test and build (all at the same time) → deploy",
        "checkout; then lint, test and build run in parallel; then deploy.",
        "checkout. then lint, test and build, all at the same time. then deploy.",
        "checkout. at the same time: lint, test, build. once all three are done → deploy.",
        "checkout. in parallel: lint, test, build. once all three are done → deploy.",
        "checkout; in parallel: lint, test, build; deploy needs all three",
        "checkout; then lint, test and build run concurrently; deploy waits for all three.",
    ],
)
def test_parallel_steps_fan_out_and_the_waiting_step_fans_in(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"checkout", "lint", "test", "build", "deploy"}
    parallel = ("lint", "test", "build")
    assert set(edges) == {("checkout", p) for p in parallel} | {(p, "deploy") for p in parallel}


def test_a_name_holding_in_parallel_is_refused() -> None:
    intent = "checkout → lint, test (in parallel) → deploy"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    planted = draft.artifact.replace('label="test"', 'label="test (in parallel)"')
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert "in parallel" in verdict.reason["message"]


def test_a_wait_for_a_count_that_is_not_the_groups_is_not_drawn_valid() -> None:
    _refused("checkout; in parallel: lint, test, build; deploy waits for both")


def test_a_fan_in_drawn_from_two_of_three_parallel_steps_is_caught() -> None:
    reason = _planted("checkout; then lint, test and build run concurrently; deploy waits for all three.",
                      "n3 -> n4;", "")
    assert reason["code"] == "EDGE_MISSING"


# --- state machines: "X goes to Y on E", event rows, labelled transitions joined by "and" --------


@pytest.mark.parametrize(
    ("intent", "labels"),
    [
        ("Idle goes to Running on start; Running goes to Idle on stop.", ["start", "stop"]),
        ("idle goes to running when started. running goes to idle when stopped.", ["started", "stopped"]),
        ("pump: idle go to running when started, running go to idle when stopped", ["started", "stopped"]),
        ("Pump states: idle, running. Start button: idle → running. Stop button: running → idle.",
         ["start button", "stop button"]),
    ],
)
def test_a_state_move_carries_its_event_on_the_edge(intent: str, labels: list[str]) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"idle", "running"}
    assert edges[("idle", "running")] == [labels[0]]
    assert edges[("running", "idle")] == [labels[1]]


def test_a_single_heading_before_a_chain_is_not_an_event() -> None:
    nodes, edges = _drawn("Release flow: build → test → ship")
    assert edges[("build", "test")] == []


def test_labelled_transitions_joined_by_and_are_two_clauses() -> None:
    nodes, edges = _drawn("pending → paid (payment received). Also pending → cancelled (customer cancels) and "
                          "paid → refunded (refund issued).")
    assert set(edges) == {("pending", "paid"), ("pending", "cancelled"), ("paid", "refunded")}
    assert edges[("pending", "cancelled")] == ["customer cancels"]
    assert edges[("paid", "refunded")] == ["refund issued"]


def test_an_event_moved_to_another_transition_is_caught() -> None:
    reason = _planted("Pump states: idle, running. Start button: idle → running. Stop button: running → idle.",
                      'label="Start button"', 'label="Stop button"')
    assert reason["code"] in {"EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED"}


def test_a_step_that_meets_others_at_a_place_is_not_one_name() -> None:
    # "everyone meets at the debrief" is the routes meeting again (test_merge_after_branch.py), never a node
    nodes, edges = _drawn("warm-up, then the coach picks the lineup. Starters go to the pitch, subs go to the bench, "
                          "and everyone meets at the debrief.")
    assert "debrief" in nodes and not any("meets" in node for node in nodes)
    assert {("pitch", "debrief"), ("bench", "debrief")} <= set(edges)


# --- two or more if-clauses in one sentence --------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "labels"),
    [
        ("first read the gauge; if above 5 bar then open valve, if between 3 and 5 bar then log reading, "
         "else close valve", ["if above 5 bar", "if between 3 and 5 bar", "else"]),
        ("read the gauge. if above 5 bar, open valve, if between 3 and 5 bar, log reading, otherwise close valve.",
         ["if above 5 bar", "if between 3 and 5 bar", "otherwise"]),
        ("read the gauge → if above 5 bar then open valve, otherwise if between 3 and 5 bar then log reading, "
         "otherwise close valve", ["if above 5 bar", "otherwise if between 3 and 5 bar", "otherwise"]),
    ],
)
def test_if_clauses_in_one_sentence_are_sibling_branches(intent: str, labels: list[str]) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"read the gauge", "open valve", "log reading", "close valve"}
    heads = ["open valve", "log reading", "close valve"]
    assert {head: edges[("read the gauge", head)] for head in heads} == {h: [lbl] for h, lbl in zip(heads, labels, strict=True)}


def test_if_clauses_without_otherwise_may_nest_so_they_are_not_guessed() -> None:
    _refused("read the gauge. if above 5 bar, open valve, if it sticks, call engineer.")


def test_a_sibling_branch_drawn_nested_is_caught() -> None:
    reason = _planted("read the gauge. if above 5 bar, open valve, if between 3 and 5 bar, log reading, otherwise "
                      "close valve.", "n0 -> n2", "n1 -> n2")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


# --- routes by kind of item ("blood samples go to hematology, tissue samples go to pathology") -----


def test_kinds_of_item_routed_from_a_step_are_labelled_branches_that_can_rejoin() -> None:
    nodes, edges = _drawn("Order arrives. Small orders go to packing, bulk orders go to the warehouse; both then feed "
                          "into shipping.")
    assert nodes == {"order arrives", "packing", "warehouse", "shipping"}
    assert edges[("order arrives", "packing")] == ["small orders"]
    assert edges[("order arrives", "warehouse")] == ["bulk orders"]
    assert {("packing", "shipping"), ("warehouse", "shipping")} <= set(edges)


def test_an_actor_that_goes_somewhere_is_not_a_route() -> None:
    nodes, edges = _drawn("the browser goes to nginx. nginx forwards to the app.")
    assert set(edges) == {("browser", "nginx"), ("nginx", "app")}


def test_a_route_drawn_from_the_previous_route_is_caught() -> None:
    reason = _planted("order arrives. small orders go to packing; bulk orders go to the warehouse.",
                      "n0 -> n2", "n1 -> n2")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_a_name_that_goes_somewhere_is_a_relation_not_a_step() -> None:
    _refused("parcel scanned → small parcels go to the chute")


# --- a path that skips a branch step rejoins it ("… go straight to refund"), "after X: Y" -----------


@pytest.mark.parametrize(
    "intent",
    [
        "Refunds: log request. If the item is damaged, inspect item, then refund. Undamaged items go straight to "
        "refund. After refund: close ticket.",
        "log request. If the item is damaged, inspect item, then refund. Undamaged items go directly to refund. "
        "After refund, close ticket.",
    ],
)
def test_a_kind_that_skips_the_branch_step_meets_it_at_the_next(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert set(edges) == {("log request", "inspect item"), ("inspect item", "refund"), ("log request", "refund"),
                          ("refund", "close ticket")}
    assert edges[("log request", "inspect item")] == ["if the item is damaged"]
    assert edges[("log request", "refund")] == ["undamaged items"]


def test_after_a_step_named_before_the_next_step_follows_it() -> None:
    nodes, edges = _drawn("log request → review. After review, close ticket.")
    assert set(edges) == {("log request", "review"), ("review", "close ticket")}


def test_after_a_step_drawn_from_another_step_is_caught() -> None:
    reason = _planted("log request → review. After review, close ticket.", "n1 -> n2", "n0 -> n2")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


# --- ways back named loosely, and a second "if" after a branch that went on with arrows ---------


def test_a_way_back_to_the_x_step_names_the_step_ending_in_x() -> None:
    nodes, edges = _drawn("write draft → editor review. If the editor asks for changes, revise and return to the "
                          "review step. Once approved, publish.")
    assert nodes == {"write draft", "editor review", "revise", "publish"}
    assert ("revise", "editor review") in edges


def test_a_way_back_to_a_step_not_named_before_is_refused_by_the_check_too() -> None:
    intent = "write draft → editor review. If the editor asks for changes, revise and return to the review step."
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    planted = draft.artifact.replace("n2 -> n1;", 'n3 [label="review step"];\n  n2 -> n3;')
    assert planted != draft.artifact
    verdict = kind.check(intent, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid"


def test_an_if_after_a_branch_that_went_on_with_arrows_is_not_guessed() -> None:
    reason = _refused("check disk usage → if the disk is nearly full, clean the tmp folder → restart the service → "
                      "watch the logs; if errors persist, page on-call")
    assert "page on-call" in reason["message"]


def test_the_way_back_itself_before_again_is_not_a_step() -> None:
    _refused("clerk checks form. When something is missing, clerk sends it back and applicant fills form again.")


@pytest.mark.parametrize(
    "intent",
    [
        "Dyeing cycle:\n1. Wet the fabric\n2. Apply dye\n3. Check the colour\n4. If it is patchy, go back to step 2\n"
        "5. Dry and fold",
        "Step 1: wet the fabric. Step 2: apply dye. Step 3: check the colour. If it is patchy, return to step 2. "
        "Step 4: dry and fold.",
    ],
)
def test_an_item_that_only_goes_back_on_a_condition_leaves_from_the_item_before(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"wet the fabric", "apply dye", "check the colour", "dry and fold"}
    assert edges[("check the colour", "apply dye")] == ["if it is patchy"]
    assert ("check the colour", "dry and fold") in edges


@pytest.mark.parametrize(
    "intent",
    [
        "weigh the bag. if over 23 kg go to the oversize desk. otherwise go to the belt.",
        "weigh the bag; when it is over 23 kg head straight to the oversize desk; otherwise go to the belt",
    ],
)
def test_a_move_to_a_step_ends_a_condition_written_without_a_comma(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"weigh the bag", "oversize desk", "belt"}
    assert edges[("weigh the bag", "belt")] == ["otherwise"]
    assert edges[("weigh the bag", "oversize desk")][0].endswith("over 23 kg")


# --- step-list / step-reference: items marked "(1)", "(a)", "Step B:" ---------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "(1) grind the beans (2) heat the water (3) brew for four minutes",
        "morning coffee: (a) grind the beans, (b) heat the water, (c) brew for four minutes",
        "Step A: grind the beans. Step B: heat the water. Step C: brew for four minutes.",
    ],
)
def test_items_marked_in_brackets_or_by_letter_are_a_sequence(intent: str) -> None:
    nodes, edges = _drawn(intent)
    steps = ["grind the beans", "heat the water", "brew for four minutes"]
    assert nodes == set(steps)
    assert set(edges) == set(zip(steps, steps[1:], strict=False))


def test_letters_out_of_order_are_not_read_as_marked_items() -> None:
    _refused("(a) grind the beans, (c) heat the water, (b) brew for four minutes")


@pytest.mark.parametrize(
    ("intent", "back"),
    [
        ("(1) wire the board (2) flash it (3) run the self-test; if it fails, go to (1) again; if it passes, (4) box it",
         "if it fails"),
        ("Step A: wire the board. Step B: flash it. Step C: run the self-test; if the LED blinks red, repeat from Step A. "
         "Step D: box it.", "if the led blinks red"),
    ],
)
def test_a_marked_item_named_by_its_mark_is_the_way_back(intent: str, back: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"wire the board", "flash it", "run the self-test", "box it"}
    assert edges[("run the self-test", "wire the board")] == [back]
    assert ("run the self-test", "box it") in edges
    assert ("box it", "wire the board") not in edges


def test_a_way_on_drawn_on_the_way_back_is_caught() -> None:
    intent = "(1) wire the board (2) flash it (3) run the self-test; if it fails, go to (1) again; if it passes, (4) box it"
    reason = _planted(intent, '"if it passes"', '"if it fails"')
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_LABEL_NOT_IN_INTENT", "EDGE_MISSING")


def test_a_way_back_to_a_marked_item_drawn_to_another_is_caught() -> None:
    intent = "Step A: wire the board. Step B: flash it. Step C: run the self-test; if it fails, repeat from Step A."
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    back = next(line for line in draft.artifact.splitlines() if "if it fails" in line)
    head = back.split("->")[1].split("[")[0].strip()
    reason = _planted(intent, back, back.replace(f"-> {head}", "-> n1"))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


# --- step-list: a JSON list of steps ------------------------------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        '{"steps": ["soak the oats", "simmer ten minutes", "add honey"]}',
        '{"type": "flowchart", "title": "Porridge", "stages": ["soak the oats", "simmer ten minutes", "add honey"]}',
        'Porridge:\n{"sequence": ["soak the oats", "simmer ten minutes", "add honey"]}',
    ],
)
def test_a_json_list_of_steps_is_a_sequence_not_a_tree_under_its_key(intent: str) -> None:
    nodes, edges = _drawn(intent)
    steps = ["soak the oats", "simmer ten minutes", "add honey"]
    assert nodes == set(steps)
    assert set(edges) == set(zip(steps, steps[1:], strict=False))


def test_a_json_step_list_with_keys_of_unknown_meaning_is_not_guessed() -> None:
    _refused('{"steps": ["soak the oats", "simmer ten minutes"], "owner": "Kim"}')


def test_a_json_step_list_drawn_as_a_tree_under_its_key_is_caught() -> None:
    kind = get_kind("diagram")
    intent = '{"steps": ["soak the oats", "simmer ten minutes", "add honey"]}'
    tree = 'digraph G {\n  s [label="steps"];\n  a [label="soak the oats"];\n  b [label="simmer ten minutes"];\n' \
           '  c [label="add honey"];\n  s -> a;\n  s -> b;\n  s -> c;\n}\n'
    draft = replace(kind.draft(intent, "dot", {}), artifact=tree, facts={})
    verdict = kind.check(intent, draft, {})
    assert verdict.status == "invalid"


# --- ci-pipeline: a YAML "jobs:" block with "needs" ---------------------------------------------

_JOBS = "jobs:\n  fetch:\n    runs-on: linux\n  compile:\n    needs: fetch\n  docs:\n    needs: [fetch]\n" \
        "  publish:\n    needs:\n      - compile\n      - docs\n"


@pytest.mark.parametrize("intent", [_JOBS, "our workflow, as a graph:\n" + _JOBS])
def test_a_yaml_job_block_draws_each_need_into_its_job(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"fetch", "compile", "docs", "publish"}
    assert set(edges) == {("fetch", "compile"), ("fetch", "docs"), ("compile", "publish"), ("docs", "publish")}


def test_a_job_key_that_says_more_than_where_it_runs_is_not_dropped() -> None:
    _refused(_JOBS + "    if: branch is main\n")


def test_a_need_drawn_the_wrong_way_round_is_caught() -> None:
    kind = get_kind("diagram")
    draft = kind.draft(_JOBS, "dot", {})
    first = next(line for line in draft.artifact.splitlines() if "->" in line)
    tail, head = (part.strip(" ;") for part in first.split("->"))
    reason = _planted(_JOBS, first, first.replace(f"{tail} -> {head}", f"{head} -> {tail}"))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


@pytest.mark.parametrize("intent", ["release order:\nStages:\n- plan\n- build\n- ship", "plan, build, ship\nstages:\n  - plan"])
def test_two_heading_lines_over_a_step_list(intent: str) -> None:
    if intent.startswith("release"):
        nodes, edges = _drawn(intent)
        assert set(edges) == {("plan", "build"), ("build", "ship")}
    else:
        _refused(intent)


def test_a_yaml_key_over_a_nested_list_is_a_name_not_a_second_heading() -> None:
    intent = "org:\n  Dana:\n    - Eli:\n        - Fay\n        - Gus\n    - Hal:\n        - Ivo"
    kind = get_kind("diagram")
    try:
        draft = kind.draft(intent, "dot", {})
    except Exception:  # noqa: BLE001 - refused is fine; drawn without Dana is not
        return
    if kind.check(intent, draft, {}).status == "valid":
        assert "dana" in {norm_label(n) for n in read_diagram(draft.artifact).labels}


# --- step-list / step-reference: "first …, second …, third …, finally …" ------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "Repotting: first, water the plant. Second, ease it out of the pot. Third, loosen the roots. Finally, replant it.",
        "firstly you water the plant, secondly you ease it out of the pot, thirdly loosen the roots, at last replant it",
        "How we repot: first water the plant; second ease it out of the pot; third loosen the roots; fourth replant it",
    ],
)
def test_ordinal_words_at_clause_starts_mark_a_sequence(intent: str) -> None:
    nodes, edges = _drawn(intent)
    steps = ["water the plant", "ease it out of the pot", "loosen the roots", "replant it"]
    assert nodes == set(steps)
    assert set(edges) == set(zip(steps, steps[1:], strict=False))


def test_ordinals_out_of_order_or_inside_a_name_are_not_marks() -> None:
    _refused("first, water the plant. third, loosen the roots. second, replant it.")
    _refused("the first coat dries, the second coat goes on, the third coat is optional")


def test_the_nth_step_names_an_ordinal_item_as_the_way_back() -> None:
    intent = ("First, knead the dough. Second, let it rise. Third, shape the loaf. "
              "If it tears while shaping, go back to the first step once more.")
    nodes, edges = _drawn(intent)
    assert nodes == {"knead the dough", "let it rise", "shape the loaf"}
    assert edges[("shape the loaf", "knead the dough")] == ["if it tears while shaping"]


def test_a_way_back_to_the_wrong_ordinal_item_is_caught() -> None:
    intent = "First, knead the dough. Second, let it rise. Third, shape the loaf; if it tears, go back to the second step."
    reason = _planted(intent, "n2 -> n1", "n2 -> n0")
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT", "EDGE_LABEL_WRONG")


def test_a_remark_after_a_blank_line_is_not_part_of_the_last_item() -> None:
    intent = "(a) wash the jars, (b) fill them, (c) seal the lids.\n\nDraw it top to bottom please."
    nodes, edges = _drawn(intent)
    assert nodes == {"wash the jars", "fill them", "seal the lids"}


# --- loops: "try again" names no step -----------------------------------------------------------


@pytest.mark.parametrize(
    "intent",
    ["ping host → if no reply, try again", "ping host → if no reply, retry it at most 3 times",
     "ping host -> if there is no reply, retry (up to five times); otherwise log uptime"],
)
def test_a_retry_that_names_no_step_is_refused_with_a_rewrite(intent: str) -> None:
    reason = _refused(intent)
    assert "go back to" in reason["message"]


def test_a_retry_drawn_as_a_step_named_try_is_caught() -> None:
    kind = get_kind("diagram")
    intent = "ping host → if no reply, try again"
    dot = 'digraph G {\n  a [label="ping host"];\n  b [label="try"];\n  a -> b [label="if no reply"];\n}\n'
    draft = kind.draft("ping host -> log uptime", "dot", {})
    verdict = kind.check(intent, replace(draft, artifact=dot, facts={}), {})
    assert verdict.status == "invalid"


# --- ci-pipeline / edge-conditions: "<step> fails → …; <step> passes → …" -----------------------


@pytest.mark.parametrize(
    "intent",
    [
        "checkout → compile → smoke test; smoke test fails → page the owner; smoke test passes → tag release",
        "checkout -> compile -> smoke test\nsmoke test fails -> page the owner\nsmoke test passes -> tag release",
    ],
)
def test_a_named_steps_outcome_before_an_arrow_branches_from_that_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"checkout", "compile", "smoke test", "page the owner", "tag release"}
    assert edges[("smoke test", "page the owner")] == ["fails"]
    assert edges[("smoke test", "tag release")] == ["passes"]
    assert set(edges) == {("checkout", "compile"), ("compile", "smoke test"), ("smoke test", "page the owner"),
                          ("smoke test", "tag release")}


def test_swapped_outcomes_are_caught() -> None:
    intent = "checkout → compile → smoke test; smoke test fails → page the owner; smoke test passes → tag release"
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    swapped = draft.artifact.replace('"fails"', '"@"').replace('"passes"', '"fails"').replace('"@"', '"passes"')
    assert swapped != draft.artifact
    verdict = kind.check(intent, replace(draft, artifact=swapped, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "EDGE_LABEL_WRONG"


def test_an_outcome_of_a_step_not_just_named_is_not_read_as_its_branch() -> None:
    intent = "checkout → compile → smoke test; checkout fails → page the owner"
    kind = get_kind("diagram")
    try:
        draft = kind.draft(intent, "dot", {})
    except Exception:  # noqa: BLE001 - refused is fine
        return
    if kind.check(intent, draft, {}).status == "valid":
        assert ("compile", "page the owner") not in read_diagram(draft.artifact).edge_labels


# --- loop-back: a branch whose body is a chain, after a way back --------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "sketch -> critique; if the critique is harsh, go back to sketch; if it is kind, ink -> colour.",
        "Sketch → critique. If it is harsh, go back to sketch. If it is kind, ink → colour.",
    ],
)
def test_a_branch_body_written_as_a_chain_is_not_a_case_row(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"sketch", "critique", "ink", "colour"}
    assert set(edges) == {("sketch", "critique"), ("critique", "sketch"), ("critique", "ink"), ("ink", "colour")}
    assert edges[("critique", "ink")] in (["if it is kind"],)


# --- loops: a way back that names its step by the verb's -ing form ------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "sort the mail → file the letters → shred the rest → repeat from sorting the mail",
        "sort the mail -> file the letters -> shred the rest -> back to sorting the mail",
    ],
)
def test_a_way_back_may_name_its_step_in_the_ing_form(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"sort the mail", "file the letters", "shred the rest"}
    assert ("shred the rest", "sort the mail") in edges


def test_a_way_back_by_ing_form_drawn_to_another_step_is_caught() -> None:
    intent = "sort the mail → file the letters → shred the rest → repeat from filing the letters"
    reason = _planted(intent, "n2 -> n1", "n2 -> n0")
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_an_ing_form_to_a_step_never_named_is_refused() -> None:
    _refused("sort the mail → file the letters → repeat from opening the box")


# --- step-list: a procedure's heading over its items -------------------------------------------


@pytest.mark.parametrize(
    "intent",
    [
        "lab protocol: rinse the slide, stain for 2 min, dry it, mount the coverslip",
        "closing routine: lock the till; switch off the lights; set the alarm; mount the coverslip",
        "Bench procedure: rinse the slide, stain for 2 min, dry it and mount the coverslip.",
    ],
)
def test_a_procedure_heading_over_a_list_is_a_sequence(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert len(edges) == len(nodes) - 1
    assert all(tail != head for tail, head in edges)


def test_a_procedure_list_with_a_step_dropped_is_caught() -> None:
    reason = _planted("lab protocol: rinse the slide, stain for 2 min, dry it, mount the coverslip", "n1 -> n2;", "n0 -> n2;")
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
