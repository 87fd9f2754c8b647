"""The drafter's reading of an architecture said in sentences (architecture_words.py), each wording said
in one the relation sentences already read (relations.py):

- "Orders service reads/writes Postgres" → "Orders service uses Postgres" (one edge, subject -> object);
- "Workers … report status back to the Scheduler" → "… sends status to the Scheduler" (a message; "reports
  to" alone stays a reporting line);
- "The proposed architecture comprises a load balancer that distributes …" (the opening) → "The proposed
  architecture:" on a line of its own over "a load balancer distributes …" (the title, then the first part's
  relation);
- "There's a nightly cron job that reads from …" → "A nightly cron job reads from …"; "sends a report email
  through SendGrid" (nothing after the service) → "sends a report email to SendGrid";
- "a load balancer distributes traffic to …" → "… forwards traffic to …";
- "two application servers, App Server 1 and App Server 2" → "App Server 1 and App Server 2" (the count is
  the number of names), and right after it "Both application servers connect to …" → "Both connect to …"
  (the pair said again by the words the count gave them);
- "The data warehouse is loaded nightly from the data lake" → "the data lake -> The data warehouse: loaded
  nightly." (the source feeds the part loaded; only in an intent with no sequence word or arrow);
- a bullet list whose every item is a relation sentence, an item ending in "routes to:" over the names it goes
  to → the sentences (bullet_relations_as_sentences);
- a prose key of a YAML tool call holding a block ("spec: |" over indented sentences) → the sentences after
  "spec:", as if written on its line.

Only in an intent with no sequence word and no arrow ("The clerk reads and writes reports, then files them" is
a process, whose steps keep their words). The check reads the same wordings on its own (architecture_normal.py)."""

from __future__ import annotations

import re

from .architecture_words import (
    BARE_PROSE_KEYS,
    COMPRISES,
    COUNTS,
    HOW_OFTEN,
    LOADED_FROM,
    NOT_IN_SERVICE,
    READ_WRITE,
    REPORTED_MESSAGES,
    SEND_VERBS,
    SENT_THROUGH,
    THERE_IS,
    TITLE_HEADS,
    TRAFFIC_PREPOSITIONS,
    TRAFFIC_VERBS,
)
from .passive_words import NOT_A_NAME, SEQUENCE_WORDS
from .relations import VERB_RE
from .wrapped_prose import PROSE_KEYS


