"""Branch answers written inline ("Yes:", "no ->", "If no,", "(yes)", "true:"): each hangs off the
question the intent puts it after — the nearest open one, and in a tree written on one line the
innermost question not yet answered on that side — never off the step a chain happened to end on.

The reader draws that; the independent check places every answer on its own (answer_placement.py)
and refuses a drawing that hangs an answer off another node, a self-loop the intent does not state,
or a nesting the text does not settle (planted bugs, one test per rule).

Intents are this file's own, in several voices; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.answer_placement import placed_answers
from oracles.engine.diagram.faithfulness import Faithfulness
from oracles.engine.diagram.graphviz import read_back
from oracles.engine.diagram.vocabulary import phrase_key
from oracles.tests.planted_diagrams import planted_reason

Edge = tuple[str, str, str | None]


def _drawn(intent: str) -> set[Edge]:
    """The edges (tail, head, label) of a diagram answered `valid`, as phrase keys."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)  # type: ignore[arg-type]
    return {(phrase_key(t), phrase_key(h), phrase_key(label) if label else None)
            for (t, h), label in zip(graph.edges, graph.edge_labels, strict=True)}


def _refused(intent: str) -> dict[str, str]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None, "drawn, though the intent does not settle it"
    return verdict.reason


# --- an inline question, its answers after a chain segment ---------------------------------------
TRIAGE = {
    ("open the form", "complete", None),
    ("complete", "file it", "yes"),
    ("file it", "send receipt", None),
    ("complete", "ask for the rest", "no"),
    ("ask for the rest", "send receipt", None),
}


@pytest.mark.parametrize("intent", [
    "Open the form → Complete? → Yes: File it → Send receipt; No: Ask for the rest → Send receipt",
    "Open the form -> Complete? -> yes: File it -> Send receipt; no: Ask for the rest -> Send receipt",
    "open the form => complete? => yes: file it => send receipt. no: ask for the rest => send receipt.",
    "Open the form --> Complete? --> yes: File it --> Send receipt ; no: Ask for the rest --> Send receipt",
    "Open the form ⟶ Complete? ⟶ Yes: File it ⟶ Send receipt; No: Ask for the rest ⟶ Send receipt",
    "Open the form → Complete?\nYes: File it → Send receipt\nNo: Ask for the rest → Send receipt",
    "Open the form -> Complete? -> yes -> File it -> Send receipt; no -> Ask for the rest -> Send receipt",
    "Open the form → Complete? → Yes → File it → Send receipt. No → Ask for the rest → Send receipt.",
    "Open the form → Complete? → (yes) File it → Send receipt; (no) Ask for the rest → Send receipt",
    "Open the form → Complete? If yes, file it → send receipt. If no, ask for the rest → send receipt.",
    "Open the form → Complete? If yes: file it → send receipt. If no: ask for the rest → send receipt.",
    "Open the form → Complete? — if yes: File it → Send receipt; if no: Ask for the rest → Send receipt",
    # the "no" first
    "Open the form → Complete? → No: Ask for the rest → Send receipt; Yes: File it → Send receipt",
])
def test_an_answer_after_a_chain_segment_leaves_the_question(intent: str) -> None:
    drawn = _drawn(intent)
    assert {(t, h) for t, h, _ in drawn} == {(t, h) for t, h, _ in TRIAGE}
    answers = {(t, h): label for t, h, label in drawn if label}
    assert {key: label.removeprefix("if ") for key, label in answers.items()} == {
        ("complete", "file it"): "yes", ("complete", "ask for the rest"): "no"}


def test_true_and_false_are_answers_too() -> None:
    assert _drawn("Parse config → Valid? → true: Start server → Ready; false: Print usage → Exit") == {
        ("parse config", "valid", None), ("valid", "start server", "true"), ("start server", "ready", None),
        ("valid", "print usage", "false"), ("print usage", "exit", None)}


def test_answers_after_a_dash_and_a_comma() -> None:
    assert _drawn("Is the printer online? yes - print the page; no - queue the job") == {
        ("is the printer online", "print the page", "yes"), ("is the printer online", "queue the job", "no")}


