"""Moves between declared states written "A to B": "States: Off, Idle, Heating. Transitions: Off to
Idle when powered on; Idle to Heating when cold; Heating back to Idle when warm." or "… as a state
machine with the states Draft, In Review and Published. Permitted transitions: Draft to In Review;
In Review back to Draft (changes requested)." → "Off -> Idle when powered on; …".

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). A "Transitions:" heading before such moves is
dropped (the arrows say they are moves). "A to B" is a move only where the intent has listed its states first
("States: …", "the states are …", "with the states …") and BOTH names are states of that list, written
the same way; only a part made of nothing else is rewritten (a sentence, a ";"-part, a line or a
bullet), optionally after a "Transitions:" heading, and what follows B must be a condition ("when",
"on", "if", "after", "once", "unless", "until") or a bracket. "Draft to In Review after legal signs
off and then to Published" or a name not in the list is left as written (read or refused as before).
"""

from __future__ import annotations

import re

# the list of states: "States: A, B, C." / "the states are A, B and C" / "with the states A, B, and C."
_LIST_RE = re.compile(r"\b(?:states|statuses)(?:\s+are)?\s*[:,]?\s+(?P<names>[^.;:\n]+?)\s*(?=[.;\n]|$)", re.IGNORECASE)
_SPLIT_RE = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)
_NAME_MAX_WORDS = 4
# a part: its start (a sentence, ";"-part, line, bullet, or the text after a "Transitions:" heading)
_PART_RE = re.compile(
    r"(?P<lead>(?:^|(?<=[.;!?\n])|(?<=:))[ \t]*(?:[-*•][ \t]+)?)(?:(?P<heading>(?:(?:permitted|allowed|possible|valid)\s+)?"
    r"(?:transitions|moves)\s*:)(?P<gap>\s*(?:[-*•][ \t]+)?))?"
    r"(?P<a>[^.;:\n]+?)\s*(?:\s(?:goes\s+|moves\s+)?(?:back\s+)?to\s|->|→)\s*(?P<b>[^.;:\n]+?)"
    r"(?P<rest>(?:\s+(?:when|on|if|after|once|unless|until)\s+[^.;:\n]+?|\s*\([^()\n]{1,60}\))?)\s*(?=[.;\n]|$)",
    re.IGNORECASE,
)


def _states(intent: str) -> set[str]:
    states: set[str] = set()
    for match in _LIST_RE.finditer(intent):
        names = [name.strip() for name in _SPLIT_RE.split(match.group("names")) if name.strip()]
        if len(names) > 1 and all(len(name.split()) <= _NAME_MAX_WORDS for name in names):
            states.update(names)
    return states


def declared_moves_as_arrows(intent: str) -> str:
    """Every part "A (back) to B [condition]" between two listed states written "A -> B [condition]"."""
    states = _states(intent)
    if len(states) < 2:
        return intent

    def written_out(match: re.Match[str]) -> str:
        a, b = match.group("a").strip(), match.group("b").strip()
        if a not in states or b not in states:
            return match.group(0)
        # (a "Transitions:" / "Permitted transitions:" heading before the moves names no part: the
        # arrows say they are moves)
        gap = match.group("gap") or ""
        gap = gap[gap.index("\n"):] if "\n" in gap else ""  # "Transitions:\n- A to B": the row stays a row
        return f"{match.group('lead')}{gap}{a} -> {b}{match.group('rest')}"

    return _PART_RE.sub(written_out, intent)