def _alternatives(words: frozenset[str] | tuple[str, ...]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


_READ_WRITE_RE = re.compile(rf"(?<=\s)(?:{_alternatives(READ_WRITE)})(?=\s+\S)", re.IGNORECASE)
_REPORTED_RE = re.compile(rf"(?<=\s)reports?\s+(?:(?:its|their)\s+)?(?P<msg>{_alternatives(REPORTED_MESSAGES)})"
                          r"(?:\s+back)?\s+to(?=\s+\S)", re.IGNORECASE)
_TRAFFIC_RE = re.compile(rf"(?<=\s)(?:{_alternatives(TRAFFIC_VERBS)})\s+(?:the\s+)?(?:incoming\s+)?traffic\s+"
                         rf"(?:{_alternatives(TRAFFIC_PREPOSITIONS)})(?=\s+\S)", re.IGNORECASE)
_NAME = r"[\w-]+(?:[ \t]+[\w-]+){0,3}?"
_COUNTED_RE = re.compile(rf"(?<=\s)(?P<count>{_alternatives(frozenset(COUNTS))})\s+(?P<desc>(?:[\w-]+\s+){{0,2}}?[\w-]+s),"
                         rf"\s+(?P<names>(?:{_NAME},\s+)*{_NAME},?\s+and\s+{_NAME})(?=\s*(?:[.;]|$))", re.IGNORECASE)
_BOTH_RE = re.compile(r"(?P<open>(?:^|(?<=[.;]\s)|(?<=\n))[ \t]*)both\s+(?P<desc>(?:[\w-]+\s+){0,2}?[\w-]+s)\s+(?=\w)",
                      re.IGNORECASE)
_OPENING_RE = re.compile(rf"^(?P<title>\s*(?:(?:the|our|my)\s+)?(?:[\w-]+\s+){{0,3}}?(?:{_alternatives(TITLE_HEADS)}))\s+"
                         rf"(?:{_alternatives(COMPRISES)})\s+(?P<name>(?:a|an|the)\s+(?:[\w-]+\s+){{0,3}}?[\w-]+)\s+"
                         r"(?:that|which)\s+(?=\w)", re.IGNORECASE)
_PART = r"(?:the\s+)?\w[\w-]*(?:\s+[\w-]+){0,3}?"
_LOADED_RE = re.compile(rf"(?P<open>(?:^|(?<=[.;]\s)|(?<=\n))[ \t]*)(?P<obj>{_PART})\s+(?:is|are)\s+(?P<part>{_alternatives(LOADED_FROM)})"
                        rf"(?:\s+(?P<often>{_alternatives(HOW_OFTEN)}))?\s+from\s+(?P<src>{_PART})"
                        rf"(?:\s+(?P<often2>{_alternatives(HOW_OFTEN)}))?(?P<end>\s*(?:[.;]|,\s+and\s+|$))", re.IGNORECASE)
_THERE_IS_RE = re.compile(rf"(?P<open>(?:^|(?<=[.;:]\s)|(?<=\n))[ \t]*)(?:{_alternatives(THERE_IS)})\s+(?P<art>a|an)\s+"
                          r"(?P<name>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:that|which)\s+(?=[a-z])", re.IGNORECASE)
_THROUGH_RE = re.compile(rf"(?<=\s)(?P<verb>{_alternatives(SEND_VERBS)})\s+(?P<msg>(?:[\w-]+\s+){{0,2}}?[\w-]+)\s+"
                         rf"(?:{_alternatives(SENT_THROUGH)})\s+(?P<to>(?:the\s+)?[\w-]+(?:\s+[\w-]+){{0,3}}?)(?=\s*(?:[.;]|$))",
                         re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"[.;]\s*$")
_BLOCK_RE = re.compile(rf"^(?P<head>[ \t]*(?:{_alternatives(PROSE_KEYS)}):)[ \t]*[|>][-+]?[ \t]*\n"
                       r"(?P<first>[ \t]+)(?P<line>[^\s\-*].*)$", re.IGNORECASE | re.MULTILINE)


_BARE_BLOCK_RE = re.compile(rf"^(?P<head>[ \t]*(?:{_alternatives(BARE_PROSE_KEYS)}):)[ \t]*\n"
                            r"(?P<first>[ \t]+)(?P<line>[^\s\-*][^:\n]*)$", re.IGNORECASE | re.MULTILINE)


def spec_block_up(intent: str) -> str:
    """"spec: |" (or "spec:" alone, over lines without a colon) over indented sentences: the first sentence on
    the key's line, the others after it."""
    match = _BLOCK_RE.search(intent) or _BARE_BLOCK_RE.search(intent)
    if match is None or len(match.group("first")) <= len(match.group("head")) - len(match.group("head").lstrip()) \
            or re.search(r"->|→|=>", match.group("line")):
        return intent
    return intent[:match.start()] + f"{match.group('head')} {match.group('line')}" + intent[match.end():]


def _counted_names(intent: str) -> tuple[str, dict[int, str]]:
    """The intent with each count before its names dropped, and where each pair's sentence ends → its words."""
    pairs: dict[int, str] = {}
    out, at = [], 0
    for match in _COUNTED_RE.finditer(intent):
        names = [n for n in re.split(r",\s+(?:and\s+)?|\s+and\s+", match.group("names")) if n.strip()]
        if COUNTS[match.group("count").casefold()] != len(names) or any(set(n.casefold().split()) & NOT_IN_SERVICE
                                                                       for n in names):
            continue
        out.append(intent[at:match.start()] + match.group("names"))
        at = match.end()
        if len(names) == 2:
            pairs[len("".join(out))] = match.group("desc").casefold()
    out.append(intent[at:])
    return "".join(out), pairs


def _both_said_again(intent: str, pairs: dict[int, str]) -> str:
    out, at = [], 0
    for match in _BOTH_RE.finditer(intent):
        before = intent[:match.start()]
        said = next((desc for end, desc in pairs.items() if _SENTENCE_END_RE.fullmatch(intent[end:match.start()])), None)
        desc = re.sub(r"\s+", " ", match.group("desc").casefold())
        if said is None or not before.strip() or not (desc == said or said.endswith(" " + desc)):
            continue
        out.append(intent[at:match.start()] + match.group("open") + match.group(0)[len(match.group("open")):][:4] + " ")
        at = match.end()
    out.append(intent[at:])
    return "".join(out)


def _loaded_from(match: re.Match[str]) -> str:
    """"X is loaded nightly from Y" → "Y -> X: loaded nightly." when both are names."""
    obj, src = match.group("obj"), match.group("src")
    if set(obj.casefold().split()) & (NOT_A_NAME | NOT_IN_SERVICE) or set(src.casefold().split()) & (NOT_A_NAME | NOT_IN_SERVICE):
        return match.group(0)
    if match.group("often") and match.group("often2"):
        return match.group(0)
    label = " ".join(w for w in (match.group("part"), match.group("often") or match.group("often2")) if w)
    end = ". " if "and" in match.group("end") else match.group("end")
    return f"{match.group('open')}{src} -> {obj}: {label}{end}"


_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)[-*•+][ \t]+(?P<text>\S.*?)[ \t]*$")
_BOLD_RE = re.compile(r"\*\*([^*\n]+)\*\*|__([^_\n]+)__")
_HEADING_LINE_RE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+\S.*|[^\n:]{1,40}:)[ \t]*$")


