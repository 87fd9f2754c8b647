"""State transitions written in prose (the ab_ batch's refused state diagrams).

- "X transitions back to Y", "X switches back to Y" are moves like "goes back to"; a move said to
  happen "immediately" / "automatically" / "right away" carries that as its event.
- An opening list of the states ("The states are A, B and C.", "Model X as a state machine with the
  states A, B and C.") names nodes only; a state listed and never drawn is refused.
- "From Green it transitions to Yellow, from Yellow to Red, and from Red back to Green": the verb said
  once for several moves (from_moves.py, read alike by drafter and check); a pair that holds a
  condition or a verb is left as written.
- An opening "A traffic signal cycles through three states." is the states' heading, and its count is
  held: a drawing with another number of states is refused.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.from_moves import from_moves_as_arrows
from oracles.tests.planted_diagrams import drawn, planted_reason

_LIGHT = {("Green", "Yellow"), ("Yellow", "Red"), ("Red", "Green")}


@pytest.mark.parametrize("intent", [
    "Green transitions to Yellow when a button is pressed. Yellow transitions to Red after 3 seconds. "
    "Red transitions back to Green after 20 seconds.",
    "Green switches to Yellow. Yellow switches to Red immediately. Red switches back to Green automatically.",
    "The states are Green, Yellow and Red. Green goes to Yellow. Yellow goes to Red. Red goes back to Green.",
    "Model the crossing controller as a state machine with the states Green, Yellow and Red. Green transitions "
    "to Yellow. Yellow transitions to Red right away. Red transitions back to Green after 20 seconds.",
    "Please draw a state diagram for a traffic light. Its possible states are: Green, Yellow, Red. Green moves "
    "to Yellow. Yellow moves to Red. Red transitions back to Green.",
    "A traffic signal cycles through three states. From Green it transitions to Yellow, from Yellow to Red, "
    "and from Red back to Green.",
    "Traffic light states: Green, Yellow, Red. From Green it goes to Yellow, then from Yellow to Red, and "
    "from Red back to Green.",
    "The light goes through three states. From Green we move to Yellow, from Yellow to Red, from Red back to Green.",
])
def test_state_moves_in_prose(intent: str) -> None:
    assert drawn(intent) == ({"Green", "Yellow", "Red"}, _LIGHT)


def test_gapped_moves_after_a_chain() -> None:
    intent = ("order states are: Created → Paid → Shipped → Delivered. from Created it can also go to "
              "Cancelled, and from Paid to Refunded")
    assert drawn(intent)[1] == {("Created", "Paid"), ("Paid", "Shipped"), ("Shipped", "Delivered"),
                                ("Created", "Cancelled"), ("Paid", "Refunded")}


@pytest.mark.parametrize("sentence", [
    "From Green it goes to Yellow when pressed, from Yellow to Red.",  # a condition: not a bare name
    "From Ready, press start go to Washing, from Washing to Rinse.",  # no pronoun before the verb
    "From Green it goes to Yellow.",  # one move only: nothing gapped
])
def test_from_moves_left_as_written(sentence: str) -> None:
    assert from_moves_as_arrows(sentence) == sentence


@pytest.mark.parametrize("intent", [
    "The states are Green, Yellow, Red and Blue. Green goes to Yellow. Yellow goes to Red. Red goes to Green.",
    "A traffic signal cycles through four states. From Green it transitions to Yellow, from Yellow to Red, "
    "and from Red back to Green.",
])
def test_listed_or_counted_states_not_drawn_are_refused(intent: str) -> None:
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_planted_gapped_move_turned_round_is_caught() -> None:
    intent = ("A traffic signal cycles through three states. From Green it transitions to Yellow, from Yellow to "
              "Red, and from Red back to Green.")
    planted_reason(intent, [("Green", "Yellow"), ("Red", "Yellow"), ("Red", "Green")])
    planted_reason(intent, [("Green", "Yellow"), ("Yellow", "Red")])


def test_planted_listed_state_left_out_is_caught() -> None:
    intent = "The states are Green, Yellow, Red and Walk. Green goes to Yellow. Yellow goes to Red. Red goes to Green."
    planted_reason(intent, sorted(_LIGHT))
