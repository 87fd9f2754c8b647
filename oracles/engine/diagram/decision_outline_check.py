"""The check's own reading of a list whose nesting carries the branches, a decision tree written as
nested bullets:

    - Is it a security issue?
      - yes: page the on-call security engineer
      - no: Is production down?
        - yes: open a SEV1

Read from the intent's tokens and the drawn phrases placed on them, never from the drafter's
reading. Every row belongs to the item at the indentation just above it: an answer row is an edge
out of that item's step, labelled with the answer; its own step (a question) is the tail of the
rows nested under it. An answer with nothing after it ("- no:") takes the one item nested under
it as its step. The top items are steps in order, and only the last may branch. One level of rows
under the last step is a case outline, read by flow_check.case_outline_edges on the same lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from ..contracts import EngineRefusal
from .vocabulary import _ANSWERS, Span, Token

# What may stand between a row's condition and its step: "yes: …", "yes → …", "if yes, …", "no - …"
_SEPARATORS = frozenset({":", "->", "→", "=>", ",", "-", "—", "–"})
Piece = Span | str


def outline_lines(tokens: list[Token], spans: list[Span]) -> list[tuple[int, list[Piece]]] | None:
    """The list's lines as (indentation, pieces): a drawn phrase as its Span, any other token as its
    text. None unless the intent is a list after at most a heading ending in ':', with every drawn
    phrase inside the list."""
    first_marker = next((i for i, t in enumerate(tokens) if t.kind == "marker"), None)
    heading = [t for t in tokens[: first_marker or 0] if t.kind != "nl"]
    if first_marker is None or (heading and heading[-1].text != ":") or any(sp.start < first_marker for sp in spans):
        return None
    at = {span.start: span for span in spans}
    lines: list[tuple[int, list[Piece]]] = []
    position = first_marker
    while position < len(tokens):
        token = tokens[position]
        span = at.get(position)
        if span is not None:
            lines[-1][1].append(span)
            position = span.end
            continue
        if token.kind == "marker":
            lines.append((token.level, []))
        elif token.kind != "nl":
            lines[-1][1].append(token.text)
        position += 1
    return lines


@dataclass
class _Line:
    level: int
    labels: set[str] | None  # None: a plain item; else the row's condition (a drawn label key, or an undrawn answer)
    step: str | None  # the drawn node the line names (None: an answer whose step is nested under it)
    readable: bool = True  # False: an item that is neither a drawn name nor a row as _line reads them
    chain: tuple[str, ...] = ()  # "yes → Investigate → Mitigate": the steps after the first, in order

    @property
    def last(self) -> str | None:
        """The step what is nested under the line goes on from."""
        return self.chain[-1] if self.chain else self.step


_CHAIN_ARROWS = frozenset({"->", "→", "=>"})


def _line(level: int, pieces: list[Piece]) -> _Line:
    """One item: a drawn name ("Is production down" and its "?"), or a row: a condition (a drawn
    label, or a bare yes/no), a separator, and a drawn name or nothing."""
    if pieces[-1:] in (["?"], ["."]):
        pieces = pieces[:-1]  # "Is production down?", "open a SEV1."
    if len(pieces) == 1 and isinstance(pieces[0], Span) and pieces[0].kind == "node":
        return _Line(level, None, pieces[0].key)
    if pieces[:1] and isinstance(pieces[0], str) and pieces[0].casefold() == "if":
        pieces = pieces[1:]  # "If yes, …"
    condition = pieces[0] if pieces else None
    if isinstance(condition, Span) and condition.kind == "label":
        line = _Line(level, {condition.key}, None)
    elif isinstance(condition, str) and condition.casefold() in _ANSWERS:
        line = _Line(level, {condition.casefold()}, None)  # an answer not drawn (refuse_unlabelled_answers)
    else:
        return _Line(level, None, None, readable=False)
    separator, rest = pieces[1] if len(pieces) > 1 else ":", pieces[2:]
    if not isinstance(separator, str) or separator not in _SEPARATORS:
        line.readable = False
    elif rest:
        steps = rest[0::2]  # "Investigate → Mitigate → Write postmortem": names between arrows
        arrows = rest[1::2]
        if all(isinstance(s, Span) and s.kind == "node" for s in steps) and len(arrows) == len(steps) - 1 \
                and all(isinstance(a, str) and a in _CHAIN_ARROWS for a in arrows):
            line.step, line.chain = steps[0].key, tuple(s.key for s in steps[1:])  # type: ignore[union-attr]
        line.readable = line.step is not None
    else:
        line.readable = separator == ":"  # "- no" or "- no:" alone: its step is nested under it
    return line


def decision_outline_edges(tokens: list[Token], spans: list[Span]) -> list[tuple[str, str, set[str]]] | None:
    """The edges of a nested decision tree (two or more levels of rows), None unless the intent is
    one. A tree whose shape or items it cannot follow is refused, never guessed."""
    lines = outline_lines(tokens, spans)
    nodes = {span.key: span.label for span in spans if span.kind == "node"}  # for the reasons' wording
    if lines is None or any(not pieces for _, pieces in lines):
        return None
    items = [_line(level, pieces) for level, pieces in lines]
    if not _nested_rows(items):
        return None  # a plain outline, or one level of rows: a case outline (flow_check.case_outline_edges)
    unread = next((line for line in items if not line.readable), None)
    if unread is not None:
        raise EngineRefusal("UNREADABLE_RELATION", "I could not read one item of the decision tree as a step, a "
                                                   "question or an answer. Write each on a line of its own, an "
                                                   "answer under its question, e.g. '- Is it urgent?' with "
                                                   "'  - yes: page on-call' and '  - no: open a ticket' under it.")
    edges: list[tuple[str, str, set[str]]] = []
    stack: list[_Line] = []
    last_top: str | None = None
    branched = False
    for line in items:
        while stack and stack[-1].level >= line.level:
            stack.pop()
        parent = stack[-1] if stack else None
        if parent is None:
            if line.labels is not None or branched:
                _unreadable(line, nodes)
            if last_top is not None:
                edges.append((last_top, line.step, set()))  # type: ignore[arg-type]
            last_top = line.step
        elif parent.labels is not None and parent.step is None:
            if line.labels is not None:  # "- no:" with a row under it: an answer to what?
                _unreadable(line, nodes)
            parent.step = line.step
            edges.append((stack[-2].step, line.step, parent.labels))  # type: ignore[arg-type]
        elif line.labels is None and parent.last is not None and line.step is not None:
            edges.append((parent.last, line.step, set()))  # the step after the answer's (or the item's) step
        else:
            if line.labels is None or parent.last is None:
                _unreadable(line, nodes)
            branched = True
            if line.step is not None:
                edges.append((parent.last, line.step, line.labels))
                steps = (line.step, *line.chain)
                edges.extend((a, b, set()) for a, b in zip(steps, steps[1:], strict=False))
        stack.append(line)
    dangling = next((line for line in items if line.labels is not None and line.step is None), None)
    if dangling is not None:
        raise EngineRefusal("UNREADABLE_RELATION", f"The answer '{sorted(dangling.labels or [''])[0]}' "
                                                   "has no step after it or under it. Write its step after it, e.g. "
                                                   "'- no: open a ticket'.")
    return edges


def _nested_rows(items: list[_Line]) -> bool:
    """Whether a row sits under another row (an answer's step has answers of its own), or an item
    under an answer with nothing after it: only then do the rows make a tree the nesting must place."""
    for index, line in enumerate(items):
        parent = next((p for p in reversed(items[:index]) if p.level < line.level), None)
        if parent is not None and parent.labels is not None:
            return True  # a row, or any item, nested under a row
    return False


def decision_questions(tokens: list[Token], spans: list[Span]) -> set[str]:
    """The questions of a nested decision tree: each is a whole item the answers under it branch
    from ("Is it after hours?" asks about a condition; it is no condition swallowed into a step)."""
    return {tail for tail, _, labels in decision_outline_edges(tokens, spans) or [] if labels}


def refuse_unlabelled_answers(tokens: list[Token], spans: list[Span], drawn: dict[tuple[str, str], str]) -> None:
    """In a nested decision tree every answer is on its own edge: an answer dropped or drawn on
    another edge leaves the branches unlabelled, and which way is "yes" is lost."""
    edges = decision_outline_edges(tokens, spans)
    nodes = {span.key: span.label for span in spans if span.kind == "node"}
    for tail, head, labels in edges or []:
        if (tail, head) in drawn and labels and drawn[(tail, head)] not in labels:
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place the answer '{sorted(labels)[0]}' on the way "
                                                      f"from '{nodes.get(tail, tail)}' to '{nodes.get(head, head)}'. "
                                                      "Draw it as that edge's label.")


def _unreadable(line: _Line, nodes: dict[str, str]) -> NoReturn:
    """Inside a nested decision tree, an item the nesting does not place is refused, never guessed."""
    named = nodes.get(line.step or "", line.step or "an answer")
    raise EngineRefusal("UNREADABLE_RELATION", f"I could not tell which question '{named}' answers from its "
                                               "indentation. Nest each answer under its question, e.g. "
                                               "'- Is it urgent?' with '  - yes: page on-call' under it; a step "
                                               "after the whole tree needs its own question or answer.")
