"""A state diagram's start and end markers: "[*] --> Idle" (Mermaid), "[*] -> Idle" (PlantUML).

"[*]" before an arrow is where the machine starts, after one where it ends. That is content: it is
drawn as a node labelled "Start" (resp. "End") with its edge, never dropped. Both notation parsers
name the markers here (marker_label); the check reads the marker lines from the intent on its own
(refuse_dropped_markers) and refuses a drawing without the Start/End edge they state.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .vocabulary import phrase_key

MARKER = "[*]"
START, END = "Start", "End"

# "[*] --> Idle", "[*] -down-> Idle", "Idle --> [*]", "Idle <- [*]" (with an optional ": event")
_ARROW = r"(?:-+(?:[a-z]+-+)?>|<-+(?:[a-z]+-+)?)"
_STATE = r"\"[^\"\n]+\"|[\w.-]+"
_MARKER_LINE_RE = re.compile(rf"^\s*(?:(?P<lead>\[\*\])\s*(?P<out>{_ARROW})\s*(?P<state>{_STATE})|(?P<state2>{_STATE})\s*"
                             rf"(?P<into>{_ARROW})\s*\[\*\])\s*(?::.*)?$", re.MULTILINE)
# 'state "Awaiting parts" as AP': a state's name given to a short id (Mermaid and PlantUML alike)
_ALIAS_RE = re.compile(r'^\s*state\s+"(?P<name>[^"\n]+)"\s+as\s+(?P<id>[\w.-]+)\s*$', re.MULTILINE | re.IGNORECASE)


def marker_label(ref: str, is_tail: bool) -> str | None:
    """ "[*]" as a transition's tail is the Start, as its head the End; None for a real state."""
    if ref.strip() != MARKER:
        return None
    return START if is_tail else END


def refuse_marker_clash(states: set[str], markers: set[str]) -> None:
    """A real state named "Start" or "End" beside the markers would become one node with them."""
    clash = sorted(s for s in states if phrase_key(s) in {phrase_key(m) for m in markers})
    if clash:
        raise EngineRefusal("UNREADABLE_INTENT", f"The diagram has a state named '{clash[0]}' and a '[*]' "
                                                 "marker, which is drawn with that name. Rename the state, e.g. "
                                                 "'Starting'.")


def _marked_transitions(intent: str) -> list[tuple[str, str]]:
    """(tail, head) of every marker line, "[*]" written as Start/End: the intent's own words."""
    aliases = {m.group("id"): m.group("name") for m in _ALIAS_RE.finditer(intent)}
    found = []
    for line in _MARKER_LINE_RE.finditer(intent):
        state = (line.group("state") or line.group("state2")).strip('"')
        state = aliases.get(state, state)
        starts = bool(line.group("lead")) == line.group("out" if line.group("lead") else "into").startswith("-")
        found.append((START, state) if starts else (state, END))
    return found


def refuse_dropped_markers(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """Every "[*] --> X" is a drawn Start → X edge, every "X --> [*]" a drawn X → End edge."""
    drawn = {(phrase_key(tail), phrase_key(head)) for tail, head, _ in edges}
    for tail, head in _marked_transitions(intent):
        if (phrase_key(tail), phrase_key(head)) not in drawn:
            state, marker, written = (head, START, f"[*] --> {head}") if tail == START else (tail, END, f"{tail} --> [*]")
            raise EngineRefusal("EDGE_MISSING", f"The intent {'starts' if marker == START else 'ends'} at '{state}' "
                                                f"('{written}'), but the diagram has no '{tail}' → '{head}' edge. "
                                                f"Draw '[*]' as a {marker} node with its arrow.")
