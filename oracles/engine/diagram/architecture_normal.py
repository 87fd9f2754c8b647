"""The check's own reading of an architecture said in sentences (the drafter's is architecture_forms.py;
the words are architecture_words.py). Read word by word, only in an intent with no sequence word and no arrow (a process's clauses are steps, whose
names keep their words), each wording said in one the glue grammar reads:

- "X reads/writes Y", "X reads and writes Y" → "X uses Y";
- "report(s) [its|their] status [back] to Y" (a message noun of the list) → "sends status to Y";
- "distributes / spreads / splits traffic to / over / across" → "forwards traffic to";
- "<count> <words ending in s>, A and B" with as many names as the count → "A and B"; then a sentence
  opening "Both <those words>" (or their last words) right after it → "Both", which the grammar reads as
  the two names just said (counted_pairs_named, after the normal form; a count drawn as a node, "two reps",
  is left as written, for the rules after to refuse as before). Any other "Both <words>" is left as written;
- "The proposed architecture comprises a load balancer that distributes …" (the opening: a title, at most
  three words and the kind of drawing, then "a"/"an"/"the" and at most four words before "that"/"which") →
  "The proposed architecture:" on a line of its own over "a load balancer distributes …";
- "X is loaded [nightly] from Y[, and …]" (a participle and how often of the list, both short names with no
  pronoun) → "Y -> X: loaded nightly.[ …]", in an intent with no sequence word and no arrow;
- a bullet list whose every item is a relation sentence, an item ending in ":" over one level of names →
  the sentences (bullet_relations_normal_form), under at most one heading line;
- "There's a nightly cron job that reads …" (a sentence's opening, a short name, then "that"/"which" and a
  lower-case verb) → "A nightly cron job reads …"; "sends M through / via X." with nothing after X → "sends M to X.";
- "spec: |" (a prose key of a tool call) over indented sentences → the first sentence on the key's line.
"""

from __future__ import annotations

import re

