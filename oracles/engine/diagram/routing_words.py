"""Words shared by the drafter (routing_forms.py) and the check (routing_normal.py) for cases routed in a
sentence after a deciding step: "detect language; English goes to the EN team, Spanish to the ES team,
anything else to machine translation". Vocabulary only: each side reads the sentence its own way."""

from __future__ import annotations

# the verb said with the first case; the cases after it may leave it out and keep only its last word
# ("Spanish to the ES team", "the rest in the general queue")
ROUTING_VERBS = ("goes to", "go to", "is sent to", "are sent to", "gets sent to", "get sent to", "is routed to",
                 "are routed to", "gets routed to", "get routed to", "is forwarded to", "are forwarded to",
                 "lands in", "land in", "ends up in", "end up in")
CASE_MAX_WORDS = 3
TARGET_MAX_WORDS = 5
# a target that says more than where the case goes: a second step, a condition, a way back
NOT_A_TARGET = frozenset("and then or if unless when otherwise else back again also too both not never except but "
                         "only".split())
ARTICLES = frozenset({"the", "a", "an"})
# a case that holds one of these is a clause, not a case ("then to review"); "anything else" is the default
NOT_A_CASE = frozenset("and then or if unless when back again also too both not never except but only".split())