# --- an answer whose step is already drawn -------------------------------------------------------
@pytest.mark.parametrize("intent", [
    "Sign in -> 2FA on? -> yes: Enter code -> Home; no: Home",
    "Sign in → 2FA on? → Yes: Enter code → Home. No: Home.",
    "sign in → 2FA on? → yes → enter code → home; no → home",
    "Sign in → 2FA on?\nyes: Enter code → Home\nno: Home",
])
def test_an_answer_to_a_step_already_named_leaves_the_question_not_that_step(intent: str) -> None:
    drawn = _drawn(intent)
    assert {(t, h) for t, h, _ in drawn} == {("sign in", "2fa on"), ("2fa on", "enter code"), ("enter code", "home"),
                                             ("2fa on", "home")}
    assert not any(t == h for t, h, _ in drawn)


def test_a_way_back_to_the_question_is_not_a_new_question() -> None:
    assert _drawn("Boot → Disk healthy? → no: Run fsck → Disk healthy?; yes: Mount volumes") == {
        ("boot", "disk healthy", None), ("disk healthy", "run fsck", "no"), ("run fsck", "disk healthy", None),
        ("disk healthy", "mount volumes", "yes")}


# --- a decision tree on one line -----------------------------------------------------------------
WEEKEND = {
    ("is it sunny", "go hiking", "yes"),
    ("is it sunny", "is the gym open", "no"),
    ("is the gym open", "lift weights", "yes"),
    ("is the gym open", "read a book", "no"),
}


@pytest.mark.parametrize("intent", [
    "Is it sunny? Yes -> Go hiking. No -> Is the gym open? Yes -> Lift weights. No -> Read a book.",
    "Is it sunny? yes → go hiking; no → is the gym open? yes → lift weights; no → read a book",
    "Is it sunny?\nYes -> Go hiking\nNo -> Is the gym open?\nYes -> Lift weights\nNo -> Read a book",
    "Is it sunny? If yes, go hiking. If no, is the gym open? If yes, lift weights. If no, read a book.",
    "weekend plan: is it sunny? yes: go hiking. no: is the gym open? yes: lift weights, no: read a book",
])
def test_answers_after_a_nested_question_leave_that_question(intent: str) -> None:
    drawn = {(t, h, label.removeprefix("if ") if label else None) for t, h, label in _drawn(intent)}
    assert drawn == WEEKEND


def test_a_nested_question_in_the_yes_branch_takes_the_next_answers_first() -> None:
    # "Q1? Yes: Q2? Yes: A. No: B. No: C": the first "No" is Q2's (the innermost), the second Q1's
    assert _drawn("Card present? Yes -> PIN correct? Yes -> Approve. No -> Decline. No -> Ask for card.") == {
        ("card present", "pin correct", "yes"), ("pin correct", "approve", "yes"),
        ("pin correct", "decline", "no"), ("card present", "ask for card", "no")}


def test_an_answer_after_an_arrow_from_a_question_answers_that_question() -> None:
    assert _drawn("Start → Paid? → No: Remind → Shipped? → Yes: Close; No: Chase; Yes: Archive") == {
        ("start", "paid", None), ("paid", "remind", "no"), ("remind", "shipped", None),
        ("shipped", "close", "yes"), ("shipped", "chase", "no"), ("paid", "archive", "yes")}


@pytest.mark.parametrize("intent", [
    # whose "No": "Card present?"'s or "PIN correct?"'s?
    "Card present? Yes -> PIN correct? Yes -> Approve. No -> Decline.",
    "Start → Card present? → Yes: PIN correct? → Yes: Approve; No: Decline",
    "Order → Paid? → yes: Ship → Delivered? → yes: Close; no: Contact courier",
])
def test_a_nesting_the_text_does_not_settle_is_refused(intent: str) -> None:
    assert _refused(intent)["code"] in ("UNREADABLE_INTENT", "UNREADABLE_RELATION")


# --- the check's own placing ---------------------------------------------------------------------
def _placed(intent: str, nodes: list[str]) -> list[tuple[str, str | None, str | None]]:
    check = Faithfulness(intent, nodes, [])
    return [(p.side, p.question, p.head) for p in placed_answers(check.tokens, check.spans())]


def test_the_check_places_answers_on_its_own() -> None:
    intent = "Is it sunny? Yes -> Go hiking. No -> Is the gym open? Yes -> Lift weights. No -> Read a book."
    nodes = ["Is it sunny?", "Go hiking", "Is the gym open?", "Lift weights", "Read a book"]
    assert _placed(intent, nodes) == [("yes", "is it sunny", "go hiking"), ("no", "is it sunny", "is the gym open"),
                                      ("yes", "is the gym open", "lift weights"), ("no", "is the gym open", "read a book")]


