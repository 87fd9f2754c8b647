"""A dependency said to be absent (or, in an org chart, a person's reports: "Mei has no direct reports
yet."): "CS101 has no dependencies.", "`dns` depends on nothing.", "The
logger doesn't depend on anything." → "CS101.", "`dns`." (the part is drawn, with no arrow of its own).

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). Only a whole sentence made of a short name and the denial is rewritten;
an arrow the intent does not state is refused by the check as before, so the part drawn with a
dependency of its own stays refused.
"""

from __future__ import annotations

import re

_NAME = r"[^\s.;:!?,\n][^.;:!?,\n]*?"
_DENIAL = (r"(?:has|have)\s+no\s+(?:other\s+|upstream\s+)?(?:dependencies|dependency|deps|prerequisites?|prereqs?)"
           r"|depends\s+on\s+(?:nothing|none|no\s+other\s+[\w-]+)(?:\s+else)?"
           r"|does\s*(?:n['’]t|\s+not)\s+depend\s+on\s+anything(?:\s+else)?"
           # an org chart's "Mei has no direct reports yet": the person is drawn, nobody under them
           r"|(?:has|have)\s+no\s+(?:direct\s+)?reports(?:\s+yet)?"
           r"|(?:has|have)\s+(?:nobody|no\s+one)\s+(?:under|below|reporting\s+to)\s+(?:him|her|them)(?:\s+yet)?")
_SENTENCE_RE = re.compile(rf"(?P<lead>^|(?<=[.;:!?\n])\s*)(?P<name>{_NAME})\s+(?:{_DENIAL})\s*(?P<end>[.;!?]|\n|$)",
                          re.IGNORECASE)
_NAME_MAX_WORDS = 6


def _rewrite(match: re.Match[str]) -> str:
    name = match.group("name")
    if len(name.split()) > _NAME_MAX_WORDS:
        return match.group(0)
    return f"{match.group('lead')}{name}{match.group('end')}"


def denied_dependencies_as_parts(intent: str) -> str:
    """The intent with each sentence denying a dependency said as the part's name alone."""
    return _SENTENCE_RE.sub(_rewrite, intent)


def denied_parts(intent: str) -> list[str]:
    """The names of the parts said to depend on nothing, in order (for the drafter to draw them);
    "http-core and design-tokens have no deps" names two parts (the plural "have" says so)."""
    names = []
    for match in _SENTENCE_RE.finditer(intent):
        name = match.group("name").strip()
        if len(name.split()) > _NAME_MAX_WORDS:
            continue
        plural = re.match(r"\s*have\b", intent[match.end("name"):], re.IGNORECASE)
        names += [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", name) if n] if plural else [name]
    return names
