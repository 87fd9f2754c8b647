"""Words of a move whose subject is a state said of the machine's thing: "Paid orders move to Shipped once the
label is printed", "A Paid order becomes Shipped when dispatched", "Open tickets go to Pending when we wait on the
customer". Shared as vocabulary by the drafter (state_subject_forms.py) and the check (state_subject_normal.py);
each reads the sentences its own way."""

from __future__ import annotations

# the intent says it draws states: one of these words stands in it
STATE_CUES = ("state", "states", "lifecycle", "lifecycles", "life-cycle", "status", "statuses", "fsm")
# "a Paid order", "the Open ticket", "all Draft invoices": what may stand before the state
DETERMINERS = ("a", "an", "the", "all")
# the move's verb, as said (plural or after a modal) → as the move readers read it
MOVE_VERBS = {
    "go": "goes", "goes": "goes", "move": "moves", "moves": "moves", "become": "becomes", "becomes": "becomes",
    "transition": "transitions", "transitions": "transitions", "switch": "switches", "switches": "switches",
    "return": "returns", "returns": "returns",
}
# "become" names its state right after it; the other verbs say "to" (or "back to", "straight to") first
NAMING_VERBS = ("become", "becomes")
VERB_PARTICLES = ("back", "straight", "directly")
# "Delivered orders can move to Returned": a move that is allowed is a move
MODALS = ("can", "may", "will", "could", "might")
MODAL_ADVERBS = ("also", "then", "later", "eventually")
# never the machine's thing: a pronoun, a quantifier, a joining or state word ("Running all go to Jumping",
# "a Paid one becomes Refunded")
NOT_A_THING = frozenset(
    "all both each every any also then and or but nor it its they them this that these those one ones "
    "state states status statuses stage stages phase phases mode modes step steps".split()
)
STATE_MAX_WORDS = 3
# where the state is named elsewhere, the word after it (if any, before any punctuation) is one of these: a move's
# verb, a joining or condition word ("Pending goes …", "Pending and Paid", "to Paid when …"); "Express lane" does not
# name a state "Express"
NAME_FOLLOWERS = frozenset(
    "goes go moves move becomes become transitions transition switches switch returns return falls is are was can may "
    "will could might and or when once after on if upon until unless then state via with".split()
)