def test_the_check_leaves_an_unsettled_answer_unplaced() -> None:
    intent = "Card present? Yes -> PIN correct? Yes -> Approve. No -> Decline."
    nodes = ["Card present?", "PIN correct?", "Approve", "Decline"]
    assert _placed(intent, nodes) == [("yes", "card present", "pin correct"), ("yes", "pin correct", "approve"),
                                      ("no", None, "decline")]


def test_an_answer_inside_an_arrow_names_its_own_tail() -> None:
    # "no ack within" is a condition, "-- Yes -->" an arrow's label: neither opens an answer
    intent = "page on-call. If no ack within 10 min, page the lead. Lead -- yes --> close"
    assert _placed(intent, ["page on-call", "page the lead", "Lead", "close"]) == []


# --- the check: planted bugs ---------------------------------------------------------------------
STOCK = "Start → Check stock → In stock? → Yes: Ship order → End; No: Backorder → Notify customer → End"
STOCK_EDGES = [("Start", "Check stock"), ("Check stock", "In stock?"), ("In stock?", "Ship order", "Yes"),
               ("Ship order", "End"), ("Backorder", "Notify customer"), ("Notify customer", "End")]


def test_an_answer_hung_off_the_step_a_chain_ended_on_is_refused() -> None:
    reason = planted_reason(STOCK, [*STOCK_EDGES, ("End", "Backorder", "No")])
    assert reason["code"] == "EDGE_LABEL_WRONG"
    assert "'In stock?'" in reason["message"]


