"""The check's normal form for cases routed in a sentence after a deciding step (applied by
normal_forms.normal_form; the drafter reads it apart, routing_forms.py):

    "detect language; English goes to the EN team, Spanish to the ES team, anything else to machine
    translation."  →  "detect language: English -> EN team, Spanish -> ES team, anything else -> machine
    translation."

The step opens with a verb that sorts what comes in (check, detect, classify, route …;
case_words.DECIDING_VERBS) and ends at ";", ":" or a full stop; the first case says the verb ("goes to",
"is sent to", "lands in" …), the cases after it may keep only its last word ("Spanish to …"). Each
case is one to three words, each target a few words with no second step in it ("and", "then", "if" …),
and the cases end the intent. The result is the case list that case_list_check.py reads; anything
else is left as written.
"""

from __future__ import annotations

import re

from .case_words import DECIDING_VERBS
from .routing_words import ARTICLES, CASE_MAX_WORDS, NOT_A_CASE, NOT_A_TARGET, ROUTING_VERBS, TARGET_MAX_WORDS

_VERBS = "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in sorted(ROUTING_VERBS, key=len, reverse=True))
_STEP_THEN_ROWS = re.compile(r"(?P<step>[^.;:\n]+?)\s*[.;:]\s+(?P<rows>[^.;:\n]+?)\s*\.?\s*$")
_FIRST_ROW = re.compile(rf"^(?P<case>.+?)\s+(?P<verb>{_VERBS})\s+(?P<target>.+)$", re.IGNORECASE)
_ROW_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


def _target(text: str) -> str | None:
    words = text.split()
    if words and words[0].casefold() in ARTICLES:
        words = words[1:]
    if not words or len(words) > TARGET_MAX_WORDS or {w.casefold() for w in words} & NOT_A_TARGET:
        return None
    return " ".join(words)


def _rows(text: str) -> list[tuple[str, str]] | None:
    pieces = _ROW_SPLIT.split(text)
    first = _FIRST_ROW.match(pieces[0])
    if first is None or len(pieces) < 2:
        return None
    preposition = first.group("verb").split()[-1].casefold()
    gapped = re.compile(rf"^(?P<case>.+?)\s+(?:(?:{_VERBS})|{preposition})\s+(?P<target>.+)$", re.IGNORECASE)
    rows = []
    for number, piece in enumerate(pieces):
        row = first if number == 0 else gapped.match(piece)
        if row is None:
            return None
        case, target = row.group("case").strip(), _target(row.group("target"))
        if target is None or not 1 <= len(case.split()) <= CASE_MAX_WORDS or set(case.casefold().split()) & NOT_A_CASE:
            return None
        rows.append((case, target))
    return rows


def routing_normal_form(intent: str) -> str:
    """The intent with routed cases written as a case list after their deciding step, or unchanged."""
    found = _STEP_THEN_ROWS.search(intent)
    if found is None:
        return intent
    step = found.group("step").strip()
    space = found.group("step")[: len(found.group("step")) - len(found.group("step").lstrip())]
    words = step.casefold().split()
    if not 2 <= len(words) <= 5 or words[0] not in DECIDING_VERBS:
        return intent
    rows = _rows(found.group("rows"))
    if rows is None:
        return intent
    said = ", ".join(f"{case} -> {target}" for case, target in rows)
    return f"{intent[:found.start('step')]}{space}{step}: {said}."
