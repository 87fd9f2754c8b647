"""The check's rule for what a part checks drawn as a part: "the auth server checks the token against the cache"
drawn with a node 'token against the cache', or "checks against LDAP" with a node 'against LDAP'. "X against Y"
after a verb of checking is the check itself (what is compared with what), not a name; the part checked with is
'the cache' or 'LDAP'. Refused with the rewrite that is read. Read from the intent and the drawing (check side),
after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_CHECKING = r"(?:checks?|checked|checking|validates?|validated|verif(?:y|ies|ied)|compares?|compared|match(?:es)?|matched|tests?|tested)"


def refuse_checked_against_as_node(intent: str, nodes: list[str]) -> None:
    """Raise when a node is 'against Y' or the 'X against Y' a verb of checking takes."""
    flat = " ".join(intent.split())
    for label in nodes:
        name = " ".join(label.split())
        against = re.search(r"(?:^|\s)against\s+(?P<other>\S.*)$", name, re.IGNORECASE)
        if against is None:
            continue
        said = name.casefold().startswith("against ") or re.search(
            rf"\b{_CHECKING}\s+(?:the\s+|a\s+|an\s+|our\s+)?{re.escape(name)}", flat, re.IGNORECASE)
        if said:
            other = against.group("other")
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' is what is checked against '{other}', not a part. Draw the part checked with, "
                f"e.g. '… -> {other}: checks'."))
