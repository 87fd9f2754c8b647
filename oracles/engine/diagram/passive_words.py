"""Words of a relation said in the passive ("Redis is used by the API", "the request is sent by the
client to the server"): the participle and the active verb it stands for. Shared as WORDS by the
drafter's reading (passive_forms.py) and the check's own (passive_normal.py); each reads the
sentence its own way.

Only verbs whose active form both readers already read as "agent -> object" are listed, so the
passive says the same edge with its two names swapped. Verbs that name a step of a process
("checked", "approved", "packed") are not here: "the order is packed by the warehouse" is a
step, not an edge from the warehouse to the order."""

from __future__ import annotations

# "X is used by Y" → "Y uses X": the object is the edge's head.
RELATION_PARTICIPLES = {
    "used": "uses", "called": "calls", "queried": "queries", "invoked": "invokes", "fed": "feeds",
    "triggered": "triggers",
}
# "X is sent by Y to Z" → "Y sends X to Z": X is what travels (the edge's label), the edge is Y -> Z.
# Without "to Z" the sentence names no second party and is left as written.
MESSAGE_PARTICIPLES = {
    "sent": "sends", "send": "sends", "returned": "returns", "forwarded": "forwards", "passed": "passes",
    "pushed": "pushes", "published": "publishes", "posted": "posts", "uploaded": "uploads",
    "delivered": "delivers", "written": "writes", "streamed": "streams", "routed": "routes",
}
# Words that make a passive clause a step of a process or leave its parties open: a sentence with
# one of them is not rewritten (a pronoun or quantifier does not name a node, a preposition says how
# or where, "called by the checkout with the total"; a sequence word says
# the sentence is a flow of steps, where the passive clause is the step's own name).
NOT_A_NAME = frozenset("""it its they them this that these those which who whom he she him her his their
    each every all any some one with via through using over for from in on at of""".split())
SEQUENCE_WORDS = frozenset("""then after before once when whenever if unless until first next finally
    afterwards later meanwhile while otherwise else step steps process flow flowchart""".split())
# "sent by email to the customer", "used by default", "called by name": after "by" a means or a manner,
# not a party; a sentence with one is left as written
NOT_AN_AGENT = frozenset("""email e-mail mail post sms text phone fax hand default name means way design
    mistake chance hour day night week month schedule cron""".split())
