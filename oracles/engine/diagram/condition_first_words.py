"""Words of a state's move said with its condition first ("If nobody pays within 24h, Pending goes to
Cancelled.", "When payment succeeds, Pending becomes Paid."), shared as vocabulary by the drafter
(condition_first_forms.py) and the check (condition_first_normal.py); each reads the sentence its own way."""

from __future__ import annotations

# what opens the condition said before the move
OPENERS = ("if", "when", "once", "as soon as")
# "Pending goes to Cancelled", "Pending goes back to Draft", "Pending becomes Paid": the move, verb then particles
MOVES = (
    ("goes", "to"), ("goes", "back", "to"), ("moves", "to"), ("moves", "back", "to"), ("switches", "to"),
    ("transitions", "to"), ("returns", "to"), ("falls", "back", "to"), ("becomes",),
)
# a state's name holds none of these, and no pronoun or article stands for one
NOT_A_STATE = frozenset(
    "and or then when if after once until unless but it its which while so not never also before instead "
    "the a an this that these those they we you he she our your their all every each".split()
)
# the condition says no move of its own ("When Draft goes to Review, Review …")
MOVE_WORDS = frozenset("goes go moves move switches transitions returns falls becomes become".split())
STATE_MAX_WORDS = 4
CONDITION_MAX_WORDS = 12
