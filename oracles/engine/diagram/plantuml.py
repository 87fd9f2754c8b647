"""PlantUML pasted as the intent (@startuml … @enduml): messages "A -> B : text", component
links "[Web] --> [Auth]", declarations with aliases, alt/loop/group blocks, and activity steps
":step;" with if/elseif/else/endif, while/endwhile, repeat/repeat while, fork/fork again/end fork
and "-> label;". Parsed strictly into a Notation; notation_reader.py finds the block."""

from __future__ import annotations

import re

from .notation import Notation, qualified, refuse
from .pseudo_states import marker_label, refuse_marker_clash

# --- PlantUML ----------------------------------------------------------------------------------
_REF = r"\[[^\]\n]+\]|\"[^\"\n]+\"|\([^)\n]+\)|:[^:\n]+:|[\w.]+"
_UML_ARROW = r"<?(?:-+|\.+)(?:\[[^\]\n]*\])?(?:-+|\.+)?(?:>>?)?"
_RELATION_RE = re.compile(rf"^(?P<a>{_REF})\s*(?P<arrow>{_UML_ARROW})\s*(?P<b>{_REF})\s*(?::\s*(?P<msg>.*))?$")
_DECLARATION_RE = re.compile(r"^(?P<kind>actor|participant|boundary|control|entity|database|collections|queue|component|"
                             rf"node|usecase|interface|agent|artifact|cloud|storage|state)\s+(?P<name>{_REF})"
                             rf"(?:\s+as\s+(?P<alias>{_REF}))?\s*(?:<<[^>]*>>)?\s*(?:#\w+)?$", re.IGNORECASE)
_SKIP_UML_RE = re.compile(r"^(?:@enduml|skinparam\s.*|hide\s.*|show\s.*|left\s+to\s+right\s+direction|"
                          r"top\s+to\s+bottom\s+direction|autonumber.*|(?:de)?activate\s.*|'.*|start|"
                          r"note\s+(?:left|right|over|top|bottom)[^:]*:.*|==.*==|\.\.\..*|\|\|\|)$", re.IGNORECASE)
_GROUP_RE = re.compile(r"^(?P<kw>alt|opt|loop|par|break|critical|group)\b\s*(?P<text>.*)$", re.IGNORECASE)
_STEP_RE = re.compile(r"^:(?P<text>[^;\n]+);$")
_IF_RE = re.compile(r"^if\s*\((?P<cond>[^)]+)\)\s*(?:then\s*(?:\((?P<label>[^)]*)\))?)?$", re.IGNORECASE)
_ELSE_RE = re.compile(r"^else\s*(?:\((?P<label>[^)]*)\))?$", re.IGNORECASE)


def _ref(text: str) -> str:
    text = text.strip()
    if text[:1] in "[\"(:" and len(text) > 1:
        text = text[1:-1]
    return text.strip()


