"""A graph pasted as YAML, in the shapes agents write it:

    steps:                      flow:                        org:
      receive:                    - from: Applicant            CEO:
        next: [inspect]             to: Screening                - COO:
      inspect:                      when: shortlisted                - Ops manager
        next: [repair, scrap]     - from: Screening            - CMO
      scrap: {}                     to: Offer

`parse_yaml` reads the block-style subset these use (maps, "- " lists, "[a, b]", "{}", plain or
quoted scalars) into the values json.loads would give, or None for anything else. `as_json_graph`
turns a parsed value into a JSON graph shape both readers already read: a wrapper key ("flow:",
"steps:", "org:") around an edge list, a map of steps to their "next" steps, or a tree of lists
under "org:" / "tree:", or one list of plain steps under wrappers and kind keys ("diagram: / kind: flow /
steps: …"). Anything else is None: YAML that is only "name: value" lines is left to
the other readers (a colon may say many things).

Read alike by the drafter (edge_tables.py) and the check's normal form, as json.loads is.
"""

from __future__ import annotations

import re
from typing import Any

from .agent_json import META_KEYS, agent_graph, is_drawing_word_value
from .state_configs import state_machine

_SCALAR_RE = re.compile(r"^(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\[\]{}:#,&*!|>%@`'\"-][^\[\]{}#\n]*?|-[^\s\[\]{}#\n][^\[\]{}#\n]*?)$")
_FLOW_LIST_RE = re.compile(r"^\[(?P<items>[^\[\]{}]*)\]$")
_KEY_RE = re.compile(r"^(?P<key>[^\s:#\[\]{}\"'-][^:#\[\]{}]*?|\"[^\"]+\"|'[^']+'):(?:\s+(?P<value>\S.*?))?\s*$")
_LIST_ITEM_RE = re.compile(r"^-(?:\s+(?P<rest>\S.*?))?\s*$")

# Keys that only wrap the graph ("flow:", "steps:") and keys that name the tree they hold ("org:").
WRAPPER_KEYS = frozenset("flow flows steps workflow process pipeline transitions edges links graph diagram messages".split())
TREE_KEYS = frozenset("org orgchart org_chart tree hierarchy structure".split())
NEXT_KEYS = frozenset("next then to goes_to children".split())


class _Bad(Exception):
    pass