from .architecture_words import (
    BARE_PROSE_KEYS,
    BOTH,
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
from .glue import _FORWARD_RE
from .passive_words import NOT_A_NAME, SEQUENCE_WORDS
from .vocabulary import _CONNECT
from .wrapped_prose import PROSE_KEYS

_MAX_NAME_WORDS = 4
_MAX_DESC_WORDS = 3


def architecture_spec_up(intent: str) -> str:
    lines = intent.split("\n")
    for i, line in enumerate(lines[:-1]):
        key, colon, value = line.partition(":")
        folded = key.strip().casefold()
        block = folded in PROSE_KEYS and value.strip() in {"|", "|-", "|+", ">", ">-", ">+"}
        bare = folded in BARE_PROSE_KEYS and not value.strip()  # "spec:" alone over lines without a colon
        if not colon or not (block or bare):
            continue
        nxt = lines[i + 1]
        indent, key_indent = len(nxt) - len(nxt.lstrip()), len(key) - len(key.lstrip())
        if indent <= key_indent or not nxt.strip() or nxt.lstrip()[0] in "-*" or (bare and ":" in nxt) \
                or any(arrow in nxt for arrow in ("->", "→", "=>")):
            continue
        return "\n".join([*lines[:i], f"{key}: {nxt.strip()}", *lines[i + 2:]])
    return intent


def _swap_phrases(text: str, phrases: list[str], said: str) -> str:
    """Each phrase (words between spaces, case aside) said as `said`, when a word follows it."""
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        hit = next((p for p in phrases if [w.casefold() for w in words[i:i + len(p.split())]] == p.split()
                    and i > 0 and i + len(p.split()) < len(words)), None)
        if hit is None:
            out.append(words[i])
            i += 1
            continue
        out.append(said)
        i += len(hit.split())
    return " ".join(out)


def _reported(text: str) -> str:
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        if i > 0 and words[i].casefold() in {"report", "reports"}:
            j = i + 1
            if j < len(words) and words[j].casefold() in {"its", "their"}:
                j += 1
            if j < len(words) and words[j].casefold() in REPORTED_MESSAGES:
                message, k = words[j], j + 1
                if k < len(words) and words[k].casefold() == "back":
                    k += 1
                if k + 1 < len(words) and words[k].casefold() == "to":
                    out += ["sends", message, "to"]
                    i = k + 1
                    continue
        out.append(words[i])
        i += 1
    return " ".join(out)


def _traffic(text: str) -> str:
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        if i > 0 and words[i].casefold() in TRAFFIC_VERBS:
            j = i + 1
            for optional in ("the", "incoming"):
                if j < len(words) and words[j].casefold() == optional:
                    j += 1
            if j + 2 < len(words) and words[j].casefold() == "traffic" and words[j + 1].casefold() in TRAFFIC_PREPOSITIONS:
                out += ["forwards", "traffic", "to"]
                i = j + 2
                continue
        out.append(words[i])
        i += 1
    return " ".join(out)


def _opening(text: str) -> str:
    """"The proposed architecture comprises a load balancer that …" → "The proposed architecture: a load balancer …"."""
    words = text.split(" ")
    for verb in COMPRISES:
        size = len(verb.split())
        at = next((i for i in range(1, 5) if [w.casefold() for w in words[i:i + size]] == verb.split()), None)
        if at is None or words[at - 1].casefold() not in TITLE_HEADS or any(not re.fullmatch(r"[\w-]+", w) for w in words[:at]):
            continue
        if at > 1 and words[0].casefold() not in {"the", "our", "my"} and at > 3:
            continue
        start = at + size
        if start >= len(words) or words[start].casefold() not in {"a", "an", "the"}:
            continue
        rel = next((j for j in range(start + 2, min(start + 6, len(words))) if words[j].casefold() in {"that", "which"}), None)
        if rel is None or rel + 1 >= len(words) or any(not re.fullmatch(r"[\w-]+", w) for w in words[start:rel]):
            continue
        return " ".join(words[:at]) + ":\n" + " ".join(words[start:rel] + words[rel + 1:])
    return text


def _loaded(sentence: str) -> str:
    """"The data warehouse is loaded nightly from the data lake[, and …]" → "the data lake -> The data warehouse:
    loaded nightly.[ …]"."""
    lead = len(sentence) - len(sentence.lstrip())
    words = sentence.strip().split(" ")
    be = next((i for i, w in enumerate(words) if w.casefold() in {"is", "are"}), None)
    if be is None or not 1 <= be <= _MAX_NAME_WORDS + 1 or be + 3 >= len(words) or words[be + 1].casefold() not in LOADED_FROM:
        return sentence
    at = be + 2
    often = words[at] if words[at].casefold() in HOW_OFTEN else None
    at += 1 if often else 0
    if at >= len(words) or words[at].casefold() != "from":
        return sentence
    rest = words[at + 1:]
    end = next((i for i, w in enumerate(rest) if w.endswith((".", ";", ","))), None)
    if end is None:
        return sentence
    source, after = rest[:end + 1], rest[end + 1:]
    mark = source[-1][-1]
    source[-1] = source[-1][:-1]
    if not often and len(source) > 1 and source[-1].casefold() in HOW_OFTEN:
        often = source.pop()
    if mark == ",":
        if not after or after[0].casefold() != "and":
            return sentence
        after = after[1:]
    obj = words[:be]
    if not obj[0][:1].isalnum():
        return sentence  # "- The data warehouse …": a list item is read as a sentence only after the list is
    if not 1 <= len(source) <= _MAX_NAME_WORDS or {w.casefold() for w in obj + source} & (NOT_A_NAME | NOT_IN_SERVICE) \
            or any(not re.fullmatch(r"[\w-]+", w) for w in obj + source):
        return sentence
    label = f"{words[be + 1]} {often}" if often else words[be + 1]
    tail = (" " + " ".join(after)) if after else ""
    return " " * lead + f"{' '.join(source)} -> {' '.join(obj)}: {label}." + tail + sentence[len(sentence.rstrip()):]


def _there_is(sentence: str) -> str:
    """"There's a nightly cron job that reads …" → "A nightly cron job reads …"."""
    lead = len(sentence) - len(sentence.lstrip())
    words = sentence.strip().split(" ")
    opener = next((len(o.split()) for o in THERE_IS if [w.casefold() for w in words[:len(o.split())]] == o.split()), 0)
    if not opener or opener >= len(words) or words[opener].casefold() not in {"a", "an"}:
        return sentence
    rel = next((j for j in range(opener + 2, min(opener + 6, len(words))) if words[j].casefold() in {"that", "which"}), None)
    if rel is None or rel + 1 >= len(words) or not words[rel + 1][:1].islower() \
            or any(not re.fullmatch(r"[\w-]+", w) for w in words[opener + 1:rel]):
        return sentence
    return " " * lead + " ".join([words[opener].capitalize(), *words[opener + 1:rel], *words[rel + 1:]]) \
        + sentence[len(sentence.rstrip()):]


def _sent_through(sentence: str) -> str:
    """"… sends a report email through SendGrid." → "… sends a report email to SendGrid." (nothing after it)."""
    words = sentence.split(" ")
    for i, word in enumerate(words):
        if word.casefold() not in SEND_VERBS or i == 0:
            continue
        via = next((j for j in range(i + 2, min(i + 5, len(words))) if words[j].casefold() in SENT_THROUGH), None)
        if via is None or any(not re.fullmatch(r"[\w-]+", w) for w in words[i + 1:via]):
            continue
        rest = [w for w in words[via + 1:] if w.strip()]
        if not 1 <= len(rest) <= _MAX_NAME_WORDS or not rest[-1].rstrip().endswith((".", ";")) \
                or any(not re.fullmatch(r"[\w-]+", w.rstrip().rstrip(".;")) for w in rest) \
                or {w.rstrip().rstrip(".;").casefold() for w in rest} & NOT_IN_SERVICE:
            continue
        return " ".join([*words[:via], "to", *words[via + 1:]])
    return sentence


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;])(?= )|(?<=\n)", text)


