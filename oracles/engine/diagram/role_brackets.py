"""A person's role with their name in brackets, another way org charts are written: "a creative
director (Tomás)", "Superintendent (Dr. Amal Reza)", "VP Eng (Raj) and Head of Security (Kim)" →
"Tomás (creative director)", "Dr. Amal Reza (Superintendent)": the form a name and its role take
everywhere else ("Raj Patel (CTO)"), so the person is one node however they are said.

Only where the intent speaks of people (reports, manages, org chart …), only a role whose head word
is a person's ("director", "producer", "Head of …", "VP …") and only a bracket that holds one
person's name and nothing else: "the load balancer (Nginx)" in a flow, "Yuki (Tier 1)" and
"Marco Ruiz (EMEA)" are left as written. The role's article goes ("a producer (Hana)" → "Hana
(producer)").

A role said before names without brackets only introduces them: plural, "Under Bo are the line
cooks Cy and Di", "Bo has agents Ivy, Jon and Kai" (plural_roles_before_names), or one lowercase
role before one name, "supervises postdoc Max Weber", "the foreman Diego" (singular_roles_before_names):
the people are the names. A role in capitals or after a number ("Tier 1 lead Carlos") and a noun
that names a thing ("the servers Alpha and Beta") are left as written.

Documented equivalences, read alike by the drafter (hierarchy.py, through role_names.py) and the
check's normal form.
"""

from __future__ import annotations

import re

from .appositives import NAME, PERSON_NOUN_RE

# a cue that the intent is about people ("manages" may be software's: "the scheduler (Airflow) manages
# jobs" is kept apart by the role, which must be a person's, below)
_PEOPLE_CUE_RE = re.compile(r"\b(?:reports?\s+to|answers?\s+to|reporting|direct\s+reports?|org\s*chart|orgchart|"
                            r"organi[sz]ation(?:al)?\s+chart|organigram|staff|manages|supervises|oversees|under)\b",
                            re.IGNORECASE)
# nouns in -er / -or that name a machine or a program, never a person's role
_THING_NOUNS = frozenset("""balancer server router worker scheduler controller container broker handler listener
    consumer processor monitor connector adapter loader parser compiler resolver provider driver sensor
    actuator computer printer scanner reader writer timer counter buffer cluster filter splitter mixer
    heater cooler compressor motor generator transformer inverter detector indicator""".split())
_LEAD = (r"(?P<lead>^|\n|[:;,.—–(]\s*|\s-\s+|\b(?:and|is|are|as|to|by|with|there['’]s)\s+|"
          r"\b[a-z]+\s+(?=(?:an?|the|our|my|their)\s|[A-Z]))")
# a role is said in one case: "Head of Security", "creative director" ("Ines manages Warehouse Manager" is
# no role: the name and the verb before it are not part of it)
_ROLE = (r"(?P<role>[A-Z][\w-]*(?:\s+(?:of\s+(?:the\s+)?)?[A-Z0-9][\w-]*){0,3}|"
         r"[a-z][\w-]*(?:\s+(?:of\s+(?:the\s+)?)?[a-z0-9][\w-]*){0,3})")
_ARTICLE = r"(?P<article>(?:[Aa]n?|[Tt]he|[Oo]ur|[Mm]y|[Tt]heir)\s+)?"
_ROLE_NAME_RE = re.compile(rf"{_LEAD}{_ARTICLE}{_ROLE}\s*\((?P<name>{NAME})\)")
_ARTICLE_RE = re.compile(r"^\s*(?:an?|the|our|my|their)\s+$", re.IGNORECASE)
_EXEC_RE = re.compile(r"^(?:C[A-Z]{1,2}O|CISO|CHRO|VP|SVP|EVP)$")
_LEAD_NOUN_RE = re.compile(r"^(?:head|chief|director|principal|president|founder|owner|lead|manager|dean|chair)$",
                           re.IGNORECASE)
# words that never open a role ("Under Dana: …", "Reporting to …")
_NOT_ROLE_RE = re.compile(r"^(?:under|reporting|reports|and|or|then|also|with|who|which|there|here|is|are)$", re.IGNORECASE)


# a list item ("- CEO (Maria)") is the outline's to read, as written; "Vice Principal (Academics): Tom
# Reyes" and "Head (Ops) Ana Lee" say the name after the bracket, which holds what the role is of
_ITEM_RE = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s")
_QUALIFIER_AFTER_RE = re.compile(r"^\s*(?::|[-—–]\s*[A-Z]|[A-Z])")


def _person_role(role: str) -> bool:
    words = role.split()
    if _NOT_ROLE_RE.match(words[0]):
        return False
    noun = re.split(r"\s+of\s+", role)[0].split()[-1]
    if noun.casefold() in _THING_NOUNS:
        return False
    return bool(_EXEC_RE.match(words[0]) or _EXEC_RE.match(noun) or _LEAD_NOUN_RE.match(words[0])
                or _LEAD_NOUN_RE.match(noun) or PERSON_NOUN_RE.search(noun.casefold()))


