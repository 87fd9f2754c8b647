"""The check's normal form for dependency prose with the intent's own word on which way the arrows
point (applied by normal_forms.normal_form). Written apart from the drafter's reader
(dependency_prose_forms.py); only the wording (dependency_words.py) is shared.

    Course map (arrow from prerequisite to the course it unlocks): Calculus I is required for
    Calculus II and for Linear Algebra. Differential Equations needs both Calculus II and Linear Algebra.
    → Course map:
      Calculus I -> Calculus II
      Calculus I -> Linear Algebra
      Calculus II -> Differential Equations
      Linear Algebra -> Differential Equations

"A depends on / needs / requires B", "B is required / needed for A", "For A you must have B" are
read; the instruction ("arrows from each package to the package it depends on", "arrow = depends
on", "from dependent to dependency", "arrows from the needed course to the course") is consumed.
Without an instruction, with instructions both ways, or with any other sentence that speaks of order
("you can't paint before …"), the intent is left as written: the way of an arrow is never guessed.
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

_NAME_WORDS_MAX = 6
_PIECE = r"[^,.;:!?\n]+?"
_DEPENDS_RE = re.compile(rf"^(?P<after>{_PIECE})\s+{DEPENDS_VERBS}\s+(?:both\s+)?(?P<before>.+?){TRAILING}$", re.IGNORECASE)
_REQUIRED_RE = re.compile(rf"^(?P<before>.+?)\s+{REQUIRED_FOR}\s+(?P<after>.+?){TRAILING}$", re.IGNORECASE)
_FOR_RE = re.compile(rf"^{FOR_YOU_NEED}\s+(?:both\s+)?(?P<before>.+?){TRAILING}$", re.IGNORECASE)


def _listed(text: str) -> list[str] | None:
    names = [n.strip() for n in re.split(r"\s*,\s*(?:and\s+)?(?:for\s+)?|\s+and\s+(?:for\s+)?|\s+as\s+well\s+as\s+", text) if n.strip()]
    if not names or any(len(n.split()) > _NAME_WORDS_MAX or OTHER_RELATION_RE.search(n) for n in names):
        return None
    return names


def _pairs(sentence: str) -> list[tuple[str, str]] | None:
    """(comes first, comes after) of one dependency sentence; None when it is not one."""
    for pattern in (_FOR_RE, _REQUIRED_RE, _DEPENDS_RE):
        said = pattern.match(sentence)
        if said is None:
            continue
        before, after = _listed(said.group("before")), _listed(said.group("after"))
        if before is None or after is None:
            return None
        return [(b, a) for a in after for b in before]
    return None


def _without_instruction(intent: str) -> tuple[str, bool] | None:
    """(the intent without its instruction, whether arrows point at what is depended on), or None."""
    toward_dependency = list(TOWARD_DEPENDENCY_RE.finditer(intent))
    toward_dependent = list(TOWARD_DEPENDENT_RE.finditer(intent))
    if bool(toward_dependency) == bool(toward_dependent):
        return None  # no instruction, or one each way
    text = intent
    for said in reversed(toward_dependency or toward_dependent):
        before, after = text[: said.start()], text[said.end():]
        asking = ASKING_RE.search(before)
        before = before[: asking.start()] if asking else before
        before, after = before.rstrip(" \t,("), after.lstrip(" \t)")
        if before.endswith((".", "!", "?", ":", "\n")) and after[:1] in (".", "!", "?"):
            after = after[1:].lstrip()  # "… Programming 1. Please draw with arrows …." → nothing left
        text = before + ("" if after[:1] in ".:;,!?\n" or not before else " ") + after
    return text, bool(toward_dependency)


def dependency_prose_normal_form(intent: str) -> str:
    """The intent as "a -> b" lines when it is dependency prose with the arrows' way said; else as written."""
    found = _without_instruction(intent)
    if found is None:
        return intent
    text, toward_dependency = found
    heading, _, body = text.partition(":") if ":" in text.split("\n")[0] else ("", "", text)
    if OTHER_RELATION_RE.search(heading):
        heading, body = "", text
    lines, any_pairs = [], False
    for sentence in re.split(r"(?<=[.;!?])\s+|\n+|;\s*", body):
        sentence = sentence.strip().rstrip(".;!?").strip()
        if not sentence:
            continue
        pairs = _pairs(sentence)
        if pairs is None:
            if OTHER_RELATION_RE.search(sentence):
                return intent  # a sentence that orders things some other way: not this reading's
            if not any_pairs and not lines and not heading.strip():
                heading = sentence  # "Package dependency graph. lib-http depends on …": the caption first
            else:
                lines.append(sentence + ".")  # a bare name, words that only ask for the drawing
            continue
        any_pairs = True
        lines += [f"{after} -> {before}" if toward_dependency else f"{before} -> {after}" for before, after in pairs]
    if not any_pairs:
        return intent
    return (f"{heading.strip()}:\n" if heading.strip() else "") + "\n".join(lines)
