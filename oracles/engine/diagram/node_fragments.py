"""Nodes that are pieces of a clause, not names, refused whatever the drafter read:

- "checks them against the user DB" drawn with a node "them against the user DB": an object pronoun
  with what follows it is the rest of a sentence; the name it leads to ("user DB") is another node.
- "the public subnet contains the load balancer" drawn as one node beside "Load balancer": a relation
  verb between two names is a relation, wherever the drafter put it (a group, a step).
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_PRONOUN_OBJECT_RE = re.compile(r"^(?:them|it|him|her|us|me)\s+(?:against|to|from|with|into|for|on|in|at|back|over)\s+\S",
                                re.IGNORECASE)
_RELATION_RE = re.compile(r"^(?P<subject>.+?)\s+(?P<verb>contains|includes|calls|invokes|manages|supervises|owns|queries|"
                          r"notifies|triggers|sends|forwards|uses|depends\s+on|relies\s+on|reports\s+to)\s+"
                          r"(?:(?:the|a|an)\s+)?(?P<object>.+)$", re.IGNORECASE)


def _key(label: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", " ".join(label.split()).casefold())


def refuse_clause_pieces(nodes: list[str]) -> None:
    keys = {_key(label) for label in nodes}
    for label in nodes:
        if _PRONOUN_OBJECT_RE.match(label.strip()):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' is the end of a sentence that names its object only by a pronoun. Name it, "
                "e.g. 'the auth service checks the credentials against the user DB'."))
        relation = _RELATION_RE.match(" ".join(label.split()))
        if relation and _key(relation.group("object")) in keys:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' says that '{relation.group('subject')}' {relation.group('verb')} "
                f"'{relation.group('object')}', another node: a relation written as one step. Write it as "
                f"'{relation.group('subject')} -> {relation.group('object')}', or as a group: "
                f"'{relation.group('subject')}: {relation.group('object')}, …'."))
