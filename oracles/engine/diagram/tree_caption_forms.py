"""The drafter's reading of a caption over an indented tree (the words are in tree_caption_words.py):
"Org chart (indent = reports to the line above):", "### Board structure (top-down, parent → child)",
"## Please draw this as a tree", and after the list "draw as an org chart, manager above reports".

A caption line right before or right after a nested bullet list (two depths or more) loses its
downward notes; what is left is dropped when it only asks for the drawing, else kept as the heading
(a markdown heading's "#" marks kept). A caption with any other word of direction left in it is kept as
written, so a tree said to point upwards is never read as pointing down.
"""

from __future__ import annotations

import re

from .tree_caption_words import (
    ABOVE_PLACES,
    ARROWS,
    CAPTION_WORDS,
    DIRECTION_WORDS,
    INDENT_OBJECTS,
    INDENT_OPENERS,
    INDENT_SUBJECTS,
    INDENT_VERBS,
    LINKS,
    LOWER,
    TOP_DOWN,
    UPPER,
)

_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)[-*•+][ \t]+\S")


def _alternatives(words: frozenset[str] | tuple[tuple[str, ...], ...]) -> str:
    phrases = [(w,) if isinstance(w, str) else w for w in words]
    return "(?:" + "|".join(r"[\s-]+".join(re.escape(p) for p in phrase)
                            for phrase in sorted(phrases, key=lambda p: -len(" ".join(p)))) + ")"


_UPPER, _LOWER, _ARROW, _LINK = (_alternatives(w) for w in (UPPER, LOWER, ARROWS, LINKS))
_NOTE_RE = re.compile(
    rf"(?<![\w-])(?:{_alternatives(TOP_DOWN)}|{_UPPER}\s*{_ARROW}\s*{_LOWER}|{_UPPER}\s+{_alternatives(ABOVE_PLACES)}|"
    rf"(?:{_alternatives(INDENT_OPENERS)}\s+)?{_alternatives(INDENT_SUBJECTS)}\s*(?:{_LINK}\s*)?"
    rf"{_alternatives(INDENT_VERBS)}\s+{_alternatives(INDENT_OBJECTS)})(?![\w-])",
    re.IGNORECASE,
)


def _nested(lines: list[str]) -> bool:
    items = [_ITEM_RE.match(line) for line in lines]
    return len(lines) >= 2 and all(items) and len({m.group("indent") for m in items if m}) >= 2


def _caption(line: str) -> str | None:
    """The caption without its downward notes ("" when nothing but a request is left); None when
    it says nothing of the tree's direction, or something the notes do not."""
    mark = re.match(r"^\s*(?:#{1,6}\s+)?", line).group(0)  # type: ignore[union-attr]
    text = line[len(mark):].strip()  # (a markdown heading's "#" marks are kept on what is left)
    if _NOTE_RE.search(text) is None:
        words = re.findall(r"[^\W_]+", text.casefold())
        return "" if words and set(words) <= CAPTION_WORDS and not set(words) & DIRECTION_WORDS else None
    text = _NOTE_RE.sub(" ", text)
    text = re.sub(r"\(\s*(?:[,;]\s*)*\)", " ", text)  # the brackets the notes stood in
    text = re.sub(r"(?:\s*[,;]\s*)+(?=[:.!?]?\s*$)", "", text).strip()
    words = re.findall(r"[^\W_]+", text.casefold())
    if set(words) & DIRECTION_WORDS or re.search(r"->|→|=>|<-|←", text):
        return None
    if set(words) <= CAPTION_WORDS:
        return ""
    return mark + re.sub(r"\s*,\s*(?=:?\s*$)", "", text)


def without_tree_captions(intent: str) -> str:
    """The intent with the downward notes of the caption over or under its nested list taken out."""
    lines = intent.strip("\n").splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if len(filled) < 3:
        return intent
    body = [i for i in filled if _ITEM_RE.match(lines[i])]
    if not body or not _nested([lines[i] for i in body]) or body != list(range(body[0], body[-1] + 1)):
        return intent
    outside = [i for i in filled if i < body[0] or i > body[-1]]
    if len([i for i in outside if i < body[0]]) > 1 or len([i for i in outside if i > body[-1]]) > 1:
        return intent
    out = list(lines)
    for i in outside:
        caption = _caption(lines[i])
        if caption is not None:
            out[i] = caption
    return "\n".join(out)
