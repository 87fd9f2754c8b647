""""To Do", a ticket's first state and a board's first column, is a name although it starts with "to",
a word that otherwise only connects ("goes to Done"). The check accepts it as a drawn name, and refuses
a node "Do" cut out of it (the check's span reading would otherwise place "Do" after the word "to")."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_TO_DO_RE = re.compile(r"\bto[\s-]do\b", re.IGNORECASE)


def is_board_column(words: list[str]) -> bool:
    """`words` (casefolded) are the whole name "To Do" / "To-Do"."""
    return words in (["to", "do"], ["to-do"])


def refuse_cut_board_column(intent: str, nodes: dict[str, str]) -> None:
    for key, label in nodes.items():
        if key == "do" and _TO_DO_RE.search(intent):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' is cut out of 'To Do'; draw the state's "
                                                      "whole name.")