def test_the_right_drawing_of_the_same_intent_is_valid() -> None:
    from oracles.engine import Draft, get_kind
    nodes = sorted({n for edge in STOCK_EDGES for n in edge[:2]} | {"Backorder"})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    edges = [*STOCK_EDGES, ("In stock?", "Backorder", "No")]
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f"  {ids[e[0]]} -> {ids[e[1]]}" + (f' [label="{e[2]}"]' if len(e) > 2 else "") + ";" for e in edges]
    verdict = get_kind("diagram").check(STOCK, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "valid", verdict.reason


def test_a_self_loop_the_intent_does_not_state_is_refused() -> None:
    intent = "Sign in -> 2FA on? -> yes: Enter code -> Home; no: Home"
    reason = planted_reason(intent, [("Sign in", "2FA on?"), ("2FA on?", "Enter code", "yes"), ("Enter code", "Home"),
                                     ("Home", "Home", "no")])
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_NOT_IN_INTENT")


def test_an_unlabelled_self_loop_is_refused_too() -> None:
    intent = "Sign in -> 2FA on? -> yes: Enter code -> Home; no: Home"
    reason = planted_reason(intent, [("Sign in", "2FA on?"), ("2FA on?", "Enter code", "yes"), ("Enter code", "Home"),
                                     ("2FA on?", "Home", "no"), ("Home", "Home")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT"
    assert "itself" in reason["message"]


def test_answers_after_a_nested_question_hung_off_the_outer_one_are_refused() -> None:
    intent = "Is it sunny? Yes -> Go hiking. No -> Is the gym open? Yes -> Lift weights. No -> Read a book."
    reason = planted_reason(intent, [("Is it sunny?", "Go hiking", "Yes"), ("Is it sunny?", "Is the gym open?", "No"),
                                     ("Is it sunny?", "Lift weights", "Yes"), ("Is it sunny?", "Read a book", "No")])
    assert reason["code"] == "EDGE_LABEL_WRONG"
    assert "'Is the gym open?'" in reason["message"]


def test_an_answer_the_text_does_not_settle_is_refused_wherever_it_is_drawn() -> None:
    intent = "Card present? Yes -> PIN correct? Yes -> Approve. No -> Decline."
    base = [("Card present?", "PIN correct?", "Yes"), ("PIN correct?", "Approve", "Yes")]
    for tail in ("Card present?", "PIN correct?"):
        reason = planted_reason(intent, [*base, (tail, "Decline", "No")])
        assert reason["code"] == "UNREADABLE_RELATION"


def test_an_answer_drawn_without_its_label_is_refused() -> None:
    reason = planted_reason(STOCK, [*STOCK_EDGES, ("In stock?", "Backorder")])
    assert reason["code"] == "CONTENT_NOT_PLACED"
    assert "'No'" in reason["message"]


def test_a_stated_loop_on_one_step_is_still_drawn() -> None:
    assert ("retry upload", "retry upload", None) in _drawn("pick file -> retry upload -> retry upload -> done")


# --- "otherwise" / "else" after a question: its other way ------------------------------------------
@pytest.mark.parametrize("intent", [
    "Badge valid? → yes: Open door; otherwise: Sound alarm → Badge valid?",
    "Badge valid? -> yes: Open door; else: Sound alarm -> Badge valid?",
    "Badge valid?; yes → Open door; otherwise → Sound alarm → Badge valid?",
])
def test_otherwise_after_a_question_is_its_other_way(intent: str) -> None:
    drawn = _drawn(intent)
    assert {(t, h) for t, h, _ in drawn} == {("badge valid", "open door"), ("badge valid", "sound alarm"),
                                             ("sound alarm", "badge valid")}
    assert {label for t, h, label in drawn if (t, h) == ("badge valid", "sound alarm")} <= {"otherwise", "else"}


def test_otherwise_after_a_nested_question_is_the_inner_ones_then_the_outer_ones() -> None:
    assert _drawn("Badge valid? → yes: Door closed? → yes: Open door; otherwise: Hold door. Otherwise: Sound alarm") == {
        ("badge valid", "door closed", "yes"), ("door closed", "open door", "yes"),
        ("door closed", "hold door", "otherwise"), ("badge valid", "sound alarm", "otherwise")}


@pytest.mark.parametrize("intent", [
    # whose other way: "Door closed?"'s or "Badge valid?"'s?
    "Badge valid? → yes: Door closed? → yes: Open door; otherwise: Sound alarm",
    # the condition's or the question's?
    "Badge valid? → yes: Open door → if after hours: Log entry; otherwise: Sound alarm",
])
def test_an_otherwise_the_text_does_not_settle_is_refused(intent: str) -> None:
    assert _refused(intent)["code"] in ("UNREADABLE_INTENT", "UNREADABLE_RELATION")


def test_an_otherwise_drawn_from_a_question_answered_both_ways_is_refused() -> None:
    intent = "check payment → if paid: ship → Delivered? → yes: close; no: chase; otherwise: send reminder"
    reason = planted_reason(intent, [("check payment", "ship", "if paid"), ("ship", "Delivered?"),
                                     ("Delivered?", "close", "yes"), ("Delivered?", "chase", "no"),
                                     ("Delivered?", "send reminder", "otherwise")])
    assert reason["code"] == "EDGE_LABEL_WRONG"
    assert "'chase'" in reason["message"]


def test_an_otherwise_hung_off_the_last_step_is_refused() -> None:
    intent = "Badge valid? → yes: Open door → Log entry; otherwise: Sound alarm"
    reason = planted_reason(intent, [("Badge valid?", "Open door", "yes"), ("Open door", "Log entry"),
                                     ("Log entry", "Sound alarm", "otherwise")])
    assert reason["code"] == "EDGE_LABEL_WRONG"
    assert "'Badge valid?'" in reason["message"]


@pytest.mark.parametrize("intent", [
    "Ticket urgent? If not, add to backlog. If so, is a fix known? If so, apply fix; if not, escalate.",
    "Ticket urgent? If so, is a fix known? If so, apply fix. If not, escalate. If not, add to backlog.",
])
def test_if_so_and_if_not_answer_like_yes_and_no(intent: str) -> None:
    assert _drawn(intent) == {
        ("ticket urgent", "add to backlog", "if not"), ("ticket urgent", "is a fix known", "if so"),
        ("is a fix known", "apply fix", "if so"), ("is a fix known", "escalate", "if not")}


def test_if_so_hung_off_the_outer_question_is_refused_and_named_as_written() -> None:
    intent = "Ticket urgent? If so, is a fix known? If so, apply fix. If not, escalate. If not, add to backlog."
    reason = planted_reason(intent, [("Ticket urgent?", "is a fix known?", "if so"), ("Ticket urgent?", "apply fix", "if so"),
                                     ("is a fix known?", "escalate", "if not"), ("Ticket urgent?", "add to backlog", "if not")])
    assert reason["code"] == "EDGE_LABEL_WRONG"
    assert "'If so'" in reason["message"]


def test_a_question_opening_a_row_nothing_leads_to_is_refused_as_a_maybe_condition() -> None:
    # "minor?" is the second case of "Check severity", not a step of its own at the start of a new flow
    reason = planted_reason("Check severity → critical? → page on-call → postmortem; minor? → open ticket",
                            [("Check severity", "critical?"), ("critical?", "page on-call"), ("page on-call", "postmortem"),
                             ("minor?", "open ticket")])
    assert reason["code"] == "UNREADABLE_RELATION"
    assert "'minor?'" in reason["message"]
