"""Words of a state machine told as a story ("It starts as Pending. When payment clears it becomes
Paid."), shared as vocabulary by the drafter (state_story_forms.py) and the check
(state_story_normal.py); each reads the sentences its own way."""

from __future__ import annotations

# "it starts as Pending", "the assistant sits in Idle": the state the story begins in
OPENING_VERBS = ("starts", "begins", "sits")
# "it goes to Moving", "it becomes Paid", "it falls back to Idle": the thing moves to a state
MOVE_VERBS = ("goes", "moves", "switches", "changes", "falls", "returns", "transitions", "becomes", "turns")
# "the wake word moves it to Listening": an event that moves the thing
EVENT_VERBS = ("moves", "takes", "brings", "sends", "puts", "switches")
# words that open the event said before or after the move
EVENT_OPENERS = ("when", "once", "after", "on", "as soon as")
# a state's name holds none of these: "Paid and waits", "Moving or Parked" are more than one name
NOT_IN_A_STATE = frozenset(
    "and or then when if after once until unless but it its which while so not never also before instead".split()
)
STATE_MAX_WORDS = 4
