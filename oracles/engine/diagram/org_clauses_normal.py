"""The check's own reading of org-chart wordings (words in org_clauses_words.py; the drafter reads them in
org_clauses_forms.py and hierarchy.py):

- "Sam reports to Jonas, and Noor and Felix report to Lea." → "Sam reports to Jonas. Noor and Felix report to
  Lea." — a second reporting line after ", and", whose subject is two capitalised names joined by "and";
- "The three shift leads - Omar, Wei and Jess - all report to her." → "Omar, Wei and Jess report to her." —
  only when the count is the number of capitalised names between the dashes (the group is those names);
- "Maria manages Tom and Aisha, both team leads." → "Maria manages Tom and Aisha." — only after a downward
  verb and two capitalised names (a bracketed note each allowed), the note plural lowercase words;
- "Teachers of math and physics (Mrs. Weber, Mr. Wolf) are under Mrs. Braun." → "Mrs. Weber and Mr. Wolf are under
  Mrs. Braun." — the role's first word capitalised, the rest lowercase, its head a person's noun; every bracketed
  item a capitalised name (a title may open it); "are …" with two names or more, "is …" with one;
- "Support org: Lena runs Support." → "Support org: Lena runs support." — the unit the heading names, run by
  a person (the opening sentence after the heading only), is what the chart is of.

Read word by word.
"""

from __future__ import annotations

import re

from .appositives import PERSON_NOUN_RE
from .org_clauses_words import (
    BOTH_WORDS,
    COUNT_ARTICLES,
    COUNTS,
    DOWN_VERBS,
    GATHER_WORDS,
    HEADING_NOUNS,
    PLURAL_UP,
    RUN_VERBS,
    SINGULAR_UP,
    UP_VERBS,
)


def _capitalised_name(words: list[str]) -> bool:
    return 0 < len(words) <= 2 and all(w[:1].isupper() and w.replace("-", "").replace("'", "").isalpha() for w in words)


def _second_line(rest: str) -> bool:
    """ "Noor and Felix report to Lea": two names and an upward reporting verb."""
    words = rest.split()
    if "and" not in words:
        return False
    first_end = words.index("and")
    first = words[:first_end]
    after = words[first_end + 1:]
    for size in (1, 2):
        second, tail = after[:size], after[size:]
        if tail and tail[0].casefold() in GATHER_WORDS:
            tail = tail[1:]
        if (_capitalised_name(first) and _capitalised_name(second) and len(tail) >= 2
                and tail[0] in UP_VERBS and tail[1] == "to"):
            return True
    return False


def split_reporting_clauses(intent: str) -> str:
    """ "A reports to B, and C and D report to E" → "A reports to B. C and D report to E"."""
    pieces = intent.split(", and ")
    if len(pieces) == 1:
        return intent
    out = pieces[0]
    for piece in pieces[1:]:
        before_words = out.split()
        said_up = len(before_words) >= 3 and any(w in UP_VERBS for w in before_words[-6:])
        out += (". " if said_up and _second_line(piece) else ", and ") + piece
    return out


def _listed_names(text: str) -> list[str] | None:
    """ "Omar, Wei and Jess" → the names; None when an item is not a capitalised name."""
    items = [item.strip() for part in text.split(",") for item in part.split(" and ")]
    items = [item for item in items if item]
    return items if items and all(_capitalised_name(item.split()) for item in items) else None


def _dashed_group(sentence: str) -> str:
    """ "The three shift leads - Omar, Wei and Jess - all report to her" → "Omar, Wei and Jess report to her"."""
    for dash in (" - ", " – ", " — "):
        parts = sentence.split(dash)
        if len(parts) != 3:
            continue
        group, listed, rest = parts
        words = group.split()
        if len(words) < 2:
            continue
        count_at = 1 if words[0].casefold() in COUNT_ARTICLES else 0
        if count_at >= len(words) or words[count_at].casefold() not in COUNTS or len(words) - count_at > 4:
            continue
        names = _listed_names(listed)
        if names is None or len(names) != COUNTS[words[count_at].casefold()]:
            continue
        rest_words = rest.split()
        if rest_words and rest_words[0].casefold() in GATHER_WORDS:
            rest_words = rest_words[1:]
        if len(rest_words) < 3 or rest_words[0] not in UP_VERBS or rest_words[1] != "to":
            continue
        return f"{listed.strip()} {' '.join(rest_words)}"
    return sentence


