"""Prose an agent wraps in a JSON tool call: {"tool": "draw", "args": {"description": "A calls B …",
"direction": "LR"}}, {"task": "flowchart", "spec": "…"}, draw_flowchart(spec="…"). The intent is
the prose; the wrapper is frame.

`wrapped_prose` gives the intent as the text it carries — "Title: the prose", then any note —
and both the drafter (reading.py) and the check (normal_forms.py) read that text their own ways,
as if it had been sent as it is. What is dropped is only frame: the call, keys that name the
kind or layout of the drawing (agent_json.META_KEYS with drawing words as value), and a list of
names every one of which the prose names again ("components": […] beside "relations": "…").
Any other key, two prose strings, or a listed name the prose does not say: not this shape
(None), and the other readers take the intent as written.
"""

from __future__ import annotations

import re
from typing import Any

from ..contracts import EngineRefusal
from .agent_json import (
    META_KEYS,
    NOTE_KEYS,
    NOTE_MAX_WORDS,
    TITLE_KEYS,
    agent_graph,
    is_drawing_word_value,
    json_document,
    peeled,
)

# Keys whose string is the description of the drawing itself.
PROSE_KEYS = frozenset("description text spec input prompt request content process flow relations transitions "
                       "steps query body details".split())
# Keys whose list only repeats names the prose says ("components": ["Crawler", "Index"]).
NAME_LIST_KEYS = frozenset("steps nodes states components participants actors teams systems services parts".split())
PROSE_MIN_WORDS = 3
FRAME_MAX_WORDS = 12


def _names_said(names: Any, prose: str) -> bool:
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n.strip() for n in names):
        return False
    text = re.sub(r"\s+", " ", prose.casefold())
    said = [re.escape(re.sub(r"\s+", " ", n.strip().casefold())) for n in names]
    return all(re.search(rf"(?<![\w-]){name}(?![\w-])", text) for name in said)


def wrapped_prose(intent: str) -> str | None:
    """The intent as the prose its JSON wrapper carries; None when it is not prose in a wrapper."""
    document = json_document(intent)
    if document is None:
        return None
    before, value, after = document
    if len(before.split()) > FRAME_MAX_WORDS or len(after.split()) > FRAME_MAX_WORDS:
        return None
    value = peeled(value)
    if not isinstance(value, dict):
        return None
    try:
        if agent_graph(value) is not None:
            return None  # a graph in data: read as data (agent_json.py)
    except EngineRefusal:
        return None  # a graph in data that cannot be read: the data reader refuses it, saying why
    prose, title, notes, lists = [], None, [], []
    for key, item in value.items():
        folded = key.casefold()
        if folded in META_KEYS and is_drawing_word_value(item):
            continue
        if folded in PROSE_KEYS and isinstance(item, str) and len(item.split()) >= PROSE_MIN_WORDS:
            prose.append(item.strip())
        elif folded in TITLE_KEYS and isinstance(item, str) and item.strip() and title is None:
            title = item.strip()
        elif folded in NOTE_KEYS and isinstance(item, str) and len(item.split()) <= NOTE_MAX_WORDS:
            notes.append(item.strip())
        elif folded in NAME_LIST_KEYS and isinstance(item, list):
            lists.append(item)
        else:
            return None
    if len(prose) != 1 or not all(_names_said(names, prose[0]) for names in lists):
        return None
    text = f"{title}: {prose[0]}" if title else prose[0]
    # a note or the text around the call is said after the prose, where the check must place it
    parts = [before.strip(), text, *(n if re.search(r"[.!?]$", n) else n + "." for n in notes), after.strip()]
    return "\n".join(p for p in parts if p)
