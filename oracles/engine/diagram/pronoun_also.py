"""A subject "it" that says "also" after a sentence naming two parts (the check's rule; the drafter never
calls this module): "The API depends on Auth; it also depends on the cache". "Also" repeats what the
sentence before said of its subject, and "it" may be that subject ('API') or the last name ('Auth'); which
is a guess, so the drawing is refused with the name asked for again. Without "also" ("…. It calls the
DB.") the pronoun is read where it is (glue.py and the readers of each family).
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# "; it also depends on", ". It, too, calls", ", and it also calls"
_IT_ALSO_RE = re.compile(r"(?P<before>[^.;!?\n]+)[.;!?]\s+(?:and\s+|but\s+|so\s+)?(?P<it>it|this|he|she)\s*,?\s+"
                         r"(?:also|too|likewise|as\s+well)\b", re.IGNORECASE)


def _named(sentence: str, nodes: list[str]) -> list[str]:
    """The drawn names said in the sentence, in the order said."""
    found = []
    for label in nodes:
        said = re.search(rf"(?<![\w-]){re.escape(' '.join(label.split()))}(?![\w-])", sentence, re.IGNORECASE)
        if said:
            found.append((said.start(), label))
    return [label for _, label in sorted(found)]


def refuse_ambiguous_also(intent: str, nodes: list[str]) -> None:
    for match in _IT_ALSO_RE.finditer(" ".join(intent.split())):
        named = _named(match.group("before"), nodes)
        if len(named) >= 2:
            raise EngineRefusal("UNREADABLE_RELATION", (
                f"I could not tell whether '{match.group('it')}' means '{named[0]}' or '{named[-1]}': 'also' repeats "
                f"the sentence before, whose subject and last name differ. Name it again, e.g. '{named[0]} also …'."))
