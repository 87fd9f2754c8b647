"""The check's rule on a state drawn with the manner of the move into it ("Solved → Closed automatically after 7
days" drawn with a state 'Closed automatically'): in an intent that says it draws states, a state is never named
by how the thing gets there; "automatically", "immediately", "instantly" say how the move happens and belong on the
arrow ("Solved -> Closed: automatically after 7 days"). Flows keep such names ("pay automatically" is a step)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .state_subject_words import STATE_CUES

_MANNER = ("automatically", "immediately", "instantly", "right away", "at once")
_SPACED = "|".join(m.replace(" ", r"\s+") for m in _MANNER)
_AT_END_RE = re.compile(rf"\s(?P<how>{_SPACED})$", re.IGNORECASE)


def refuse_manner_in_state(intent: str, nodes: list[str]) -> None:
    """Refuse a state whose name ends with how the move into it happens, in an intent about states."""
    if not any(w.strip(".,;:!?()").casefold() in STATE_CUES for w in intent.split()):
        return
    for label in nodes:
        found = _AT_END_RE.search(label.strip())
        if found and len(label.split()) > len(found.group("how").split()):
            state = label.strip()[: found.start()].strip()
            raise EngineRefusal("NODE_HOLDS_CONDITION", f"The state '{label}' holds how the move into it happens "
                                                        f"('{found.group('how')}'), not part of its name. Put it on the "
                                                        f"arrow, e.g. '… -> {state}: {found.group('how')}'.")
