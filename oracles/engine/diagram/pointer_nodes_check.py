"""The check's rule for nodes that are no steps: a pointer to content kept elsewhere ("steps: see the Confluence page
'Release v2'") and the ask for the drawing itself ("needs to be a flowchart"), drawn as steps of a list:
"- steps: see the Confluence page … - needs to be a flowchart - deadline: Friday" is a request whose steps are
elsewhere, and Forma draws only what the intent states. Read from the drawing only (check side), after every
other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_POINTER_RE = re.compile(
    r"\b(?:see|check|refer\s+to|per|as\s+in|from|in)\s+(?:the\s+|our\s+|my\s+|this\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:confluence|notion|wiki|jira|google\s+doc|doc|document|page|link|attachment|attached\s+\w+|file|spreadsheet|"
    r"sheet|screenshot|whiteboard|miro\s+board|board|ticket)\b", re.IGNORECASE)
_DRAWING_ASK_RE = re.compile(r"\b(?:be|as|into|make\s+it|in)\s+(?:a|an)\s+(?:flow\s*chart|diagram|chart|graph|drawing)\b",
                             re.IGNORECASE)


def refuse_pointer_nodes(nodes: list[str]) -> None:
    """Raise when a node points at content elsewhere or asks for the drawing."""
    for label in nodes:
        if _POINTER_RE.search(label) and re.search(r"\b(?:see|refer)\b", label, re.IGNORECASE):
            raise EngineRefusal("CONTENT_NOT_PLACED", (
                f"The node '{label}' points at content kept elsewhere, which I cannot read. Put the steps themselves in "
                "the intent, e.g. 'build -> test -> release'."))
        ask = _DRAWING_ASK_RE.search(label)
        if ask:
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' asks for the drawing ('{ask.group(0)}'); it is not a step. Put the request apart "
                "from the steps, e.g. 'As a flowchart: build -> test -> release'."))
