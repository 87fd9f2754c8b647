"""Decisions (multi-way branches) passed as JSON (agent_json.py): a step object with answer keys
({"text": "Paid?", "yes": 4, "no": 5}) or a map of cases ("branches": {...}); a transition map from
each step to where it leads, answers as keys ({"Done?": {"no": "Wait", "yes": "Fetch"}}); and a flow
that starts somewhere and ends in a question ({"start": …, "next": …, "decision": {"question": …,
"yes": …, "no": …}}, nested questions, or the last step's "branches"). Each way out is one edge
labelled with its key as written; what the data leaves open (two keys for the ways out, a way out
that names no step or a list, an answer key the reader does not know, the same way given twice, a
listed step with no way out whose next step is reached otherwise) is refused; the check refuses
planted bugs on the same intents.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import json

import pytest

from oracles.tests.planted_diagrams import drawn_edges as _edges
from oracles.tests.planted_diagrams import planted_reason
from oracles.tests.planted_diagrams import refusal as _refusal

ANSWER_KEYS = json.dumps({"steps": [{"id": 1, "text": "Scan ticket", "next": 2},
                                    {"id": 2, "text": "Ticket valid?", "type": "decision", "yes": 3, "no": 4},
                                    {"id": 3, "text": "Open gate"}, {"id": 4, "text": "Call attendant"}]})
STEP_CASES = json.dumps({"nodes": [{"id": "a", "label": "Weigh parcel", "next": "b"},
                                   {"id": "b", "label": "Size band?", "branches": {"small": "c", "large": "d"}},
                                   {"id": "c", "label": "Post as letter"}, {"id": "d", "label": "Book courier"}]})
TRANSITION_MAP = json.dumps({"steps": ["Ping server", "Server up?"],
                             "transitions": {"Server up?": {"no": "Wait a minute", "yes": "Report healthy"},
                                             "Wait a minute": "Ping server"}})
SIBLING_END = json.dumps({"steps": ["Enter PIN", "PIN correct?", "Unlock phone", "Show error"],
                          "transitions": {"PIN correct?": {"yes": "Unlock phone", "no": "Show error"},
                                          "Show error": "Enter PIN"}})
STATE_MAP = json.dumps({"states": ["Closed", "Opening", "Open"],
                        "transitions": {"Closed": {"button": "Opening"}, "Opening": {"limit switch": "Open"},
                                        "Open": ["Closed"]}})
START_DECISION = json.dumps({"diagram": "flow", "start": "Page requested",
                             "decision": {"question": "Logged in?", "yes": "Render dashboard", "no": "Redirect to login"}})
NESTED = json.dumps({"start": "Read temperature",
                     "decision": {"question": "Above 30?", "yes": "Turn on fan",
                                  "no": {"question": "Below 10?", "yes": "Turn on heater", "no": "Do nothing"}}})
NEXT_BRANCHES = json.dumps({"start": "Customer calls", "next": ["Take details", "Call topic?"],
                            "branches": {"Billing": "Billing desk", "Repairs": "Repair desk", "Sales": "Sales desk"}})
QUESTION_BESIDE = json.dumps({"start": "Card inserted", "question": "Chip readable?", "yes": "Ask PIN",
                              "no": "Ask to swipe"})


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (ANSWER_KEYS, {("Scan ticket", "Ticket valid?"): None, ("Ticket valid?", "Open gate"): "yes",
                       ("Ticket valid?", "Call attendant"): "no"}),
        (STEP_CASES, {("Weigh parcel", "Size band?"): None, ("Size band?", "Post as letter"): "small",
                      ("Size band?", "Book courier"): "large"}),
        (TRANSITION_MAP, {("Ping server", "Server up?"): None, ("Server up?", "Wait a minute"): "no",
                          ("Server up?", "Report healthy"): "yes", ("Wait a minute", "Ping server"): None}),
        (SIBLING_END, {("Enter PIN", "PIN correct?"): None, ("PIN correct?", "Unlock phone"): "yes",
                       ("PIN correct?", "Show error"): "no", ("Show error", "Enter PIN"): None}),
        (STATE_MAP, {("Closed", "Opening"): "button", ("Opening", "Open"): "limit switch", ("Open", "Closed"): None}),
        (START_DECISION, {("Page requested", "Logged in?"): None, ("Logged in?", "Render dashboard"): "yes",
                          ("Logged in?", "Redirect to login"): "no"}),
        (NESTED, {("Read temperature", "Above 30?"): None, ("Above 30?", "Turn on fan"): "yes",
                  ("Above 30?", "Below 10?"): "no", ("Below 10?", "Turn on heater"): "yes",
                  ("Below 10?", "Do nothing"): "no"}),
        (NEXT_BRANCHES, {("Customer calls", "Take details"): None, ("Take details", "Call topic?"): None,
                         ("Call topic?", "Billing desk"): "Billing", ("Call topic?", "Repair desk"): "Repairs",
                         ("Call topic?", "Sales desk"): "Sales"}),
        (QUESTION_BESIDE, {("Card inserted", "Chip readable?"): None, ("Chip readable?", "Ask PIN"): "yes",
                           ("Chip readable?", "Ask to swipe"): "no"}),
        (f"render_graph({START_DECISION})", {("Page requested", "Logged in?"): None,
                                             ("Logged in?", "Render dashboard"): "yes",
                                             ("Logged in?", "Redirect to login"): "no"}),
    ],
)
def test_json_decisions_are_drawn_with_exactly_their_ways_out(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


@pytest.mark.parametrize(
    ("intent", "said"),
    [
        (json.dumps({"steps": [{"id": 1, "text": "Paid?", "yes": 2, "next": 3}, {"id": 2, "text": "Ship"},
                               {"id": 3, "text": "Remind"}]}), "both what follows it and its answers"),
        (json.dumps({"steps": [{"id": 1, "text": "Paid?", "yes": 2, "branches": {"late": 3}}, {"id": 2, "text": "Ship"},
                               {"id": 3, "text": "Remind"}]}), "more than one key"),
        (json.dumps({"steps": [{"id": 1, "text": "Paid?", "yes": 7, "no": 2}, {"id": 2, "text": "Remind"}]}), "'7'"),
        (json.dumps({"start": "Read meter", "decision": {"question": "Reading high?", "yes": ["Alert", "Log"]}}),
         "not a step named as text"),
        (json.dumps({"start": "Read meter", "decision": {"question": "Reading high?", "maybe": "Alert"}}),
         "one question and its ways out"),
        (json.dumps({"start": "Read meter", "decision": {"question": "Reading high?", "yes": "Alert", "no": "Alert"}}),
         "given twice"),
        # "Show receipt" has no way out and "Archive" is reached from "Retry": does the receipt end or go on?
        (json.dumps({"steps": ["Take payment", "Approved?", "Show receipt", "Archive"],
                     "transitions": {"Approved?": {"yes": "Show receipt", "no": "Retry"}, "Retry": "Archive"}}),
         "reached otherwise"),
    ],
)
def test_json_decisions_the_data_leaves_open_are_refused(intent: str, said: str) -> None:
    reason = _refusal(intent)
    assert reason["code"] == "UNREADABLE_INTENT"
    assert said in reason["message"]


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        # the answers swapped
        (START_DECISION, [("Page requested", "Logged in?"), ("Logged in?", "Render dashboard", "no"),
                          ("Logged in?", "Redirect to login", "yes")]),
        # the inner question's "no" hung off the outer one
        (NESTED, [("Read temperature", "Above 30?"), ("Above 30?", "Turn on fan", "yes"), ("Above 30?", "Below 10?", "no"),
                  ("Below 10?", "Turn on heater", "yes"), ("Above 30?", "Do nothing", "no")]),
        # a case left out
        (NEXT_BRANCHES, [("Customer calls", "Take details"), ("Take details", "Call topic?"),
                         ("Call topic?", "Billing desk", "Billing"), ("Call topic?", "Repair desk", "Repairs")]),
        # the chained step's arrow left out
        (TRANSITION_MAP, [("Server up?", "Wait a minute", "no"), ("Server up?", "Report healthy", "yes"),
                          ("Wait a minute", "Ping server")]),
        # the step's answers swapped
        (ANSWER_KEYS, [("Scan ticket", "Ticket valid?"), ("Ticket valid?", "Open gate", "no"),
                       ("Ticket valid?", "Call attendant", "yes")]),
        # a case's label put on another case's way
        (STEP_CASES, [("Weigh parcel", "Size band?"), ("Size band?", "Post as letter", "large"),
                      ("Size band?", "Book courier", "small")]),
    ],
)
def test_planted_bugs_on_json_decisions_are_caught(intent: str, edges: list[tuple[str, ...]]) -> None:
    planted_reason(intent, edges)
