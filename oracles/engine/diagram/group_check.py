"""The check of groups (Graphviz clusters): every box drawn is a group the intent declares, with
exactly the members it lists, and every group the intent declares is drawn.

The intent is read here on its own. A declaration is a group's name with its list of members:
"**Frontend:** React app, CDN", "app (API server, worker)", "Upstairs group: mesh node, smart
TV, laptop", "the backend has API and workers". It counts only when every member it lists is a
drawn node. Declarations (and a lead-in that only announces them, "Three groups:", "Draw two
clusters.") are then taken out of the intent, and the rest of the check (faithfulness.py) reads
what is left: the relations between the members.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..contracts import EngineRefusal
from .brace_group_check import brace_groups_as_declarations
from .quoted_groups import unquoted_groups
from .vocabulary import NOT_CONTENT, TITLE_MAX_WORDS, phrase_key

GROUP_WORD_RE = re.compile(
    r"\b(?:groups?|clusters?|layers?|tiers?|zones?|stations?|boxes|contexts|domains|subsystems)\b", re.IGNORECASE
)
# names that are groups when they "have" or "contain" parts ("the backend has API and workers")
GROUP_HEADS = frozenset(
    "frontend backend front-end back-end layer tier side zone group cluster subnet vpc region stack plane".split()
)
GROUP_NAME_MAX_WORDS = 4
MEMBER_MAX_WORDS = 6
_SEPARATOR_RE = re.compile(r"\n|;|(?<=[\w)*])\.(?=\s|$)|\s[—–]\s|\s-\s")
_ITEMS_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
_EMPHASIS_RE = re.compile(r"[*_`]")
_ARTICLE_RE = re.compile(r"^(?:the|a|an|our|my|their|its)\s+", re.IGNORECASE)
_VERB_DECL_RE = re.compile(r"^(?P<name>.{1,60}?)\s+(?:has|have|contains|includes|holds|groups)\s+(?P<list>.+)$", re.IGNORECASE)
_COLON_DECL_RE = re.compile(r"^(?P<name>[^:()]{1,60}?)\s*:\s*(?P<list>[^:()]+)$")
_LEAD_IN_RE = re.compile(r"^(?P<lead>[^:]{0,40}?\b(?:groups?|clusters?|layers?|tiers?|zones?|boxes)\b[^:]{0,20}?)\s*:\s*(?=[^:]+:)",
                         re.IGNORECASE)
_LEAD_WORDS = frozenset(
    "and with in into as draw show make use two three four five six several groups group clusters "
    "cluster layers layer tiers tier zones zone stations station boxes box".split()
)


@dataclass(frozen=True)
class Declaration:
    name: str  # key, articles dropped
    members: frozenset[str]
    start: int  # offsets in the intent
    end: int


def _key(text: str) -> str:
    return phrase_key(_ARTICLE_RE.sub("", _EMPHASIS_RE.sub(" ", text).strip()))


def _members(text: str, nodes: set[str]) -> frozenset[str] | None:
    items = [_key(i) for i in _ITEMS_RE.split(text.strip().rstrip(".")) if _key(i)]
    if not items or any(i not in nodes or len(i.split()) > MEMBER_MAX_WORDS for i in items) or len(set(items)) != len(items):
        return None
    return frozenset(items)


def _name(text: str, nodes: set[str]) -> str | None:
    key = _key(text)
    words = key.split()
    if not words or len(words) > GROUP_NAME_MAX_WORDS or key in nodes:
        return None
    return key


def _statements(intent: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for match in _SEPARATOR_RE.finditer(intent):
        bounds.append((start, match.start()))
        start = match.end()
    bounds.append((start, len(intent)))
    return [(s, e) for s, e in bounds if intent[s:e].strip()]


def _paren_declarations(intent: str, start: int, end: int, nodes: set[str]) -> list[Declaration] | None:
    """ "edge (Cloudflare), app (API server, worker)": the names before each bracket."""
    found = []
    boundary = start
    for match in re.finditer(r"\(([^()]*)\)", intent[start:end]):
        open_at, close_at = start + match.start(), start + match.end()
        head = intent[boundary:open_at]
        cut = max((m.end() for m in re.finditer(r",|:|\band\b|—", head)), default=0)
        name = _name(head[cut:], nodes)
        members = _members(match.group(1), nodes)
        if name is None or members is None:
            return None
        found.append(Declaration(name, members, boundary + cut, close_at))
        boundary = close_at
    return found


def declarations(intent: str, nodes: set[str]) -> tuple[list[Declaration], list[tuple[int, int]]]:
    """The groups the intent declares, and the statements that only declare or announce them."""
    found: list[Declaration] = []
    masked: list[tuple[int, int]] = []
    announcements: list[tuple[int, int]] = []
    for start, end in _statements(intent):
        text = intent[start:end]
        if "(" in text:
            parens = _paren_declarations(intent, start, end, nodes)
            if parens:
                found += parens
                rest = intent[start : parens[0].start] + " ".join(
                    intent[a.end : b.start] for a, b in zip(parens, parens[1:], strict=False)
                )
                rest += " " + intent[parens[-1].end : end]
                if _only_announces(rest, nodes):
                    masked.append((start, end))
                else:
                    masked += [(d.start, d.end) for d in parens]
            continue
        plain = _EMPHASIS_RE.sub(" ", text).strip()
        lead = _LEAD_IN_RE.match(plain)
        if lead and _only_announces(lead.group("lead"), nodes):
            plain = plain[lead.end():]  # "Groups: Edge: gateway": the lead-in, then a declaration
        colon = _COLON_DECL_RE.match(plain)
        verb = _VERB_DECL_RE.match(plain)
        for match, needs_head in ((colon, False), (verb, True)):
            if match is None:
                continue
            name = _name(match.group("name"), nodes)
            members = _members(match.group("list"), nodes)
            if name is None or members is None:
                continue
            if needs_head and not (set(name.split()[-1:]) & GROUP_HEADS or GROUP_WORD_RE.search(name)):
                continue
            found.append(Declaration(name, members, start, end))
            masked.append((start, end))
            break
        else:
            if GROUP_WORD_RE.search(text) and _only_announces(text, nodes):
                announcements.append((start, end))
    if found:
        names = {d.name for d in found}
        masked += [(a, b) for a, b in announcements if _lists_only(intent[a:b], names)]
    return found, masked


def _lists_only(text: str, names: set[str]) -> bool:
    """An announcement that lists names lists only declared groups: "Three zones: A, B and C" with
    zone C never declared nor drawn is content ("the warehouse holds zones A, B and C"), not a title."""
    parts = re.split(r",|;|:|\band\b|\bcontains\b|\bincludes\b|\bhas\b", text, flags=re.IGNORECASE)
    items = [" ".join(w for w in phrase_key(p).split() if w not in NOT_CONTENT["anywhere"]) for p in parts[1:]]
    items = [i for i in items if i]
    return len(items) < 2 or all(i in names for i in items)


def _only_announces(text: str, nodes: set[str] | None = None) -> bool:
    """ "Three groups:", "Draw two clusters.", "Data platform with two groups": no content of its
    own beyond a short title, and no drawn name ("Groups: Edge: gateway" declares one)."""
    padded = f" {phrase_key(text)} "
    if nodes and any(f" {n} " in padded for n in nodes):
        return False
    words = [
        w
        for w in phrase_key(text).split()
        if w not in _LEAD_WORDS and w not in NOT_CONTENT["preamble"] and w not in NOT_CONTENT["anywhere"]
    ]
    return len(words) <= TITLE_MAX_WORDS and not re.search(r"->|→|=>", text)


# "VPC: lb, app1, not the db": a member said with a negation is what the group leaves out
_LEFT_OUT_RE = re.compile(r"^(?:not|except|excluding|without|but\s+not|apart\s+from)\b", re.IGNORECASE)


def refuse_left_out_members(clusters: list[tuple[str, list[str]]]) -> None:
    """Refuse a group drawn with a member whose name says it is left out of the group."""
    for label, members in clusters:
        for member in members:
            if _LEFT_OUT_RE.match(_EMPHASIS_RE.sub(" ", member).strip()):
                raise EngineRefusal("GROUP_NOT_IN_INTENT", f"The group '{label}' is drawn with '{member}', which says what is "
                                                           "left out of it, not a member. List only the members, e.g. "
                                                           "'VPC: lb, app1', and say the rest in a sentence of its own.")


def account_for_groups(
    intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]], clusters: list[tuple[str, list[str]]]
) -> tuple[str, list[str]]:
    """(the intent without its group declarations, the nodes the rest of the intent must place).
    Raises EngineRefusal when the drawn groups are not the declared ones."""
    braced = brace_groups_as_declarations(intent)  # "cluster VPC { lb, app1 }" → "VPC: lb, app1"
    if (
        braced == intent
        and not clusters
        and not GROUP_WORD_RE.search(intent)
        and not re.search(rf"\b(?:{'|'.join(GROUP_HEADS)})\s+(?:has|have|contains|includes|holds)\b", intent, re.IGNORECASE)
    ):
        return intent, nodes
    intent = braced
    # "### Backend" over "- REST API" / "- job queue": the section heading declares the group
    intent = re.sub(
        r"(?m)^#{1,6}[ \t]*([^\n#]+)\n((?:[ \t]*[-*•][ \t]+[^\n]+(?:\n|$))+)",
        lambda m: (
            m.group(1).strip()
            + ": "
            + ", ".join(re.sub(r"^[ \t]*[-*•][ \t]+", "", line).strip() for line in m.group(2).splitlines() if line.strip())
            + "\n"
        ),
        intent,
    )
    intent = unquoted_groups(intent)  # "into 'Back office' (ledger, payroll)": the name in quotes
    node_keys = {_key(n) for n in nodes}
    drawn: dict[str, frozenset[str]] = {}
    seen: set[str] = set()
    for label, members in clusters:
        keys = frozenset(_key(m) for m in members)
        if not _key(label) or not keys or _key(label) in drawn or keys & seen:
            raise EngineRefusal(
                "GROUP_NOT_IN_INTENT",
                f"The group '{label}' is drawn without a name, without members, twice, or sharing a member with another group.",
            )
        drawn[_key(label)] = keys
        seen |= keys
    refuse_left_out_members(clusters)
    found, masked = declarations(intent, node_keys)
    declared = {d.name: d.members for d in found}
    if len(declared) != len(found):
        raise EngineRefusal("GROUP_NOT_IN_INTENT", "The intent declares one group twice; declare each group once.")
    for name, members in drawn.items():
        if declared.get(name) != members:
            label = next(lbl for lbl, _ in clusters if _key(lbl) == name)
            raise EngineRefusal(
                "GROUP_NOT_IN_INTENT",
                f"The group '{label}' is not declared in the intent with exactly "
                "the members drawn in it; declare it as 'Name: a, b' or 'Name (a, b)'.",
            )
    for name in declared:
        if name not in drawn:
            raise EngineRefusal("GROUP_MISSING", f"The intent declares the group '{name}', but the diagram does not draw it.")
    if not found:
        return intent, nodes
    pieces, position = [], 0
    for start, end in sorted(masked):
        if start < position:
            continue
        pieces += [intent[position:start], "\n"]
        position = end
    rest = "".join([*pieces, intent[position:]])
    labels = {_key(n): n for n in nodes}
    for name, members in declared.items():
        # "all three sources load into Snowflake": a quantified mention of a group is its members
        names = [labels[m] for m in sorted(members)]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        words = r"\W+".join(re.escape(w) for w in name.split())
        rest = re.sub(
            rf"\b(?:all|both)\s+(?:(?:the|two|three|four|five|six|\d+)\s+)?{words}\b", listed, rest, flags=re.IGNORECASE
        )
    # a member named only in its declaration, with no connection drawn, is accounted for there
    rest_words = f" {phrase_key(rest)} "
    touched = {_key(t) for t, _, _ in edges} | {_key(h) for _, h, _ in edges}
    kept = [n for n in nodes if _key(n) in touched or _key(n) not in seen or f" {phrase_key(n)} " in rest_words]
    return rest, kept
