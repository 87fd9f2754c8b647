"""The drafter's reading of a multi-way decision written as one list of cases after its question:

    severity? P1 -> page oncall, P2 -> create ticket for today, P3 -> add to backlog
    got a response, check status code: 2xx parse body, 4xx log client err, 5xx retry later

The steps before the "?" or ":" are a sequence (split at commas or arrows); the last one is the
decision, and each case row ("P1 -> page oncall", "gold: priority queue", "2xx parse body") branches
from it with the case on its edge. A case is one to three words; it may go without an arrow or colon
only when it is a code ("2xx", "404", "P1"). A short title before a deciding step ("Ticket routing,
roughly: check the plan. …", its last word naming a drawing or rules) is left out. Every row is written the same way, and there are at least
two. One step alone before a ":" is a decision only when it opens with a deciding verb ("check severity:
critical -> page oncall, minor -> ticket"; case_words.DECIDING_VERBS), its rows going on on the same
line; else it may be a heading. Such a
step may also end on its full stop when the intent has no "?" or ":" and every row has its arrow ("check
the plan. Enterprise → priority queue, Pro → standard queue"). The last row, and only the last, may be the default written with an "otherwise" word ("otherwise ->
backlog", "anything else: machine translation"; case_words.ELSE_CASES): the rest of the cases, drawn
with that word on its edge. None unless the whole intent is exactly that. The check reads the same form on its own
(case_list_check.py)."""

from __future__ import annotations

import re

from .case_words import CASE_TITLE_HEDGES, CASE_TITLE_MAX_WORDS, CASE_TITLE_NOUNS, deciding_lead, else_case

_ARROW = r"(?:-{1,2}>|—>|–>|=>|→|⟶|➜|➔|⇒)"
# the lead: the steps, then the "?" or ":" that opens the cases
_LEAD_RE = re.compile(r"^(?P<lead>[^?:;\n]{1,120}?)\s*(?P<mark>\?|:)\s+(?P<rows>\S.*)$", re.DOTALL)
# the lead as a sentence of its own, without "?" or ":": one step, then its full stop
_DOT_LEAD_RE = re.compile(r"^(?P<lead>[^.,;\n]{1,120}?)(?P<mark>\.)\s+(?P<rows>\S.*)$", re.DOTALL)
_STEP_SPLIT_RE = re.compile(rf"\s*(?:,\s*(?:then\s+)?|{_ARROW})\s*")
_ROW_SPLIT_RE = re.compile(r"\s*(?:[,;]|\.(?=\s)|\n)\s*")
# a case: one to three words of letters, digits and signs; never a sentence
_CASE = r"[\w$€£%<>≥≤.+-]+(?:\s+[\w$€£%<>≥≤.+-]+){0,2}?"
_ROW_RE = re.compile(rf"^(?P<cond>{_CASE})\s*(?P<sep>{_ARROW}|:)\s*(?P<step>[^:→>]+?)$")
# a code that may stand before its step with only a space: "2xx", "404", "5XX", "P1"
CODE_RE = re.compile(r"^(?:\d{1,3}[xX]{0,2}|[A-Z]\d{1,2})$")
_BARE_ROW_RE = re.compile(r"^(?P<cond>\S+)\s+(?P<step>[^:→>]+?)$")
_ANSWERS = frozenset({"yes", "no", "true", "false", "y", "n"})
_CONDITION_WORDS = re.compile(r"\b(?:if|when|whenever|unless|then|otherwise|else|and|or)\b", re.IGNORECASE)
_STEP_MAX_WORDS = 7
# "Ticket routing, roughly: check the plan. …": a title before the list's step, ended by its colon
_TITLE_RE = re.compile(r"^(?P<title>[^:?,.;\n→>]{1,60}?)(?:,\s*(?P<hedge>\w+))?\s*:\s+(?=\S)")


def _without_title(text: str) -> str:
    """The text after a short title whose last word names a drawing or rules ("Ticket routing:"), when
    a deciding step follows it; else the text as it is."""
    title = _TITLE_RE.match(text)
    if title is None:
        return text
    words = title.group("title").casefold().split()
    hedge = title.group("hedge")
    if not words or len(words) > CASE_TITLE_MAX_WORDS or words[-1] not in CASE_TITLE_NOUNS \
            or (hedge is not None and hedge.casefold() not in CASE_TITLE_HEDGES):
        return text
    rest = text[title.end():]
    lead = re.match(r"[^.:?\n]+", rest)
    return rest if lead is not None and deciding_lead(lead.group(0).strip()) else text


def case_list(intent: str) -> tuple[list[str], list[tuple[str, str]]] | None:
    """(steps in order, [(case, step)]) of a case list after a question or a colon; None unless the
    intent is exactly one."""
    text = _without_title(intent.strip().rstrip("."))
    lead = _LEAD_RE.match(text)
    if lead is None and "?" not in text and ":" not in text:
        # "check the plan. Enterprise → priority queue, …": a deciding step as a sentence of its own
        lead = _DOT_LEAD_RE.match(text)
        if lead is None or not deciding_lead(lead.group("lead")):
            return None
    if lead is None:
        return None
    steps = [s.strip() for s in _STEP_SPLIT_RE.split(lead.group("lead").strip())]
    if not steps or any(not s or len(s.split()) > _STEP_MAX_WORDS or _CONDITION_WORDS.search(s) for s in steps):
        return None
    if lead.group("mark") == "?":
        steps[-1] += "?"  # the decision keeps its question mark
    elif len(steps) == 1 and (not deciding_lead(steps[0]) or "\n" in text[lead.end("mark"):lead.start("rows")]):
        return None  # "severity: …" alone may be a heading over the rows (as the check reads it)
    pieces = [p for p in _ROW_SPLIT_RE.split(lead.group("rows")) if p]
    if len(pieces) < 2:
        return None
    rows: list[tuple[str, str]] = []
    separators: set[str] = set()
    for piece in pieces:
        row = _ROW_RE.match(piece)
        if row is not None:
            separators.add(":" if row.group("sep") == ":" else "->")
        else:
            row = _BARE_ROW_RE.match(piece)
            if row is None or not CODE_RE.match(row.group("cond")):
                return None
            separators.add(" ")
        cond, step = row.group("cond").strip(), row.group("step").strip()
        if else_case(cond) and (piece is not pieces[-1] or row.re is _BARE_ROW_RE):
            return None  # "otherwise" is the last case, written with its arrow or colon
        if cond.casefold() in _ANSWERS or not step or len(step.split()) > _STEP_MAX_WORDS or _CONDITION_WORDS.search(step):
            return None
        rows.append((cond, step))
    if len(separators) != 1 or (lead.group("mark") == ":" and separators == {":"}) or \
            (lead.group("mark") == "." and separators != {"->"}):
        return None  # rows written two ways; "a: b: c" is no case list
    if len({c.casefold() for c, _ in rows}) != len(rows):
        return None
    return steps, rows
