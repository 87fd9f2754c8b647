"""The check's own reading of "him" / "her" in a reporting line: "Head of Support is Benedikt. Two
team leads report to him", "Dana runs engineering. Under her are Moe and Kira".

The pronoun stands for a person the sentence before names. When that sentence names exactly one
drawn name, the pronoun is that name and is written out ("report to Benedikt"), so the grammar
reads the line as if the intent had said it. When it names several ("Omar reports to Nadia. Under
her are …" - Omar or Nadia?), which one is meant is a guess (English tells by gender, which a name
does not say): the check refuses and asks for the name. A sentence before that names nobody drawn
leaves the pronoun as it is.

Only object pronouns after a reporting word are read ("to her", "under him", "for her", "by him"),
and only in an intent that states a reporting line. The drafter resolves its pronouns on its own
(hierarchy.py); this module never sees the drafter's reading, only the drawn names.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .appositives import REPORTING_RE

# (the normal form has already turned "Under her are A and B" into "her manages A and B")
_OBJECT_PRONOUN_RE = re.compile(r"(?:\b(?:to|under|below|beneath|for|by)\s+|(?:(?<=^)|(?<=[.;:?!]\s)|(?<=\n))"
                                r"(?=(?:him|her)\s+manages\b))(?P<pronoun>him|her)\b(?!['’])", re.IGNORECASE)
# a sentence ends at a full stop (not a title's: "Mr. Okafor"), a semicolon, "?" / "!" or a line end
_SENTENCE_END_RE = re.compile(r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)(?<!\bSt)\.(?=\s|$)|[;?!\n]")


def _sentence_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _SENTENCE_END_RE.finditer(text)]


def _named_in(text: str, labels: list[str]) -> list[str]:
    """The drawn names a sentence says, a name inside a longer drawn name not counted twice."""
    found: list[tuple[int, int, str]] = []
    for label in sorted(labels, key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w]){re.escape(label)}(?![\w])", text, re.IGNORECASE):
            if not any(start <= match.start() and match.end() <= end for start, end, _ in found):
                found.append((match.start(), match.end(), label))
    return list(dict.fromkeys(label for _, _, label in found))


def resolved_person_pronouns(intent: str, labels: list[str]) -> str:
    """ "Benedikt. Two leads report to him: …" → "Benedikt. Two leads report to Benedikt: …"."""
    if not REPORTING_RE.search(intent) or not _OBJECT_PRONOUN_RE.search(intent):
        return intent
    starts = _sentence_starts(intent)
    out, done = [], 0
    for match in _OBJECT_PRONOUN_RE.finditer(intent):
        own = max(s for s in starts if s <= match.start())
        before = [s for s in starts if s < own]
        if not before:
            continue
        named = _named_in(intent[before[-1]:own], labels)
        if not named:
            continue
        if len(named) > 1:
            raise EngineRefusal("UNREADABLE_RELATION", f"I could not tell who '{match.group('pronoun')}' is: the "
                                                       f"sentence before names {' and '.join(repr(n) for n in named)}. "
                                                       "Say the name again, e.g. 'Omar reports to Nadia. Under Nadia "
                                                       "are Pia and Quinn.'")
        out.append(intent[done:match.start("pronoun")] + named[0])
        done = match.end("pronoun")
    return "".join(out) + intent[done:]
