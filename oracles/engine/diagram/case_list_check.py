"""The check's own reading of a multi-way decision written as one list of cases after its question
("severity? P1 -> page oncall, P2 -> create ticket, P3 -> add to backlog", "got a response, check
status code: 2xx parse body, 4xx log client err, 5xx retry later").

Read from the intent's tokens and the drawn phrases placed on them, never from the drafter's reading
(case_lists.py). The intent must be exactly: drawn step names joined by commas or arrows, a "?" or a
":", then two or more rows, each a drawn edge label (the case), an arrow or a colon (nothing for a code
such as "2xx" or "P1"), and one drawn step name, the rows parted by commas, semicolons, full stops or new lines.
The steps are a sequence; every row branches from the last step, its case on the edge. The last row,
and only the last, may be the default ("otherwise -> backlog", "anything else: translate"), with its
arrow or colon. One step alone before a ":" is the decision only when it opens with a deciding verb
("check severity: …"); with no "?" or ":" in the intent, such a step may end on its full stop when
every row has its arrow ("check the plan. Enterprise → priority queue, …"). A short title before
that step ("Ticket routing: check the plan. …", its last word naming a drawing or rules) is left out.
None otherwise.
"""

from __future__ import annotations

import re

from .case_words import CASE_TITLE_HEDGES, CASE_TITLE_MAX_WORDS, CASE_TITLE_NOUNS, deciding_lead, else_case
from .vocabulary import _INNER_PUNCT, Span, Token

_ARROWS = frozenset({"->", "-->", "→", "=>", "⟶", "➜", "➔", "⇒", "—>", "–>"})
_ROW_BREAKS = frozenset({",", ";", ".", "\n"})
_CODE_RE = re.compile(r"^(?:\d{1,3}[xX]{0,2}|[A-Z]\d{1,2})$")
_ANSWERS = frozenset({"yes", "no", "true", "false", "y", "n"})

Piece = Span | str


def _pieces(tokens: list[Token], spans: list[Span]) -> list[Piece] | None:
    at = {span.start: span for span in spans}
    out: list[Piece] = []
    position = 0
    while position < len(tokens):
        span = at.get(position)
        if span is not None:
            out.append(span)
            position = span.end
            continue
        token = tokens[position]
        if token.kind == "marker":
            return None
        if token.kind == "arrow":
            out.append("->")
        elif token.kind == "nl":
            out.append("\n")
        elif token.kind == "word" and token.text.casefold() == "then" and out and out[-1] == ",":
            pass  # "a, then b": the comma already joins them
        elif not (token.kind == "punct" and token.text in _INNER_PUNCT):
            out.append(token.text if token.kind != "word" else "@" + token.text.casefold())
        position += 1
    while out and out[-1] in (".", "\n"):
        out.pop()
    return out


def _untitled(pieces: list[Piece]) -> list[Piece]:
    """The pieces after a title of a few undrawn words ending in a word that names a drawing or rules
    ("Ticket routing:", "Ticket routing, roughly:"), when the list's deciding step follows its colon."""
    colon = next((i for i, p in enumerate(pieces) if p == ":"), None)
    if colon is None or colon + 1 >= len(pieces):
        return pieces
    head = pieces[:colon]
    if len(head) >= 3 and head[-2] == "," and isinstance(head[-1], str) and head[-1][1:] in CASE_TITLE_HEDGES:
        head = head[:-2]  # the hedge before the colon says how exact the rules are, nothing to draw
    if not head or len(head) > CASE_TITLE_MAX_WORDS or not all(isinstance(p, str) and p.startswith("@") for p in head):
        return pieces
    after = pieces[colon + 1]
    if str(head[-1])[1:] not in CASE_TITLE_NOUNS or not (isinstance(after, Span) and after.kind == "node"
                                                         and deciding_lead(after.label)):
        return pieces
    return pieces[colon + 1:]


def case_list_default(tokens: list[Token], spans: list[Span]) -> bool:
    """Whether the intent is exactly a case list whose last row is the default ("…, otherwise -> backlog"):
    that "otherwise" answers the list's own question, whatever cases stand before it."""
    return default_last(case_list_edges(tokens, spans))


def default_last(edges: list[tuple[str, str, set[str]]] | None) -> bool:
    """Whether the last of a list's case edges, and only the last, is the default ("else → backlog")."""
    if not edges or not any(else_case(label) for label in edges[-1][2]):
        return False
    return not any(else_case(label) for _, _, labels in edges[:-1] for label in labels)


def case_list_edges(tokens: list[Token], spans: list[Span]) -> list[tuple[str, str, set[str]]] | None:
    """The edges of a case list after its question, or None unless the intent is exactly one."""
    pieces = _pieces(tokens, spans)
    if not pieces:
        return None
    pieces = _untitled(pieces)
    mark = next((i for i, p in enumerate(pieces) if p in ("?", ":")), None)
    if mark is None:
        # "check the plan. Enterprise → priority queue, …": one deciding step, its full stop, rows with arrows
        mark = next((i for i, p in enumerate(pieces) if p == "."), None)
        if mark != 1 or not isinstance(pieces[0], Span) or not deciding_lead(pieces[0].label):
            return None
    lead, rest = pieces[:mark], pieces[mark + 1:]
    steps = lead[0::2]
    if not steps or any(not (isinstance(s, Span) and s.kind == "node") for s in steps) \
            or any(j not in (",", "->") for j in lead[1::2]) or len(lead) % 2 == 0:
        return None
    if pieces[mark] == ":" and len(steps) == 1 and not deciding_lead(steps[0].label):  # type: ignore[union-attr]
        return None  # "severity: …" alone may be a heading over the rows; "check severity: …" is the decision
    rows: list[tuple[str, str]] = []
    separators: set[str] = set()
    position = 0
    while position < len(rest):
        case = rest[position]
        if not (isinstance(case, Span) and case.kind == "label") or case.key in _ANSWERS:
            return None
        following = rest[position + 1] if position + 1 < len(rest) else None
        if else_case(case.key) and (following not in ("->", ":") or position + 3 < len(rest)):
            return None  # the default is the last case, with its arrow or colon
        if following in ("->", ":"):
            separators.add(str(following))
            position += 2
        elif _CODE_RE.match(case.label.strip()):
            separators.add(" ")
            position += 1
        else:
            return None
        step = rest[position] if position < len(rest) else None
        if not (isinstance(step, Span) and step.kind == "node"):
            return None
        rows.append((case.key, step.key))
        position += 1
        if position < len(rest):
            if rest[position] not in _ROW_BREAKS:
                return None
            position += 1
            if position >= len(rest):
                return None
    if len(rows) < 2 or len(separators) != 1 or (pieces[mark] == ":" and separators == {":"}) \
            or (pieces[mark] == "." and separators != {"->"}):
        return None
    last = steps[-1].key  # type: ignore[union-attr]
    keys = [s.key for s in steps]  # type: ignore[union-attr]
    edges = [(tail, head, set()) for tail, head in zip(keys, keys[1:], strict=False)]
    return edges + [(last, head, {label}) for label, head in rows]
