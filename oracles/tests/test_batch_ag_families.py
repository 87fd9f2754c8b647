"""Families found by the first-contact runs of the sealed ag_ and ah_ batches and by probing around them:

- An org chart in markdown bullets with the words in bold ("- **CEO**: Dana Park") was drawn with a closing
  '**' kept in each node ('CEO**: Dana Park'). Bold inside a bullet item only emphasises its words: drafter
  and check each read the item without it; a drawn label that still holds '**' or '__' (or starts or ends
  with a lone '*') is refused as cut in the wrong place. Inline code ("Run `du`") stays part of a name, and
  an item with arrows keeps its bold, where bold steps and italic conditions tell the two apart. An edge label
  cut inside an italic ('click *Log in' of "click *Log in*") is refused alike.
- Chart labels holding a piece of the sentence: the subject ('temperatures at 6am' beside 'noon'), a word about
  the statement ('Wednesday also', 'Thursday it go down'), and a title cut where the first name was taken
  ('Time in' over 'queue'); a subject cut before its end ("As a pie: …") is no title at all.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason
from oracles.tests.test_chart_fail_closed import _planted, _rows

BOLD_ORG = "## Leadership org chart\n- **CEO**: Dana Park\n  - **CTO**: Raj Iyer\n  - **CFO**: Tom Bell"


@pytest.mark.parametrize(("intent", "nodes", "edges"), [
    (BOLD_ORG, {"CEO: Dana Park", "CTO: Raj Iyer", "CFO: Tom Bell"},
     {("CEO: Dana Park", "CTO: Raj Iyer"), ("CEO: Dana Park", "CFO: Tom Bell")}),
    ("Org:\n- **Dana Park** (CEO)\n  - **Raj Iyer** (CTO)\n  - __Tom Bell__ (CFO)",
     {"Dana Park (CEO)", "Raj Iyer (CTO)", "Tom Bell (CFO)"},
     {("Dana Park (CEO)", "Raj Iyer (CTO)"), ("Dana Park (CEO)", "Tom Bell (CFO)")}),
    ("- **Update docs**\n- **Ship**", {"Update docs", "Ship"}, {("Update docs", "Ship")}),
])
def test_bold_in_bullet_items_is_read_as_plain_words(intent: str, nodes: set[str], edges: set[tuple[str, str]]) -> None:
    assert drawn(intent) == (nodes, edges)


@pytest.mark.parametrize(("node", "other"), [
    ("CEO**: Dana Park", "CTO: Raj Iyer"),
    ("**CEO: Dana Park", "CTO: Raj Iyer"),
    ("CEO: Dana Park*", "CTO: Raj Iyer"),
])
def test_planted_label_holding_markdown_marks_is_refused(node: str, other: str) -> None:
    reason = planted_reason(BOLD_ORG, [(node, other), (node, "CFO: Tom Bell")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "markdown" in reason["message"], reason


def test_inline_code_stays_part_of_a_name() -> None:
    verdict = answer("diagram", "1. Run `du` to find large dirs\n2. Delete old logs\n3. Re-check free space", "dot", {})
    assert verdict.status == "valid", verdict.reason


# A step said again ("call again", "run it again") drawn as a new step loses the loop: refused; a repeat
# drawn as the way back to the step stays valid.
@pytest.mark.parametrize("intent", [
    "run job. if it fails, call again, then page ops.",
    "run job. if it fails, run it again, then page ops.",
])
def test_a_repeat_drawn_as_a_new_step_is_refused(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "NODE_NOT_IN_INTENT", verdict.reason
    assert "repeats an earlier step" in verdict.reason["message"]


def test_a_repeat_drawn_as_the_way_back_stays_valid() -> None:
    assert drawn("enter password -> check -> if wrong, enter password again") == (
        {"enter password", "check"}, {("enter password", "check"), ("check", "enter password")})


def test_planted_repeat_as_a_new_step_is_refused() -> None:
    reason = planted_reason("run job. if it fails, call again, then page ops.",
                            [("run job", "call", "if it fails"), ("call", "page ops")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "repeats an earlier step" in reason["message"], reason


def test_an_edge_label_cut_inside_an_italic_is_refused() -> None:
    # the drafter now drops the paired marks and draws 'click Log in' (test_message_labels.py); a label
    # cut inside the italic is still refused
    reason = planted_reason("1. User → App: click *Log in*\n2. App → Auth Server: redirect",
                            [("User", "App", "click *Log in"), ("App", "Auth Server", "redirect")])
    assert reason["code"] == "EDGE_LABEL_NOT_IN_INTENT", reason


@pytest.mark.parametrize(("intent", "held"), [
    ("Line chart — temperatures at 6am 12°, noon 21°, 6pm 17° and midnight 9°", "temperatures at"),
    ("I want to see the temperature of this week in a line. Monday is 21 degree, Tuesday 23, Wednesday also 23, "
     "Thursday it go down to 19 and Friday 17.", "also"),
    ("Time in queue 5, Handling 3, Wrap-up 2", "Time"),
])
def test_a_piece_of_the_sentence_in_a_chart_label_is_refused(intent: str, held: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT", verdict.reason
    assert held in verdict.reason["message"]


@pytest.mark.parametrize(("intent", "rows"), [
    ("Line chart — temperatures at 6am 12°, noon 21°, 6pm 17°",
     _rows(("temperatures at 6am", 12), ("noon", 21), ("6pm", 17))),
    ("Line chart: Monday 21, Tuesday 23, Wednesday also 23", _rows(("Monday", 21), ("Tuesday", 23), ("Wednesday also", 23))),
])
def test_planted_sentence_piece_in_a_label_is_refused(intent: str, rows: list) -> None:
    verdict = _planted(intent, rows=rows)
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT", verdict.reason


@pytest.mark.parametrize(("intent", "title"), [
    ("As a pie: A 10, B 20", None),
    ("Cash flow by month as an area chart: Jan 3, Feb 4", "Cash flow by month"),
    ("Line chart of temperatures: 6am 12°, noon 21°, 6pm 17°", "Temperatures"),
    ("show revenue per region as a donut but make North red: North 40, South 35, East 25", "Revenue per region"),
    ("sales as bars: A 1, B 2", "Sales"),
])
def test_a_subject_cut_before_its_end_is_no_title(intent: str, title: str | None) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    drawn = verdict.result.get("title")
    drawn = drawn.get("text") if isinstance(drawn, dict) else drawn
    assert (drawn or None) == title


def test_planted_preposition_before_a_period_is_refused() -> None:
    intent = "Bar chart of coal use (GWh). In 2021: 120. In 2022: 98. In 2023: 90."
    verdict = _planted(intent, rows=_rows(("In 2021", 120), ("In 2022", 98), ("In 2023", 90)))
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT", verdict.reason
    assert "keeps 'In'" in verdict.reason["message"]


def test_a_name_drawn_again_behind_a_routing_word_is_refused() -> None:
    intent = "Alice asks Bob for the file; Bob forwards the request to Carol; Carol sends the file to Alice, cc Bob."
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "NODE_NOT_IN_INTENT", verdict.reason
    reason = planted_reason(intent, [("Alice", "Bob", "file"), ("Bob", "Carol", "forwards the request"),
                                     ("Carol", "Alice", "sends the file"), ("Carol", "cc Bob", "sends the file")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "behind 'cc'" in reason["message"], reason


def test_the_copy_said_as_its_own_message_is_drawn() -> None:
    intent = ("Alice asks Bob for the file; Bob forwards the request to Carol; Carol sends the file to Alice and sends "
              "a copy to Bob.")
    assert drawn(intent)[1] == {("Alice", "Bob"), ("Bob", "Carol"), ("Carol", "Alice"), ("Carol", "Bob")}


@pytest.mark.parametrize(("intent", "edges"), [
    ("Ticket flow — customer opens ticket → L1 triages → L1 closes ticket",
     {("customer opens ticket", "L1 triages"), ("L1 triages", "L1 closes ticket")}),
    ("Deploy pipeline - build → test → deploy", {("build", "test"), ("test", "deploy")}),
    ("Onboarding steps – sign contract → get laptop", {("sign contract", "get laptop")}),
])
def test_a_flow_heading_before_a_spaced_dash_is_the_title(intent: str, edges: set) -> None:
    assert drawn(intent)[1] == edges


def test_planted_heading_drawn_as_a_step_is_refused() -> None:
    reason = planted_reason("Deploy pipeline - build → test → deploy",
                            [("Deploy pipeline", "build"), ("build", "test"), ("test", "deploy")])
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "EDGE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}, reason


@pytest.mark.parametrize(("intent", "code"), [
    ("survey: Top box 45%, middle 30%, bottom 25%", "VALUE_MISSING"),  # a share after "bottom" is no count
    ("Bar chart: Alpha 10, Beta 20, Gamma 15, and a note: 30 people attended", "LABEL_NOT_IN_INTENT"),
])
def test_a_share_after_a_ranking_word_or_a_note_label_is_not_passed(intent: str, code: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == code, verdict.reason


def test_planted_share_left_out_is_refused() -> None:
    verdict = _planted("survey: Top box 45%, middle 30%, bottom box 25%", rows=_rows(("Top box", 45), ("middle", 30)))
    assert verdict.status == "invalid" and verdict.reason["code"] == "VALUE_MISSING", verdict.reason


@pytest.mark.parametrize(("intent", "code"), [
    ("Can you write a short summary paragraph of these quarterly numbers for our newsletter? Q1 120, Q2 135, Q3 128, "
     "Q4 160. Nothing fancy, just a few sentences.", "UNSUPPORTED_CHART"),
    ("draft an email about this: A 1, B 2", "UNSUPPORTED_CHART"),
    ("Chart these and write a summary: A 1, B 2", "REQUEST_NOT_HONOURED"),
])
def test_a_text_asked_for_is_not_answered_with_a_chart(intent: str, code: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == code, verdict.reason


def test_planted_chart_for_a_text_request_is_refused() -> None:
    verdict = _planted("Write a short summary paragraph of these numbers: Q1 120, Q2 135, Q3 128")
    assert verdict.status == "invalid" and verdict.reason["code"] == "UNSUPPORTED_CHART", verdict.reason


@pytest.mark.parametrize(("intent", "edges"), [
    ("Could you draw the login handshake? The client sends the password to the auth server. The auth server returns "
     "a token to the client.", {("client", "auth server"), ("auth server", "client")}),
    ("Can you sketch how login works for us? The app sends the credentials to the auth service, and the auth service "
     "returns a JWT to the app.", {("app", "auth service"), ("auth service", "app")}),
])
def test_an_opening_question_asking_how_something_works_is_the_title(intent: str, edges: set) -> None:
    assert drawn(intent)[1] == edges


def test_the_title_question_never_stands_for_a_named_part() -> None:
    verdict = answer("diagram", "Could you draw the API? It calls the DB.", "dot", {})
    assert verdict.status == "invalid"  # 'It' points back into the title: refused, not guessed


def test_a_states_heading_before_a_dash_is_the_title_and_never_part_of_the_first_state() -> None:
    intent = "Document states - draft -> review: submit; review -> published: approve"
    assert drawn(intent) == ({"draft", "review", "published"}, {("draft", "review"), ("review", "published")})
    reason = planted_reason(intent, [("Document states - draft", "review", "submit"), ("review", "published", "approve")])
    assert reason["code"] == "NODE_NOT_IN_INTENT", reason


@pytest.mark.parametrize(("intent", "edges"), [
    ("Receive the order. Then pack it, then ship it.", {("Receive the order", "pack it"), ("pack it", "ship it")}),
    ("Receive order. Then pack, then ship.", {("Receive order", "pack"), ("pack", "ship")}),
])
def test_a_sentence_opening_with_then_goes_on_from_the_step_before(intent: str, edges: set) -> None:
    assert drawn(intent)[1] == edges


def test_planted_then_sentence_left_unjoined_is_refused() -> None:
    reason = planted_reason("Receive order. Then pack, then ship.", [("pack", "ship")], extra=("Receive order",))
    assert reason["code"] == "EDGE_MISSING", reason
