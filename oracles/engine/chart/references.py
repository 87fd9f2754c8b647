"""A reference value stated apart from the data: one rule for the reader and the check (docs/verdicts.md).

"Our target is 1,500.", "The threshold for paging is 90%.", "(goal 400)", "…, with a goal of 10,000" and
"…; capacity is 5 TB" and "1,500 is our target." state a value the data are measured against, not one more category or period: drawn as
a bar or a point it reads as one of the weeks. Forma draws no reference lines, so:

- A statement of its own (a sentence, a bracket, a "with a …" clause, a line, a clause with a verb after a
  list's separator) whose subject is a *target* word (`TARGET_WORDS`: target, goal, threshold, objective,
  quota, SLA, SLO, limit, benchmark, capacity, ceiling, budget) and whose only
  number is the reference is left out of the chart by the reader (`set_references_apart`, same length so
  positions hold), and the answer's notes name it; the check reads the same statements on its own
  (`reference_statements`) and counts their number as not data.
- A *measure* word (`MEASURE_WORDS`: baseline, average, mean, median, norm) stated so is not left out
  (an average beside its parts may be meant as a bar): the check refuses it drawn as a category, with a hint.
- A target is left out only where its word is said once in the intent: in "Free plan limit 100. Pro plan limit
  1000." the word names the data (the check then refuses them drawn apart, see below).

The check also refuses a category holding either kind of word drawn among periods ("Jan 10, Feb 12, Target
15"), or written as a clause ("Our target", "the average") — fail_closed_references.py.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

TARGET_WORDS = frozenset("target targets goal goals threshold thresholds objective objectives quota quotas sla slo "
                         "limit limits benchmark benchmarks capacity ceiling budget".split())
MEASURE_WORDS = frozenset("baseline baselines average avg mean median norm".split())
_WORD = r"(?:" + "|".join(sorted(TARGET_WORDS | MEASURE_WORDS, key=len, reverse=True)) + r")"
_DETERMINER = r"(?i:our|the|my|a|an|this|their|your|its|his|her)"
# The number of the reference (its sign, currency, thousands, scale and unit); a stop after it ends the statement.
_NUMBER = (r"(?<![\d.,'’])[-−+]?[$€£¥]?\d(?:[\d,'’]*\d)?(?:\.\d+)?(?:\s?(?:[kKMB]|bn|mn|thousand|million|billion)(?![A-Za-z]))?"
           r"(?:\s?(?:%|°\s?[CFcf]|[A-Za-z]{1,7}(?![\w-])))?")
# What may follow the number inside its statement: "45 each", "400 a week", "30 or more" (no digit, two words).
_TAIL = (r"(?:\s+(?:each|per\s+[^\W\d_][\w'’-]*|an?\s+[^\W\d_][\w'’-]*|or\s+(?:more|less|above|below|higher|lower)|"
         r"(?:for|in)\s+(?:the\s+|each\s+|every\s+)?[^\W\d_][\w'’-]*))?")
_STATEMENT_END = r"(?=\s*(?:[.!?](?:\s|$)|\)|$|\n))"
# "<word> [for paging] [is|of|:] <number>": the word first, then at most four words of what it is for.
_WORD_FIRST = re.compile(
    rf"(?i:\b(?P<word>{_WORD})\b)"
    r"(?:\s+(?i:for|of|on|per|across|in|at)\s+[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,3}?)?"
    r"\s*(?:[:=]|[-–—](?=\s)|(?P<verb>(?i:\b(?:is|was|are|were|sits|stands|remains|will\s+be|would\s+be|should\s+be)\b))"
    r"(?:\s+(?i:set|now))?(?:\s+(?i:at|of))?|(?i:\bof\b|\bat\b))?\s*"
    rf"(?P<number>{_NUMBER}){_TAIL}{_STATEMENT_END}")
# "1,500 is our target.": the number first.
_NUMBER_FIRST = re.compile(
    rf"(?P<number>{_NUMBER})\s+(?i:is|was|being|as)\s+(?:{_DETERMINER}\s+)?(?:[a-z][\w'’-]*\s+){{0,2}}?"
    rf"(?i:\b(?P<word>{_WORD})\b){_STATEMENT_END}")
# Where a statement of its own opens: the text's start, a sentence's end, a line, a bracket, "with", a dash; or
# a list's separator when a verb makes it a clause ("…, May 3.1; capacity is 5 TB", "…, and our limit is 45").
_OPENS = (r"(?:^|[.!?][ \t]+|\n[ \t]*|(?P<bracket>\()[ \t]*|,?[ \t]*(?P<with>\bwith)[ \t]+|(?P<dash>[ \t][-–—])[ \t]+|"
          r"(?P<clause>[;,])[ \t]*)")
# Before the word: an opening, an optional linking word and determiner, and at most three lowercase words
# ("The team target", "alert threshold"; the first may be capitalised at a sentence's start: "Paging threshold").
_BEFORE_WORD = re.compile(
    rf"{_OPENS}(?:(?i:and|but|while|plus|also|so)[ \t]+)?(?:{_DETERMINER}[ \t]+)?"
    r"(?:[A-Za-z][a-z'’-]*[ \t]+)?(?:[a-z][\w'’-]*[ \t]+){0,2}$")
_BEFORE_NUMBER = re.compile(rf"{_OPENS}(?:(?i:and|but|while|plus|also|so)[ \t]+)?$")
_CLOSE = re.compile(r"[ \t]*(?:\)|[.!?](?=\s|$))")
_OPENING_WORD = re.compile(r"^(?:[;,]\s*)?(?:and\s+|with\s+|[-–—]\s+)?")  # not said again in the note: "with a goal of 10,000"
_LOOK_BACK = 60  # characters before a word that may hold the opening of its statement


_ANY_WORD = re.compile(rf"\b{_WORD}\b", re.IGNORECASE)


def _stem(word: str) -> str:
    return word if word in ("sla", "slo") else word.removesuffix("s")


@dataclass(frozen=True)
class Reference:
    """A statement of a reference value: its span, its number's span and its word (lowercase)."""

    start: int
    end: int
    number_start: int
    number_end: int
    word: str
    said_once: bool  # the word is nowhere else in the intent: "Free plan limit 100. Pro plan limit 1000." are data

    @property
    def is_target(self) -> bool:
        """A target said once, in a statement of its own: left out by the reader, not data to the check."""
        return self.word in TARGET_WORDS and self.said_once


