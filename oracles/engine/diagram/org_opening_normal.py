"""The check's own reading of two org-chart wordings (words in org_opening_words.py; the drafter reads
them in org_opening_forms.py):

- the opening sentence "The <unit> is headed / led / run by [the <role>,] <Name>." → "<Name> (<role>).",
  the opening that names the top of the chart ("Name." without a role): the unit is what the chart is of;
- "<X>'s direct reports are …" at a sentence's start → "<X> manages …";
- "A <role>, <Name>, <verb> …" at a sentence's start → "The <role>, <Name>, <verb> …" (one person and their role).

Read word by word: the unit's last word must be a unit noun, the role's head a person's noun, every word of
the name capitalised (a title such as "Dr." may open it), and the sentence must end right after the name.
"""

from __future__ import annotations

import re

from .appositives import PERSON_NOUN_RE, REPORTING_RE
from .org_opening_words import DIRECT_REPORTS, LEAD_VERBS, LIST_WORDS, ROLE_ARTICLES, TITLES, UNIT_ARTICLES, UNIT_NOUNS

_MAX_UNIT_WORDS = 4
_MAX_ROLE_WORDS = 5
_MAX_NAME_WORDS = 4


def _first_sentence(text: str) -> tuple[str, str] | None:
    """(the opening sentence without its full stop, the rest from the space after it): a title's stop
    ("Dr.") ends no sentence."""
    position = 0
    while True:
        stop = text.find(".", position)
        if stop < 0 or stop + 1 >= len(text) or not text[stop + 1].isspace():
            return None
        before = text[:stop].split()
        if before and before[-1].casefold() in TITLES:
            position = stop + 1
            continue
        return text[:stop], text[stop + 1:]


def _capitalised_name(words: list[str]) -> bool:
    if words and words[0].rstrip(".").casefold() in TITLES:
        words = words[1:]
    return 0 < len(words) <= _MAX_NAME_WORDS - 1 and all(w[:1].isupper() and re.fullmatch(r"[\w'’-]+", w) for w in words)


def _opening_top(intent: str) -> str | None:
    lead = intent[: len(intent) - len(intent.lstrip())]
    split = _first_sentence(intent.lstrip())
    if split is None:
        return None
    sentence, rest = split
    words = sentence.split()
    if len(words) < 5 or words[0].casefold() not in UNIT_ARTICLES:
        return None
    try:
        verb_at = next(i for i in range(2, len(words) - 2) if words[i] == "is" and words[i + 1].casefold() in LEAD_VERBS
                       and words[i + 2] == "by")
    except StopIteration:
        return None
    unit = words[1:verb_at]
    if not unit or len(unit) > _MAX_UNIT_WORDS or unit[-1].casefold() not in UNIT_NOUNS:
        return None
    after = sentence.split(" by ", 1)[1].strip()
    role = None
    if "," in after:
        role_text, name_text = (part.strip() for part in after.split(",", 1))
        role_words = role_text.split()
        if len(role_words) < 2 or role_words[0].casefold() not in ROLE_ARTICLES or len(role_words) > _MAX_ROLE_WORDS:
            return None
        role = " ".join(role_words[1:])
        head = role.split(" of ")[0].split()[-1]
        if not PERSON_NOUN_RE.search(head.casefold()) or "," in name_text:
            return None
    else:
        name_text = after
    if not _capitalised_name(name_text.split()):
        return None
    return f"{lead}{name_text}{f' ({role})' if role else ''}.{rest}"


def _listed_person(item: str) -> bool:
    """ "Ivan Petrov", "Ivan (platform)", "the Head of Platform (Ivan Petrov)": one person, nothing else."""
    item = item.strip()
    if item.endswith(")") and "(" in item:
        before, inside = item[:-1].split("(", 1)
        before_words = before.split()
        if before_words and before_words[0] == "the":  # "the Head of Platform (Ivan Petrov)": the name is in brackets
            role = [w for w in before_words[1:] if w != "of"]
            return bool(role) and all(w[:1].isupper() for w in role) and _capitalised_name(inside.split())
        return _capitalised_name(before_words) and "(" not in inside and "," not in inside
    return _capitalised_name(item.split())


def _listed_people(text: str) -> bool:
    items = re.split(r",\s+(?:and\s+)?|\s+and\s+", text)
    return all(_listed_person(item) for item in items)


def _boss_said(boss: list[str], elsewhere: str) -> bool:
    """The boss is a person named elsewhere ("Sam"), or a role said beside a name in brackets ("the CTO (Sam
    Okafor)", "Sam Okafor (CTO)")."""
    if boss[0].casefold() == "the":
        role = " ".join(boss[1:])
        return f"{role} (" in elsewhere or f"({role})" in elsewhere
    name = " ".join(boss)
    return any(word.strip(".,;:()") == boss[0] for word in elsewhere.split()) and name in elsewhere


def _direct_reports(sentence: str, elsewhere: str) -> str:
    """ "The CTO's direct reports are A and B." → "The CTO manages A and B."."""
    body = sentence.rstrip()
    stop = body[-1:] if body[-1:] in ".;" else ""
    body = body[: len(body) - len(stop)]
    words = body.split(" ")
    for i, word in enumerate(words):
        if not (word.endswith(("'s", "’s")) and tuple(w.casefold() for w in words[i + 1: i + 4]) == DIRECT_REPORTS):
            continue
        boss = [*words[:i], word[:-2]]
        listed = " ".join(words[i + 4:])
        if (len(boss) > _MAX_NAME_WORDS or not all(w[:1].isupper() for w in boss[1:] or boss)
                or not boss[-1][:1].isupper() or not listed or not _listed_people(listed)
                or not _boss_said(boss, elsewhere.replace(sentence, " "))):
            return sentence
        return " ".join([*boss, "manages", listed]) + stop + sentence[len(sentence.rstrip()):]
    return sentence


def _a_role_name(sentence: str) -> str:
    """ "A recruiting coordinator, Farah Ali, reports to …" → "The recruiting coordinator, Farah Ali, reports to …"."""
    first, _, rest = sentence.partition(" ")
    if first not in ("A", "An") or rest.count(",") < 2:
        return sentence
    role, name, after = (part.strip() for part in rest.split(",", 2))
    role_words = role.split()
    if not 0 < len(role_words) <= _MAX_ROLE_WORDS or not all(w.islower() and re.fullmatch(r"[\w-]+", w) for w in role_words):
        return sentence
    if not PERSON_NOUN_RE.search(role_words[-1].casefold()) or not _capitalised_name(name.split()):
        return sentence
    next_word = after.split()[0] if after.split() else ""
    if not next_word.islower() or next_word in LIST_WORDS:
        return sentence  # "A coordinator, Farah Ali, and Bo …": two people or three?
    return f"The {role}, {name}, {after}" + sentence[len(sentence.rstrip()):]


def org_opening_normal_form(intent: str) -> str:
    """The wordings above as the check's canonical forms."""
    pieces = re.split(r"((?:^|(?<=[.;!?]))\s+|\n)", intent)
    if REPORTING_RE.search(intent):  # where the intent speaks of people
        pieces = [_a_role_name(piece) for piece in pieces]
    intent = "".join(pieces)
    pieces = re.split(r"((?:^|(?<=[.;!?]))\s+|\n)", intent)
    intent = "".join(_direct_reports(piece, intent) for piece in pieces)
    return _opening_top(intent) or intent
