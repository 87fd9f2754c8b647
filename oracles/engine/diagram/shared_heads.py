"""Two steps drawn from words that may be one step's or two steps' (the check's rule; the drafter never
calls this module): "unit and integration tests", "Design & Legal review" drawn as 'unit' and
'integration tests' (or 'Design' and 'Legal review'). The first word may take the last step's noun
("unit tests") or not; which is meant is a guess, so the drawing is refused with a rewrite. A word that
is a step on its own ("lint and unit tests") is no such case (parallel_words.py holds both lists).
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS

# Parts that two words often share, beside the steps' nouns: "the blue or the green cluster", "the EU or
# the US warehouse", "the primary and the replica database".
_SHARED_PART_NOUNS = SHARED_HEAD_NOUNS | frozenset(
    "cluster clusters warehouse warehouses database databases db dbs network networks tier tiers region regions "
    "bucket buckets queue queues store stores instance instances environment environments env envs microservice "
    "microservices topic topics table tables endpoint endpoints site sites branch branches account accounts "
    "pool pools node nodes replica replicas api apis app apps version versions".split())


def _shape(word: str) -> str:
    """How a word is written: all capitals, a capital first, or lower case ('Postgres and the users service'
    are two names; 'EU or the US', 'blue or the green' are alike)."""
    return "upper" if word.isupper() else "title" if word[:1].isupper() else "lower"


def refuse_shared_head(intent: str, nodes: list[str]) -> None:
    """Refuse a drawn single word and a drawn 'Y <noun>' said as the pair "<word> and/&/+ Y <noun>"."""
    as_drawn = {n.strip().lower(): n.strip() for n in nodes}
    drawn = set(as_drawn)
    for single in drawn:
        if " " in single or single in STANDALONE_STEPS or not re.fullmatch(r"[\w-]+", single):
            continue
        # a pair only: in a longer list ("pricing, tax and fraud checks") the names before read as steps of their own
        for said in re.finditer(rf"(?<![\w-])(?<!,\s){re.escape(single)}\s*(?:,\s*)?(?:and|&|\+)\s+(?P<rest>[\w-]+(?:\s+[\w-]+){{0,2}}?)\s+"
                                r"(?P<noun>[\w-]+)(?![\w-])", intent, re.IGNORECASE):
            noun = said.group("noun").lower()
            other = f"{said.group('rest')} {said.group('noun')}".lower()
            if noun in SHARED_HEAD_NOUNS and other in drawn:
                _refuse(as_drawn[single], as_drawn[other], noun)
        # "the blue or the green cluster", "the internal or external network": 'or', and an article before the
        # second, when both words are written alike (a name and a lower-case word are two names)
        pairs = list(re.finditer(rf"(?<![\w-])(?<!,\s){re.escape(single)}\s+(?:and|or|&|\+)\s+(?:(?:the|a|an)\s+)?"
                                 r"(?P<rest>[\w-]+)\s+(?P<noun>[\w-]+)(?![\w-])", intent, re.IGNORECASE))
        # said elsewhere on its own ("(portal, mobile app)"), the word is a name of its own
        if len(re.findall(rf"(?<![\w-]){re.escape(single)}(?![\w-])", intent, re.IGNORECASE)) > len(pairs):
            continue
        for said in pairs:
            noun = said.group("noun").lower()
            other = f"{said.group('rest')} {said.group('noun')}".lower()
            written = said.group(0)[:len(single)]  # the match opens with the word, as written
            if noun in _SHARED_PART_NOUNS and other in drawn and _shape(written) == _shape(said.group("rest")):
                _refuse(as_drawn[single], as_drawn[other], noun)


# "Server B and C", "team 1, 2 and 3": a short code after a drawn "<word> <code>" may take the word ("Server C")
_CODE_RE = re.compile(r"[A-Z]|\d{1,3}|[A-Z]\d{1,2}")


def refuse_shared_lead(intent: str, nodes: list[str]) -> None:
    """A drawn code alone ('C') said right after a drawn '<word> <code>' ("Server A calls Server B and C"):
    'C' may be 'Server C'; which is meant is a guess."""
    drawn = {" ".join(n.split()) for n in nodes}
    for single in drawn:
        if not _CODE_RE.fullmatch(single):
            continue
        for other in drawn:
            words = other.split()
            if len(words) != 2 or not _CODE_RE.fullmatch(words[1]) or words[1] == single:
                continue
            said = rf"(?<![\w-]){re.escape(other)}\s*(?:,\s*|\s+(?:and|or|&)\s+)(?:{re.escape(words[0])}\s+)?{re.escape(single)}(?![\w-])"
            if re.search(said, intent) and not re.search(rf"(?<![\w-]){re.escape(words[0])}\s+{re.escape(single)}(?![\w-])",
                                                          intent):
                raise EngineRefusal("NODE_NOT_IN_INTENT", (
                    f"'{single}' after '{other}' may be '{words[0]} {single}' or a name of its own; write it in full, "
                    f"e.g. '{other} and {words[0]} {single}'."))


def _refuse(single: str, other: str, noun: str) -> None:
    raise EngineRefusal(
        "NODE_NOT_IN_INTENT",
        f"'{single}' and '{other}' may share the word '{noun}' ('{single} {noun}') or not; write each one in "
        f"full, e.g. '{single} {noun} and {other}', or '{single}, {other}' if '{single}' is a name on its own.")
