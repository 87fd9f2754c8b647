"""The check's normal form for an if / else-if / else chain written like code with no step before it
(applied by normal_forms.normal_form; the drafter reads it apart, code_branch_forms.py):

    if temp > 30: turn on AC          grade flow: score >= 90 -> A; else if score >= 80 -> B; else -> F
    else: open window                 if (cpu > 90%) scale_out() / else scale_in()  (one line each)

Nothing leads into the chain, so each condition is a question of its own: "temp > 30? yes -> turn
on AC; no -> open window", an "else if" asked on the way "no" of the question before it. A Python
block ("if x:" over its indented step, in a ``` fence or not) reads alike, and the first "if" may be
left out when an "else" follows ("score >= 90 -> A; else -> F").

Only a whole intent in this form is rewritten: an optional title ending in a word like "flow",
"logic" or "diagram" (not "starting from X:", which names the step the chain leaves), then the
chain. A branch that holds two steps ("and", "then", a second arrow), a second plain "if", a chain
without its final "else", or any other text leaves the intent as written (and refused as before).
"""

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

_FENCE = re.compile(r"^\s*```[\w+-]*\s*$", re.MULTILINE)
# a title before a colon, or alone on the first line ("Alarm logic" over the chain)
_TITLE = re.compile(r"^\s*(?P<title>[^:\n]{1,60}?)\s*(?::\s*(?=\S)|\n\s*)")
_KEYWORD = "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in (*ELSE_IF_WORDS, *ELSE_WORDS, *IF_WORDS)),
                           key=len, reverse=True))
# a branch opens at the start of the text, of a line, or after ";" / ","
_BRANCH_START = re.compile(rf"(?:^|[\n;,])[ \t]*(?=(?:{_KEYWORD})\b)", re.IGNORECASE)
_OPENER = re.compile(rf"^\s*(?P<kw>{_KEYWORD})\b\s*", re.IGNORECASE)
_SEPARATOR = re.compile(r"\s*(?::|->|→|=>)\s*")
_ARROWS = re.compile(r"->|→|=>|:")
_WORD = re.compile(r"[\w'’]+")
_BODY_MAX_WORDS = 8
_CONDITION_MAX_WORDS = 10


def _kind(keyword: str) -> str:
    word = " ".join(keyword.casefold().split())
    return "if" if word in IF_WORDS else "elif" if word in ELSE_IF_WORDS else "else"


def _one_step(text: str) -> str | None:
    """The branch's step: one short line with no arrow and no word that joins two steps."""
    step = text.strip().rstrip(";,.").strip()
    words = [w.casefold() for w in _WORD.findall(step)]
    if not step or "\n" in step or ";" in step or _ARROWS.search(step) or len(words) > _BODY_MAX_WORDS or set(words) & BODY_JOINERS:
        return None
    return step


def _condition_and_step(text: str) -> tuple[str, str] | None:
    """ "(cpu > 90%) scale_out()" or "temp > 30: turn on AC" / "score >= 90 -> A"."""
    text = text.strip()
    if text.startswith("("):
        close = text.find(")")
        condition, rest = text[1:close], text[close + 1:] if close > 0 else ""
        rest = re.sub(r"^\s*(?::|->|→|=>)", "", rest)
    else:
        separator = _SEPARATOR.search(text)
        if separator is None:
            return None
        condition, rest = text[:separator.start()], text[separator.end():]
    condition, step = condition.strip(), _one_step(rest)
    if not condition or step is None or _ARROWS.search(condition) or "(" in condition and ")" not in condition \
            or len(_WORD.findall(condition)) > _CONDITION_MAX_WORDS or re.search(r"[;,]", condition) \
            or {w.casefold() for w in _WORD.findall(condition)} & NOT_IN_CONDITION:
        return None
    return condition, step


def _chain(body: str) -> list[tuple[str | None, str]] | None:
    """(condition, step) per branch, the last one's condition None (its "else"), or None."""
    pieces = [p for p in _BRANCH_START.split(body) if p.strip()]
    branches: list[tuple[str | None, str]] = []
    for number, piece in enumerate(pieces):
        opener = _OPENER.match(piece)
        kind = _kind(opener.group("kw")) if opener else None
        rest = piece[opener.end():] if opener else piece
        if kind is None and number > 0 or kind == "if" and number > 0 or kind == "elif" and number == 0:
            return None  # text between branches, a second plain "if", an "else if" with nothing before it
        if kind == "else":
            step = _one_step(re.sub(r"^\s*(?::|->|→|=>)", "", rest))
            if step is None or number != len(pieces) - 1 or number == 0:
                return None
            branches.append((None, step))
            continue
        pair = _condition_and_step(rest)
        if pair is None or kind is None and not any(sign in pair[0] for sign in COMPARISON_SIGNS):
            return None  # "validate -> save; else -> error": a step before the chain, not a question
        branches.append(pair)
    if len(branches) < 2 or branches[-1][0] is not None:
        return None
    return branches


def _question(condition: str) -> str:
    return condition if condition.endswith("?") else condition + "?"


_HEAD_TITLE = re.compile(r"^\s*[^:\n]*?\b(?:" + "|".join(p.replace(" ", r"\s+") for p in HEAD_PHRASES)
                         + r")\s+(?P<head>[^:\n]+?)\s*:\s*\n", re.IGNORECASE)


def _from_named_head(text: str) -> str | None:
    """ "flowchart starting from poll():" over a chain → "poll()" over "if C: S" / "else if C: S" /
    "else: S" lines, the form the sentence reading reads as ways out of that step."""
    titled = _HEAD_TITLE.match(text)
    if titled is None or len(_WORD.findall(titled.group("head"))) > HEAD_MAX_WORDS:
        return None
    branches = _chain(text[titled.end():])
    if branches is None:
        return None
    lines = [titled.group("head").strip()]
    for number, (condition, step) in enumerate(branches):
        opener = "else" if condition is None else "if" if number == 0 else "else if"
        lines.append(f"{opener}: {step}" if condition is None else f"{opener} {condition}: {step}")
    return "\n".join(lines)


def code_branch_normal_form(intent: str) -> str:
    """The intent as a chain of questions with their yes/no answers (or, under a title naming the step it
    starts from, as that step's ways out), or unchanged."""
    text = _FENCE.sub("", intent).strip()
    headed = _from_named_head(text)
    if headed is not None:
        return headed
    title = _TITLE.match(text)
    lead = ""
    if title is not None:
        words = [w.casefold() for w in _WORD.findall(title.group("title"))]
        if words and words[-1] in TITLE_NOUNS and len(words) <= 6 and not set(words) & (TITLE_STEP_WORDS | {"if", "else"}):
            lead, text = title.group("title") + ": ", text[title.end():]
    branches = _chain(text)
    if branches is None:
        return intent
    said = ""
    for condition, step in reversed(branches):  # from the last "else" back to the first question
        said = step if condition is None else f"{_question(condition)} {YES} -> {step}; {NO} -> {said}"
    return lead + said
