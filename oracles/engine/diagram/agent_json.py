"""Graphs agents pass as JSON tool arguments, in the shapes they write them:

    {"steps": ["Receive", "Check"], "edges": [["receive", "check", "if valid"]]}
    {"nodes": [{"id": 1, "text": "Open"}], "edges": [{"from": 1, "to": 2, "if": "ok"}]}
    {"states": ["Idle", "Busy"], "transitions": [{"from": "Idle", "to": "Busy", "on": "start"}]}
    {"initial": "idle", "states": {"idle": {"on": {"START": "busy"}}, "busy": {}}}
    {"steps": [{"id": "a", "label": "Receive", "next": ["b"]}, …]}
    {"steps": [{"id": 1, "text": "Open"}, …], "flow": "1->2; 2(no)->3"}
    [{"name": "Ana", "title": "CTO", "manager": null}, {"name": "Bo", "manager": "Ana"}]
    {"tasks": [{"id": "build", "after": []}, {"id": "ship", "after": ["build"]}]}
    {"sequence": ["A", "B", "C"], "extra_edges": [{"from": "C", "to": "A", "label": "retry"}]}
    {"steps": [{"id": 3, "text": "Paid?", "yes": 4, "no": 5}, …]}
    {"steps": ["Poll", "Done?"], "transitions": {"Done?": {"no": "Wait", "yes": "Fetch"}, "Wait": "Poll"}}
    {"start": "Request", "decision": {"question": "Cached?", "yes": "Serve", "no": {"question": …}}}
    {"start": "Open app", "next": "Plan?", "branches": {"Free": "Show ads", "Pro": "Hide ads"}}

wrapped in a tool call ({"tool": "draw", "args": {…}}, render_graph({…})) and beside keys that
only say what the drawing is ({"type": "state_machine"}, {"direction": "LR"}) or title it.

`agent_graph` turns such a value into a shape both readers already read (edge_tables.py for the
drafter, normal_forms.py for the check): {"nodes": […], "edges": [[tail, head, label?], …]} or a
tree {"name": …, "children": […]}, with the title and any note kept apart. Like yaml_data.py it is
the one reading the data has, read alike by both sides; everything it does not draw is either
kept as text the check must place (a note, an instruction) or is a key from the short lists
below whose value only names the kind or layout of the drawing.

It is strict. An endpoint must name a listed step (by id, by name, or by name in another case);
an id no step has, a name that is nearly but not quite a listed step's, two steps one id, a
key it does not know: the intent is refused (UNREADABLE_INTENT) naming the piece, never guessed.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..contracts import EngineRefusal
from ..keyword_calls import keyword_call

# --- the frame: a tool call around the data -------------------------------------------------
TOOL_KEYS = frozenset("tool name action task function fn command method op operation".split())
ARGUMENT_KEYS = frozenset("args arguments input params parameters payload spec".split())
# A single key that only wraps the graph ({"graph": {…}}, {"org": {…}}).
WRAPPER_KEYS = frozenset("graph diagram data org orgchart org_chart tree hierarchy flowchart workflow "
                         "state_machine statemachine machine".split())

# Keys that say what the drawing is, how to lay it out or what to call the tool, never content —
# when their value is made of DRAWING_WORDS only ({"type": "state_machine"}, {"direction": "LR"}).
META_KEYS = frozenset("type kind diagram diagram_type diagramtype chart chart_type graph_type format output output_format "
                      "direction rankdir layout orientation style render task action tool request mode".split())
DRAWING_WORDS = frozenset("""a an the as in of to into please pls draw render make create generate build show produce
    diagram diagrams chart graph graphs flowchart flow flows state states machine statemachine sequence org orgchart
    tree hierarchy hierarchical dag directed digraph network architecture dependency dependencies process workflow
    pipeline dot graphviz svg png image picture mermaid plain simple lr rl td tb bt left right top bottom down
    horizontal vertical fsm uml activity decision""".split())
TITLE_KEYS = frozenset("title name machine id caption heading".split())
# Keys whose text is said about the drawing ("note": "each message is one labelled edge"): kept as
# text after the data, where the check must place its words or refuse.
NOTE_KEYS = frozenset("note notes instruction instructions comment comments hint hints remark remarks".split())

# --- the structure ---------------------------------------------------------------------------
STEP_LIST_KEYS = frozenset("steps nodes states stages tasks jobs items actors participants components phases".split())
ORDERED_KEYS = frozenset("steps_in_order sequence order ordered_steps in_order".split())
EDGE_LIST_KEYS = frozenset("edges links transitions connections arrows relations flow flows messages calls".split())
# What is left of a value whose meta keys are gone, when it is already an edge list the readers read
# ({"action": "draw_architecture", "groups": {…}, "connections": […]})
EDGE_LIST_SHAPE_KEYS = frozenset("edges links connections transitions groups clusters nodes".split())
EXTRA_EDGE_KEYS = frozenset("extra_edges additional_edges extra_links back_edges loops other_edges".split())
STEP_NAME_KEYS = ("label", "name", "text", "title")
STEP_ID_KEYS = ("id", "key")
STEP_KIND_KEY = "type"
STEP_KINDS = frozenset("step process action task decision question choice start end terminal state final".split())
NEXT_KEYS = frozenset("next then goes_to go_to to children".split())
# A decision's ways out: an answer key ({"yes": 4, "no": 5}) or a map of cases ({"branches": {"Free": …}}),
# each an edge labelled with its key.
ANSWER_KEYS = frozenset("yes no true false".split())
CASE_MAP_KEYS = frozenset("branches cases options choices outcomes answers".split())
# {"start": …, "next": …, "decision": {"question": …, "yes": …}}: a flow that ends in a decision
FLOW_START_KEY = "start"
FLOW_NEXT_KEYS = frozenset("next then".split())
DECISION_KEYS = frozenset("decision question check branch".split())
QUESTION_NAME_KEYS = frozenset("question text label name ask condition".split())
AFTER_KEYS = frozenset("after depends_on dependson dependencies deps needs requires prerequisites blocked_by".split())
TAIL_KEYS = frozenset("from source src tail start parent caller sender".split())
HEAD_KEYS = frozenset("to target dst dest destination head end child callee receiver".split())
LABEL_KEYS = frozenset("label message msg text via condition when if on event trigger guard action data payload "
                       "answer outcome".split())
MANAGER_KEYS = frozenset("manager reports_to reportsto manager_id boss supervisor parent".split())
ROLE_KEYS = frozenset("title role position job job_title".split())
# One key over a list of people records: {"people": [{"name": …, "manager": …}, …]}
PEOPLE_KEYS = frozenset("people persons employees staff members team org_members".split())
CHILD_KEYS = ("children", "reports", "direct_reports", "subordinates", "team")
# {"edges_direction": "manager_to_report"} beside people records: which way the reporting arrows point.
# The records are drawn manager → report; a key that says that way is layout, the other way is refused
# (drawing it turned round would be a guess at which end the user meant).
DIRECTION_KEYS = frozenset("direction edges_direction edge_direction arrows arrow_direction arrows_direction".split())
_TOP_DOWN_RE = re.compile(r"^(?:from[\s_-]+)?(?:manager|boss|parent|supervisor|top)s?[\s_-]*(?:to|->|→|down[\s_-]+to)[\s_-]*"
                          r"(?:(?:direct[\s_-]+)?reports?|employees?|child(?:ren)?|subordinates?|staff|down)$|^(?:top[\s_-]*down|tb|td)$",
                          re.IGNORECASE)
# {"link_direction": "from caller to callee"} beside an edge list: the pairs are drawn as listed, first to second,
# and a key that names that way ("caller -> callee", "dependency -> dependent", "source to target") is layout. A
# key naming the other way, or a way not on this list, is refused: whether the pairs were already turned round
# to follow it is a guess.
EDGE_DIRECTION_KEYS = DIRECTION_KEYS | frozenset(
    "link_direction links_direction connection_direction connections_direction edge_directions".split())
_AS_LISTED_RE = re.compile(
    r"^(?:from[\s_-]+)?(?P<tail>caller|client|source|src|from|tail|upstream|dependency|prerequisite|prereq|parent|sender|"
    r"producer|first)s?[\s_-]*(?:to|->|→|=>)[\s_-]*(?P<head>callee|server|target|dst|destination|to|head|downstream|"
    r"dependent|dependant|child|receiver|consumer|second)s?$", re.IGNORECASE)
# "1->2; 2(no)->3": a flow written as a string of id arrows.
_ID_ARROW_RE = re.compile(r"^\s*(?P<tail>[\w-]+)\s*(?:\((?P<label>[^()]{1,60})\))?\s*(?:->|→)\s*(?P<head>[\w-]+)\s*$")
# A name this close to a listed step's is a slip of that name, not a new step.
NEAR_MISS_RATIO = 0.8
NOTE_MAX_WORDS = 30


@dataclass
class AgentGraph:
    """A JSON graph in a shape the readers read, with what is said about it kept apart."""

    shape: Any
    title: str | None = None
    notes: list[str] = field(default_factory=list)


def refuse(what: str) -> EngineRefusal:
    return EngineRefusal("UNREADABLE_INTENT", f"I could not read this JSON as a diagram: {what}. Give each connection "
                                              "as {\"from\": …, \"to\": …, \"label\": …} naming a listed step, e.g. "
                                              "{\"steps\": [\"Receive\", \"Check\"], \"edges\": [[\"Receive\", \"Check\"]]}.")


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", text.casefold()) if w]


def is_drawing_word_value(value: Any) -> bool:
    """{"type": "state_machine"}, {"direction": "LR"}: a value that only names the kind of drawing."""
    return isinstance(value, str) and bool(_words(value)) and set(_words(value)) <= DRAWING_WORDS


def peeled(value: Any) -> Any:
    """The value inside tool-call and one-key wrappers ({"tool": "draw", "args": {…}}, {"graph": {…}})."""
    for _ in range(4):
        if not isinstance(value, dict):
            return value
        keys = {k.casefold(): k for k in value}
        tools = [k for k in keys if k in TOOL_KEYS and isinstance(value[keys[k]], str)]
        arguments = [k for k in keys if k in ARGUMENT_KEYS and isinstance(value[keys[k]], dict)]
        if len(value) == 2 and len(tools) == 1 and len(arguments) == 1 and len(value[keys[tools[0]]].split()) <= 3:
            value = value[keys[arguments[0]]]
        elif len(value) == 1 and next(iter(keys)) in WRAPPER_KEYS | ARGUMENT_KEYS and isinstance(next(iter(value.values())), dict):
            value = next(iter(value.values()))
        else:
            return value
    return value


# --- the document: the intent's one JSON value, maybe inside a call ---------------------------
_CALL_OPEN_RE = re.compile(r"(?:^|\s)[A-Za-z_][\w.]*\(\s*$")
_KWARG_CALL_RE = re.compile(r"^\s*[A-Za-z_][\w.]*\(\s*(?P<key>[A-Za-z_]\w*)\s*=\s*(?P<text>\"(?:[^\"\\]|\\.)*\")\s*\)\s*;?\s*$",
                            re.DOTALL)


def json_document(intent: str) -> tuple[str, Any, str] | None:
    """(text before, value, text after) for the intent's one JSON object or list; a call around
    it ("render_graph({…})", "draw(spec=\"…\")") is frame, not text."""
    call = _KWARG_CALL_RE.match(intent)
    if call:
        try:
            return "", {call.group("key"): json.loads(call.group("text"))}, ""
        except ValueError:
            return None
    keywords = keyword_call(intent)
    if keywords is not None:
        return "", keywords, ""
    starts = [i for i in (intent.find("{"), intent.find("[")) if i >= 0]
    end = max(intent.rfind("}"), intent.rfind("]"))
    if not starts or end <= min(starts):
        return None
    start = min(starts)
    try:
        value = json.loads(intent[start : end + 1])
    except ValueError:
        return None
    before, after = intent[:start], intent[end + 1 :]
    opened = _CALL_OPEN_RE.search(before)
    if opened and after.lstrip().startswith(")"):
        before, after = before[: opened.start()], after.lstrip()[1:].lstrip(" ;")
    return before, value, after


# --- the structure's pieces ------------------------------------------------------------------
@dataclass
class _Step:
    label: str
    id: str | None = None
    next: list[Any] = field(default_factory=list)
    after: list[Any] = field(default_factory=list)
    ways: list[tuple[str, Any]] = field(default_factory=list)  # (answer or case, the step it leads to)


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def data_label(label: str | None) -> str | None:
    """An edge label given as data, with "<=" written "≤": written out, "0.3 <= risk" holds the
    reverse arrow "<=", which the check would read as an arrow between "0.3" and "risk"."""
    return re.sub(r"\s*<=\s*", " ≤ ", label).strip() if label else label


def _id(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return _text(value)


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, list):
        return value
    if isinstance(value, str | int) and not isinstance(value, bool):
        return [value]
    raise refuse(f"'{value}' is not a step or a list of steps")


def _step(item: Any, position: int) -> _Step:
    if isinstance(item, str) and item.strip():
        return _Step(item.strip())
    if not isinstance(item, dict):
        raise refuse(f"step {position} is neither a name nor an object with one")
    keys = {k.casefold(): k for k in item}
    names = [_text(item[keys[k]]) for k in STEP_NAME_KEYS if k in keys]
    ids = [_id(item[keys[k]]) for k in STEP_ID_KEYS if k in keys]
    known = set(STEP_NAME_KEYS) | set(STEP_ID_KEYS) | NEXT_KEYS | AFTER_KEYS | {STEP_KIND_KEY} | ANSWER_KEYS | CASE_MAP_KEYS
    unknown = [keys[k] for k in keys if k not in known]
    if unknown:
        raise refuse(f"step {position} has the key '{unknown[0]}', which says nothing I can draw")
    kind = item.get(keys.get(STEP_KIND_KEY, ""), None)
    if kind is not None and not (isinstance(kind, str) and kind.casefold() in STEP_KINDS):
        raise refuse(f"step {position} has the type '{kind}'")
    label = next((n for n in names if n), None)
    if len([n for n in names if n]) > 1:
        raise refuse(f"step {position} has two names ({', '.join(repr(n) for n in names if n)})")
    step_id = next((i for i in ids if i), None)
    if label is None:
        if step_id is None:
            raise refuse(f"step {position} has no name")
        label = step_id  # {"id": "provision-db", "after": […]}: the id is the only name it has
    nexts = [item[keys[k]] for k in NEXT_KEYS if k in keys]
    afters = [item[keys[k]] for k in AFTER_KEYS if k in keys]
    if len(nexts) > 1 or len(afters) > 1:
        raise refuse(f"step {position} says what follows it under two keys")
    ways = _ways(item, f"step {position}")
    if ways and nexts:
        raise refuse(f"step {position} says both what follows it and its answers")
    return _Step(label, step_id, _listed(nexts[0]) if nexts else [], _listed(afters[0]) if afters else [], ways)


def _ways(item: dict[str, Any], what: str) -> list[tuple[str, Any]]:
    """A decision's ways out as (label, target): its answer keys as written ({"yes": 4, "no": 5}) or
    its one map of cases ({"branches": {"Free": "Show ads"}}); a target is left to the caller."""
    answers = [k for k in item if k.casefold() in ANSWER_KEYS]
    cases = [k for k in item if k.casefold() in CASE_MAP_KEYS]
    if len(cases) > 1 or (cases and answers):
        raise refuse(f"{what} gives its ways out under more than one key")
    if cases:
        ways = item[cases[0]]
        if not isinstance(ways, dict) or not ways:
            raise refuse(f"the {cases[0]} of {what} are not a map from each case to where it leads")
        pairs = list(ways.items())
    else:
        pairs = [(k, item[k]) for k in answers]
    for label, _ in pairs:
        if _text(label) is None:
            raise refuse(f"{what} has a way out with no label")
    return [(label.strip(), target) for label, target in pairs]


def _same_name(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


class _Steps:
    """The listed steps, and how an edge's endpoint names one of them."""

    def __init__(self, steps: list[_Step], open_names: bool) -> None:
        self.steps = steps
        self.open_names = open_names  # an edge may add a step the list does not have (no ids in use)
        self.added: list[str] = []
        self.by_id: dict[str, str] = {}
        self.by_name: dict[str, str] = {}
        for step in steps:
            if step.id is not None:
                if step.id in self.by_id:
                    raise refuse(f"two steps have the id '{step.id}'")
                self.by_id[step.id] = step.label
            if _same_name(step.label) in self.by_name:
                raise refuse(f"the step '{step.label}' is listed twice")
            self.by_name[_same_name(step.label)] = step.label
        clash = [i for i in self.by_id if _same_name(i) in self.by_name and self.by_name[_same_name(i)] != self.by_id[i]]
        if clash:
            raise refuse(f"'{clash[0]}' is one step's id and another step's name")

    def resolve(self, endpoint: Any) -> str:
        key = _id(endpoint)
        if key is None:
            raise refuse(f"an edge end '{endpoint}' names no step")
        if key in self.by_id:
            return self.by_id[key]
        if _same_name(key) in self.by_name:
            return self.by_name[_same_name(key)]
        if self.by_id or not self.open_names or not isinstance(endpoint, str):
            raise refuse(f"an edge names '{key}', which is not the id or name of any listed step")
        near = difflib.get_close_matches(_same_name(key), list(self.by_name), n=1, cutoff=NEAR_MISS_RATIO)
        if near:
            raise refuse(f"an edge names '{key}', which is not a listed step (did you mean '{self.by_name[near[0]]}'?)")
        self.by_name[_same_name(key)] = key
        self.added.append(key)
        return key


