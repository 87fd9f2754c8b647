"""PlantUML pasted as the intent (@startuml … @enduml): messages "A -> B : text", component
links "[Web] --> [Auth]", declarations with aliases, and activity steps ":step;" with
if/else/endif. Parsed strictly into a Notation; notation_reader.py finds the block."""

from __future__ import annotations

import re

from .notation import Notation, refuse

# --- PlantUML ----------------------------------------------------------------------------------
_REF = r"\[[^\]\n]+\]|\"[^\"\n]+\"|\([^)\n]+\)|:[^:\n]+:|[\w.]+"
_UML_ARROW = r"<?(?:-+|\.+)(?:\[[^\]\n]*\])?(?:-+|\.+)?(?:>>?)?"
_RELATION_RE = re.compile(rf"^(?P<a>{_REF})\s*(?P<arrow>{_UML_ARROW})\s*(?P<b>{_REF})\s*(?::\s*(?P<msg>.*))?$")
_DECLARATION_RE = re.compile(r"^(?P<kind>actor|participant|boundary|control|entity|database|collections|queue|component|"
                             rf"node|usecase|interface|agent|artifact|cloud|storage)\s+(?P<name>{_REF})"
                             rf"(?:\s+as\s+(?P<alias>{_REF}))?\s*(?:<<[^>]*>>)?\s*(?:#\w+)?$", re.IGNORECASE)
_SKIP_UML_RE = re.compile(r"^(?:@enduml|skinparam\s.*|hide\s.*|show\s.*|left\s+to\s+right\s+direction|"
                          r"top\s+to\s+bottom\s+direction|autonumber.*|(?:de)?activate\s.*|'.*|start|"
                          r"note\s+(?:left|right|over|top|bottom)[^:]*:.*|==.*==|\.\.\..*|\|\|\|)$", re.IGNORECASE)
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

    def open_if(self, condition: str, label: str | None) -> None:
        self.step(condition)
        decision = self.ends[0][0]
        self.notation.decisions.add(decision)
        self.frames.append({"decision": decision, "done": [], "else": False})
        self.ends = [(decision, label or None)]

    def otherwise(self, label: str | None) -> None:
        if not self.frames or self.frames[-1]["else"]:
            refuse("an 'else' without its 'if'")
        frame = self.frames[-1]
        frame["done"] = [*frame["done"], *self.ends]  # type: ignore[misc]
        frame["else"] = True
        self.ends = [(frame["decision"], label or None)]  # type: ignore[list-item]

    def close_if(self) -> None:
        if not self.frames:
            refuse("an 'endif' without its 'if'")
        frame = self.frames.pop()
        ends = [*frame["done"], *self.ends]  # type: ignore[misc]
        if not frame["else"]:
            ends.append((frame["decision"], None))  # no else: the other answer goes straight on
        self.ends = ends

    def stop(self) -> None:
        self.ends = []


def read_plantuml(lines: list[str]) -> Notation:
    notation = Notation("plantuml")
    names: dict[str, str] = {}
    activity = _Activity(notation)
    in_note = False
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
        step = _STEP_RE.match(line)
        if step:
            activity.step(step.group("text").strip())
            continue
        condition = _IF_RE.match(line)
        if condition:
            activity.open_if(condition.group("cond").strip(), condition.group("label"))
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
        tail = notation.node(names.get(_ref(relation.group("a")), _ref(relation.group("a"))))
        head = notation.node(names.get(_ref(relation.group("b")), _ref(relation.group("b"))))
        if arrow.startswith("<"):
            tail, head = head, tail
        notation.edge(tail, head, (relation.group("msg") or "").strip() or None)
    if activity.frames:
        refuse("an 'if' is not closed with 'endif'")
    return notation
