"""Particle verbs between two parties ("the Home Hub switches on the Light", "the bot looks up the
knowledge base", "the auth server looks the user up in the user DB", "the customer types a question
into the chat widget", "the Light reports its new state to the Hub"): the acting party, the party
acted on, and what travels. WORDS shared by the drafter (particle_forms.py) and the check
(particle_normal.py); each reads the sentence its own way."""

from __future__ import annotations

# the verb and its particle, said together: the edge's label
SWITCHES = ("switches on", "switches off", "turns on", "turns off")
# a subject that is a step of a sequence or a pronoun is not a named party
NOT_A_PARTY = frozenset("""it they this that which who he she then first next finally after before once when if
    and or but also so by with in on at for from to into via of over under every each all""".split())
# (a preposition inside a name says how or where, "the pump by hand": not the party's name)
# what travels keeps its noun, not the word that points at its owner ("its new state" → "new state")
OWNER_WORDS = frozenset("the a an its their his her our my your".split())
