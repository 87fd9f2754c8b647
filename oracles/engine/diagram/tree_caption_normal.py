"""The check's own reading of a caption over an indented tree (the words are in tree_caption_words.py):
a line right before or right after a nested bullet list that only says the tree is drawn from the
top down ("Org chart (indent = reports to the line above):", "### Board structure (top-down, parent
→ child)", "draw as an org chart, manager above reports") → without those notes; a caption then left
with nothing but a request for the drawing → dropped, else kept as the list's heading ("Board structure").

The caption is read word by word, each note matched slot by slot against the word lists; a caption
with any other word of direction left ("child above parent", "arrows point up") is left as written,
where its words must be placed like any other, so an upward tree is refused, never drawn downward.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
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
    OVER_WORDS,
    PLACED_HIGH,
    TOP_DOWN,
    UP_WORDS,
    UPPER,
)

_TOKEN_RE = re.compile(r"[^\W_]+|->|=>|→|<-|←|[=:]")
_BULLET_RE = re.compile(r"^([ \t]*)[-*•+][ \t]+\S")

Slot = tuple[tuple[str, ...], ...]


def _slot(words: frozenset[str] | tuple[tuple[str, ...], ...]) -> Slot:
    return tuple((w,) if isinstance(w, str) else w for w in words)


# each note: its slots in order; an empty phrase in a slot makes the slot optional
_NOTES: tuple[tuple[Slot, ...], ...] = (
    (_slot(TOP_DOWN),),
    (_slot(UPPER), _slot(ARROWS), _slot(LOWER)),
    (_slot(UPPER), _slot(ABOVE_PLACES)),
    (_slot(INDENT_OPENERS) + ((),), _slot(INDENT_SUBJECTS), _slot(LINKS) + ((),), _slot(INDENT_VERBS), _slot(INDENT_OBJECTS)),
)


def _match(words: list[str], at: int, slots: tuple[Slot, ...]) -> int | None:
    """Where a note that starts at `at` ends (the longest way its slots fit), or None."""
    if not slots:
        return at
    best = None
    for phrase in slots[0]:
        if tuple(words[at:at + len(phrase)]) == phrase:
            end = _match(words, at + len(phrase), slots[1:])
            if end is not None and (best is None or end > best):
                best = end
    return best


def _caption(line: str) -> str | None:
    mark = re.match(r"^\s*(?:#{1,6}\s+)?", line).group(0)  # type: ignore[union-attr]
    text = line[len(mark):].strip()  # (a markdown heading's "#" marks are kept on what is left)
    tokens = list(_TOKEN_RE.finditer(text))
    words = [t.group(0).casefold() for t in tokens]
    cut: list[tuple[int, int]] = []
    index = 0
    while index < len(words):
        end = max((e for e in (_match(words, index, note) for note in _NOTES) if e is not None), default=None)
        if end is None or end == index:
            index += 1
            continue
        cut.append((tokens[index].start(), tokens[end - 1].end()))
        index = end
    left = [w for i, w in enumerate(words) if not any(s <= tokens[i].start() < e for s, e in cut)]
    if set(left) & DIRECTION_WORDS or set(left) & {"->", "=>", "→", "<-", "←", "="}:
        return None  # a word of direction the notes do not account for
    plain = [w for w in left if w != ":"]
    if plain and set(plain) <= CAPTION_WORDS:
        return ""
    if not cut:
        return None
    for start, end in reversed(cut):
        text = text[:start] + text[end:]
    text = re.sub(r"\(\s*(?:[,;]\s*)*\)", "", text)
    return mark + re.sub(r"\s*[,;]\s*(?=:?\s*$)", "", text).strip()


def tree_caption_normal_form(intent: str) -> str:
    """The intent with its tree caption's downward notes (or the whole request caption) taken out."""
    lines = intent.strip("\n").splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    bullets = [i for i in filled if _BULLET_RE.match(lines[i])]
    if len(bullets) < 2 or bullets != list(range(bullets[0], bullets[-1] + 1)):
        return intent
    if len({_BULLET_RE.match(lines[i]).group(1) for i in bullets}) < 2:  # type: ignore[union-attr]
        return intent  # a flat list is steps, not a tree
    before = [i for i in filled if i < bullets[0]]
    after = [i for i in filled if i > bullets[-1]]
    if len(before) > 1 or len(after) > 1:
        return intent
    for i in before + after:
        caption = _caption(lines[i])
        if caption is not None:
            lines[i] = caption
    return "\n".join(lines)


def _upward(line: str) -> str | None:
    """The words of a caption that turn the tree round ("bottom-up", "child above parent", "indent =
    manager of the line above"), or None."""
    tokens = [t.group(0) for t in _TOKEN_RE.finditer(line)]
    words = [t.casefold() for t in tokens]
    index = 0
    while index < len(words):  # the downward notes ("top to bottom") are taken out first
        end = max((e for e in (_match(words, index, note) for note in _NOTES) if e is not None), default=None)
        if end is not None and end > index:
            del tokens[index:end], words[index:end]
        else:
            index += 1
    for index, word in enumerate(words):
        if word in UP_WORDS:
            return " ".join(tokens[index - 1:index + 1] if index and words[index - 1] in {"bottom", "upside"} else tokens[index:index + 2])
        if word in LOWER and _match(words, index + 1, (PLACED_HIGH,)) is not None:
            return " ".join(tokens[index:index + 3])  # "reports above managers", "child on top"
        if any(_match(words, index, ((s,),)) for s in INDENT_SUBJECTS) and set(words[index + 1:index + 5]) & OVER_WORDS:
            return " ".join(tokens[index:index + 5])  # "indent = manager of the line above"
    return None


def refuse_upward_tree_caption(intent: str) -> None:
    """A caption over or under a nested list that turns the tree round: the list would be drawn down,
    against what the caption says, so which way it points is not guessed."""
    lines = intent.strip("\n").splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    bullets = [i for i in filled if _BULLET_RE.match(lines[i])]
    if len(bullets) < 2 or len({_BULLET_RE.match(lines[i]).group(1) for i in bullets}) < 2:  # type: ignore[union-attr]
        return
    for i in filled:
        if bullets[0] <= i <= bullets[-1]:
            continue
        said = _upward(lines[i])
        if said is not None:
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place '{said}': it may turn the tree round. "
                                                      "Indent each item under the one it reports to, or write each "
                                                      "connection as 'manager -> report'.")
