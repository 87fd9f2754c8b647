"""The drafter's reading of an if / else-if / else chain written like code with no step before it
(a reader of the cascade, reading.READERS; the check reads it apart, code_branch_normal.py):

    if temp > 30: turn on AC       →   temp > 30? ─yes→ turn on AC
    else: open window                  temp > 30? ─no→  open window

Nothing leads into the chain, so each condition is a decision node ("temp > 30?") and an "else
if" is the next decision on the way "no" of the one before; the final "else" is that way's step.
The branches may stand one a line, or after ";" / ","; a condition ends at ":", an arrow, or its
closing bracket ("if (cpu > 90%) scale_out()"); a Python block puts the step on the indented line
under "if x:". The first "if" may be left out before a comparison ("score >= 90 -> A; else -> F").

Claimed only when the whole intent is the chain, under an optional title ending in a word like
"flow" or "logic". A branch of two steps, a second plain "if", no final "else", or text that is
no branch: not this form (None), and the cascade reads (or refuses) it as before."""

from __future__ import annotations

import re

from .code_branch_words import (
    BODY_JOINERS,
    COMPARISON_SIGNS,
    ELSE_IF_WORDS,
    ELSE_WORDS,
    HEAD_MAX_WORDS,
    HEAD_PHRASES,
    IF_WORDS,
    NO,
    NOT_IN_CONDITION,
    TITLE_NOUNS,
    TITLE_STEP_WORDS,
    YES,
)
from .model import Graph

_ARROW_OR_COLON = ("->", "→", "=>", ":")
_MAX_STEP_WORDS = 8
_MAX_CONDITION_WORDS = 10


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+", text.lower())


def _lines(intent: str) -> list[str]:
    """The intent's lines without code fences, a Python block's "if x:" joined to its step."""
    lines: list[str] = []
    for raw in intent.splitlines():
        if raw.strip().startswith("```") or not raw.strip():
            continue
        if lines and raw[:1] in (" ", "\t") and lines[-1].rstrip().endswith(":"):
            lines[-1] = lines[-1].rstrip() + " " + raw.strip()  # "if x:" over "    ship()"
        else:
            lines.append(raw.strip())
    return lines


def _title_off(first: str, alone: bool) -> str | None:
    """The first line without its title ("grade flow: …"), "" for a title line ("Alarm logic" over
    the chain, `alone`); None when the text before the colon may be a step the chain leaves."""
    head, colon, rest = first.partition(":")
    words = _words(head)
    if not (colon or alone) or not words or len(words) > 6 or words[-1] not in TITLE_NOUNS:
        return None
    if set(words) & (TITLE_STEP_WORDS | {"if", "else"}):
        return None
    return rest.strip()


def _split_branches(line: str) -> list[str]:
    """One line cut before each "else …" said after ";" or ","."""
    pieces, start = [], 0
    for found in re.finditer(r"[;,]\s*(?=(?:else|elif|elsif|elseif)\b)", line, re.IGNORECASE):
        pieces.append(line[start:found.start()])
        start = found.end()
    pieces.append(line[start:])
    return [p.strip() for p in pieces if p.strip()]


def _keyword(piece: str) -> tuple[str | None, str]:
    """("if" / "elif" / "else" or None, the rest of the piece)."""
    lowered = piece.lower()
    for word, kind in [*((w, "elif") for w in ELSE_IF_WORDS), *((w, "else") for w in ELSE_WORDS),
                       *((w, "if") for w in IF_WORDS)]:
        spaced = re.match(r"\s+".join(map(re.escape, word.split())) + r"\b", lowered)
        if spaced:
            return kind, piece[spaced.end():].strip()
    return None, piece


def _step(text: str) -> str | None:
    text = text.strip().strip(";,.").strip()
    for mark in _ARROW_OR_COLON:
        if text.startswith(mark):
            text = text[len(mark):].strip()
    words = _words(text)
    if not words or len(words) > _MAX_STEP_WORDS or any(mark in text for mark in (*_ARROW_OR_COLON, ";")):
        return None
    return None if any(word in BODY_JOINERS for word in words) else text


