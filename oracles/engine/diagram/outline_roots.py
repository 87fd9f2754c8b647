"""A tree's root named in the heading over its list: "Tree, root = Thesis:", "Work plan, as a tree
whose root is 'Relaunch':", "Org tree rooted at the board:". Written as the heading both outline
readers take for a root, "Root: Thesis". Only a heading line directly followed by a list item is
rewritten, and only when what comes before the root's name is a short title.

Read alike by the drafter (outline.py) and the check's normal form; each reads the outline itself.
"""

from __future__ import annotations

import re

_ROOT_HEADING_RE = re.compile(
    r"^(?P<lead>[^:\n]{0,60}?)[\s,]*\b(?:(?:whose|with\s+(?:the|a|its))\s+root\s+(?:is|being|=)|root\s*(?:=|is|:)|"
    r"rooted\s+at|with\s+root)\s*['\"‘“]?(?P<name>[^'\"’”:=\n]{1,60}?)['\"’”]?\s*:?[ \t]*\n(?=[ \t]*(?:[-*•+]|\d{1,2}[.)]))",
    re.IGNORECASE,
)
_LEAD_MAX_WORDS = 8


def root_heading(intent: str) -> str:
    """ "Tree, root = Thesis:\\n1. …" → "Root: Thesis\\n1. …"; any other intent unchanged."""
    match = _ROOT_HEADING_RE.match(intent.lstrip())
    if match is None or len(match.group("lead").split()) > _LEAD_MAX_WORDS or not match.group("name").strip():
        return intent
    return f"Root: {match.group('name').strip()}\n" + intent.lstrip()[match.end():]