def _edge(item: Any, steps: _Steps) -> tuple[str, str, str | None]:
    if isinstance(item, list) and len(item) in (2, 3):
        label = item[2] if len(item) == 3 else None
        if label is not None and _text(label) is None:
            raise refuse(f"the edge {json.dumps(item)} has a label that is not text")
        return steps.resolve(item[0]), steps.resolve(item[1]), _text(label)
    if not isinstance(item, dict):
        raise refuse(f"the edge {json.dumps(item)[:60]} is neither a pair nor an object")
    keys = {k.casefold(): k for k in item}
    tails = [k for k in keys if k in TAIL_KEYS]
    heads = [k for k in keys if k in HEAD_KEYS]
    labels = [k for k in keys if k in LABEL_KEYS]
    if len(tails) != 1 or len(heads) != 1 or len(labels) > 1 or len(item) != 2 + len(labels):
        raise refuse(f"the edge {json.dumps(item)[:60]} does not say one 'from', one 'to' and at most one label")
    label = item[keys[labels[0]]] if labels else None
    if label is not None and _text(label) is None:
        raise refuse(f"the edge {json.dumps(item)[:60]} has a label that is not text")
    return steps.resolve(item[keys[tails[0]]]), steps.resolve(item[keys[heads[0]]]), _text(label)