def _names_after(words: list[str]) -> list[str] | None:
    """"App Server 1 and App Server 2." → the names, when the sentence ends with them; else None."""
    tail = " ".join(words).rstrip()
    if not tail.endswith((".", ";")):
        return None
    pieces = [p for p in re.split(r", and |, | and ", tail[:-1]) if p]
    if not pieces or any(len(p.split()) > _MAX_NAME_WORDS or not re.fullmatch(r"[\w -]+", p)
                         or {w.casefold() for w in p.split()} & NOT_IN_SERVICE for p in pieces):
        return None
    return pieces


def _counted(sentence: str, drawn: set[str]) -> tuple[str, str | None]:
    """The sentence without the count before its names, and the words the count gave a pair (else None); left
    as written when the count and its words are drawn as a node, which the rules after refuse ("two reps")."""
    words = sentence.split(" ")
    for i, word in enumerate(words):
        count = COUNTS.get(word.casefold())
        if count is None or i == 0:
            continue
        for size in range(1, _MAX_DESC_WORDS + 1):
            desc = words[i + 1:i + 1 + size]
            if len(desc) < size or not desc[-1].endswith("s,") or any(w.endswith(",") for w in desc[:-1]):
                continue
            names = _names_after(words[i + 1 + size:])
            if names is None or len(names) != count:
                break
            said = " ".join(desc)[:-1].casefold()
            if f"{word.casefold()} {said}" in drawn:
                return sentence, None
            kept = " ".join(words[:i] + words[i + 1 + size:])
            return kept, said if count == 2 else None
    return sentence, None


def _both_again(sentence: str, said: str) -> str:
    words = sentence.split(" ")
    lead = 0
    while lead < len(words) and words[lead] in {"", "-", "*"}:
        lead += 1
    if lead >= len(words) or words[lead].casefold() != BOTH:
        return sentence
    named = said.split()
    for size in range(len(named), 0, -1):
        desc = [w.casefold() for w in words[lead + 1:lead + 1 + size]]
        if desc == named[-size:] and lead + 1 + size < len(words):
            return " ".join(words[:lead + 1] + words[lead + 1 + size:])
    return sentence


def _item(line: str) -> tuple[int, str] | None:
    """(indent, text) of a bullet line, its bold marks dropped; None for any other line."""
    stripped = line.lstrip(" \t")
    if len(stripped) < 3 or stripped[0] not in "-*•+" or stripped[1] not in " \t":
        return None
    text = stripped[2:].strip().replace("**", "").replace("__", "")
    return (len(line) - len(stripped), text) if text else None


def _relation_said(text: str) -> bool:
    """A subject, then a relation verb the glue grammar reads, and no arrow."""
    lowered = " ".join(w if w in _CONNECT else "@" for w in re.findall(r"[\w'-]+|[^\w\s]", text.casefold()))
    verb = _FORWARD_RE.search(lowered)
    return verb is not None and verb.start() > 0 and "->" not in text and "→" not in text


def bullet_relations_normal_form(intent: str) -> str:
    """A list whose every item is a relation sentence ("- Orders service publishes to the Event bus"), an item
    ending with ":" over one level of names ("- API Gateway routes to:" / "  - Orders service") → its sentences
    ("API Gateway routes to Orders service and Inventory service."), under at most one heading line."""
    lines = [line for line in intent.strip().split("\n") if line.strip()]
    parsed = [_item(line) for line in lines]
    heading = 0 if parsed and parsed[0] else 1
    if len(lines) < 3 or heading >= len(lines) or any(p is None for p in parsed[heading:]):
        return intent
    if heading and not (lines[0].lstrip().startswith("#") or (lines[0].rstrip().endswith(":") and len(lines[0]) <= 41)):
        return intent
    items = [p for p in parsed[heading:] if p]
    top = items[0][0]
    nested = {indent for indent, _ in items if indent != top}
    if len(nested) > 1 or any(indent < top for indent in nested):
        return intent
    said: list[list[str]] = []
    for indent, text in items:
        if indent == top:
            said.append([text])
        elif said and said[-1][0].endswith(":"):
            said[-1].append(text)
        else:
            return intent
    if len(said) < 2:
        return intent
    sentences = []
    for head, *names in said:
        if head.endswith(":") != bool(names):
            return intent
        if any(len(n.split()) > _MAX_NAME_WORDS + 1 or _relation_said(n) or set(n) & set(",;:.()") for n in names):
            return intent
        text = head[:-1].rstrip() + " " + (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " +
                                         names[-1]) if names else head
        if not _relation_said(text):
            return intent
        sentences.append(text if text[-1] in ".;!" else text + ".")
    return "\n".join([*lines[:heading], " ".join(sentences)])