@lru_cache(maxsize=8)  # the reader and the check both ask about the same intent
def reference_statements(intent: str) -> tuple[Reference, ...]:
    """Every reference value stated on its own in the intent (see the module docstring), in text order."""
    said = Counter(_stem(w) for w in _ANY_WORD.findall(intent.lower()))  # once: a word's count, not a scan per match
    found = []
    for pattern, opener in ((_WORD_FIRST, _BEFORE_WORD), (_NUMBER_FIRST, _BEFORE_NUMBER)):
        for match in pattern.finditer(intent):
            word = match.group("word").lower()
            said_once = said[_stem(word)] == 1
            lead = opener.search(intent, max(0, match.start() - _LOOK_BACK), match.start())
            if lead is None or (lead.group("clause") and opener is _BEFORE_WORD and not match.group("verb")):
                continue  # "…; target 1,500" is one more item of the list, "…; our target is 1,500" a clause
            # it opens at its bracket, at ", with", a dash or a separator, or at its first word after a stop or a line
            # break, and closes
            # after its bracket or its stop: blanked whole, what stays reads as the list alone
            start = lead.start("bracket") if lead.group("bracket") else lead.start() \
                if lead.group("with") or lead.group("dash") or lead.group("clause") \
                else lead.end() - len(intent[lead.start():lead.end()].lstrip(".!? \t\n"))
            close = _CLOSE.match(intent, match.end())
            end = close.end() if close and (lead.group("bracket") or ")" not in close.group(0)) else match.end()
            found.append(Reference(start, end, match.start("number"), match.end("number"), word, said_once))
    return tuple(sorted(found, key=lambda r: r.start))


def set_references_apart(intent: str) -> tuple[str, str | None]:
    """The intent with each target statement blanked (same length: positions hold), and the note naming them;
    the intent unchanged (and no note) when it has none, or when nothing else holds a number."""
    targets = [r for r in reference_statements(intent) if r.is_target]
    if not targets:
        return intent, None
    text = intent
    for reference in targets:
        text = text[:reference.start] + " " * (reference.end - reference.start) + text[reference.end:]
    if not re.search(r"\d", text):
        return intent, None  # the reference is all the intent holds: read as written (and refused as one value)
    said = "; ".join(f"'{_OPENING_WORD.sub('', intent[r.start:r.end].strip(' ,()')).strip(' .!?')}'" for r in targets)
    return text, f"Reference values are not drawn as data (Forma draws no reference lines): {said}."