# "Idle on start -> Busy", "Idle -> Busy on start", "Idle -(start)-> Busy", "Idle -> Busy: start",
# "Idle -> Busy (start)", "Idle -> Busy": a transition between two listed steps, written out
_NAMED_ARROW_RES = (
    re.compile(r"^(?P<a>.+?)\s+(?:on|when|if|upon)\s+(?P<label>.+?)\s*(?:->|→)\s*(?P<b>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s*(?:->|→)\s*(?P<b>.+?)\s+(?:on|when|if|upon)\s+(?P<label>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s*-\((?P<label>[^()]+)\)->\s*(?P<b>.+)$"),
    re.compile(r"^(?P<a>.+?)\s*(?:->|→)\s*(?P<b>.+?)\s*\((?P<label>[^()]+)\)$"),
    re.compile(r"^(?P<a>.+?)\s*(?:->|→)\s*(?P<b>.+?)(?:\s*:\s*(?P<label>.+))?$"),
)


def _named_arrow(statement: str, steps: _Steps) -> tuple[str, str, str | None] | None:
    """The one transition a statement states between two listed steps (by name), or None; a
    statement with two such readings is refused."""
    readings = set()
    for pattern in _NAMED_ARROW_RES:
        match = pattern.match(statement)
        if match is None:
            continue
        ends = [steps.by_name.get(_same_name(match.group(g))) for g in ("a", "b")]
        if ends[0] and ends[1]:
            readings.add((ends[0], ends[1], _text(match.group("label"))))
    if len(readings) > 1:
        raise refuse(f"'{statement[:50]}' can be read as more than one transition")
    return next(iter(readings), None)


