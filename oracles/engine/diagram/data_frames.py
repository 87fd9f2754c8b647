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


def framed_heading(line: str, tree: bool = False) -> str:
    """A line before the data with its request taken out: "" when it is all request ("draw this:"),
    "Turnstile state machine:" for "Turnstile state machine, please draw it:" (a heading, then a
    request after its comma); the line unchanged otherwise."""
    text = line.strip()
    if is_frame(text, tree):
        return ""
    head, comma, rest = text.rstrip(":").partition(",")
    if comma and head.strip() and is_frame(rest, tree):
        return head.strip() + ":"
    return line


# --- remarks around a pasted notation ----------------------------------------------------------
# "can u render this as a proper diagram, our wiki's mermaid plugin is broken", "need this as an
# image for the clinic SOP", "^ graphviz chokes on this, pls fix and render": a remark about the
# paste asks for its drawing. It is frame when it asks for something (an anchor word), changes
# nothing (no word of CHANGE_WORDS) and names nothing the notation draws (no content word of a
# node or label); otherwise it stays text the check must place, and the answer is refused.
REMARK_ANCHORS = frozenset("""render rendering renders draw diagram image picture png svg pdf plugin wiki broken fix
    convert turn make show need needs pls please thanks thx cheers can could would graph chart flowchart proper
    properly""".split())
CHANGE_WORDS = frozenset("""add adding added insert include remove delete drop omit skip leave also plus change rename
    replace instead move swap reverse reversed merge split connect link missing forgot forgotten but except without
    only no never should must step steps stage stages extra another more fewer less
    first before after then next later finally when whenever if unless otherwise until once while""".split())
REMARK_MAX_WORDS = 30
# "(<--> = arrows both ways)": what a two-way link means, as it is read anyway
_TWO_WAY_NOTE_RE = re.compile(r"\(?\s*<-->\s*(?:=|means|is)\s*(?:an?\s+)?(?:arrows?\s+)?(?:both\s+ways|(?:in\s+)?both\s+"
                              r"directions|two[\s-]way|bidirectional)\s*\)?", re.IGNORECASE)


def is_remark(text: str, drawn: list[str]) -> bool:
    """Whether text beside a notation block only asks for its drawing (see above)."""
    text = _TWO_WAY_NOTE_RE.sub(" ", text)
    if not text.strip():
        return True
    words = re.findall(r"[^\W_]+(?:'[^\W_]+)?", text.casefold())
    if not words or len(words) > REMARK_MAX_WORDS or re.search(r"->|→|=>|--", text):
        return False
    named = {_stem(w) for label in drawn for w in re.findall(r"[^\W_]+", label.casefold())} - NOT_CONTENT["anywhere"]
    return bool(set(words) & REMARK_ANCHORS) and not set(words) & CHANGE_WORDS and not {_stem(w) for w in words} & named


def _stem(word: str) -> str:
    """ "patients" and "patient", "checked" and "check": a name's word in another form still names it."""
    return re.sub(r"(?:'s|ies|es|s|ed|ing)$", "", word) if len(word) > 4 else word


def two_way_note(line: str) -> bool:
    """ "(<--> = arrows both ways)" on a line of its own."""
    return bool(_TWO_WAY_NOTE_RE.fullmatch(line.strip()))
