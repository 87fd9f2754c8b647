"""A relative clause between a sentence's subject and its verb: "The order service, which writes to the
orders table, notifies the warehouse", "The clerk, who checks the form, sends it to the manager".

The clause says something of the subject on its own; it is read as a sentence of its own with that
subject, before the sentence it sat in:

    The order service writes to the orders table. The order service notifies the warehouse.

A clause that states a relation then draws it; one that only describes the subject ("who checks the
form", "which terminates TLS") names no second part, so its words are content the drawing must place
and the answer is refused, never silently dropped. Only a clause set off by two commas right after a
short subject at the start of a sentence is rewritten; a clause after an object ("…, which forwards
to the app") is read where it stands by both readers already.

Read alike by the drafter (reading.py, before its cascade) and the check's normal form.
"""

from __future__ import annotations

import re

from .vocabulary import NOT_CONTENT

SUBJECT_MAX_WORDS = 5
# words a subject's name never holds: verbs, prepositions, pronouns ("the web app calls the API" is a
# clause, not a subject); determiners may open it
_NOT_IN_SUBJECT = NOT_CONTENT["anywhere"] - {"the", "a", "an", "our", "my", "their", "this", "its", "his", "her", "your"}
# the subject: a short noun phrase opening a sentence (after a heading's colon or a sentence's end)
_EMBEDDED_RE = re.compile(
    r"(?P<lead>^|(?<=[.;:!?\n])\s*)(?P<subject>(?:the|a|an|our|my|their|this)\s+[^,;:.!?\n]{1,60}?|[A-Z][^,;:.!?\n]{0,60}?)"
    r",\s+(?:which|who|that)\s+(?P<clause>[^,;:.!?\n]{3,100}?),\s+(?P<main>(?!and\b|or\b|but\b|the\b|a\b|an\b)[a-z][^.;!?\n]*)",
)


def _subject(text: str) -> bool:
    words = [w.casefold() for w in re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", text)]
    return 0 < len(words) <= SUBJECT_MAX_WORDS and not set(words) & _NOT_IN_SUBJECT


def relative_clauses_apart(intent: str) -> str:
    """ "S, which R, M" at a sentence's start → "S R. S M"; other text as written."""
    def apart(match: re.Match[str]) -> str:
        subject = match.group("subject").strip()
        if not _subject(subject):
            return match.group(0)
        said = subject[0].upper() + subject[1:]
        return f"{match.group('lead')}{said} {match.group('clause').strip()}. {said} {match.group('main')}"

    return _EMBEDDED_RE.sub(apart, intent)
