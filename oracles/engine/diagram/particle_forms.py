"""The drafter's reading of particle verbs between two named parties, said as the arrows they are
(particle_words.py): "the Home Hub switches on the Light" → "the Home Hub -> the Light: switches on";
"the bot looks up the knowledge base" (a party named again elsewhere) → "the bot -> the knowledge base:
looks up"; "the server looks the user up in the user DB" → "the server -> the user DB: looks the user up";
"the customer types a question into the widget" → "… -> the widget: question"; "the Light reports its new
state to the Hub" → "… -> the Hub: new state" ("reports to" alone is a reporting line, not matched).
Only a clause that opens its sentence with a short subject, closed by the sentence's end or ", and";
the check reads them on its own (particle_normal.py)."""

from __future__ import annotations

import re

from .particle_words import NOT_A_PARTY, OWNER_WORDS, SWITCHES

_SUBJECT = r"(?P<subj>(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)"
_PARTY = r"(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?"
_END = r"(?P<end>\s*(?:[.;]|,\s+and\s+|$))"
_SWITCH = "|".join(verb.replace(" ", r"\s+") for verb in SWITCHES)
_OPEN = r"(?P<open>(?:^|(?<=[.;:\n])|(?<=[.;:]\s))\s*)"
_FORMS = [
    re.compile(rf"{_OPEN}{_SUBJECT}\s+(?P<verb>{_SWITCH})\s+(?P<obj>{_PARTY}){_END}",
               re.IGNORECASE),
    re.compile(rf"{_OPEN}{_SUBJECT}\s+(?P<verb>looks\s+up\s+(?P<what>{_PARTY})|looks\s+(?P<what2>{_PARTY})\s+up)\s+in\s+"
               rf"(?P<obj>{_PARTY}){_END}", re.IGNORECASE),
    re.compile(rf"{_OPEN}{_SUBJECT}\s+(?P<verb>looks\s+up)\s+(?P<obj>{_PARTY}){_END}", re.IGNORECASE),
    re.compile(rf"{_OPEN}{_SUBJECT}\s+types\s+(?P<msg>{_PARTY})\s+into\s+(?P<obj>{_PARTY}){_END}", re.IGNORECASE),
    re.compile(rf"{_OPEN}{_SUBJECT}\s+reports\s+(?P<msg>(?:its|their|his|her|the|a)\s+[\w-]+(?:\s+[\w-]+){{0,2}}?)\s+to\s+"
               rf"(?P<obj>{_PARTY}){_END}", re.IGNORECASE),
]


def _bare(name: str) -> str:
    return re.sub(r"^the\s+", "", name.strip(), flags=re.IGNORECASE)


def _what(message: str) -> str:
    words = message.split()
    while len(words) > 1 and words[0].casefold() in OWNER_WORDS:
        words = words[1:]
    return " ".join(words)


def particle_verbs_as_arrows(intent: str) -> str:
    for form in _FORMS:
        intent = form.sub(lambda m, i=intent: _arrow(m, i), intent)
    return intent


def _arrow(match: re.Match[str], intent: str) -> str:
    subject, obj = match.group("subj"), match.group("obj")
    if set(subject.casefold().split()) & NOT_A_PARTY or set(obj.casefold().split()) & NOT_A_PARTY:
        return match.group(0)
    groups = match.groupdict()
    if groups.get("msg"):
        label = _what(groups["msg"])
    else:
        label = re.sub(r"\s+", " ", groups["verb"])
        if label.casefold() == "looks up":  # "looks up the knowledge base": a party only when named again
            rest = intent[:match.start("obj")] + intent[match.end("obj"):]
            if not re.search(rf"(?<![\w-]){re.escape(_bare(obj))}(?![\w-])", rest, re.IGNORECASE):
                return match.group(0)
    end = match.group("end")
    end = ". " if "and" in end else end
    return f"{match.group('open')}{subject} -> {obj}: {label}{end}"