def _a_name(text: str) -> bool:
    """One person's name: capitalised words with lowercase letters in them ("EMEA" and "Tier 1" are not)."""
    words = [w for w in text.split() if not re.match(r"^(?:Dr|Mr|Mrs|Ms|Prof)\.?$", w)]
    return bool(words) and all(re.search(r"[a-z]", w) for w in words)


# "the line cooks Pedro and Amira", "agents Ivy, Jon and Kai": a plural role before the names only
# introduces them (like "two line cooks, Pedro and Amira"); the names are the people
# (a verb or a little word is never part of the role: "Bo has agents Ivy, …" keeps its "has")
_ROLE_WORD = (r"(?!(?:has|have|had|got|is|are|was|were|manages|manage|supervises|oversees|leads|runs|includes|with|and|or|"
              r"of|to|under|below|reports?|the|our|my|their|his|her|one|two|three|four|five|six|for|nor|per|after|over|"
              r"other|another|either|neither|whether|ever|never|rather|together|later|order|error|floor|door|prior)\b)"
              r"[a-z][a-z-]*")
_PLURAL_INTRO_RE = re.compile(
    rf"(?<![\w-])(?:(?:[Tt]he|[Oo]ur|[Mm]y|[Tt]heir|[Hh]is|[Hh]er)\s+)?(?P<role>(?:{_ROLE_WORD}\s+){{0,2}}{_ROLE_WORD}s)\s+"
    rf"(?P<names>{NAME}(?:\s*,\s*{NAME})*\s*,?\s+and\s+{NAME})(?![\w'’(-])(?!\s*\()"
)


def plural_roles_before_names(intent: str) -> str:
    """ "Under Bo are the line cooks Cy and Di" → "Under Bo are Cy and Di"; other intents unchanged."""
    if not _PEOPLE_CUE_RE.search(intent):
        return intent

    def names(match: re.Match[str]) -> str:
        noun = match.group("role").split()[-1][:-1]
        if noun.casefold() in _THING_NOUNS or not PERSON_NOUN_RE.search(noun.casefold()) or \
                _NOT_ROLE_RE.match(match.group("role").split()[0]):
            return match.group(0)
        return match.group("names")

    return _PLURAL_INTRO_RE.sub(names, intent)


# "supervises postdoc Max Weber", "the foreman Diego", "operator Jonas": one lowercase role said before one
# name only says who the person is; the person is the name (after a lowercase word, a determiner or a
# clause's start: "Tier 1 lead Carlos" is left as written)
_MORE_PERSON_NOUNS_RE = re.compile(r"(?<!hu)(?:man|woman|person|postdoc|doc|nurse|cook|chef|clerk|intern|aide)$")
_SINGULAR_INTRO_RE = re.compile(
    rf"(?:(?<=[a-z]\s)|(?<=[,:;(—–.!?]\s)|(?<=^)|(?<=\n))(?:(?:[Tt]he|[Oo]ur|[Mm]y|[Tt]heir|[Hh]is|[Hh]er|[Aa]n?)\s+)?"
    rf"(?P<role>(?:{_ROLE_WORD}\s+)?{_ROLE_WORD})\s+(?P<name>{NAME})(?![\w'’(-])(?!\s*\()"
)


def singular_roles_before_names(intent: str) -> str:
    """ "Dr. Mensah supervises postdoc Max Weber" → "Dr. Mensah supervises Max Weber"; other intents unchanged."""
    if not _PEOPLE_CUE_RE.search(intent):
        return intent

    def name(match: re.Match[str]) -> str:
        noun = match.group("role").split()[-1].casefold()
        before = re.search(r"(?<![\w.])([A-Z][\w'’-]*)\s+$", intent[max(0, match.start() - 30):match.start()])
        if before:
            return match.group(0)  # "Team lead Eli", "Tech lead Eli": a capitalised word opens the role; as written
        if noun in _THING_NOUNS or not (PERSON_NOUN_RE.search(noun) or _MORE_PERSON_NOUNS_RE.search(noun)) or \
                _NOT_ROLE_RE.match(match.group("role").split()[0]) or noun.endswith("s"):
            return match.group(0)
        return match.group("name")

    return _SINGULAR_INTRO_RE.sub(name, intent)


def roles_before_bracketed_names(intent: str) -> str:
    """ "a creative director (Tomás)" → "Tomás (creative director)"; other intents unchanged."""
    if not _PEOPLE_CUE_RE.search(intent):
        return intent

    def swapped(match: re.Match[str]) -> str:
        role, name = match.group("role"), match.group("name")
        line_start = intent.rfind("\n", 0, match.start()) + 1
        if _ITEM_RE.match(intent[line_start:]) or _QUALIFIER_AFTER_RE.match(intent[match.end():]):
            return match.group(0)
        if not _person_role(role) or not _a_name(name) or re.match(r"^(?:an?|the|our|my|their)$", role.split()[0], re.I):
            return match.group(0)
        lead = "" if _ARTICLE_RE.match(match.group("lead")) else match.group("lead")
        return f"{lead}{name} ({role})"

    return _ROLE_NAME_RE.sub(swapped, intent)
