"""The speaker as a person of the org chart: "I'm Priya, the head of ops; Sam and Lee report to me",
"I'm Rachel. Under me I've got two PMs, Omar and Li", "My name is Jo and I manage Ana and Ben",
"I'm Sam. My team: Lee, Kim." - "I", "me" and "my" are the person who said their name.

Only an intent that speaks of people and names its speaker exactly once ("I'm Rachel", "I am
Rachel", "my name is Rachel", capitalised) is rewritten: the declaration becomes the person's node
("I'm Rachel, the head of product." → "top is Rachel, the head of product.", read as every other
opening person), and "me" after a reporting word, "I manage", "I report to", "I've got", "my team" /
"my reports" name that person. A speaker who never says their name, or "I" said in any other way
("I forget who Kim reports to"), is left as written, and the readers refuse what they cannot read.

A documented equivalence, read alike by the drafter (hierarchy.py, through role_names.py) and the
check's normal form.
"""

from __future__ import annotations

import re

from .appositives import NAME

_CUE_RE = re.compile(r"\b(?:reports?\s+to|report|reporting|manages?|supervises?|oversees?|under\s+me|org\s*chart|team|"
                     r"staff)\b", re.IGNORECASE)
_DECLARED_RE = re.compile(rf"\b(?:I['’]m|I\s+am|[Mm]y\s+name\s+is)\s+(?P<name>{NAME})(?![\w'’-])")
# the declaration as a sentence's opening: "I'm Rachel, the head of product." / "Hi, I'm Rachel."
_DECLARATION_RE = re.compile(rf"(?:(?<=^)|(?<=[.;:!?\n]\s)|(?<=[.;:!?]\n)|(?<=,\s))(?:I['’]m|I\s+am|[Mm]y\s+name\s+is)\s+"
                             rf"(?=(?:{NAME})(?![\w'’-])(?:\s*[,.;:]|\s*$|\s+and\s))")
_ME_RE = re.compile(r"\b(?P<word>to|under|below|beneath|for|by)\s+me\b(?!['’])", re.IGNORECASE)
_UNDER_ME_HAVE_RE = re.compile(r"(?P<under>\b[Uu]nder\s+(?P<name>[^,;.\n]{1,40}?))\s*,?\s+I(?:['’]ve|\s+have)(?:\s+got)?\b")
_I_VERB_RE = re.compile(r"\bI\s+(?:also\s+)?(?:directly\s+)?(?P<verb>manage|supervise|oversee|lead|run|report|answer|work)\b")
_I_HAVE_RE = re.compile(r"\bI(?:['’]ve\s+got|\s+have\s+got|\s+have|['’]ve)\b")
_MY_TEAM_RE = re.compile(r"\b[Mm]y\s+(?P<what>(?:direct\s+)?reports|team|staff|people)(?:\s+(?:are|is|consists\s+of))?\s*:?\s+(?=\S)")
_AND_I_RE = re.compile(r"\s+and\s+(?=I\s)")


def first_person_as_named(intent: str) -> str:
    """ "I'm Priya; Sam and Lee report to me" → "top is Priya; Sam and Lee report to Priya"; other intents
    unchanged."""
    names = {m.group("name") for m in _DECLARED_RE.finditer(intent)}
    if len(names) != 1 or not _CUE_RE.search(intent):
        return intent
    name = next(iter(names))
    if not _DECLARATION_RE.search(intent):
        return intent  # "… and I'm Rachel's boss": not a declaration
    intent = _DECLARATION_RE.sub("top is ", intent, count=1)
    intent = _AND_I_RE.sub(". ", intent) if re.search(rf"top is {re.escape(name)}\s+and\s+I\s", intent) else intent
    intent = _ME_RE.sub(lambda m: f"{m.group('word')} {name}", intent)
    intent = _UNDER_ME_HAVE_RE.sub(lambda m: f"{m.group('under')} are", intent)
    intent = _I_VERB_RE.sub(lambda m: f"{name} {m.group('verb')}s", intent)
    intent = _I_HAVE_RE.sub(f"{name} has", intent)
    return _MY_TEAM_RE.sub(lambda m: f"{name}'s {m.group('what')}: ", intent)
