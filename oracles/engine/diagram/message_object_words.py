"""Verbs that give something to someone, said with two objects and no preposition: "the barista hands
the customer the coffee", "the kitchen tells the restaurant the food is ready", "the API sends the client
a token". The first object is the receiving party, the second what travels. WORDS shared by the drafter
(message_objects.py) and the check (message_object_normal.py); each reads the sentence its own way."""

from __future__ import annotations

GIVING_VERBS = frozenset(
    """tells tell hands hand gives give sends send texts text emails email shows show brings bring passes pass
    pays pay offers offer messages message""".split()
)
# what travels is never introduced by these: "sends the invoice to Finance" names its receiver after them
RECEIVER_PREPOSITIONS = frozenset("to into onto at".split())
# a pronoun or a relative word is no named party
NOT_A_PARTY = frozenset("it they them this that which who he she him her we us you i".split())
MESSAGE_MAX_WORDS = 8
# a message holding a condition or a second choice is more than what travels ("tells the shop the payment
# failed unless the card is valid"): the form is not read
NOT_IN_A_MESSAGE = frozenset("if unless when whenever once otherwise else or until while".split())
