"""The text around a graph given as data: "draw this graph", "turn this into an org chart",
"state diagram from this config:", "make this a tree diagram, parent -> child".

Such a line asks for the drawing of the data and says nothing the data does not: it is frame, and
the check's normal form drops it (normal_forms._json_as_text). It is frame only when every word
is one of FRAME_WORDS (instruction, connecting and data-describing words) — a line naming anything
else ("also add a review step") stays after the data, where the check must place it or refuse.
Which way a tree's arrows point ("parent -> child", "top-down") is frame only beside a tree,
where it is how the tree is read anyway; any other direction ("child -> parent", "edge from
dependent to dependency") stays and is refused rather than drawn the wrong way round.
"""

from __future__ import annotations

import re

from .vocabulary import NOT_CONTENT

# A word that limits or reverses what the data says ("no labels on the edges") is never frame.
NEGATIONS = frozenset("no not only without never except unless but instead".split())
FRAME_WORDS = (NOT_CONTENT["anywhere"] | NOT_CONTENT["preamble"] | frozenset("""
    turn convert config configuration data json yaml above below row rows sheet copied pasted paste here is
    image png svg proper properly fix neat clean nice version dag directed plain diagram thanks thx cheers
    participant participants message messages edge edges labelled labeled label labels box boxes arrow arrows
    one per
    """.split())) - NEGATIONS

# "parent -> child", "parent to child", "top-down", "top to bottom": a tree read from its root down
_TREE_DIRECTION_RE = re.compile(r"\b(?:parents?\s*(?:->|→|to)\s*child(?:ren)?|top[\s-]*(?:down|to[\s-]*bottom)|"
                                r"root\s*(?:->|→|to)\s*leaf|leaves|managers?\s*(?:->|→|to)\s*reports?)\b", re.IGNORECASE)


def is_frame(text: str, tree: bool) -> bool:
    """Whether a line beside the data only asks for its drawing (see the module's note)."""
    if tree:
        text = _TREE_DIRECTION_RE.sub(" ", text)
    if re.search(r"->|→|=>", text):
        return False
    words = re.findall(r"[^\W_]+", text.casefold())
    return bool(words) and set(words) <= FRAME_WORDS