def _plain(text: str) -> str:
    return _BOLD_RE.sub(lambda m: m.group(1) or m.group(2), text).strip()


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def bullet_relations_as_sentences(intent: str) -> str:
    """"* **API Gateway** routes to:" over "  * Orders service" / "  * Inventory service", beside "* Orders service
    publishes to the Event bus": a list whose every item is a relation sentence (a subject, then a relation verb
    of relations.py), an item ending in the verb's ":" over the names it goes to, said as the sentences
    "API Gateway routes to Orders service and Inventory service. Orders service publishes to the Event bus."
    Under at most a heading line; any other line, a deeper list or a listed name with a verb: unchanged."""
    lines = [line for line in intent.strip().split("\n") if line.strip()]
    first = next((i for i, line in enumerate(lines) if _ITEM_RE.match(line)), None)
    if first is None or first > 1 or (first == 1 and not _HEADING_LINE_RE.match(lines[0])):
        return intent
    items = [_ITEM_RE.match(line) for line in lines[first:]]
    if not all(items):
        return intent
    top = len(items[0].group("indent"))  # type: ignore[union-attr]
    sentences: list[tuple[str, list[str]]] = []
    for item in items:
        indent, text = len(item.group("indent")), _plain(item.group("text"))  # type: ignore[union-attr]
        if indent == top:
            sentences.append((text, []))
        elif indent > top and sentences and sentences[-1][0].endswith(":") \
                and all(len(item.group("indent")) == indent for item in items if len(item.group("indent")) > top):  # type: ignore[union-attr]
            sentences[-1][1].append(text)
        else:
            return intent
    out = []
    for text, names in sentences:
        if text.endswith(":") != bool(names) or len(sentences) < 2:
            return intent
        if names:
            if any(len(n.split()) > 5 or VERB_RE.search(" " + n + " ") or re.search(r"[,;:.()]", n) for n in names):
                return intent
            text = f"{text[:-1].rstrip()} {_listed(names)}"
        verb = VERB_RE.search(" " + text + " ")
        if verb is None or verb.start() == 0 or "->" in text or "→" in text:
            return intent
        out.append(text if text.endswith((".", "!", ";")) else text + ".")
    heading = lines[:first]
    return "\n".join([*heading, " ".join(out)])


def architecture_plain(intent: str) -> str:
    """The architecture wordings above said as relation sentences; anything else unchanged."""
    if set(re.findall(r"[a-z']+", intent.casefold())) & SEQUENCE_WORDS or re.search(r"->|→|=>", intent):
        return bullet_relations_as_sentences(intent)  # a process: its clauses are steps, whose names keep their words
    intent = _OPENING_RE.sub(lambda m: f"{m.group('title')}:\n{m.group('name')} ", intent, count=1)
    intent = _LOADED_RE.sub(_loaded_from, intent)
    intent = _READ_WRITE_RE.sub("uses", intent)
    intent = _THERE_IS_RE.sub(lambda m: f"{m.group('open')}{m.group('art').capitalize()} {m.group('name')} ", intent)
    intent = _THROUGH_RE.sub(lambda m: m.group(0) if set(m.group("to").casefold().split()[1:]) & NOT_IN_SERVICE
                             else f"{m.group('verb')} {m.group('msg')} to {m.group('to')}", intent)
    intent = _REPORTED_RE.sub(lambda m: f"sends {m.group('msg')} to", intent)
    intent = _TRAFFIC_RE.sub("forwards traffic to", intent)
    intent = bullet_relations_as_sentences(intent)
    intent, pairs = _counted_names(intent)
    return _both_said_again(intent, pairs) if pairs else intent
