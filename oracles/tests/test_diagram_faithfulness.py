"""Planted bugs: a drafter that gets the diagram wrong is caught by the independent check.

Each test starts from a correct Draft, plants one bug in its DOT (the facts are emptied, so
nothing the drafter said about its own reading can help), and calls the kind's `check`.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import Draft, get_kind
from oracles.engine.diagram.faithfulness import NOT_CONTENT

BRANCH = "Login flow: submit, then validate; if valid, save, otherwise show error"
LOOP = "idea -> draft -> review -> publish or revise\nrevise -> review"
SEQUENCE = "The customer sends the order to the shop. The shop sends the invoice to the customer."


def _correct(intent: str) -> Draft:
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    assert kind.check(intent, draft, {}).status == "valid"
    return draft


def _check_planted(intent: str, old: str, new: str, *more: tuple[str, str]) -> dict[str, str]:
    draft = _correct(intent)
    source = draft.artifact
    assert isinstance(source, str)
    for before, after in [(old, new), *more]:
        assert before in source
        source = source.replace(before, after)
    planted = replace(draft, artifact=source, facts={})
    verdict = get_kind("diagram").check(intent, planted, {})
    assert verdict.status == "invalid" and verdict.result is None
    assert verdict.reason is not None
    return verdict.reason


def test_a_dropped_node_is_named_as_not_placed() -> None:
    reason = _check_planted(BRANCH, '  n2 [label="save"];\n', "", ('  n1 -> n2 [label="if valid"];\n', ""))
    assert reason["code"] == "CONTENT_NOT_PLACED"
    assert "'save'" in reason["message"] and "e.g." in reason["message"]


def test_a_dropped_edge_is_caught() -> None:
    reason = _check_planted(BRANCH, "  n0 -> n1;\n", "")
    assert reason == {"code": "EDGE_MISSING",
                      "message": "The intent connects 'submit' to 'validate', but the diagram does not."}


def test_a_dropped_branch_is_caught() -> None:
    reason = _check_planted(BRANCH, '  n3 [label="show error"];\n', "", ('  n1 -> n3 [label="otherwise"];\n', ""))
    assert reason["code"] == "CONTENT_NOT_PLACED" and "'show error'" in reason["message"]
    reason = _check_planted(BRANCH, '  n1 -> n3 [label="otherwise"];\n', "")
    assert reason == {"code": "EDGE_MISSING",
                      "message": "The intent connects 'validate' to 'show error', but the diagram does not."}


def test_a_branch_edge_dropped_but_its_label_kept_elsewhere_is_caught() -> None:
    reason = _check_planted(BRANCH, '  n1 -> n3 [label="otherwise"];\n', '  n2 -> n3 [label="otherwise"];\n')
    assert reason["code"] == "EDGE_MISSING"


def test_a_truncated_label_is_a_fragment_not_a_phrase() -> None:
    reason = _check_planted(BRANCH, 'label="show error"', 'label="error"')
    assert reason == {"code": "NODE_NOT_IN_INTENT", "message": "The node 'error' is not a whole phrase of the intent."}


def test_an_added_node_is_caught() -> None:
    reason = _check_planted(BRANCH, "}\n", '  n9 [label="audit"];\n  n2 -> n9;\n}\n')
    assert reason["code"] == "NODE_NOT_IN_INTENT"


def test_an_added_edge_between_stated_nodes_is_caught() -> None:
    reason = _check_planted(BRANCH, "}\n", "  n3 -> n0;\n}\n")
    assert reason == {"code": "EDGE_NOT_IN_INTENT",
                      "message": "The diagram connects 'show error' to 'submit', which the intent does not say."}


def test_a_reversed_edge_is_caught() -> None:
    reason = _check_planted(BRANCH, "  n0 -> n1;\n", "  n1 -> n0;\n")
    assert reason["code"] == "EDGE_MISSING"


def test_a_dropped_loop_back_edge_is_caught() -> None:
    reason = _check_planted(LOOP, "  n4 -> n2;\n", "")
    assert reason == {"code": "EDGE_MISSING",
                      "message": "The intent connects 'revise' to 'review', but the diagram does not."}


def test_a_condition_moved_to_another_edge_is_caught() -> None:
    reason = _check_planted(BRANCH, '  n0 -> n1;\n  n1 -> n2 [label="if valid"];\n',
                            '  n0 -> n1 [label="if valid"];\n  n1 -> n2;\n')
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_a_dropped_message_label_is_caught() -> None:
    reason = _check_planted(SEQUENCE, ' [label="sends the invoice"]', "")
    assert reason["code"] == "CONTENT_NOT_PLACED" and "'invoice'" in reason["message"]


def test_a_step_named_twice_is_one_node() -> None:
    reason = _check_planted(LOOP, '  n4 -> n2;\n', '  n5 [label="review"];\n  n4 -> n5;\n')
    assert reason["code"] == "DUPLICATE_NODE"


def test_a_condition_swallowed_into_a_node_is_caught() -> None:
    intent = "INIT → SELECTING after sending DISCOVER; SELECTING → BOUND on ACK"
    draft = Draft("dot", 'digraph { a [label="INIT"]; b [label="SELECTING after sending DISCOVER"]; '
                         'c [label="SELECTING"]; d [label="BOUND on ACK"]; a -> b; c -> d; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] in ("NODE_HOLDS_RELATION", "NODE_HOLDS_CONDITION")


def test_a_clause_drawn_as_one_node_is_caught() -> None:
    intent = "client sends request to gateway, gateway checks token with auth server"
    draft = Draft("dot", 'digraph { a [label="client"]; b [label="gateway"]; c [label="gateway checks token with auth server"]; '
                         'a -> b [label="request"]; a -> c [label="request"]; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_HOLDS_RELATION"


def test_glue_the_checker_cannot_read_is_refused_not_guessed() -> None:
    intent = "nginx with the app"
    draft = Draft("dot", 'digraph { a [label="nginx"]; b [label="app"]; a -> b; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNREADABLE_RELATION"
    assert "'with the'" in verdict.reason["message"] and "e.g." in verdict.reason["message"]


@pytest.mark.parametrize("word", ["then", "and", "draw", "flowchart", "please"])
def test_instruction_and_connector_words_are_listed_once(word: str) -> None:
    assert word in NOT_CONTENT["anywhere"] | NOT_CONTENT["preamble"]
    assert "save" not in NOT_CONTENT["anywhere"] | NOT_CONTENT["preamble"]


def test_instruction_words_inside_a_step_are_content() -> None:
    # "make" only instructs before the first step; in "make coffee" it is part of the name
    intent = "Steps: wake up, then make coffee, then read the news"
    draft = Draft("dot", 'digraph { a [label="wake up"]; b [label="coffee"]; c [label="read the news"]; '
                         'a -> b; b -> c; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_NOT_IN_INTENT"


def test_every_diagram_reason_code_is_in_the_one_documented_list() -> None:
    import re
    from pathlib import Path

    from ground.reasons import REASONS

    engine = Path(__file__).resolve().parent.parent / "engine"
    sources = [*sorted((engine / "diagram").glob("*.py")), engine / "limits.py"]
    raised = {code for path in sources
              for code in re.findall(r'(?:EngineRefusal|__init__)\(\s*"([A-Z_]+)"', path.read_text(encoding="utf-8"))}
    assert "UNREADABLE_RELATION" in raised and "CONTENT_NOT_PLACED" in raised
    assert raised <= set(REASONS)
    # Documented: each has its meaning in the one list, which the served /docs/verdicts/ page shows
    # (tests/test_docs_pages.py checks every code is on it).
    assert all(REASONS[code][1].strip() for code in raised)
    assert REASONS["UNREADABLE_INTENT"][0] is False
    assert list(REASONS) == sorted(REASONS)


def test_an_instruction_verb_that_is_the_first_steps_own_verb_is_content() -> None:
    # "build the backend": the drafter dropping "build" as if it were "build me a diagram"
    intent = "build the backend, then deploy"
    draft = Draft("dot", 'digraph { a [label="backend"]; b [label="deploy"]; a -> b; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "CONTENT_NOT_PLACED"
    assert "'build'" in verdict.reason["message"]


def test_a_heading_is_not_part_of_the_first_step() -> None:
    intent = "Release: build the backend, then deploy"
    draft = Draft("dot", 'digraph { a [label="Release: build the backend"]; b [label="deploy"]; a -> b; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_NOT_IN_INTENT"


def test_a_tail_condition_left_on_the_node_is_caught() -> None:
    intent = "pending → paid on payment; paid → shipped"
    draft = Draft("dot", 'digraph { a [label="pending"]; b [label="paid on payment"]; c [label="paid"]; '
                         'd [label="shipped"]; a -> b; c -> d; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_HOLDS_RELATION"


def test_a_second_relation_hidden_in_a_list_is_refused() -> None:
    intent = "The app sends logs to Loki and metrics to Prometheus."
    draft = Draft("dot", 'digraph { a [label="app"]; b [label="Loki"]; c [label="metrics to Prometheus"]; '
                         'a -> b [label="logs"]; a -> c [label="logs"]; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNREADABLE_RELATION"


def test_a_reply_goes_back_to_the_sender() -> None:
    intent = "Checkout calls Payments with the order total; Payments responds with a receipt."
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    assert kind.check(intent, draft, {}).status == "valid"
    assert isinstance(draft.artifact, str)
    reversed_reply = draft.artifact.replace("n1 -> n0", "n0 -> n1")
    assert reversed_reply != draft.artifact
    verdict = kind.check(intent, replace(draft, artifact=reversed_reply, facts={}), {})
    assert verdict.status == "invalid"


def test_a_mermaid_node_mentioned_by_its_id_must_keep_its_edges() -> None:
    intent = "graph TD; A[Start] --> B[Collect data]; B --> C[Report]"
    reason = _check_planted(intent, "  n1 -> n2;\n", "")
    assert reason == {"code": "EDGE_MISSING",
                      "message": "The intent connects 'Collect data' to 'Report', but the diagram does not."}


def test_a_count_drawn_as_a_node_is_refused() -> None:
    intent = "Sales manages two reps, Kim and Lou."
    draft = Draft("dot", 'digraph { a [label="Sales"]; b [label="two reps"]; c [label="Kim"]; d [label="Lou"]; '
                         'a -> b; a -> c; a -> d; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_NOT_IN_INTENT"
    assert "counts other names" in verdict.reason["message"]
    assert get_kind("diagram").check(intent, get_kind("diagram").draft(intent, "dot", {}), {}).status == "valid"


def test_a_whole_clause_drawn_as_one_node_is_refused_even_alone() -> None:
    intent = "The router forwards packets to the firewall, then the firewall forwards them to the server."
    draft = Draft("dot", 'digraph { a [label="router forwards packets to the firewall"]; '
                         'b [label="firewall forwards them to the server"]; a -> b; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_HOLDS_RELATION"


def test_an_edge_label_of_only_connecting_words_is_refused() -> None:
    intent = "write → edit → publish. The editor sends it back to write."
    draft = Draft("dot", 'digraph { a [label="write"]; b [label="edit"]; c [label="publish"]; d [label="editor"]; '
                         'a -> b; b -> c; d -> a [label="it back"]; }', {})
    verdict = get_kind("diagram").check(intent, draft, {})
    assert verdict.reason == {"code": "EDGE_LABEL_NOT_IN_INTENT",
                              "message": "The edge label 'it back' names nothing: it is only connecting words."}


def test_a_name_cut_at_its_titles_full_stop_is_a_fragment() -> None:
    """Planted: "Dr. Osei" drawn as "Osei" (or "Dr"): a title's full stop is inside the name."""
    intent = "Dr. Osei supervises Mei and Karim."
    reason = _check_planted(intent, 'label="Dr. Osei"', 'label="Osei"')
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "Osei" in reason["message"]
    reason = _check_planted(intent, 'label="Dr. Osei"', 'label="Dr"')
    assert reason["code"] == "NODE_NOT_IN_INTENT"


