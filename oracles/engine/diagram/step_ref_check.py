"""The check's rule for a numbered list's reference drawn as a node: "3. More items? yes → back to step 1; no →
Stop" drawn with a node 'step 1' is refused. "step 1" points at item 1 ("Pick next item"), which is drawn
under its own name; a second node 'step 1' is the pointer, not a step, and the way back it states is lost.

Only in a list numbered one item a line, and only for "step N" (or "(N)") where item N says more than "step
N" itself: a flow whose steps are named "Step 1 → Step 2 → Step 3" draws them as named.

A node that opens with a way back ("back to step 1", "go back to the start", "loops back to Triage") is refused
likewise: it says where the flow goes back to, an arrow the drawing left out ("3. More items?" over "- yes → back to
step 1" and a "- no → Stop" indented under it drawn as 'back to step 1' → 'Stop'). "Return to depot" names a step
and stays a name."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .step_ref_normal import item_names
from .vocabulary import phrase_key

_REFERENCE_RE = re.compile(r"^\s*(?:step\s+(?P<n>\d{1,2})|\((?P<p>\d{1,2})\))\s*$", re.IGNORECASE)


def refuse_item_reference_as_node(intent: str, nodes: list[str]) -> None:
    """Raise when a drawn node is only "step N" of a numbered list whose item N has a name of its own."""
    references = [(label, _REFERENCE_RE.match(label)) for label in nodes]
    references = [(label, match) for label, match in references if match is not None]
    if not references:
        return
    names = item_names(intent)
    if names is None:
        return
    for label, match in references:
        number = int(match.group("n") or match.group("p"))
        said = names.get(number)
        if said and phrase_key(label) not in said:
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' points at item {number} of the list; it is "
                                                      "not a step of its own. Draw the way to that item's step, e.g. "
                                                      "'no → back to step 1' as an arrow to step 1's name.")


_WAY_BACK_NODE_RE = re.compile(r"^\s*(?:(?:go(?:es)?|loops?|jumps?|comes?|falls?|cycles?|circles?|heads?|and|then)\s+)*back\s+"
                               r"(?:to|into)\b", re.IGNORECASE)


def refuse_way_back_as_node(nodes: list[str]) -> None:
    """Raise when a drawn node opens with "back to" / "go back to": a way back drawn as a step."""
    for label in nodes:
        if _WAY_BACK_NODE_RE.match(label):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' says where the flow goes back to; that is an "
                                                      "arrow, not a step. Draw the arrow back to the step it names, e.g. "
                                                      "'no → back to Pick item' as 'no' from the question to 'Pick item'.")
