"""Groups of components, drawn as Graphviz clusters: "**Frontend:** React app, CDN", "Three
groups: edge (Cloudflare), app (API server, worker)", "Upstairs group: mesh node, smart TV,
laptop — …", "the frontend has web and mobile; the backend has API and workers; web calls API".

The declarations are read and taken out of the intent; the rest (the relations between the
members) is read by the other readers; the groups are then put around their members. A
reference to a whole group with a quantifier ("all three sources load into Snowflake") stands
for its members.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .brace_groups import brace_blocks_as_declarations
from .model import Graph, clean_label, node_key
from .quoted_groups import LEAD_IN_RE, unquoted_groups

_TRIGGER_RE = re.compile(
    r"\b(?:groups?|clusters?|layers?|tiers?|zones?|stations?|boxes|contexts|domains|subsystems)\b", re.IGNORECASE
)
_HEADS = (
    "frontend",
    "backend",
    "front-end",
    "back-end",
    "layer",
    "tier",
    "side",
    "zone",
    "group",
    "cluster",
    "subnet",
    "vpc",
    "region",
    "stack",
    "plane",
)
_HAS_TRIGGER_RE = re.compile(rf"\b(?:{'|'.join(_HEADS)})\s+(?:has|have|contains|includes|holds)\b", re.IGNORECASE)
_STATEMENT_RE = re.compile(r"[^\n;]+?(?=\n|;|(?<=[\w)*])\.(?:\s|$)|\s[—–]\s|\s-\s|$)")
_PAREN_RE = re.compile(r"(?:^|,|:|\band\b|—)\s*(?P<name>[^(),:—]{1,40}?)\s*\((?P<list>[^()]+)\)")
_COLON_RE = re.compile(r"^\s*(?P<name>[^:()]{1,40}?)\s*:\s*(?P<list>[^:()]+?)\s*$")
_HAS_RE = re.compile(r"^\s*(?P<name>.{1,40}?)\s+(?:has|have|contains|includes|holds)\s+(?P<list>.+?)\s*$", re.IGNORECASE)
_LIST_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
_LEAD_RE = re.compile(
    r"^\s*(?:[\w-]+\s+){0,5}?(?:(?:with|in|into|as)\s+)?(?:two|three|four|five|six|several|\d+)?\s*"
    r"(?:groups?|clusters?|layers?|tiers?|zones?|stations?|boxes|contexts|domains|subsystems)\s*:?\s*$",
    re.IGNORECASE,
)
# a member list holds names only: a relation inside it ("web calls API") is no list
_VERBISH_RE = re.compile(
    r"->|→|\b(?:calls|sends|talks\s+to|connects\s+to|reads\s+from|writes\s+to|reports\s+to|manages|"
    r"serves|routes\s+to|feeds|loads\s+into|uses)\b",
    re.IGNORECASE,
)
_SECTION_RE = re.compile(r"(?m)^#{1,6}[ \t]*(?P<name>[^\n#]+)\n(?P<items>(?:[ \t]*[-*•][ \t]+[^\n]+(?:\n|$))+)")
BULLET_ITEM_RE = re.compile(r"^[ \t]*[-*•][ \t]+")
NAME_MAX_WORDS = 4
MEMBER_MAX_WORDS = 6


def _plain(text: str) -> str:
    return re.sub(r"[*_`]", "", text).strip()


def _list(text: str) -> list[str] | None:
    items = [clean_label(_plain(i)) for i in _LIST_SPLIT_RE.split(_plain(text).rstrip("."))]
    items = [i for i in items if i]
    if not items or any(len(i.split()) > MEMBER_MAX_WORDS or _VERBISH_RE.search(i) for i in items):
        return None
    return items


def _group_name(text: str) -> str | None:
    name = clean_label(_plain(text))
    return name if name and len(name.split()) <= NAME_MAX_WORDS and not _VERBISH_RE.search(name) else None


def _declarations(statement: str) -> list[tuple[str, list[str]]] | None:
    """The groups one statement declares (with its lead-in), or None when it declares none."""
    text = _plain(statement).lstrip(" —–-.;:")
    lead = re.match(r"^(?P<lead>[^:]{1,40}?)\s*:\s*(?=[^:]+:)", text)
    if lead and _TRIGGER_RE.search(lead.group("lead")) and len(lead.group("lead").split()) <= NAME_MAX_WORDS + 1:
        text = text[lead.end():]  # "Groups: Edge: gateway": the lead-in, then a declaration
    if "(" in text:
        found = []
        rest = text
        for match in _PAREN_RE.finditer(text):
            name, items = _group_name(match.group("name")), _list(match.group("list"))
            if name is None or items is None:
                return None
            found.append((name, items))
            rest = rest.replace(match.group(0), " ", 1)
        leftover = re.sub(r"[,:\s]|\band\b", " ", rest).strip()
        announced = not leftover or _LEAD_RE.match(leftover) or LEAD_IN_RE.match(leftover)
        return found if found and announced else None
    colon = _COLON_RE.match(text)
    if colon:
        name, items = _group_name(colon.group("name")), _list(colon.group("list"))
        return [(name, items)] if name and items else None
    has = _HAS_RE.match(text)
    if has:
        name, items = _group_name(has.group("name")), _list(has.group("list"))
        if name and items and (name.split()[-1].casefold() in _HEADS or _TRIGGER_RE.search(name)):
            return [(name, items)]
    return None


def _member(graph: Graph, item: str) -> str:
    """A member's node by its own name ("cutter", never "material flows cutter" that ends the same
    way); one named only in its group is added as it is."""
    label = clean_label(item)
    key = node_key(label)
    graph.labels.setdefault(key, label)
    return key


def read_grouped(intent: str, read_rest: Callable[[str], Graph | None]) -> Graph | None:
    """None unless the intent declares groups; else the rest read by `read_rest` (the cascade
    without this reader, which reading.py passes in), with groups."""
    # two or more "### Name" headings over bullet lists declare groups without saying "group"
    # (a group word only inside a bracketed note, "Yuki (Tier 1)", names no group: it says who Yuki is)
    unnoted = re.sub(r"\([^()\n]{0,40}\)", "", intent)
    braced = brace_blocks_as_declarations(intent)  # "cluster VPC { lb, app1 }": a keyword block is a group
    if (braced == intent and not _TRIGGER_RE.search(unnoted) and not _HAS_TRIGGER_RE.search(intent)
            and len(_SECTION_RE.findall(intent)) < 2):
        return None
    intent = braced
    # "### Frontend" over a bullet list: a section is a group declared by its heading
    intent = _SECTION_RE.sub(
        lambda m: (
            m.group("name").strip()
            + ": "
            + ", ".join(BULLET_ITEM_RE.sub("", item).strip() for item in m.group("items").splitlines() if item.strip())
            + "\n"
        ),
        intent,
    )
    intent = unquoted_groups(intent)  # "into 'Back office' (ledger, payroll)": the name in quotes
    groups: list[tuple[str, list[str]]] = []
    rest = intent
    for match in _STATEMENT_RE.finditer(intent):
        statement = match.group(0)
        found = _declarations(statement)
        if found:
            groups += found
            rest = rest.replace(statement, "\n", 1)
    if not groups:
        return None
    for match in _STATEMENT_RE.finditer(rest):  # "Draw two clusters.", "Data platform with two groups"
        if _TRIGGER_RE.search(match.group(0)) and _LEAD_RE.match(_plain(match.group(0)).rstrip(".:")):
            rest = rest.replace(match.group(0), "\n", 1)
    for name, items in groups:  # "all three sources load into Snowflake": the group's members
        members = ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]
        rest = re.sub(
            rf"\b(?:all|both)\s+(?:(?:the|two|three|four|five|six|\d+)\s+)?{re.escape(name)}\b",
            members,
            rest,
            flags=re.IGNORECASE,
        )
    rest = re.sub(r"(?m)^[\s.;,—–-]+", "", rest)  # the separators a taken-out declaration leaves
    graph = read_rest(rest.strip())  # the cascade reads what the declarations leave
    if graph is None:
        return None
    for name, items in groups:
        # the member by its own name (not "the cutter" for "material flows cutter")
        graph.groups[name] = [_member(graph, item) for item in items]
    keys = [k for members in graph.groups.values() for k in members]
    if len(set(keys)) != len(keys) or any(node_key(name) in graph.labels for name in graph.groups):
        return None  # a member in two groups, or a group that is also a node: not clusters
    return graph
