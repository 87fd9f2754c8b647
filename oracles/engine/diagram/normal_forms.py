"""The checker's normal forms: ways of writing a relation that the glue grammar reads in one
canonical wording. Each rewrite is a documented equivalence applied to the intent before the
faithfulness check reads it; the drafter never calls this module (it reads the intent its own way).

- "X is (the) boss / head / manager / supervisor of Y", "X is in charge of Y" → "X manages Y"
- "X leads / heads / has a team of (three:) A, B and C" → "X manages (three:) A, B and C"
- "X has two agents reporting to him, A and B" → "X manages two agents, A and B"
"""

from __future__ import annotations

import re

_MANAGES_RE = re.compile(r"\bis\s+(?:the\s+)?(?:boss|head|manager|supervisor)\s+of\b|\bis\s+in\s+charge\s+of\b", re.IGNORECASE)

# A clause before a colon that holds one of these states a reporting line ("Sam leads a team of
# three: Ana, Raj and Kofi"); it is not a heading that names the diagram.
RELATION_BEFORE_COLON = frozenset("leads manages supervises oversees heads has have reports report answer answers owns".split())


_TEAM_OF_RE = re.compile(r"\b(?:leads|heads|manages|runs|has)\s+a\s+(?:small\s+)?(?:team|group)\s+of\b", re.IGNORECASE)
_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|\d+)"
_HAS_REPORTING_RE = re.compile(
    rf"\bhas\s+(?P<count>{_COUNT}\s+[\w-]+)\s+(?:reporting|who\s+report)\s+to\s+(?:him|her|them)\b", re.IGNORECASE
)

# "In our factory the plant manager …": a node that opens with a place ("in our", "at the") and
# goes on has swallowed the sentence's setting. Short states ("In the queue") are names.
SETTING_RE = re.compile(r"^(?:in|at|inside|within|across|throughout)\s+(?:our|my|the|their|your|this)\s")
SETTING_MIN_WORDS = 4


def normal_form(intent: str) -> str:
    """The intent with relation wordings replaced by their canonical form."""
    intent = _MANAGES_RE.sub("manages", intent)
    intent = _TEAM_OF_RE.sub("manages", intent)
    return _HAS_REPORTING_RE.sub(lambda m: f"manages {m.group('count')}", intent)