class _Activity:
    """PlantUML's activity steps: ":step;", if/else/endif, stop."""

    def __init__(self, notation: Notation) -> None:
        self.notation = notation
        self.ends: list[tuple[str, str | None]] = []  # where the next step is entered from, with the label
        self.frames: list[dict[str, object]] = []

    def step(self, label: str) -> None:
        node = self.notation.node(label)
        for tail, edge_label in self.ends:
            self.notation.edge(tail, node, edge_label)
        self.ends = [(node, None)]
        for frame in self.frames:
            if frame["kind"] == "repeat" and frame["target"] is None:
                frame["target"] = node  # "repeat" loops back to the first step after it

    def otherwise_if(self, condition: str, label: str | None) -> None:
        """"elseif (C) then (yes)": a second question on the first one's other way."""
        if not self.frames or self.frames[-1]["kind"] != "if" or self.frames[-1]["else"]:
            refuse("an 'elseif' without its 'if'")
        frame = self.frames[-1]
        frame["done"] = [*frame["done"], *self.ends]  # type: ignore[misc]
        decision = self.notation.node(condition)
        self.notation.edge(frame["decision"], decision, None)  # type: ignore[arg-type]
        self.notation.decisions.add(decision)
        frame["decision"] = decision
        self.ends = [(decision, label or None)]

    def open_while(self, condition: str, label: str | None) -> None:
        """"while (C) is (yes)" … "endwhile (no)": the body runs from the question back to it."""
        self.step(condition)
        decision = self.ends[0][0]
        self.notation.decisions.add(decision)
        self.frames.append({"kind": "while", "decision": decision})
        self.ends = [(decision, label or None)]

    def close_while(self, label: str | None) -> None:
        if not self.frames or self.frames[-1]["kind"] != "while":
            refuse("an 'endwhile' without its 'while'")
        decision = self.frames.pop()["decision"]
        for tail, edge_label in self.ends:
            self.notation.edge(tail, decision, edge_label)  # type: ignore[arg-type]
        self.ends = [(decision, label or None)]  # type: ignore[list-item]

    def open_repeat(self) -> None:
        self.frames.append({"kind": "repeat", "target": None})

    def close_repeat(self, condition: str, again: str | None, out: str | None) -> None:
        """"repeat while (C) is (yes) not (no)": back to the first step of the loop while C."""
        if not self.frames or self.frames[-1]["kind"] != "repeat" or self.frames[-1]["target"] is None:
            refuse("a 'repeat while' without its 'repeat' and a step")
        target = self.frames.pop()["target"]
        self.step(condition)
        decision = self.ends[0][0]
        self.notation.decisions.add(decision)
        self.notation.edge(decision, target, again or None)  # type: ignore[arg-type]
        self.ends = [(decision, out or None)]

    def open_if(self, condition: str, label: str | None) -> None:
        self.step(condition)
        decision = self.ends[0][0]
        self.notation.decisions.add(decision)
        self.frames.append({"kind": "if", "decision": decision, "done": [], "else": False})
        self.ends = [(decision, label or None)]

    def otherwise(self, label: str | None) -> None:
        if not self.frames or self.frames[-1]["kind"] != "if" or self.frames[-1]["else"]:
            refuse("an 'else' without its 'if'")
        frame = self.frames[-1]
        frame["done"] = [*frame["done"], *self.ends]  # type: ignore[misc]
        frame["else"] = True
        self.ends = [(frame["decision"], label or None)]  # type: ignore[list-item]

    def close_if(self) -> None:
        if not self.frames or self.frames[-1]["kind"] != "if":
            refuse("an 'endif' without its 'if'")
        frame = self.frames.pop()
        ends = [*frame["done"], *self.ends]  # type: ignore[misc]
        if not frame["else"]:
            ends.append((frame["decision"], None))  # no else: the other answer goes straight on
        self.ends = ends

    def stop(self) -> None:
        self.ends = []

    def label(self, text: str) -> None:
        """"-> approved;": the label of the arrow into the next step."""
        if not self.ends:
            refuse(f"the arrow label '{text}' has no step before it")
        self.ends = [(tail, text or None) for tail, _ in self.ends]

    def fork(self) -> None:
        """"fork" … "fork again" … "end fork": branches that all start here and all meet after."""
        self.frames.append({"kind": "fork", "start": list(self.ends), "done": []})

    def fork_again(self) -> None:
        if not self.frames or self.frames[-1]["kind"] != "fork":
            refuse("a 'fork again' without its 'fork'")
        frame = self.frames[-1]
        frame["done"] = [*frame["done"], *self.ends]  # type: ignore[misc]
        self.ends = list(frame["start"])  # type: ignore[call-overload]

    def end_fork(self) -> None:
        if not self.frames or self.frames[-1]["kind"] != "fork":
            refuse("an 'end fork' without its 'fork'")
        frame = self.frames.pop()
        self.ends = [*frame["done"], *self.ends]  # type: ignore[misc]


