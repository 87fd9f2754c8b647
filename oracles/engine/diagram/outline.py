"""Bullet and numbered lists, one item a line: nested items are a hierarchy (each item under the
item above it with less indentation), a flat list is a sequence of steps."""

from __future__ import annotations

import re

from .data_frames import is_frame
from .list_names import CODE_ARROW_RE, has_code_arrow
from .model import Graph
from .outline_roots import root_heading
from .titled_items import titled_items

# "- a", "1. a", "2) a", and an outline's "1.1 a", "2.3.1 a" (a work breakdown's sub-items)
# and an indented sub-item lettered "a." / "b)" under a numbered one
ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*•+‣◦▪]|\d{1,2}(?:\.\d{1,2})+\.?|\d{1,2}[.)]|(?<=[ \t])[a-z][.)])[ \t]+"
                     r"(?P<text>\S.*?)\s*$")
# An item that states its own relation ("a -> b", "x calls y") is a sentence, not a name.
RELATION_IN_ITEM_RE = re.compile(r"->|→|=>|⇒|\b(?:if|when|otherwise|else|then|calls|sends|reports\s+to|in\s+parallel|"
                                 r"simultaneously|concurrently)\b", re.IGNORECASE)
TAB_WIDTH = 4
STEPS_KEY_RE = re.compile(r"^(?:steps|stages|phases|sequence|order|pipeline):\s*$", re.IGNORECASE)
# A heading that names a thing ("Course: Intro to Statistics", "Project: Relaunch") before a nested list.
HEADING_ROOT_RE = re.compile(r"^\s*(?P<kind>[\w ]{1,30}):[ \t]+(?P<name>[^\s:][^:]{0,60}?)\s*$")
# Words that make the text after a heading's colon a request or a remark rather than a name.
NOT_A_ROOT = frozenset("""draw make show render please chart diagram tree graph outline below following like this as
    is are the a an of our my""".split())


BARE_LINE_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<text>[^\s.,;!?](?:(?![.,;!?](?:\s|$)).)*?)\s*$")
BARE_LINE_MAX_WORDS = 8
BARE_MIN_LINES = 3


# "- **CEO**: Dana Park": bold inside an item only emphasises its words
_BOLD_RE = re.compile(r"\*\*(?P<a>[^*\n]+)\*\*|__(?P<b>[^_\n]+)__")


def _unbolded(text: str) -> str:
    return _BOLD_RE.sub(lambda m: m.group("a") or m.group("b"), text)


def read_outline(intent: str) -> Graph | None:
    """None unless the intent is a heading (optional) followed by a list of plain names."""
    # "Tree, root = Thesis:" over the list; "CEO – Ana Ruiz" lines as "Ana Ruiz (CEO)"
    lines = [line for line in titled_items(root_heading(_unbolded(intent))).splitlines() if line.strip()]
    items = [ITEM_RE.match(line) for line in lines]
    if not any(items):
        # "League\n    Division A\n        Lions": a tree drawn with indentation alone
        body = lines[1:] if lines and lines[0].rstrip().endswith(":") else lines
        bare = [BARE_LINE_RE.match(line) for line in body]
        if len(body) >= BARE_MIN_LINES and all(bare) and all(len(line.split()) <= BARE_LINE_MAX_WORDS for line in body) \
                and len({len(m.group("indent").expandtabs(TAB_WIDTH)) for m in bare if m}) > 1:
            items = [None] * (len(lines) - len(body)) + bare
    # "Draw it as a flowchart." after the list: a closing request, no item
    if len(lines) > 2 and not items[-1] and any(items) and is_frame(lines[-1], tree=False):
        lines, items = lines[:-1], items[:-1]
    first = next((i for i, item in enumerate(items) if item), None)
    # at most one heading line, or a caption over a YAML key that only says the items are steps
    # ("Deploy order:" over "stages:"); a key that may be a name ("CEO:") is never dropped
    headings_ok = first is not None and (first <= 1 or (first == 2 and lines[0].rstrip().endswith(":")
                                                       and STEPS_KEY_RE.match(lines[1]) is not None))
    if first is None or not headings_ok or not all(items[first:]) or len(lines) - first < 2:
        return None
    matches = [item for item in items[first:] if item]
    # "Convert USD->EUR balances": a code arrow glued inside an item is part of its name (list_names.py)
    if any(RELATION_IN_ITEM_RE.search(CODE_ARROW_RE.sub("", item.group("text")) if has_code_arrow(item.group("text"))
                                      else item.group("text")) for item in matches):
        return None
    levels = [len(item.group("indent").expandtabs(TAB_WIDTH)) for item in matches]
    nested = len(set(levels)) > 1
    if first == 2 and nested:
        return None
    roots = [i for i, level in enumerate(levels) if level == min(levels)]
    heading_root = HEADING_ROOT_RE.match(lines[0]) if first == 1 and nested else None
    if heading_root and set(heading_root.group("name").casefold().split()) & NOT_A_ROOT:
        heading_root = None
    if nested and len(roots) > 1 and not heading_root and (
        any(re.match(r"\s*\d", lines[first + i]) for i in roots)
        or any(i + 1 >= len(levels) or levels[i + 1] <= levels[i] for i in roots)
    ):
        return None  # several top-level items, numbered or one without children: steps, not plainly trees
    graph = Graph(hierarchy=nested, flow=not nested)
    stack: list[tuple[int, str]] = []
    if heading_root:  # "Course: Intro to Statistics" over a nested list: the course is the tree's root
        stack.append((-1, graph.node(heading_root.group("name"))))
    for item, level in zip(matches, levels, strict=True):
        key = graph.node(item.group("text"))
        while stack and stack[-1][0] > level:
            stack.pop()
        if stack and stack[-1][0] == level:
            _, sibling = stack.pop()
            if not nested:
                graph.edge(sibling, key)
        if stack:
            graph.edge(stack[-1][1], key)
        stack.append((level, key))
    return graph if graph.edges else None