def _top_level_split(text: str) -> list[str]:
    """The comma-separated parts of a flow collection's inside, commas nested in brackets kept."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char in "{[" and 1 or char in "}]" and -1 or 0
        if depth < 0:
            raise _Bad
        if char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    if depth:
        raise _Bad
    return [*parts, text[start:]]


def _flow_map(text: str) -> dict[str, Any]:
    """ "{from: red, to: green, on: tick}", "{on: {connect: SYN_SENT}}": a flow map of plain keys."""
    mapping: dict[str, Any] = {}
    for part in _top_level_split(text[1:-1]):
        if not part.strip():
            raise _Bad
        key, colon, value = part.partition(":")
        key = key.strip().strip("\"'")
        if not colon or not key or not value.strip() or key in mapping or not _SCALAR_RE.match(key):
            raise _Bad
        mapping[key] = _scalar(value)
    return mapping


def _scalar(text: str) -> Any:
    text = text.strip()
    if text == "{}":
        return {}
    if text.startswith("{") and text.endswith("}"):
        return _flow_map(text)
    if text == "[]":
        return []
    flow = _FLOW_LIST_RE.match(text)
    if flow:
        items = [_scalar(item) for item in flow.group("items").split(",") if item.strip()]
        if any(not isinstance(item, str) for item in items):
            raise _Bad
        return items
    if not _SCALAR_RE.match(text):
        raise _Bad
    return text[1:-1] if text[:1] in "\"'" else text


def _block(lines: list[tuple[int, str]], at: int, indent: int) -> tuple[Any, int]:
    """The map or list whose lines start at lines[at] with this indent; (value, next index)."""
    if _LIST_ITEM_RE.match(lines[at][1]):
        items: list[Any] = []
        while at < len(lines) and lines[at][0] == indent and (item := _LIST_ITEM_RE.match(lines[at][1])):
            rest = item.group("rest")
            if rest is None:
                if at + 1 >= len(lines) or lines[at + 1][0] <= indent:
                    raise _Bad
                value, at = _block(lines, at + 1, lines[at + 1][0])
            elif _KEY_RE.match(rest):  # "- from: A" then "  to: B": a map inside the item
                inner = indent + 2
                sub = [(inner, rest)]
                at += 1
                while at < len(lines) and lines[at][0] > indent:
                    sub.append(lines[at])
                    at += 1
                value, used = _block(sub, 0, inner)
                if used != len(sub):
                    raise _Bad
            else:
                value, at = _scalar(rest), at + 1
            items.append(value)
        return items, at
    mapping: dict[str, Any] = {}
    while at < len(lines) and lines[at][0] == indent:
        entry = _KEY_RE.match(lines[at][1])
        if entry is None:
            raise _Bad
        key = entry.group("key").strip().strip("\"'")
        if key in mapping:
            raise _Bad
        if entry.group("value") is not None:
            mapping[key], at = _scalar(entry.group("value")), at + 1
        elif at + 1 < len(lines) and lines[at + 1][0] > indent:
            mapping[key], at = _block(lines, at + 1, lines[at + 1][0])
        elif at + 1 < len(lines) and lines[at + 1][0] == indent and _LIST_ITEM_RE.match(lines[at + 1][1]):
            mapping[key], at = _block(lines, at + 1, indent)  # "key:" then "- item" at the same column
        else:
            raise _Bad
    return mapping, at


def parse_yaml(text: str) -> Any:
    """The value of a block-style YAML document (the subset above); None when it is not one."""
    lines = [(len(line) - len(line.lstrip(" ")), line.strip()) for line in text.splitlines() if line.strip()]
    if len(lines) < 3 or any("\t" in line for line in text.splitlines()) or lines[0][0] != 0:
        return None
    try:
        value, used = _block(lines, 0, 0)
    except (_Bad, RecursionError):
        return None
    return value if used == len(lines) and isinstance(value, dict) else None


_REPORT_KEYS = frozenset("reports direct_reports children team subordinates".split())


def _role_keyed_tree(value: Any) -> dict[str, Any] | None:
    """ {"Director of Engineering": "Yusuf Kaya", "reports": [{"Platform Lead": "Zoe Grant", "reports": ["Adam
    Cole"]}]} → {"name": "Yusuf Kaya (Director of Engineering)", "children": [{"name": "Zoe Grant (Platform
    Lead)", "children": [{"name": "Adam Cole", "children": []}]}]}: each person a role keyed to their name,
    beside the list of their reports; a report may be a name alone. None for any other shape."""
    if isinstance(value, str) and value.strip():
        return {"name": value.strip(), "children": []}
    if not isinstance(value, dict):
        return None
    kids = [k for k in value if isinstance(k, str) and k.casefold() in _REPORT_KEYS]
    roles = [k for k in value if k not in kids]
    if len(kids) > 1 or len(roles) != 1 or not isinstance(value[roles[0]], str) or not value[roles[0]].strip():
        return None
    reports = value[kids[0]] if kids else []
    if not isinstance(reports, list):
        return None
    children = [_role_keyed_tree(kid) for kid in reports]
    if any(child is None for child in children):
        return None
    return {"name": f"{value[roles[0]].strip()} ({roles[0].strip()})", "children": children}


def _list_tree(value: Any) -> dict[str, Any] | None:
    """ {"CEO": [{"COO": ["Ops"]}, "CFO"]} → {"CEO": {"COO": {"Ops": {}}, "CFO": {}}}; None otherwise."""
    if isinstance(value, str):
        return {value: {}}
    if not isinstance(value, dict) or not value:
        return None
    out: dict[str, Any] = {}
    for name, kids in value.items():
        children: dict[str, Any] = {}
        for kid in kids if isinstance(kids, list) else [] if kids in ({}, None) else [None]:
            sub = _list_tree(kid)
            if sub is None or set(sub) & set(children):
                return None
            children.update(sub)
        out[name] = children
    return out


_FLOW_WORDS_RE = re.compile(r"\b(?:if|else|otherwise|when|unless|or|back|again|until|loop|repeat|retry)\b|->|→|=>|:",
                            re.IGNORECASE)


def _step_list(value: Any) -> dict[str, Any] | None:
    """ "diagram: / kind: flow / steps: [- a, - b]": under wrappers and keys that only name the kind of
    drawing, one list of two or more plain steps; {"steps": […]}, read one after another like JSON."""
    for _ in range(3):
        if not isinstance(value, dict):
            return None
        rest = {k: v for k, v in value.items() if not (k.casefold() in META_KEYS and is_drawing_word_value(v))}
        if len(rest) != 1:
            return None
        key, inner = next(iter(rest.items()))
        if key.casefold() in ("steps", "stages", "phases") and isinstance(inner, list) and len(inner) >= 2 \
                and all(isinstance(step, str) and step.strip() and not _FLOW_WORDS_RE.search(step) for step in inner):
            return {"steps": inner}  # (a step with a branch, a loop or an arrow is left to the list readers)
        if key.casefold() not in WRAPPER_KEYS | {"diagram", "flowchart"}:
            return None
        value = inner
    return None


def as_json_graph(value: Any) -> Any:
    """A parsed YAML value as a JSON graph shape (see the module's note), or None."""
    steps = _step_list(value)
    if steps is not None:
        return steps
    # "states:\n  draft:\n    submit: review", "states: [a, b]\ntransitions:\n  - {from: a, to: b, on: go}": a state
    # machine in the shapes JSON gives it (state_configs.py, agent_json.py), read as that JSON is — never as an
    # outline of "submit: review" steps
    if isinstance(value, dict) and "states" in {key.casefold() for key in value} and (
            state_machine(value) is not None or agent_graph(value) is not None):
        return value
    if not isinstance(value, dict) or len(value) != 1:
        return None
    key, inner = next(iter(value.items()))
    key = key.casefold().replace(" ", "_")
    # "sequence:\n  - from: Doctor\n    to: EHR\n    msg: lab order": messages, read as the same JSON is
    if key in ("sequence", "interactions", "calls") and isinstance(inner, list) and inner and all(
            isinstance(item, dict) and {"from", "to"} <= {k.casefold() for k in item} for item in inner):
        return {"messages": inner}
    if key in TREE_KEYS:
        if isinstance(inner, dict) and len(inner) == 2:
            return _role_keyed_tree(inner)
        return _list_tree(inner) if isinstance(inner, dict) and len(inner) == 1 else None
    if key not in WRAPPER_KEYS:
        return None
    if isinstance(inner, list) and inner and all(isinstance(item, dict) for item in inner):
        return {"edges": inner}
    if isinstance(inner, dict) and inner and all(
        isinstance(step, dict) and (not step or (len(step) == 1 and next(iter(step)).casefold() in NEXT_KEYS))
        for step in inner.values()
    ):
        adjacency = {}
        for name, step in inner.items():
            heads = next(iter(step.values())) if step else []
            heads = [heads] if isinstance(heads, str) else heads
            if not isinstance(heads, list) or not all(isinstance(h, str) and h.strip() for h in heads):
                return None
            adjacency[name] = heads
        return adjacency
    return None