def _guarded(text: str) -> tuple[str, str] | None:
    """(condition, step) of "(c) step", "c: step" or "c -> step"."""
    if text.startswith("("):
        depth_end = text.find(")")
        if depth_end < 0:
            return None
        condition, rest = text[1:depth_end].strip(), text[depth_end + 1:]
    else:
        cuts = [(text.find(mark), mark) for mark in _ARROW_OR_COLON if text.find(mark) > 0]
        if not cuts:
            return None
        at, mark = min(cuts)
        condition, rest = text[:at].strip(), text[at + len(mark):]
    step = _step(rest)
    if step is None or not condition or len(_words(condition)) > _MAX_CONDITION_WORDS:
        return None
    if any(mark in condition for mark in ";,") or any(word in NOT_IN_CONDITION for word in _words(condition)):
        return None  # "grade essay; if score ≥ 90": a step before the chain, not a condition
    return condition, step


def _named_head(first: str) -> str | None:
    """The step a title says the chain starts from ("flowchart starting from read_metrics():"), or None."""
    if not first.endswith(":"):
        return None
    lowered = first.lower()
    for phrase in HEAD_PHRASES:
        at = lowered.find(phrase + " ")
        if at >= 0 and (at == 0 or not lowered[at - 1].isalnum()):
            head = first[at + len(phrase):-1].strip()
            return head if head and ":" not in head and len(_words(head)) <= HEAD_MAX_WORDS else None
    return None


def _ways_out(head: str, asked: list[tuple[str, str]], otherwise: str) -> Graph:
    """The chain as ways out of its named step: "if C" on the first, "else if C" on the next, "else" last."""
    graph = Graph(flow=True)
    start = graph.node(head)
    for number, (condition, step) in enumerate(asked):
        graph.edge(start, graph.node(step), f"{'if' if number == 0 else 'else if'} {condition}")
    graph.edge(start, graph.node(otherwise), ELSE_WORDS[0])
    return graph


def read_code_branches(intent: str) -> Graph | None:
    """None unless the whole intent is a code-like if / else-if / else chain with no step before it, or
    under a title that names the step it starts from (its branches are then that step's ways out)."""
    lines = _lines(intent)
    if not lines:
        return None
    head = _named_head(lines[0]) if len(lines) > 1 else None
    if head is not None:
        lines = lines[1:]
    else:
        untitled = _title_off(lines[0], len(lines) > 1)
        if untitled is not None:
            lines = ([untitled] if untitled else []) + lines[1:]
    pieces = [piece for line in lines for piece in _split_branches(line)]
    if len(pieces) < 2:
        return None
    asked: list[tuple[str, str]] = []  # (condition, step) per "if" / "else if"
    otherwise: str | None = None
    for index, piece in enumerate(pieces):
        kind, rest = _keyword(piece)
        if otherwise is not None or kind not in (("if", None) if index == 0 else ("elif", "else")):
            return None  # a branch after the "else", an "else" first, a second plain "if", text between branches
        if kind == "else":
            otherwise = _step(rest)
            if otherwise is None:
                return None
            continue
        guarded = _guarded(rest)
        if guarded is None or kind is None and not any(sign in guarded[0] for sign in COMPARISON_SIGNS):
            return None  # "validate -> save; else -> error": a step before the chain, not a question
        asked.append(guarded)
    if otherwise is None:
        return None
    if head is not None:
        return _ways_out(head, asked, otherwise)
    graph = Graph(flow=True)
    questions = [graph.node(condition if condition.endswith("?") else condition + "?") for condition, _ in asked]
    graph.decisions.update(questions)
    for number, (question, (_, step)) in enumerate(zip(questions, asked, strict=True)):
        graph.edge(question, graph.node(step), YES)
        after = questions[number + 1] if number + 1 < len(questions) else graph.node(otherwise)
        graph.edge(question, after, NO)
    return graph