def test_a_retry_count_drawn_as_a_step_is_refused() -> None:
    """Planted: 'retry it at most 3 times' drawn as a step after 'delivered' instead of a counted back edge."""
    intent = "packed -> shipped -> delivered"
    loop = intent + "\nIf delivered fails, retry it at most 3 times."
    draft = _correct(intent)
    source = draft.artifact
    assert isinstance(source, str)
    planted = source.replace("}\n", '  n9 [label="retry it at most 3 times"];\n  n2 -> n9 [label="if delivered fails"];\n}\n')
    verdict = get_kind("diagram").check(loop, replace(draft, artifact=planted, facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "NODE_NOT_IN_INTENT" and "loop" in verdict.reason["message"]


@pytest.mark.parametrize(("intent", "dot", "said"), [
    # a distributive "each" / "every" drawn as if it were one name
    ("The iOS app and the Android app each call the API gateway; every gateway call goes to the auth service.",
     'digraph { a [label="iOS app"]; b [label="Android app"]; c [label="every gateway call"]; d [label="auth service"]; '
     'e [label="API gateway"]; a -> e; b -> e; c -> d; }', "points at several names"),
    # "its own": a pointer back at another name
    ("Ingest -> the cleaner writes its own log file -> Load",
     'digraph { a [label="Ingest"]; b [label="the cleaner writes its own log file"]; c [label="Load"]; a -> b; b -> c; }',
     "points back at another name"),
    # emphasis markup left on a node
    ("**Submit form** → *accepted* → **Send receipt**",
     'digraph { a [label="Submit form"]; b [label="*accepted*"]; c [label="Send receipt"]; a -> b; b -> c; }',
     "text formatting"),
])
def test_a_node_that_points_at_other_names_or_keeps_markup_is_refused(intent: str, dot: str, said: str) -> None:
    verdict = get_kind("diagram").check(intent, Draft("dot", dot, {}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "NODE_NOT_IN_INTENT" and said in verdict.reason["message"]


def test_a_note_that_orders_a_step_after_others_is_a_join_not_part_of_its_name() -> None:
    intent = "Release day:\n- Tag the build\n- Update the docs\n- Announce (once both are done)\n- Close the milestone"
    dot = ('digraph { a [label="Tag the build"]; b [label="Update the docs"]; c [label="Announce (once both are done)"]; '
           'd [label="Close the milestone"]; a -> b; b -> c; c -> d; }')
    verdict = get_kind("diagram").check(intent, Draft("dot", dot, {}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "NODE_HOLDS_CONDITION" and "(once both are done)" in verdict.reason["message"]
    # a note on timing alone names no other step and stays part of the name
    timed = "Signup:\n- Create the account\n- Send a reminder (after three days)\n- Close the trial"
    assert get_kind("diagram").check(timed, get_kind("diagram").draft(timed, "dot", {}), {}).reason is None
