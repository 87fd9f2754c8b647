"""Multi-way decisions written as one list of cases after their question: "severity? P1 -> page
oncall, P2 -> create ticket for today, P3 -> add to backlog", "got a response, check status code: 2xx
parse body, 4xx log client err, 5xx retry later", the cases any short words ("card: charge card"),
the rows parted by commas, semicolons, full stops or new lines. The drafter (case_lists.py) and, on
its own, the check (case_list_check.py) read each case as an edge from the decision labelled with
the case; planted mistakes (a case on the wrong way, a case drawn as a step, a row left out) are
caught. The refusal of a case drawn as a step suggests a rewrite that is itself read."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges as _edges
from oracles.tests.planted_diagrams import planted_reason as _planted
from oracles.tests.planted_diagrams import refusal as _refusal

_SEVERITY = "severity? P1 -> page oncall, P2 -> create ticket for today, P3 -> add to backlog"
_STATUS = "got a response, check status code: 2xx parse body, 4xx log client err, 5xx retry later"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (_SEVERITY, {("severity?", "page oncall"): "P1", ("severity?", "create ticket for today"): "P2",
                     ("severity?", "add to backlog"): "P3"}),
        (_STATUS, {("got a response", "check status code"): None, ("check status code", "parse body"): "2xx",
                   ("check status code", "log client err"): "4xx", ("check status code", "retry later"): "5xx"}),
        ("severity? critical -> page oncall, major -> create ticket, minor -> add to backlog",
         {("severity?", "page oncall"): "critical", ("severity?", "create ticket"): "major",
          ("severity?", "add to backlog"): "minor"}),
        ("receive order -> payment method? card: charge card, paypal: redirect to paypal, invoice: send invoice",
         {("receive order", "payment method?"): None, ("payment method?", "charge card"): "card",
          ("payment method?", "redirect to paypal"): "paypal", ("payment method?", "send invoice"): "invoice"}),
        ("alert fires, check severity: P1 → page on-call\nP2 → create ticket\nP3 → add to backlog",
         {("alert fires", "check severity"): None, ("check severity", "page on-call"): "P1",
          ("check severity", "create ticket"): "P2", ("check severity", "add to backlog"): "P3"}),
        ("got response -> status code? 2xx parse body; 4xx log client error; 5xx retry later.",
         {("got response", "status code?"): None, ("status code?", "parse body"): "2xx",
          ("status code?", "log client error"): "4xx", ("status code?", "retry later"): "5xx"}),
        ("severity? P1 -> page oncall. P2 -> create ticket. P3 -> add to backlog.",
         {("severity?", "page oncall"): "P1", ("severity?", "create ticket"): "P2", ("severity?", "add to backlog"): "P3"}),
    ],
)
def test_a_case_list_after_its_question_branches_from_it(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


def test_planted_mistakes_in_a_case_list_are_caught() -> None:
    right = [("severity?", "page oncall", "P1"), ("severity?", "create ticket for today", "P2"),
             ("severity?", "add to backlog", "P3")]
    _planted(_SEVERITY, [right[0], ("severity?", "create ticket for today", "P3"), ("severity?", "add to backlog", "P2")])
    _planted(_SEVERITY, right[:2], extra=("add to backlog",))  # a row left out
    _planted(_SEVERITY, [("P1", "page oncall"), ("P2", "create ticket for today"), ("P3", "add to backlog")],
             extra=("severity?",))  # the cases drawn as steps, the question left alone
    _planted(_SEVERITY, [("severity?", "page oncall", "P1"), ("page oncall", "create ticket for today", "P2"),
                         ("severity?", "add to backlog", "P3")])  # a row hung off another row's step
    status = [("got a response", "check status code"), ("check status code", "parse body", "2xx"),
              ("check status code", "log client err", "4xx"), ("check status code", "retry later", "5xx")]
    _planted(_STATUS, [("check status code", "got a response"), *status[1:]])  # the sequence turned round
    _planted(_STATUS, [status[0], ("got a response", "parse body", "2xx"), *status[2:]])  # a case from the wrong step


@pytest.mark.parametrize(
    "intent",
    [
        "severity? P1 -> page oncall, P2 -> create ticket, P2 -> add to backlog",  # one case given twice
        "severity? P1 -> page oncall, P2 create ticket, P3 -> add to backlog",  # rows written two ways
    ],
)
def test_a_case_list_it_cannot_settle_is_refused(intent: str) -> None:
    _refusal(intent)


def test_the_suggested_rewrite_of_a_case_drawn_as_a_step_is_read() -> None:
    reason = _refusal("severity? P1 -> page oncall, P2 -> create ticket, P2 -> add to backlog")
    assert "'severity? -> <next step> if P1; severity? -> <other step> if <other case>'" in reason["message"]
    assert _edges("severity? -> page oncall if P1; severity? -> create ticket if P2; severity? -> add to backlog if P3") == {
        ("severity?", "page oncall"): "if P1", ("severity?", "create ticket"): "if P2", ("severity?", "add to backlog"): "if P3"}
