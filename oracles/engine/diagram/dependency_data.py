"""Dependencies pasted as YAML or JSON, the way build files and task lists write them:

    services:                    stages:                       pipeline:
      web:                         - name: checkout              checkout: {}
        depends_on: [api]          - name: compile               package: {needs: [checkout]}
      api:                           needs: [checkout]
        depends_on: [db]

    {"tasks": [{"id": "provision-db", "after": ["provision-vpc"]}, …]}

Each item is a node; each name it lists is an edge. Which way an edge points is what decides whether
the drawing is right, so it is never guessed:

- "needs", "after", "requires", "prerequisites": the listed item comes first (prerequisite → item),
  the way a job graph is drawn, unless the intent says to draw it the other way;
- "depends_on", "deps": the intent must say which way ("arrow from each service to what it depends
  on", "arrows from dependency to dependent"); without it the data is not read (None);
- "talks_to", "calls", "sends_to", "next": item → what it lists; an instruction that says the opposite
  makes it not read.

The instruction may stand before or after the data, in a sentence, a bracket, a YAML comment or the
JSON's "instruction"/"note" field; it is consumed here, with at most a short caption and the words of a
request beside it. Anything else around the data leaves the intent to the other readers.

Data has one reading: the drafter (reading.read_dependency_data) draws this parse and the check's
normal form writes it as "a -> b" lines that it then reads with its own grammar.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .framing import framing_only
from .yaml_data import parse_yaml

_ITEMS_KEYS = frozenset("jobs stages pipeline services tasks steps targets packages models workflows modules components".split())
_PREREQ_KEYS = frozenset("needs after requires prerequisites prereqs".split())
_DEPENDS_KEYS = frozenset("depends_on depends-on dependson deps dependencies".split())
_LINK_KEYS = frozenset("talks_to talks-to calls sends_to sends-to connects_to connects-to next".split())
_NAME_KEYS = ("name", "id")
_NOTE_KEYS = frozenset({"instruction", "instructions", "note", "notes"})
CAPTION_MAX_WORDS = 8

_KINDS = r"(?:service|job|task|item|package|model|node|stage|target|module|component|step)s?"
# "arrow(s) from each service to what it depends on", "from the service to the target"
_TOWARD_DEPENDENCY_RE = re.compile(
    rf"(?:(?:draw|an?|one|each)\s+)*(?:arrows?|edges?|lines?)?\s*(?:going\s+|pointing\s+)?from\s+(?:each|every|the|a)\s+{_KINDS}\s+"
    r"to\s+(?:(?:each|every)\s+thing\s+|everything\s+|whatever\s+|what\s+|the\s+things?\s+)?(?:it|they)\s+"
    r"(?:depends?|relies?)\s+on|"
    rf"(?:arrows?|edges?)?\s*from\s+the\s+{_KINDS}\s+to\s+(?:the|its)\s+(?:target|dependenc(?:y|ies))",
    re.IGNORECASE,
)
# "arrows from dependency to dependent", "edge from the prerequisite to the task that needs it", "prereq -> task"
_TOWARD_DEPENDENT_RE = re.compile(
    r"(?:(?:draw|an?|one|each)\s+)*(?:arrows?|edges?|lines?)?\s*(?:going\s+|pointing\s+)?from\s+(?:each\s+|the\s+|a\s+)?"
    r"(?:dependency|dependencies|prerequisites?|prereqs?|requirements?)\s+to\s+(?:the\s+|its\s+|each\s+)?"
    rf"(?:dependents?|{_KINDS})(?:\s+(?:that|which)\s+(?:needs?|requires?|depends?\s+on)\s+it)?|"
    r"(?:dependency|prereq(?:uisite)?)\s*(?:->|→)\s*(?:dependent|task|job)",
    re.IGNORECASE,
)
_FLOW_MAP_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<key>[^\s:#{}\[\]]+):\s*\{(?P<body>[^{}]+)\}\s*$")
_PAIR_RE = re.compile(r"\s*(?P<key>[\w-]+)\s*:\s*(?P<value>\[[^\[\]]*\]|[^,\[\]]+?)\s*(?:,|$)")


def _block_flow_maps(text: str) -> str:
    """ "package: {needs: [a, b]}" → "package:" and "  needs: [a, b]" (the block form parse_yaml reads)."""
    out = []
    for line in text.split("\n"):
        flow = _FLOW_MAP_RE.match(line)
        if flow is None:
            out.append(line)
            continue
        pairs, position, body = [], 0, flow.group("body").strip()
        while position < len(body):
            pair = _PAIR_RE.match(body, position)
            if pair is None:
                return text
            pairs.append(pair)
            position = pair.end()
        out.append(f"{flow.group('indent')}{flow.group('key')}:")
        out += [f"{flow.group('indent')}    {p.group('key')}: {p.group('value')}" for p in pairs]
    return "\n".join(out)


def _names(value: Any) -> list[str] | None:
    if isinstance(value, str) and value.strip():
        return [value.strip()]
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        return [v.strip() for v in value]
    return None


def _entries(value: Any) -> tuple[list[tuple[str, list[str]]], str] | None:
    """([(item, names it lists)], the list key's kind) of a map or list of items; None for other data."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)).casefold() in _ITEMS_KEYS:
        value = next(iter(value.values()))
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
        pairs = []
        for item in value:
            names = [k for k in _NAME_KEYS if isinstance(item.get(k), str)]
            if len(names) != 1:
                return None
            pairs.append((item[names[0]], {k: v for k, v in item.items() if k != names[0]}))
    else:
        return None
    entries: list[tuple[str, list[str]]] = []
    kinds: set[str] = set()
    for name, spec in pairs:
        if not isinstance(name, str) or not name.strip() or not isinstance(spec, dict) or len(spec) > 1:
            return None
        listed: list[str] = []
        for key, targets in spec.items():
            key = key.casefold()
            kind = "prereq" if key in _PREREQ_KEYS else "depends" if key in _DEPENDS_KEYS else "link" if key in _LINK_KEYS else ""
            names = _names(targets) if targets != [] else []
            if not kind or names is None:
                return None
            kinds.add(kind)
            listed = names
        entries.append((name.strip(), listed))
    items = [name for name, _ in entries]
    if len(entries) < 2 or len(kinds) != 1 or len(set(items)) != len(items) or not any(t for _, t in entries):
        return None
    return entries, kinds.pop()


def _split(intent: str) -> tuple[Any, str] | None:
    """(the parsed data, the text around it) — JSON anywhere in the intent, or a YAML block of its own lines."""
    starts = [i for i in (intent.find("{"), intent.find("[")) if i >= 0]
    end = max(intent.rfind("}"), intent.rfind("]"))
    if starts and end > min(starts) and intent.lstrip()[:1] in "{[":
        try:
            value = json.loads(intent[min(starts) : end + 1])
        except ValueError:
            value = None
        if isinstance(value, dict) and set(value) & _NOTE_KEYS:
            notes = [value[k] for k in set(value) & _NOTE_KEYS]
            if not all(isinstance(n, str) for n in notes):
                return None
            value = {k: v for k, v in value.items() if k not in _NOTE_KEYS}
            return value, intent[: min(starts)] + " " + " ".join(notes) + " " + intent[end + 1 :]
        if value is not None:
            return value, intent[: min(starts)] + " " + intent[end + 1 :]
    lines = intent.split("\n")
    top = [i for i, line in enumerate(lines) if re.match(r"^[A-Za-z_][\w.-]*:\s*$", line)]
    if len(top) != 1:
        return None
    block_end = top[0] + 1
    while block_end < len(lines) and (not lines[block_end].strip() or lines[block_end][:1].isspace()):
        block_end += 1
    value = parse_yaml(_block_flow_maps("\n".join(lines[top[0]:block_end])))
    if value is None:
        return None
    around = lines[: top[0]] + [re.sub(r"^\s*#\s*", "", line) for line in lines[block_end:]]
    return value, "\n".join(around)


def _direction(text: str) -> tuple[str | None, str]:
    """("dependency" | "dependent" | None, the text without the instruction)."""
    toward_dependency = list(_TOWARD_DEPENDENCY_RE.finditer(text))
    toward_dependent = list(_TOWARD_DEPENDENT_RE.finditer(text))
    if toward_dependency and toward_dependent:
        return "both", text
    found = toward_dependency or toward_dependent
    rest = text
    for match in reversed(found):
        rest = rest[: match.start()] + " " + rest[match.end() :]
    return ("dependency" if toward_dependency else "dependent" if toward_dependent else None), rest


def dependency_edges(intent: str) -> tuple[str, list[str], list[tuple[str, str]]] | None:
    """(caption, items, edges as (tail, head)) of dependency data with its instruction; None otherwise."""
    split = _split(intent)
    if split is None:
        return None
    value, around = split
    read = _entries(value)
    if read is None:
        return None
    entries, kind = read
    direction, rest = _direction(around)
    if direction == "both" or (kind == "depends" and direction is None) or (kind == "link" and direction == "dependent"):
        return None
    caption = ""
    for piece in re.split(r"(?<=[.!?;])\s+|\n+|\s*[(),]\s*", rest):
        words = re.findall(r"[^\W_]+", piece)
        if not words or framing_only(piece):
            continue
        if caption or len(words) > CAPTION_MAX_WORDS:
            return None  # more than one short caption beside the data: content this reading would drop
        caption = piece.strip().rstrip(":,.")
    forward = kind == "link" or direction == "dependency"
    edges = [(item, target) if forward else (target, item) for item, targets in entries for target in targets]
    items = list(dict.fromkeys([item for item, _ in entries] + [t for _, targets in entries for t in targets]))
    return caption, items, edges
