"""The drafter's reading of dependency prose with the intent's own word on which way the arrows
point: "Calculus I is required for Calculus II and for Linear Algebra. Differential Equations needs
both Calculus II and Linear Algebra." beside "arrow from prerequisite to the course it unlocks" (or
"arrows from each package to the package it depends on", "arrow = depends on", "from dependent to
dependency", "arrows from the needed course to the course").

Read: "A depends on / needs / requires B", "B is required / needed for A", "For A you must have B".
Nothing is read (None) without an instruction, with instructions both ways, or when another sentence
speaks of order in other words ("you can't paint before the walls are plastered"): the way of an
arrow is never guessed. The check reads the same prose on its own (dependency_prose_normal.py); only
the wording (dependency_words.py) is shared.
"""

from __future__ import annotations

import re

from .dependency_words import (
    ASKING_RE,
    DEPENDS_VERBS,
    FOR_YOU_NEED,
    OTHER_RELATION_RE,
    REQUIRED_FOR,
    TOWARD_DEPENDENCY_RE,
    TOWARD_DEPENDENT_RE,
    TRAILING,
)

_LONGEST_NAME = 6
_FORMS = [  # (pattern, which group names what comes first)
    re.compile(rf"^{FOR_YOU_NEED}\s+(?:both\s+)?(?P<first>.+?){TRAILING}$", re.IGNORECASE),
    re.compile(rf"^(?P<first>.+?)\s+{REQUIRED_FOR}\s+(?P<after>.+?){TRAILING}$", re.IGNORECASE),
    re.compile(rf"^(?P<after>[^,.;:!?\n]+?)\s+{DEPENDS_VERBS}\s+(?:both\s+)?(?P<first>.+?){TRAILING}$", re.IGNORECASE),
]


def _names(text: str) -> list[str] | None:
    names = [part.strip() for part in re.split(r",\s*and\s+for\s+|,\s*and\s+|,\s*for\s+|,|\s+and\s+for\s+|\s+and\s+|\s+as\s+well\s+as\s+",
                                               text) if part.strip()]
    ok = names and all(len(name.split()) <= _LONGEST_NAME and not OTHER_RELATION_RE.search(name) for name in names)
    return names if ok else None


def _sentence_edges(sentence: str) -> list[tuple[str, str]] | None:
    """(what comes first, what needs it) of one sentence, or None."""
    for form in _FORMS:
        read = form.match(sentence)
        if read:
            first, after = _names(read.group("first")), _names(read.group("after"))
            return [(f, a) for a in after for f in first] if first and after else None
    return None


def _instruction_out(intent: str) -> tuple[bool, str] | None:
    """(whether arrows point at what is depended on, the intent without the instruction)."""
    to_dependency = [m.span() for m in TOWARD_DEPENDENCY_RE.finditer(intent)]
    to_dependent = [m.span() for m in TOWARD_DEPENDENT_RE.finditer(intent)]
    if (not to_dependency and not to_dependent) or (to_dependency and to_dependent):
        return None
    rest = intent
    for start, end in sorted(to_dependency or to_dependent, reverse=True):
        head = rest[:start]
        asked = ASKING_RE.search(head)  # "Please draw with arrows from …"
        head = (head[: asked.start()] if asked else head).rstrip(" \t,(")
        tail = rest[end:].lstrip(" \t)")
        if head[-1:] in ".!?:\n" and tail[:1] in ".!?":
            tail = tail[1:].lstrip()
        rest = head + (" " if head and tail[:1] not in ".:;,!?\n" else "") + tail
    return bool(to_dependency), rest


def dependency_prose(intent: str) -> tuple[str, list[tuple[str, str]], list[str]] | None:
    """(caption, edges as (tail, head) in the instructed way, names said alone) or None."""
    found = _instruction_out(intent)
    if found is None:
        return None
    to_dependency, rest = found
    caption = ""
    first_line = rest.split("\n", 1)[0]
    if ":" in first_line and not OTHER_RELATION_RE.search(first_line.split(":", 1)[0]):
        caption, rest = rest.split(":", 1)
    edges: list[tuple[str, str]] = []
    alone: list[str] = []
    for sentence in (s.strip().rstrip(".;!?").strip() for s in re.split(r"(?<=[.;!?])\s+|\n+|;", rest)):
        if not sentence:
            continue
        read = _sentence_edges(sentence)
        if read is not None:
            edges += [(after, first) if to_dependency else (first, after) for first, after in read]
        elif OTHER_RELATION_RE.search(sentence):
            return None
        elif not edges and not caption:
            caption = sentence  # "Package dependency graph. lib-http depends on …"
        else:
            alone.append(sentence)
    return (caption.strip(), edges, alone) if edges else None