def architecture_normal_form(intent: str) -> str:
    lowered = intent.casefold()
    if not any(w in lowered for w in ("read", "report", "traffic", "compris",
                                      "consists", "includes", "made up", "composed", " from ", "there", "through",
                                      " via ")):
        return intent
    if set(re.findall(r"[a-z']+", lowered)) & SEQUENCE_WORDS or any(arrow in intent for arrow in ("->", "→", "=>")):
        return intent  # a process: its clauses are steps, whose names keep their words
    text = _swap_phrases(intent, sorted(READ_WRITE, key=len, reverse=True), "uses")
    text = _traffic(_reported(_opening(text)))
    return "".join(_sent_through(_there_is(_loaded(sentence))) for sentence in _sentences(text))


def counted_pairs_named(text: str, intent: str, nodes: list[str]) -> str:
    """"two application servers, App Server 1 and App Server 2. Both application servers …" → "App Server 1 and
    App Server 2. Both …" in the normal form, in an intent with no sequence word and no arrow."""
    lowered = intent.casefold()
    if set(re.findall(r"[a-z']+", lowered)) & SEQUENCE_WORDS or any(arrow in intent for arrow in ("->", "→", "=>")) \
            or not set(re.findall(r"[\w']+", lowered)) & set(COUNTS):
        return text
    drawn = {re.sub(r"\s+", " ", n.strip().casefold()) for n in nodes}
    out: list[str] = []
    said: str | None = None
    for sentence in _sentences(text):
        if said is not None:
            sentence = _both_again(sentence, said)
        sentence, said = _counted(sentence, drawn)
        out.append(sentence)
    return "".join(out)


def _ends_with_name(text: str, labels: list[str]) -> tuple[str, str] | None:
    """(the text before, the drawn label) when the text ends with a drawn label as a whole phrase."""
    folded = text.casefold()
    for label in sorted(labels, key=len, reverse=True):
        name = label.casefold()
        if folded.endswith(name) and (len(folded) == len(name) or not folded[-len(name) - 1].isalnum()):
            return text[:-len(name)], label
    return None


def both_pairs_named(text: str, nodes: list[str]) -> str:
    """"… to App Server 1 and App Server 2. Both app servers write to Primary DB." → "… Both write to Primary DB.":
    "Both" with one to three words (the last in the plural) every word of which each of the two drawn names
    that end the sentence before holds, and no other drawn name holds them all. The drawn labels only mark where the names are; the grammar then
    reads "Both" as those two, as it reads "Both write …"."""
    if "both" not in text.casefold():
        return text
    pieces = _sentences(text)
    for i in range(1, len(pieces)):
        words = pieces[i].split(" ")
        lead = 0
        while lead < len(words) and words[lead] in {"", "-", "*"}:
            lead += 1
        if lead >= len(words) or words[lead].casefold() != BOTH:
            continue
        before = pieces[i - 1].rstrip()
        if not before.endswith((".", ";")):
            continue
        last = _ends_with_name(before[:-1], nodes)
        joined = last and re.search(r"\s+and\s+(?:the\s+)?$", last[0], re.IGNORECASE)
        first = joined and _ends_with_name(last[0][:joined.start()], nodes)
        if not (last and first) or first[1] == last[1]:
            continue
        pair = [set(re.findall(r"[\w-]+", name.casefold())) for name in (first[1], last[1])]
        for size in (3, 2, 1):
            desc = [w.casefold() for w in words[lead + 1:lead + 1 + size]]
            if len(desc) < size or lead + 1 + size >= len(words) or not desc[-1].endswith("s") \
                    or not all(re.fullmatch(r"[\w-]+", w) for w in desc):
                continue
            desc[-1] = desc[-1][:-1]
            holding = [n for n in nodes if set(desc) <= set(re.findall(r"[\w-]+", n.casefold()))]
            if all(set(desc) <= names for names in pair) and len(holding) == 2:
                pieces[i] = " ".join(words[:lead + 1] + words[lead + 1 + size:])
                break
    return "".join(pieces)
