"""The check's normal form for a step list with a note on a line of its own that says some of its
steps run at once (applied by normal_forms.normal_form). Written apart from the drafter's reader
(parallel_note_forms.py); only the wording list (vocabulary.PARALLEL_IDIOM) is shared.

    1. Receive order                      - Extract orders
    2a. Charge card                       - Extract customers
    2b. Reserve stock                     (the two extracts run concurrently)
    (2a and 2b run in parallel)           - Join everything
    3. Ship order (only after both 2a and 2b)

becomes the list with a parallel block (so does a block nested as the only child of the step before it,
"- Sign NDA / - then in parallel: / - a / - b" one level deeper each), "- in parallel:" and the steps nested under it, which the
check reads as a fan-out from the step before and a fan-in to the step after. The note must name the
steps: by their labels ("2a and 2b"), or as "the <count> <word>" over the steps just before it, each
of which opens with that word while the step before them does not. A note that says "these run in
parallel" without a count, a count that is not the steps', or a wait after the block that names other
steps is left as written (refused).
"""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*•+]|(?P<label>\d{1,2}[a-z]?)[.)])[ \t]+(?P<text>\S.*?)\s*$")
_HOW = r"(?:(?:all\s+)?(?:run|are\s+run|happen|are\s+done|go|execute|proceed)\s+)?(?:all\s+)?"
_BY_LABEL_RE = re.compile(rf"^\(\s*(?:steps?\s+)?(?P<labels>\d{{1,2}}[a-z](?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)\d{{1,2}}[a-z])+)\s+"
                          rf"{_HOW}{PARALLEL_IDIOM}\s*\)\s*\.?$", re.IGNORECASE)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_BY_COUNT_RE = re.compile(rf"^\(\s*(?:the|these|those|all)\s+(?P<count>two|three|four|five|six|[2-6])\s+(?P<word>[\w-]+)\s+"
                          rf"{_HOW}{PARALLEL_IDIOM}\s*\)\s*\.?$", re.IGNORECASE)
_GENERIC = frozenset("steps items tasks jobs things ones activities".split())
# "(only after both 2a and 2b)", "(after all three)", "(needs both)": the wait on the block, said after the next step
_WAIT_NOTE_RE = re.compile(r"\s*\(\s*(?:only\s+)?(?:after|needs|waits\s+for|once)\s+(?P<who>both|all(?:\s+(?:two|three|four|five|six|[2-6]))?)"
                           r"(?:\s+(?:of\s+)?(?P<labels>\d{1,2}[a-z](?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)\d{1,2}[a-z])*))?"
                           r"(?:\s+(?:are\s+)?(?:done|finished|complete))?\s*\)\s*$", re.IGNORECASE)


def _labels(text: str) -> list[str]:
    return [label.lower() for label in re.findall(r"\d{1,2}[a-z]", text, re.IGNORECASE)]


def _block(lines: list[str], note_at: int) -> list[int] | None:
    """The indexes of the list items the note on line `note_at` names, or None."""
    note = lines[note_at].strip()
    before = [i for i in range(note_at) if lines[i].strip()]
    items = [(i, _ITEM_RE.match(lines[i])) for i in before]
    by_label = _BY_LABEL_RE.match(note)
    if by_label:
        wanted = _labels(by_label.group("labels"))
        found = [i for i, item in items if item and (item.group("label") or "").lower() in wanted]
        if len(found) != len(wanted) or found != before[-len(found):]:
            return None  # the labelled steps must be the ones just before the note
        return found
    by_count = _BY_COUNT_RE.match(note)
    if by_count is None:
        return None
    count = _COUNTS.get(by_count.group("count").lower()) or int(by_count.group("count"))
    last = before[-count:]
    if len(last) != count or not all(item for i, item in items[-count:]):
        return None
    word = by_count.group("word").lower()
    if word not in _GENERIC:
        stem = re.sub(r"(?:es|s)$", "", word)
        openers = [lines[i].strip().split(None, 2)[1].lower() if len(lines[i].split()) > 1 else "" for i in before]
        if not all(o.startswith(stem) for o in openers[-count:]):
            return None
        if len(openers) > count and openers[-count - 1].startswith(stem):
            return None  # "the two extracts" after three steps that extract: which two?
    return last


_OPENER_RE = re.compile(rf"^(?:(?:and\s+)?then\s*,?\s*)?{PARALLEL_IDIOM}\s*:?$", re.IGNORECASE)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" ")) if line.strip() else -1


def _lifted_blocks(intent: str) -> str:
    """ "- Sign NDA\n  - then in parallel:\n    - a\n    - b\n- Kickoff": a parallel block nested as the only
    child of the step before it is a block of the list itself (the steps after that step)."""
    lines = intent.expandtabs(4).split("\n")
    for at, line in enumerate(lines):
        item = _ITEM_RE.match(line)
        if item is None or not _OPENER_RE.match(item.group("text")) or at == 0:
            continue
        parent = next((i for i in range(at - 1, -1, -1) if lines[i].strip()), None)
        parent_item = _ITEM_RE.match(lines[parent]) if parent is not None else None
        if parent_item is None or _indent(lines[parent]) >= _indent(line):
            continue
        shift = _indent(line) - _indent(lines[parent])
        children = []
        for i in range(at + 1, len(lines)):
            if not lines[i].strip():
                continue
            if _indent(lines[i]) <= _indent(line):
                if _indent(lines[i]) > _indent(lines[parent]):
                    children = []  # the step has other children: not this form
                break
            children.append(i)
        if not children:
            continue
        for i in [at, *children]:
            lines[i] = lines[i][shift:]
        return "\n".join(lines)
    return intent


def parallel_note_normal_form(intent: str) -> str:
    """The step list with its noted parallel steps as a "- in parallel:" block; else as written."""
    intent = _lifted_blocks(intent)
    lines = intent.split("\n")
    notes = [i for i, line in enumerate(lines) if _BY_LABEL_RE.match(line.strip()) or _BY_COUNT_RE.match(line.strip())]
    if len(notes) != 1:
        return intent
    block = _block(lines, notes[0])
    if block is None:
        return intent
    after = next((i for i in range(notes[0] + 1, len(lines)) if lines[i].strip()), None)
    if after is not None:
        item = _ITEM_RE.match(lines[after])
        wait = _WAIT_NOTE_RE.search(lines[after]) if item else None
        if wait is not None:
            who = wait.group("who").split()
            count = 2 if who[0].lower() == "both" else (_COUNTS.get(who[-1].lower()) or (int(who[-1]) if who[-1].isdigit() else None))
            named = _labels(wait.group("labels") or "")
            labels = [(_ITEM_RE.match(lines[i]).group("label") or "").lower() for i in block]
            if (count is not None and count != len(block)) or (named and named != labels):
                return intent
            lines[after] = lines[after][: wait.start()]
    out = []
    for index, line in enumerate(lines):
        if index == notes[0]:
            continue
        if index in block:
            if index == block[0]:
                out.append("- in parallel:")
            out.append("  - " + _ITEM_RE.match(line).group("text"))
            continue
        out.append(line)
    return "\n".join(out)
