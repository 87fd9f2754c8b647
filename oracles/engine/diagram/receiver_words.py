"""A name drawn twice, once behind a word that only routes a message: "Carol sends the file to Alice, cc Bob"
drawn with a node 'cc Bob' beside the node 'Bob'. "cc", "bcc", "via", "attn" and the like say how a message
travels or who else gets it; they are no part of a name, so a node made of one of them and another drawn node
is the same party drawn twice, and the answer is refused with the rewrite that says the edge plainly."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .model import node_key

# words that route a message or add a receiver ("cc Bob", "via the gateway", "attn: Finance")
ROUTING_WORDS = frozenset("cc bcc via attn fwd fw thru through to from".split())


def refuse_routing_word_before_name(nodes: list[str]) -> None:
    keys = {node_key(label): label for label in nodes}
    for label in nodes:
        words = re.findall(r"[^\W_][\w'’.-]*", label)
        if len(words) < 2 or words[0].casefold() not in ROUTING_WORDS:
            continue
        rest = node_key(label[label.casefold().index(words[1].casefold()):])
        if rest in keys and keys[rest] != label:
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' is '{keys[rest]}' again behind '{words[0]}', which says how a message travels or "
                f"who else gets it, not a name. Say each message as its own connection, e.g. 'Carol sends the file "
                f"to Alice; Carol sends a copy to {keys[rest]}'."))
