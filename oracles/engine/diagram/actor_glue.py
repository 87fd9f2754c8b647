"""The checker's own words for actor sequences: verbs one actor does to another ("emails",
"orders an echo from", "check token with"). They are glue only where the drawn edge label
begins with them (the label is grounded in the intent as a whole phrase); a bare word of the
intent is never read as one, so a noun like "order" in "order total" stays content.

Kept apart from the drafter's list (sequences.py) on purpose: the check does not share the
reader's vocabulary."""

from __future__ import annotations

import re

# third person and bare forms ("client send request to gateway")
ACTOR_VERBS = frozenset(
    """
    returns return replies reply responds respond answers answer
    sends send asks ask notifies notify emails email creates create orders order writes write calls call
    forwards forward requests request hits hit publishes publish checks check verifies verify queries query pings ping
    posts post fetches fetch passes pass hands hand enqueues enqueue pushes push tells tell informs inform confirms
    confirm acknowledges acknowledge submits submit uploads upload delivers deliver routes route redirects redirect
    issues issue grants grant validates validate charges charge refunds refund assigns assign escalates escalate alerts
    alert messages message texts text relays relay proxies proxy invokes invoke triggers trigger streams stream emits emit
    opens open pays pay polls poll syncs sync updates update approves approve rejects reject transfers transfer
    schedules schedule gives give books book reserves reserve transmits transmit
    enters enter exchanges exchange drops drop brings bring
""".split()
)
REPLY_VERBS = frozenset("returns return replies reply responds respond answers answer".split())
# an actor verb (first word of a drawn label) and the preposition that names the other actor
# (the glue marks such a verb "^verb"; see glue._sig)
ACTOR_FORWARD = (
    rf"\^(?:{'|'.join(sorted(ACTOR_VERBS - REPLY_VERBS))})(?: (?:back )?(?:to|into|in|onto|at|against|from|of|with))?|"
    rf"\^(?:{'|'.join(sorted(REPLY_VERBS))})(?: (?:back )?(?:to|into|onto))"
    r"|loads? into"  # "all three sources load into Snowflake" (a bare "load" is a connecting word)
)
REPLY_RE = re.compile(r"^\^?(?:replies|reply|responds?|answers?|returns?|sends? back)(?: with| back)?$")
# A name's generic head noun, which a later mention may drop ("the origin" for "the origin server").
GENERIC_HEADS = frozenset("server service app application database db system api backend frontend".split())
