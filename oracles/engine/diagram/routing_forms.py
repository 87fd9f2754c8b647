"""The drafter's reading of cases routed in a sentence after a deciding step, said as the case list the
case-list reader reads (case_lists.py; the check reads it apart, routing_normal.py):

    "detect language; English goes to the EN team, Spanish to the ES team, anything else to machine
    translation."  →  "detect language: English -> EN team, Spanish -> ES team, anything else -> machine
    translation."

The step opens with a deciding verb (check, detect, classify, route …) and ends at ";", ":" or a full
stop; the first case says where it goes ("goes to", "is sent to", "lands in" …) and the cases after it
may keep only the verb's last word ("Spanish to …"). Each case is one to three words, each target a few
words with no second step in it, and the cases end the intent; else the intent is left as written."""

from __future__ import annotations

import re

from .case_words import DECIDING_VERBS
from .routing_words import ARTICLES, CASE_MAX_WORDS, NOT_A_CASE, NOT_A_TARGET, ROUTING_VERBS, TARGET_MAX_WORDS


def _split_at_verb(piece: str, verbs: tuple[str, ...]) -> tuple[str, str, str] | None:
    """(case, verb, target) of "English goes to the EN team", the verb the first of `verbs` found."""
    words = piece.split()
    lowered = [w.lower() for w in words]
    for start in range(1, len(words)):
        for verb in verbs:
            size = len(verb.split())
            if lowered[start:start + size] == verb.split() and start + size < len(words):
                return " ".join(words[:start]), verb, " ".join(words[start + size:])
    return None


def _case_rows(text: str) -> list[tuple[str, str]] | None:
    if any(mark in text.strip().rstrip(".") for mark in ".;:\n"):
        return None  # a sentence after the cases: they do not end the intent
    pieces = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text.strip().rstrip(".").strip()) if p.strip()]
    if len(pieces) < 2:
        return None
    first = _split_at_verb(pieces[0], tuple(sorted(ROUTING_VERBS, key=len, reverse=True)))
    if first is None:
        return None
    gapped = (*ROUTING_VERBS, first[1].split()[-1])  # "Spanish to the ES team": the verb's last word alone
    rows: list[tuple[str, str]] = []
    for index, piece in enumerate(pieces):
        parts = first if index == 0 else _split_at_verb(piece, gapped)
        if parts is None:
            return None
        case, _, target = parts
        target_words = target.split()
        if target_words and target_words[0].lower() in ARTICLES:
            target_words = target_words[1:]
        if not target_words or len(target_words) > TARGET_MAX_WORDS or any(w.lower() in NOT_A_TARGET for w in target_words):
            return None
        if len(case.split()) > CASE_MAX_WORDS or any(w.lower() in NOT_A_CASE for w in case.split()):
            return None
        rows.append((case, " ".join(target_words)))
    return rows


def routed_cases_as_list(text: str) -> str:
    """ "check X; a goes to A, b to B" → "check X: a -> A, b -> B"; else the text as it is."""
    ends = [i for i, ch in enumerate(text) if ch in ";:." and text[i + 1:i + 2].isspace()]
    for end in reversed(ends):  # the last stop before the rows that leaves a deciding step before it
        begin = max((i for i in ends if i < end), default=-1) + 1
        step = text[begin:end].strip()
        if "\n" in step:
            step = step.rsplit("\n", 1)[1].strip()
            begin = text.rindex(step, 0, end)
        words = step.lower().split()
        if not 2 <= len(words) <= 5 or words[0] not in DECIDING_VERBS:
            continue
        rows = _case_rows(text[end + 1:])
        if rows is None:
            return text
        lead = text[:begin] + text[begin:end][: len(text[begin:end]) - len(text[begin:end].lstrip())]
        return f"{lead}{step}: " + ", ".join(f"{case} -> {target}" for case, target in rows) + "."
    return text
