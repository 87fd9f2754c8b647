"""The drafter's reading of a message given with two objects ("the barista hands the customer the
coffee", "Kitchen tell Restaurant the food is ready"): the first object is the receiving party when it is
an actor of the sequence (some clause has it as its subject), the rest is what travels, the edge's label
("that" before a told clause is dropped: "tells the app that it succeeded" → "it succeeded"). The longest
such party wins ("the order service" over "the order"). With a receiver after "to" the clause is the
plain form, left to sequences.py. The check reads it on its own (message_object_normal.py)."""

from __future__ import annotations

from .message_object_words import GIVING_VERBS, MESSAGE_MAX_WORDS, NOT_A_PARTY, NOT_IN_A_MESSAGE, RECEIVER_PREPOSITIONS
from .model import clean_label, node_key

_PARTY_MAX_WORDS = 5


def given_to(verb: str, rest: str, actors: set[str]) -> tuple[str, str, str] | None:
    """("", receiver, message) of "VERB RECEIVER MESSAGE", or None when the clause is not in that form."""
    if verb.casefold() not in GIVING_VERBS:
        return None
    words = rest.split()
    if any(w.casefold() in RECEIVER_PREPOSITIONS or w.casefold() in NOT_IN_A_MESSAGE for w in words):
        return None
    for size in range(min(_PARTY_MAX_WORDS, len(words) - 1), 0, -1):
        party, message = words[:size], words[size:]
        if {w.casefold() for w in party} & NOT_A_PARTY or node_key(clean_label(" ".join(party))) not in actors:
            continue
        if message[0].casefold() == "that":
            message = message[1:]
        if message and len(message) <= MESSAGE_MAX_WORDS:
            return "", " ".join(party), " ".join(message)
        return None
    return None
