"""Family: one move said for several states at once, "Idle, Walking and Running all go to Jumping on
jump", "Pending and Paid can both go to Cancelled on cancel", "Idle, Heating and Cooling each go to Off
when powered off", "Walking, Running or Jumping -> Dead when HP reaches 0": an arrow from each state
with the rest of the clause, for drafter and check alike (shared_moves.py). "A and B -> C" without
"all"/"both"/"each"/"or" (maybe a join), names not stated elsewhere, and a clause holding more than
one move are left as written."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.shared_moves import shared_moves_as_arrows
from oracles.tests.planted_diagrams import drawn_edges, planted_reason

PLAYER = ("player states: Idle, Walking, Running, Jumping, Dead.\n- Idle -> Walking on move input\n"
          "- Walking -> Running on sprint\n- Idle, Walking and Running all go to Jumping on jump\n"
          "- Jumping -> Idle on landing\n- Walking, Running or Jumping -> Dead when HP reaches 0")

CASES = [
    (
        PLAYER,
        {("Idle", "Walking"): "move input", ("Walking", "Running"): "sprint", ("Idle", "Jumping"): "jump",
         ("Walking", "Jumping"): "jump", ("Running", "Jumping"): "jump", ("Jumping", "Idle"): "landing",
         ("Walking", "Dead"): "HP reaches 0", ("Running", "Dead"): "HP reaches 0",
         ("Jumping", "Dead"): "HP reaches 0"},
    ),
    (
        "Order states: Pending -> Paid on payment. Paid -> Shipped on dispatch. "
        "Pending and Paid can both go to Cancelled on cancel.",
        {("Pending", "Paid"): "payment", ("Paid", "Shipped"): "dispatch",
         ("Pending", "Cancelled"): "cancel", ("Paid", "Cancelled"): "cancel"},
    ),
    (
        "Thermostat states: Off -> Idle on power on; Idle -> Heating on cold; Idle -> Cooling on hot; "
        "Idle, Heating and Cooling each go to Off on power off.",
        {("Off", "Idle"): "power on", ("Idle", "Heating"): "cold", ("Idle", "Cooling"): "hot",
         ("Idle", "Off"): "power off", ("Heating", "Off"): "power off", ("Cooling", "Off"): "power off"},
    ),
]


@pytest.mark.parametrize(("intent", "expected"), CASES)
def test_one_move_from_each_state(intent: str, expected: dict[tuple[str, str], str]) -> None:
    assert drawn_edges(intent) == expected


@pytest.mark.parametrize("intent", [
    "States for a PR:\n- `open` → `approved` on approve\n- `open` and `approved` → `closed` on close",  # maybe a join
    "Salt and pepper both go to season. season -> serve",  # not named elsewhere
    "A -> B. A and B both go to C and D.",  # more than one move
])
def test_left_as_written(intent: str) -> None:
    assert shared_moves_as_arrows(intent) == intent


def test_planted_one_state_left_out_refused() -> None:
    edges = [e for e in CASES[1][1].items() if e[0] != ("Paid", "Cancelled")]
    planted_reason(CASES[1][0], [(t, h, label) for (t, h), label in edges])


def test_planted_sources_as_one_node_refused() -> None:
    edges = [((t, h), label) for (t, h), label in CASES[1][1].items() if h != "Cancelled"]
    planted_reason(CASES[1][0], [(t, h, label) for (t, h), label in edges] + [("Pending and Paid", "Cancelled", "on cancel")])