def read_plantuml(lines: list[str]) -> Notation:
    notation = Notation("plantuml")
    names: dict[str, str] = {}
    activity = _Activity(notation)
    blocks: list[tuple[str, str]] = []  # sequence groups ("alt …", "loop …") the line is inside
    in_note = False
    markers: set[str] = set()  # "[*]" drawn as Start/End (pseudo_states.py)
    states: set[str] = set()  # the states named in arrows, which must not share a marker's name
    for raw in lines[1:]:
        line = raw.strip()
        if in_note:
            in_note = not re.match(r"^end\s*note$", line, re.IGNORECASE)
            continue
        if not line or _SKIP_UML_RE.match(line):
            continue
        if re.match(r"^note\s+(?:left|right|over|top|bottom)\b[^:]*$", line, re.IGNORECASE):
            in_note = True
            continue
        title = re.match(r"^title\s+(?P<text>.+)$", line, re.IGNORECASE)
        if title:
            notation.titles.append(title.group("text").strip())
            continue
        group = _GROUP_RE.match(line)
        if group:  # "alt card valid", "loop every minute", "group Login"
            blocks.append((group.group("kw").casefold(), group.group("text").strip()))
            continue
        if blocks and re.match(r"^else(?:\s+[^(].*)?$", line, re.IGNORECASE):
            blocks[-1] = (blocks[-1][0], line[4:].strip())
            continue
        if blocks and line.casefold() == "end":
            blocks.pop()
            continue
        arrow_label = re.match(r"^->\s*(?P<label>[^;]*);?$", line)
        if arrow_label:
            activity.label(arrow_label.group("label").strip())
            continue
        if re.match(r"^(?:fork|split)$", line, re.IGNORECASE):
            activity.fork()
            continue
        if re.match(r"^(?:fork|split)\s+again$", line, re.IGNORECASE):
            activity.fork_again()
            continue
        if re.match(r"^end\s*(?:fork|merge|split)(?:\s*\{[^}]*\})?$", line, re.IGNORECASE):
            activity.end_fork()
            continue
        step = _STEP_RE.match(line)
        if step:
            activity.step(step.group("text").strip())
            continue
        condition = _IF_RE.match(line)
        if condition:
            activity.open_if(condition.group("cond").strip(), condition.group("label"))
            continue
        elseif = re.match(r"^else\s*if\s*\((?P<cond>[^)]+)\)\s*(?:then\s*(?:\((?P<label>[^)]*)\))?)?$", line, re.IGNORECASE)
        if elseif:
            activity.otherwise_if(elseif.group("cond").strip(), elseif.group("label"))
            continue
        loop = re.match(r"^while\s*\((?P<cond>[^)]+)\)\s*(?:is\s*\((?P<label>[^)]*)\))?$", line, re.IGNORECASE)
        if loop:
            activity.open_while(loop.group("cond").strip(), loop.group("label"))
            continue
        end_loop = re.match(r"^end\s*while\s*(?:\((?P<label>[^)]*)\))?$", line, re.IGNORECASE)
        if end_loop:
            activity.close_while(end_loop.group("label"))
            continue
        if re.match(r"^repeat$", line, re.IGNORECASE):
            activity.open_repeat()
            continue
        again = re.match(r"^repeat\s+while\s*\((?P<cond>[^)]+)\)\s*(?:is\s*\((?P<again>[^)]*)\))?\s*"
                         r"(?:not\s*\((?P<out>[^)]*)\))?$", line, re.IGNORECASE)
        if again:
            activity.close_repeat(again.group("cond").strip(), again.group("again"), again.group("out"))
            continue
        other = _ELSE_RE.match(line)
        if other:
            activity.otherwise(other.group("label"))
            continue
        if re.match(r"^end\s*if$", line, re.IGNORECASE):
            activity.close_if()
            continue
        if re.match(r"^(?:stop|end|kill|detach)$", line, re.IGNORECASE):
            activity.stop()
            continue
        declared = _DECLARATION_RE.match(line)
        if declared:
            name = _ref(declared.group("name"))
            names[_ref(declared.group("alias")) if declared.group("alias") else name] = name
            notation.node(name)
            continue
        relation = _RELATION_RE.match(line)
        if relation is None:
            refuse(f"'{line[:60]}' is not a PlantUML message, component link or activity step")
        arrow = relation.group("arrow")
        if len(arrow.strip("<>")) < 1 or (arrow.startswith("<") and arrow.endswith(">")):
            refuse(f"'{line[:60]}' has a two-way arrow; write each direction as its own line")
        if not re.search(r"[<>]", arrow) and len(arrow) < 2:
            refuse(f"'{line[:60]}' has no arrow")
        ends = [relation.group("b"), relation.group("a")] if arrow.startswith("<") else [relation.group("a"), relation.group("b")]
        labels = []
        for ref, is_tail in ((ends[0], True), (ends[1], False)):
            marker = marker_label(ref, is_tail)  # a state diagram's "[*]": the Start as the tail, the End as the head
            name = marker or names.get(_ref(ref), _ref(ref))
            (markers if marker else states).add(name)
            labels.append(notation.node(name))
        notation.edge(labels[0], labels[1], qualified((relation.group("msg") or "").strip(), blocks) or None)
    refuse_marker_clash(states | set(names.values()), markers)
    if activity.frames:
        refuse(f"an '{activity.frames[-1]['kind']}' is not closed")
    if blocks:
        refuse(f"the '{blocks[-1][0]}' group is not closed with 'end'")
    return notation
