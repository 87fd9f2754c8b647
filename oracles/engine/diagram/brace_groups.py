"""The drafter's reading of groups written as blocks in braces: "cluster VPC { lb, app1, app2, db }",
"subgraph Edge { cdn; waf }", or a block over several lines ("group Frontend {" … "}").

A block is written as the plain declaration the group reader takes ("VPC: lb, app1, app2, db"), on a
line of its own. The keyword before the name is what makes it a group (braces alone also open JSON);
a block whose body holds anything but names (an arrow, a nested brace, a quote, a colon) is left as
it is, so the reader refuses it rather than guess. The check reads these blocks its own way
(brace_group_check.py).
"""

from __future__ import annotations

import re

# the keywords people and agents put before a box of components (Graphviz, PlantUML, Terraform-ish)
_BLOCK_RE = re.compile(
    r"(?im)^[ \t]*(?:cluster|subgraph|group|box|zone|package|namespace|boundary)[ \t]+"
    r"(?P<name>[A-Za-z][\w .'-]{0,38}?)[ \t]*\{(?P<body>[^{}]*)\}[ \t]*;?[ \t]*$"
)
_BODY_SPLIT_RE = re.compile(r"[,;\n]")
_NOT_A_NAME_RE = re.compile(r"->|→|=>|<-|[:\"'=\[\]()]")
MEMBER_MAX_WORDS = 6


def _members(body: str) -> list[str] | None:
    items = [item.strip() for item in _BODY_SPLIT_RE.split(body)]
    items = [item for item in items if item]
    if not items or any(_NOT_A_NAME_RE.search(i) or len(i.split()) > MEMBER_MAX_WORDS for i in items):
        return None
    return items


def brace_blocks_as_declarations(intent: str) -> str:
    """ "cluster VPC { lb, app1 }" → "VPC: lb, app1"; other text unchanged."""

    def declaration(match: re.Match[str]) -> str:
        members = _members(match.group("body"))
        if members is None:
            return match.group(0)
        return f"{match.group('name').strip()}: {', '.join(members)}"

    return _BLOCK_RE.sub(declaration, intent)