def _edges_of(value: Any, steps: _Steps) -> list[tuple[str, str, str | None]] | None:
    if isinstance(value, str):  # "1->2; 2(no)->3"; a flow said in words is prose (wrapped_prose.py)
        statements = [s.strip() for s in re.split(r"[;\n]" if steps.by_name and not steps.by_id else r"[;\n,]", value)
                      if s.strip()]
        if steps.by_name and not steps.by_id:  # the steps are named: "Idle on start -> Busy; …"
            named = [_named_arrow(s, steps) for s in statements]
            if not any(named):
                return None
            bad = next((s for s, n in zip(statements, named, strict=True) if n is None), None)
            if bad is not None:
                raise refuse(f"'{bad[:40]}' is not a transition between two listed steps")
            return [n for n in named if n]
        arrows = [_ID_ARROW_RE.match(s) for s in statements]
        if not any(arrows):
            return None
        bad = next((s for s, a in zip(statements, arrows, strict=True) if a is None), None)
        if bad is not None:
            raise refuse(f"'{bad[:40]}' is not an arrow between two step ids")
        return [(steps.resolve(a.group("tail")), steps.resolve(a.group("head")), _text(a.group("label")))
                for a in arrows if a]
    if isinstance(value, dict):  # {"Done?": {"no": "Wait", "yes": "Fetch"}, "Wait": "Poll"}: each step's ways out
        return _edge_map(value, steps)
    if not isinstance(value, list):
        raise refuse("the edges are not a list")
    return [_edge(item, steps) for item in value]


