"""The drafter's reading of a step list with a note on a line of its own that says some steps run at
once: "2a. Charge card / 2b. Reserve stock / (2a and 2b run in parallel) / 3. Ship order (only after
both 2a and 2b)", or "- Extract orders / - Extract customers / (the two extracts run concurrently)".
The noted steps become a "- in parallel:" block with the steps nested under it, the list form that
read_parallel_outline draws as a fan-out and a fan-in.

A "then in parallel:" block nested as the only child of the step before it is lifted to the list's
own level. The note must name its steps: by label, or as "the <count> <word>" over the steps just before it,
each opening with that word (and the one before them not). Anything else is left as written; the
check reads the list on its own (parallel_note_normal.py), only the wording list is shared.
"""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*•+]|(?P<label>\d{1,2}[a-z]?)[.)])\s+(?P<step>\S.*?)\s*$")
_RUN = r"(?:(?:all\s+)?(?:run|are\s+run|happen|are\s+done|go|execute|proceed)\s+)?(?:all\s+)?"
_LABEL = r"\d{1,2}[a-z]"
_NOTE_RE = re.compile(
    rf"^\(\s*(?:(?:steps?\s+)?(?P<labels>{_LABEL}(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*){_LABEL})+)"
    r"|(?:the|these|those|all)\s+(?P<count>two|three|four|five|six|[2-6])\s+(?P<word>[\w-]+))\s+"
    rf"{_RUN}{PARALLEL_IDIOM}\s*\)\s*\.?$",
    re.IGNORECASE,
)
_NUMBERS = ("two", "three", "four", "five", "six")
_PLAIN_WORDS = {"steps", "items", "tasks", "jobs", "things", "ones", "activities"}
_AFTER_NOTE_RE = re.compile(
    rf"\s*\(\s*(?:only\s+)?(?:after|needs|waits\s+for|once)\s+(?P<who>both|all(?:\s+(?:two|three|four|five|six|[2-6]))?)"
    rf"(?:\s+(?:of\s+)?(?P<labels>{_LABEL}(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*){_LABEL})*))?"
    r"(?:\s+(?:are\s+)?(?:done|finished|complete))?\s*\)\s*$",
    re.IGNORECASE,
)


def _how_many(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.index(word.lower()) + 2


def _noted(steps: list[tuple[int, re.Match[str] | None]], note: re.Match[str]) -> list[int] | None:
    """Which of the lines before the note (index, list item or None) it names."""
    if note.group("labels"):
        labels = [lb.lower() for lb in re.findall(_LABEL, note.group("labels"), re.IGNORECASE)]
        tail = steps[-len(labels):]
        if len(tail) != len(labels) or [(m.group("label") or "").lower() if m else None for _, m in tail] != labels:
            return None
        return [i for i, _ in tail]
    count = _how_many(note.group("count"))
    tail = steps[-count:]
    if len(tail) != count or not all(m for _, m in tail):
        return None
    word = note.group("word").lower()
    if word not in _PLAIN_WORDS:
        root = word[:-2] if word.endswith("es") else word[:-1] if word.endswith("s") else word

        def opens(match: re.Match[str] | None) -> bool:
            return bool(match) and match.group("step").lower().startswith(root)
        if not all(opens(m) for _, m in tail) or (len(steps) > count and opens(steps[-count - 1][1])):
            return None
    return [i for i, _ in tail]


_BLOCK_OPENER_RE = re.compile(rf"^\s*(?:[-*•+]|\d{{1,2}}[.)])\s+(?:(?:and\s+)?then\s*,?\s*)?{PARALLEL_IDIOM}\s*:?\s*$", re.IGNORECASE)


def _depth(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _unnested_block(intent: str) -> str:
    """A "then in parallel:" block nested as the only child of the step before it, one level up."""
    lines = intent.expandtabs(4).split("\n")
    filled = [i for i, line in enumerate(lines) if line.strip()]
    for position, at in enumerate(filled):
        if position == 0 or not _BLOCK_OPENER_RE.match(lines[at]):
            continue
        parent = filled[position - 1]
        step_depth, opener_depth = _depth(lines[parent]), _depth(lines[at])
        if not _LIST_ITEM_RE.match(lines[parent]) or opener_depth <= step_depth:
            continue
        nested = []
        for i in filled[position + 1:]:
            if _depth(lines[i]) > opener_depth:
                nested.append(i)
                continue
            if _depth(lines[i]) > step_depth:
                nested = []  # the step has another child beside the block
            break
        if nested:
            cut = opener_depth - step_depth
            for i in (at, *nested):
                lines[i] = lines[i][cut:]
            return "\n".join(lines)
    return intent


def noted_parallel_blocks(intent: str) -> str:
    """The list with its noted parallel steps as a "- in parallel:" block, or the intent as written."""
    intent = _unnested_block(intent)
    lines = intent.split("\n")
    found = [(i, _NOTE_RE.match(line.strip())) for i, line in enumerate(lines)]
    found = [(i, m) for i, m in found if m]
    if len(found) != 1:
        return intent
    at, note = found[0]
    steps = [(i, _LIST_ITEM_RE.match(lines[i])) for i in range(at) if lines[i].strip()]
    block = _noted(steps, note)
    if not block:
        return intent
    following = next((i for i in range(at + 1, len(lines)) if lines[i].strip()), None)
    wait = _AFTER_NOTE_RE.search(lines[following]) if following is not None and _LIST_ITEM_RE.match(lines[following]) else None
    if wait:
        who = wait.group("who").lower().split()
        size = 2 if who == ["both"] else _how_many(who[-1]) if len(who) > 1 else len(block)
        named = [lb.lower() for lb in re.findall(_LABEL, wait.group("labels") or "", re.IGNORECASE)]
        own = [(_LIST_ITEM_RE.match(lines[i]).group("label") or "").lower() for i in block]
        if size != len(block) or (named and named != own):
            return intent
        lines[following] = lines[following][: wait.start()]
    rewritten: list[str] = []
    for i, line in enumerate(lines):
        if i == block[0]:
            rewritten.append("- in parallel:")
        if i in block:
            rewritten.append("  - " + _LIST_ITEM_RE.match(line).group("step"))
        elif i != at:
            rewritten.append(line)
    return "\n".join(rewritten)
