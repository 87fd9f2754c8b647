"""The check's rule for a person's note that only repeats their name: "Adeyemi (Adeyemi)" drawn for "Adeyemi
(director)", the role said again replaced by the person's name. A bracket beside a name says who the person is
(their role, their team); the name again says nothing, and the node is not the one the intent names - most
often one person drawn twice. Read from the drawing (check side), after every other rule: refused unless the
intent itself writes the node so."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_NOTED_RE = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<note>[^()]+)\)$")


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def refuse_note_repeating_name(intent: str, nodes: list[str]) -> None:
    """Raise when a drawn node's bracket repeats its own name and the intent never writes it so."""
    said = _key(intent)
    for label in nodes:
        match = _NOTED_RE.match(label.strip())
        if match is None or _key(match.group("name")) != _key(match.group("note")):
            continue
        if _key(label) in said:
            continue
        raise EngineRefusal("NODE_NOT_IN_INTENT", (
            f"The node '{label}' repeats the name in its brackets; the intent does not write it so, and the person "
            "may be drawn twice. Say each person once with their role, e.g. 'Adeyemi (director). Carla reports to "
            "Adeyemi.'"))