def _one_step(target: Any, source: str) -> Any:
    if isinstance(target, bool) or not isinstance(target, str | int):
        raise refuse(f"a way out of '{source}' does not name one step")
    return target


def _edge_map(value: dict[str, Any], steps: _Steps) -> list[tuple[str, str, str | None]]:
    """A map from each step to where it leads: one step ("Poll"), a list of steps, or a map from each
    answer or case to one step ({"no": "Wait", "yes": "Fetch"})."""
    edges: list[tuple[str, str, str | None]] = []
    for source, heads in value.items():
        tail = steps.resolve(source)
        if isinstance(heads, dict):
            ways = _ways({"cases": heads}, f"'{source}'")
            edges += [(tail, steps.resolve(_one_step(t, source)), label) for label, t in ways]
        elif isinstance(heads, list) and heads:
            edges += [(tail, steps.resolve(_one_step(t, source)), None) for t in heads]
        else:
            edges.append((tail, steps.resolve(_one_step(heads, source)), None))
    return edges


def _chained(steps: list[_Step], edges: list[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
    """A "steps" list beside a transition map: a listed step the map gives no way out leads to the next
    listed step when nothing else leads there ({"steps": ["Poll", "Done?"], "transitions": {"Done?": …}});
    one that is a way out of the same question as the next is an end. When the next step is reached
    otherwise, whether the open one ends or goes on is not said, and the intent is refused unless no
    step is chained at all (every way given in the map)."""
    tails = {t for t, _, _ in edges}
    heads = {h for _, h, _ in edges}
    pairs = {(t, h) for t, h, _ in edges}
    chained, open_ones = [], []
    for step, after in zip(steps, steps[1:], strict=False):
        if step.label in tails or step.next or step.ways:
            continue
        if any((t, step.label) in pairs and (t, after.label) in pairs for t in tails):
            continue  # two ways out of one question ("yes": "Save", "no": "Show errors"): the first is an end
        if after.label in heads:
            open_ones.append(step.label)
        else:
            chained.append((step.label, after.label, None))
            heads.add(after.label)
    if chained and open_ones:
        raise refuse(f"the step '{open_ones[0]}' is given no way out, and the next listed step is reached otherwise")
    return chained + edges


def _edge_list_shape(labels: list[str], edges: list[tuple[str, str, str | None]]) -> dict[str, Any]:
    return {"nodes": labels, "edges": [[t, h, data_label(label)] if label else [t, h] for t, h, label in edges]}


# --- the shapes ------------------------------------------------------------------------------
def _statechart(value: dict[str, Any]) -> dict[str, Any] | None:
    """{"initial": "off", "states": {"off": {"on": {"POWER": "on"}}, "on": {…}}} (XState-like)."""
    states = value.get("states")
    if not isinstance(states, dict) or not states or set(value) - {"states", "initial"}:
        return None
    if not all(isinstance(s, dict) for s in states.values()):
        return None
    names = {_same_name(n): n for n in states}
    initial = value.get("initial")
    if initial is not None and (not isinstance(initial, str) or _same_name(initial) not in names):
        raise refuse(f"the initial state '{initial}' is not one of the states")
    edges: list[tuple[str, str, str | None]] = []
    for name, state in states.items():
        if set(state) - {"on"}:
            raise refuse(f"the state '{name}' has the key '{sorted(set(state) - {'on'})[0]}', which I do not draw")
        events = state.get("on", {})
        if not isinstance(events, dict):
            raise refuse(f"the events of '{name}' are not an object")
        for event, target in events.items():
            if isinstance(target, dict) and set(target) == {"target"}:
                target = target["target"]
            if not isinstance(target, str) or _same_name(target) not in names:
                raise refuse(f"the event '{event}' of '{name}' goes to '{target}', which is not one of the states")
            edges.append((name, names[_same_name(target)], event))
    return _edge_list_shape(list(states), edges) if edges else None


def _transition_list(value: dict[str, Any]) -> dict[str, Any] | None:
    """{"initial": "Closed", "transitions": [{"from": "Closed", "to": "Open", "on": "trip"}, …]}: the
    transitions alone, which both readers read; the initial state draws nothing but must be one of
    the states the transitions join (else refused, never a guessed extra node)."""
    keys = {k.casefold(): k for k in value}
    if set(keys) != {"transitions", "initial"}:
        return None
    transitions, initial = value[keys["transitions"]], value[keys["initial"]]
    if not isinstance(transitions, list) or not transitions:
        return None
    ends: set[str] = set()
    for item in transitions:
        if isinstance(item, dict):
            ends |= {_same_name(str(v)) for k, v in item.items() if k.casefold() in TAIL_KEYS | HEAD_KEYS}
        elif isinstance(item, list) and len(item) >= 2:
            ends |= {_same_name(str(v)) for v in item[:2]}
        else:
            return None
    if not isinstance(initial, str) or _same_name(initial) not in ends:
        raise refuse(f"the initial state '{initial}' is not one the transitions join")
    return {keys["transitions"]: transitions}


def _records_tree(value: Any) -> dict[str, Any] | None:
    """[{"name": "Ana", "title": "CTO", "manager": null}, {"name": "Bo", "manager": "Ana"}]: one root,
    who may also leave the manager key out; the list may sit under one key ({"people": […]})."""
    if isinstance(value, dict):
        # {"chart": "org", "edges_direction": "manager_to_report", "people": […]}: the keys beside the
        # list only say what the drawing is and that its arrows point from manager to report
        keys = {k.casefold(): k for k in value}
        people = [k for k in keys if k in PEOPLE_KEYS]
        if len(people) != 1:
            return None
        for key, item in value.items():
            folded = key.casefold()
            if folded == people[0] or (folded in META_KEYS and is_drawing_word_value(item)):
                continue
            if folded in DIRECTION_KEYS and isinstance(item, str) and _TOP_DOWN_RE.match(item.strip()):
                continue
            if folded in DIRECTION_KEYS:
                raise refuse(f"'{key}': '{item}' may turn the reporting lines round; the people are drawn manager first")
            return None
        value = value[keys[people[0]]]
    if not isinstance(value, list) or len(value) < 2 or not all(isinstance(r, dict) for r in value):
        return None
    managed = [[k for k in record if k.casefold() in MANAGER_KEYS] for record in value]
    if any(len(m) > 1 for m in managed) or sum(1 for m in managed if not m) > 1 or not any(managed):
        return None  # a person with no manager key is the top; only one may be
    people: dict[str, tuple[str, str | None]] = {}  # name → (label, manager)
    order = []
    for position, (record, managers) in enumerate(zip(value, managed, strict=True), start=1):
        keys = {k.casefold(): k for k in record}
        names = [k for k in keys if k in ("name", "id", "label")]
        roles = [k for k in keys if k in ROLE_KEYS]
        if len(names) != 1 or len(roles) > 1 or len(record) != 1 + len(managers) + len(roles):
            raise refuse(f"person {position} does not say one name, one manager and at most one title")
        name = _text(record[keys[names[0]]])
        role = _text(record[keys[roles[0]]]) if roles else None
        manager = record[managers[0]] if managers else None
        if name is None or (manager is not None and _text(manager) is None and manager != ""):
            raise refuse(f"person {position} has no name or a manager that is not a name")
        if _same_name(name) in people:
            raise refuse(f"'{name}' is listed twice")
        people[_same_name(name)] = (f"{name} ({role})" if role else name, _text(manager) if manager else None)
        order.append(_same_name(name))
    roots = [p for p in order if people[p][1] is None]
    if len(roots) != 1:
        raise refuse("the people do not have exactly one person without a manager at the top")
    for p in order:
        boss = people[p][1]
        if boss is not None and _same_name(boss) not in people:
            raise refuse(f"'{boss}', the manager of '{people[p][0]}', is not one of the people")

    def tree(p: str, seen: frozenset[str]) -> dict[str, Any]:
        if p in seen:
            raise refuse("the reporting lines go round in a circle")
        kids = [q for q in order if people[q][1] is not None and _same_name(people[q][1] or "") == p]
        return {"name": people[p][0], "children": [tree(q, seen | {p}) for q in kids]}

    shape = tree(roots[0], frozenset())
    drawn = _tree_size(shape)
    if drawn != len(order):
        raise refuse("some people are not under the person at the top")
    return shape


ROOT_KEYS = frozenset("root top head".split())


def _reports_map(value: dict[str, Any]) -> dict[str, Any] | None:
    """{"root": "CEO", "reports": {"CEO": ["CTO", "CFO"], "CTO": ["IT Manager"]}}: each manager's list
    of reports under one key, beside at most the name of the person at the top. Drawn as the tree it
    is; a top that is not the one person nobody lists, a name listed under two managers or a circle
    is refused."""
    keys = {k.casefold(): k for k in value}
    maps = [k for k in keys if k in CHILD_KEYS and isinstance(value[keys[k]], dict)]
    roots = [k for k in keys if k in ROOT_KEYS]
    if len(maps) != 1 or len(roots) > 1 or set(keys) - set(maps) - set(roots):
        return None
    reports = value[keys[maps[0]]]
    if not reports or not all(isinstance(v, list) and all(_text(x) for x in v) for v in reports.values()):
        return None
    if not all(_text(k) for k in reports):
        raise refuse("a manager in the reports has no name")
    label = {_same_name(k): k.strip() for k in reports}
    kids_of = {_same_name(k): v for k, v in reports.items()}
    if len(kids_of) != len(reports):
        raise refuse("a manager is listed twice in the reports")
    boss_of: dict[str, str] = {}
    for boss, kids in reports.items():
        for kid in kids:
            name = _same_name(_text(kid) or "")
            if name in boss_of:
                raise refuse(f"'{kid}' is listed under two managers")
            boss_of[name] = _same_name(boss)
            label.setdefault(name, (_text(kid) or "").strip())
    tops = [n for n in label if n not in boss_of]
    if len(tops) != 1:
        raise refuse("the reports do not have exactly one person at the top")
    if roots and _same_name(_text(value[keys[roots[0]]]) or "") != tops[0]:
        raise refuse(f"the root '{value[keys[roots[0]]]}' is not the one person no one manages")

    def tree(name: str, seen: frozenset[str]) -> dict[str, Any]:
        if name in seen:
            raise refuse("the reporting lines go round in a circle")
        kids = [_same_name(_text(k) or "") for k in kids_of.get(name, [])]
        return {"name": label[name], "children": [tree(k, seen | {name}) for k in kids]}

    shape = tree(tops[0], frozenset())
    if _tree_size(shape) != len(label):
        raise refuse("some people are not under the person at the top")
    return shape


def _tree_size(tree: dict[str, Any]) -> int:
    return 1 + sum(_tree_size(kid) for kid in tree["children"])


def _titled_tree(value: Any) -> dict[str, Any] | None:
    """{"name": "Dana", "title": "VP", "reports": [{"name": "Eli", "title": "PM"}]}: a tree whose
    people carry a title beside their name, drawn "Dana (VP)". None for a tree without titles."""
    found = []

    def convert(node: Any) -> dict[str, Any]:
        if isinstance(node, str) and node.strip():
            return {"name": node.strip(), "children": []}
        if not isinstance(node, dict):
            raise ValueError
        keys = {k.casefold(): k for k in node}
        names = [k for k in keys if k == "name"]
        roles = [k for k in keys if k in ROLE_KEYS]
        kids = [k for k in keys if k in CHILD_KEYS]
        if len(names) != 1 or len(roles) > 1 or len(kids) > 1 or len(node) != 1 + len(roles) + len(kids):
            raise ValueError
        name, role = _text(node[keys["name"]]), _text(node[keys[roles[0]]]) if roles else None
        if name is None or (roles and role is None):
            raise ValueError
        if role:
            found.append(name)
        children = node[keys[kids[0]]] if kids else []
        if not isinstance(children, list):
            raise ValueError
        return {"name": f"{name} ({role})" if role else name, "children": [convert(kid) for kid in children]}

    if not isinstance(value, dict) or "name" not in {k.casefold() for k in value}:
        return None
    try:
        shape = convert(value)
    except ValueError:
        return None
    return shape if found else None


def _decision_flow(value: dict[str, Any]) -> dict[str, Any] | None:
    """{"start": "Request", "next": ["Look up"], "decision": {"question": "Cached?", "yes": "Serve",
    "no": {"question": …}}}, or the last step's cases beside it ({"start": "Open app", "next": "Plan?",
    "branches": {"Free": "Show ads"}}, or {"start": …, "question": "Plan?", "yes": …}): the steps in order,
    then the question's ways out, each a step or a question of its own. Names are the nodes as written; a name given twice is one node."""
    keys = {k.casefold(): k for k in value}
    nexts = [k for k in keys if k in FLOW_NEXT_KEYS]
    decisions = [k for k in keys if k in DECISION_KEYS and isinstance(value[keys[k]], dict)]
    asked = [k for k in keys if k in DECISION_KEYS and isinstance(value[keys[k]], str)]  # "question": "Q?" beside its ways
    cases = [k for k in keys if k in CASE_MAP_KEYS | ANSWER_KEYS]
    if FLOW_START_KEY not in keys or len(nexts) > 1 or len(decisions) + bool(cases) != 1 or len(asked) > bool(cases):
        return None
    if set(keys) - {FLOW_START_KEY} - set(nexts) - set(decisions) - set(asked) - set(cases):
        return None
    chain = _listed(value[keys[FLOW_START_KEY]]) + (_listed(value[keys[nexts[0]]]) if nexts else [])
    chain += [value[keys[asked[0]]]] if asked else []
    if len(_listed(value[keys[FLOW_START_KEY]])) != 1 or not all(_text(n) for n in chain):
        raise refuse("the start is not one step named as text")
    names: dict[str, str] = {}
    edges: list[tuple[str, str, str | None]] = []

    def node(name: Any) -> str:
        text = _text(name)
        if text is None:
            raise refuse(f"'{name}' is not a step named as text")
        return names.setdefault(_same_name(text), text)

    def way(tail: str, target: Any, label: str | None) -> None:
        """The edge from tail to a step, or to a question of its own and then that question's ways."""
        if not isinstance(target, dict):
            edges.append((tail, node(target), label))
            return
        asked = [k for k in target if k.casefold() in QUESTION_NAME_KEYS]
        rest = {k: v for k, v in target.items() if k not in asked}
        if len(asked) != 1 or {k.casefold() for k in rest} - ANSWER_KEYS - CASE_MAP_KEYS:
            raise refuse("a decision does not say one question and its ways out")
        question = node(target[asked[0]])
        edges.append((tail, question, label))
        ways = _ways(rest, f"the question '{question}'")
        if not ways:
            raise refuse(f"the question '{question}' has no ways out")
        for answer, then in ways:
            way(question, then, answer)

    steps = [node(n) for n in chain]
    edges += [(a, b, None) for a, b in zip(steps, steps[1:], strict=False)]
    if decisions:
        way(steps[-1], value[keys[decisions[0]]], None)
    else:  # the last step named is the question
        for label, target in _ways({k: value[k] for k in value if k.casefold() in cases}, f"the step '{steps[-1]}'"):
            way(steps[-1], target, label)
    seen: set[tuple[str, str]] = set()
    for tail, head, _ in edges:
        if (tail, head) in seen or tail == head:
            raise refuse(f"the way from '{tail}' to '{head}' is given twice or leads back to itself")
        seen.add((tail, head))
    return _edge_list_shape(list(names.values()), edges)


def _structure(value: dict[str, Any]) -> dict[str, Any] | None:
    """The steps (nodes, states, tasks …) and edges of an object whose meta keys are gone."""
    keys = {k.casefold(): k for k in value}
    lists = [k for k in keys if k in STEP_LIST_KEYS]
    ordered = [k for k in keys if k in ORDERED_KEYS]
    edge_keys = [k for k in keys if k in EDGE_LIST_KEYS]
    extra_keys = [k for k in keys if k in EXTRA_EDGE_KEYS]
    if len(lists) + len(ordered) != 1 or len(edge_keys) > 1 or len(extra_keys) > 1 or (edge_keys and extra_keys):
        return None
    if set(keys) - set(lists) - set(ordered) - set(edge_keys) - set(extra_keys):
        return None
    raw = value[keys[(lists + ordered)[0]]]
    if not isinstance(raw, list) or not raw:
        return None
    steps = [_step(item, i) for i, item in enumerate(raw, start=1)]
    has_links = edge_keys or extra_keys or any(s.next or s.after or s.ways for s in steps)
    if not has_links:
        return None  # {"steps": [...]} alone: edge_tables.py reads it as one step after another
    table = _Steps(steps, open_names=bool(edge_keys) and not any(s.id for s in steps))
    edges: list[tuple[str, str, str | None]] = []
    if ordered:  # {"sequence": [...], "extra_edges": [...]}: each step leads to the next, then the extras
        edges += [(a.label, b.label, None) for a, b in zip(steps, steps[1:], strict=False)]
    elif extra_keys:
        return None  # extra edges beside a list that says no order
    for step in steps:
        edges += [(step.label, table.resolve(n), None) for n in step.next]
        edges += [(table.resolve(a), step.label, None) for a in step.after]
        edges += [(step.label, table.resolve(_one_step(t, step.label)), label) for label, t in step.ways]
    if edge_keys or extra_keys:
        listed = _edges_of(value[keys[(edge_keys + extra_keys)[0]]], table)
        if listed is None:
            return None
        if lists == ["steps"] and isinstance(value[keys[(edge_keys + extra_keys)[0]]], dict):
            listed = _chained(steps, listed)
        edges += listed
    seen: set[tuple[str, str]] = set()
    for tail, head, _ in edges:
        if (tail, head) in seen:
            raise refuse(f"the edge from '{tail}' to '{head}' is given twice")
        seen.add((tail, head))
    joined = {n for t, h, _ in edges for n in (t, h)}
    unjoined = [s.label for s in steps if s.label not in joined]
    if table.added and unjoined:  # "nodes": [… "End"], an edge to "Finish": a renamed node, or two nodes?
        raise refuse(f"an edge names '{table.added[0]}', which is not listed, while the listed '{unjoined[0]}' "
                     "is joined by no edge; list every node once under one name")
    if lists and lists[0] == "steps":
        loose = [s.label for s in steps if s.label not in joined]
        if loose:  # a step listed in order but joined by no edge: where it goes is not said
            raise refuse(f"the step '{loose[0]}' is listed but no edge joins it")
    return _edge_list_shape([s.label for s in steps] + table.added, edges)


def agent_graph(value: Any) -> AgentGraph | None:
    """The graph an agent's JSON value states, in a shape the readers read; None when the value is
    in none of the shapes above (the readers' own shapes, or no graph), a refusal when it is in
    one of them but cannot be read."""
    value = peeled(value)
    records = _records_tree(value)
    if records is not None:
        return AgentGraph(records)
    if not isinstance(value, dict):
        return None
    titled = _titled_tree(value)
    if titled is not None:
        return AgentGraph(titled)
    title, notes, rest = None, [], {}
    for key, item in value.items():
        folded = key.casefold()
        if folded in META_KEYS and is_drawing_word_value(item):
            continue
        if folded in EDGE_DIRECTION_KEYS and isinstance(item, str) and not is_drawing_word_value(item) \
                and {k.casefold() for k in value} & EDGE_LIST_KEYS:
            if not _AS_LISTED_RE.match(item.strip()):
                raise refuse(f"'{key}': '{item}' may turn the connections round; list each pair as [from, to] "
                             "in the direction its arrow goes and leave the key out")
            continue  # {"link_direction": "from caller to callee"}: the pairs are drawn as listed
        if folded in TITLE_KEYS and isinstance(item, str) and title is None and len(value) > 1:
            title = item.strip()
        elif folded in NOTE_KEYS and isinstance(item, str) and len(item.split()) <= NOTE_MAX_WORDS:
            notes.append(item.strip())
        else:
            rest[key] = item
    if not rest:
        return None
    shape = _statechart(rest)
    if shape is None:
        shape = _reports_map(rest)
    if shape is None:
        shape = _structure(rest)
    if shape is None:
        shape = _decision_flow(rest)
    if shape is None:
        shape = _transition_list(rest)
    if shape is None and len(rest) < len(value) and {k.casefold() for k in rest} <= EDGE_LIST_SHAPE_KEYS \
            and {k.casefold() for k in rest} & {"edges", "links", "connections", "transitions"}:
        shape = rest  # a tool's name said what to draw; the rest is the edge list both readers read
    if shape is None:
        return None
    return AgentGraph(shape, title or None, notes)
