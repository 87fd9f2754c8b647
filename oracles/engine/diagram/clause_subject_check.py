"""The check's rule for a second clause with its own first- or second-person subject kept inside one node:
"Once it balances, the controller signs off and we lock the period" drawn as one step 'controller signs off and
we lock the period' is two steps, one after the other ("controller signs off" → "lock the period"), and is refused.

The glue grammar's own rule refuses "and it / they / he / she" inside a name; this one, after every other rule,
refuses "and we" and "and you" (also after "then", "but", "so", "while"). A name in capitals ("AND WE RISE") is
left to the other rules."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_WE_CLAUSE_RE = re.compile(r"\b(?:and|then|but|so|while)\s+(?:we|you)\b(?!['’])", re.IGNORECASE)


def refuse_person_clause_in_node(nodes: list[str]) -> None:
    """Raise when a drawn node holds "and we …" / "and you …": a second step glued to the first."""
    for label in nodes:
        clause = _WE_CLAUSE_RE.search(label)
        if clause is not None and not label.isupper():
            raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' holds '{clause.group(0)}', which opens "
                                                       "another step; it is not one name. Say each step on its own, e.g. "
                                                       "'the controller signs off, then we lock the period'.")