def _both_note(sentence: str) -> str:
    """ "Maria manages Tom and Aisha, both team leads." → "Maria manages Tom and Aisha."."""
    body = sentence.rstrip()
    stop = body[-1:] if body[-1:] in ".;" else ""
    body = body[: len(body) - len(stop)]
    line, comma, note = body.rpartition(", ")
    note_words = note.split()
    if (not comma or not 2 <= len(note_words) <= 4 or note_words[0] not in BOTH_WORDS
            or not all(w.islower() and w.replace("-", "").isalpha() for w in note_words[1:]) or not note_words[-1].endswith("s")):
        return sentence
    words = re.sub(r"\s*\([^()]{1,30}\)", "", line).split()
    if "and" not in words:
        return sentence
    at = len(words) - 1 - words[::-1].index("and")
    second = words[at + 1:]
    verb_at = next((i for i in range(at - 1, -1, -1) if words[i] in DOWN_VERBS), None)
    if verb_at is None or not _capitalised_name(words[verb_at + 1:at]) or not _capitalised_name(second):
        return sentence
    return line + stop + sentence[len(sentence.rstrip()):]


_TITLES = ("Dr.", "Mr.", "Mrs.", "Ms.", "Prof.")


def _titled_name(item: str) -> bool:
    words = item.split()
    if words and words[0] in _TITLES:
        words = words[1:]
    return _capitalised_name(words)


def _role_before_names(sentence: str) -> str:
    """ "Teachers of math (Mrs. Weber, Mr. Wolf) are under Mrs. Braun." → "Mrs. Weber and Mr. Wolf are under Mrs. Braun."."""
    role, bracket, rest = sentence.partition(" (")
    names_text, closing, after = rest.partition(") ")
    if not bracket or not closing or "(" in names_text:
        return sentence
    heading, colon, role = role.rpartition(": ")  # "Org chart: Teachers of math (…) are under …"
    lead = heading + colon
    role_words = role.split()
    if (not 1 <= len(role_words) <= 6 or not role_words[0][:1].isupper() or not role_words[0][1:].islower()
            or not all(w.islower() for w in role_words[1:])):
        return sentence
    head = role.split(" of ")[0].split()[-1].casefold()
    if not PERSON_NOUN_RE.search(head.removesuffix("s")):
        return sentence
    names = names_text.split(", ")
    if not all(_titled_name(name) for name in names):
        return sentence
    verb = next((v for v in PLURAL_UP + SINGULAR_UP if after.startswith(v + " ")), None)
    if verb is None or (len(names) > 1) != (verb in PLURAL_UP):
        return sentence
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{lead}{said} {after}"


def _unit_run(intent: str) -> str:
    """ "Support org: Lena runs Support. …" → "Support org: Lena runs support. …"."""
    head, colon, rest = intent.partition(":")
    head_words = head.split()
    if not colon or not 2 <= len(head_words) <= 3 or head_words[-1].casefold() not in HEADING_NOUNS:
        return intent
    unit = head_words[-2]
    sentence, stop, after = rest.partition(".")
    words = sentence.split()
    if not stop or len(words) != 3 or not _capitalised_name(words[:1]) or words[1] not in RUN_VERBS or words[2] != unit:
        return intent
    return f"{head}{colon}{rest[: len(rest) - len(rest.lstrip())]}{words[0]} {words[1]} {unit.casefold()}.{after}"


def org_clauses_normal_form(intent: str) -> str:
    """The wordings above as the check's canonical forms."""
    # (a title's full stop ends no sentence: "Mrs. Weber")
    pieces = re.split(r"((?<=[.;!?])(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bProf\.)\s+|\n)",
                      split_reporting_clauses(intent))
    return _unit_run("".join(_role_before_names(_both_note(_dashed_group(piece))) for piece in pieces))
