"""One thing named with its alias — "the interface engine (Mirth)", "the identity provider, aka the
IdP" — is one node. A drawing that keeps the whole "name (alias)" as one node and the alias (or the
name) as another splits it in two, and the relations said through the alias then start from a node
of their own: every such connection is drawn, yet the diagram says two things where the intent said
one. The check does not guess which one is meant: it refuses."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .vocabulary import phrase_key

# "X (Y)", "X (aka Y)", "X (i.e. Y)", "X (or Y)"
_BRACKETED_RE = re.compile(r"^(?P<name>[^()]+?)\s*\(\s*(?:(?:aka|a\.k\.a\.?|i\.e\.?|or|also|called|known as|"
                           r"also known as|also called)\s+)?(?P<alias>[^()]+?)\s*\)$", re.IGNORECASE)
# "X, aka Y", "X also known as Y", "X a.k.a. Y", "X, or Y for short"
_WORDED_RE = re.compile(r"^(?P<name>.+?)\s*[,—–-]?\s+(?:aka|a\.k\.a\.?|also known as|also called|known as|"
                        r"or simply|nicknamed|alias)\s+(?P<alias>.+?)(?:\s+for short)?$", re.IGNORECASE)
_ARTICLES_RE = re.compile(r"^(?:the|a|an|our|their|its) ", re.IGNORECASE)


def _key(text: str) -> str:
    return _ARTICLES_RE.sub("", phrase_key(text))


def refuse_alias_drawn_apart(nodes: dict[str, str]) -> None:
    """Refuse a node 'name (alias)' drawn beside a node that is its name or its alias alone."""
    keys = {_key(label): label for label in nodes.values()}
    for label in nodes.values():
        match = _BRACKETED_RE.match(label.strip()) or _WORDED_RE.match(label.strip())
        if match is None:
            continue
        for part in ("alias", "name"):
            other = keys.get(_key(match.group(part)))
            if other is not None and other != label:
                raise EngineRefusal("DUPLICATE_NODE", f"'{label}' and '{other}' are one thing named with its alias, "
                                                      "drawn as two nodes. Draw it once, e.g. as "
                                                      f"'{label}', and send every connection of '{other}' there.")
