"""Message lines, "A -> B: message": the message after the colon is the arrow's label even when it
opens with a word that is elsewhere a verb ("query user", "request with token"), and a quoted
message ends its sentence ("A -> B: 'ping'. B -> C: …")."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason


@pytest.mark.parametrize(
    "intent",
    [
        "kiosk -> vault: request balance; vault -> kiosk: balance row; kiosk -> printer: print slip",
        "kiosk -> vault: 'request balance'. vault -> kiosk: 'balance row'. kiosk -> printer: 'print slip'.",
        "kiosk → vault: query balance\nvault → kiosk: balance row\nkiosk → printer: send slip",
    ],
)
def test_a_message_after_the_colon_is_a_label_whatever_its_first_word(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert nodes == {"kiosk", "vault", "printer"}
    assert edges == {("kiosk", "vault"), ("vault", "kiosk"), ("kiosk", "printer")}


def test_a_message_drawn_on_the_wrong_arrow_is_still_caught() -> None:
    # planted bug: the reply's message is put on the request
    intent = "kiosk -> vault: request balance; vault -> kiosk: balance row"
    reason = planted_reason(intent, [("kiosk", "vault", "balance row"), ("vault", "kiosk", "request balance")])
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_a_condition_after_the_colon_of_a_trigger_is_still_a_condition() -> None:
    # no arrow before the colon: "if it is damaged" labels the branch, it is no message
    nodes, edges = drawn("When a parcel is scanned: if it is damaged we log it; if it is wet we dry it.")
    assert edges == {("parcel is scanned", "log it"), ("parcel is scanned", "dry it")}
