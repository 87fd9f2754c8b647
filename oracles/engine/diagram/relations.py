"""Relation sentences: "the browser talks to nginx, which forwards requests to the app",
"the CTO reports to the CEO", "the database returns the hash" (a reply goes back to its sender)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .model import Graph, clean_label

_VERBS = [
    r"talks?\s+to", r"speaks?\s+to", r"replicates?\s+to", r"connects?\s+to", r"tunnels?\s+to", r"peers?\s+to", r"is\s+connected\s+to", r"calls", r"call",
    r"(?:forwards?|sends?|passes|pass|hands?\s+off|routes?|proxies|proxy|pushes|push|publishes|publish|"
    r"writes?|emits?|posts?|streams?|ships?|delivers?|returns?|redirects?|uploads?|logs?|saves?|stores?|replicates?)"
    r"(?P<message>(?:\s+[\w-]+){0,3}?)\s+(?:to|into|in)",
    r"(?:reads?|pulls?|loads?(?!\s+balanc)|fetches|fetch|consumes?|receives?|gets?|subscribes?)(?P<message2>(?:\s+[\w-]+){0,2}?)\s+(?:from|to)",
    # "enqueues jobs for the worker": the work is for the object
    r"enqueues?(?P<message3>(?:\s+[\w-]+){1,3}?)\s+(?:for|on|to)",
    r"(?:asks|requests|emails|pings|messages|contacts)", r"is\s+boss\s+of", r"leads\s+a\s+team\s+of(?:\s+\w+)?:?",
    r"(?:falls?|goes|loops?|jumps?|moves?|transitions?|switches)\s+back\s+to", r"transitions?\s+to", r"moves?\s+to", r"switches\s+to",
    r"depends\s+on", r"relies\s+on", r"uses", r"queries", r"query", r"feeds(?:\s+into)?", r"flows\s+(?:to|into)",
    r"leads\s+to", r"goes\s+to", r"go\s+to", r"points\s+to", r"links\s+to", r"triggers", r"notifies", r"invokes",
    r"manages", r"supervises", r"oversees", r"owns", r"contains", r"includes", r"is\s+followed\s+by",
    r"precedes", r"becomes", r"hits", r"checks", r"serves", r"authenticates\s+(?:with|against)",
    r"is\s+the\s+parent\s+of", r"is\s+above", r"loads?(?!\s+balanc)\s+into",
]
_REVERSED_VERBS = [r"reports?\s+to", r"answers?\s+to", r"is\s+managed\s+by", r"is\s+part\s+of", r"belongs\s+to",
                   r"is\s+(?:a\s+)?child\s+of", r"is\s+below", r"works?\s+for", r"is\s+owned\s+by"]
VERB_RE = re.compile(rf"\s+(?P<verb>{'|'.join(_VERBS)})\s+", re.IGNORECASE)
REVERSED_VERB_RE = re.compile(rf"\s+(?P<verb>{'|'.join(_REVERSED_VERBS)})\s+", re.IGNORECASE)
PREAMBLE_RE = re.compile(
    r"^(?:.*?:\s+)?(?:(?:please|can\s+you|could\s+you)\s+)?(?:(?:draw|sketch|diagram|plot)\s+|"
    # ("create account", "make the payment", "show error": a verb that is also a step's asks for the
    # drawing only when the drawing is named after it)
    r"(?:make|create|show|render|generate|build|give\s+me)\s+(?=(?:me\s+)?(?:(?:a|an|the|our|my)\s+)?(?:simple\s+|quick\s+)?"
    r"(?:flow\s*chart|flowchart|flow|diagram|graph|chart|org|architecture|pipeline|process|workflow|state\s+machine|"
    r"sequence)\b))?(?:me\s+)?(?:(?:a|an|the|our|my)\s+)?(?:simple\s+|quick\s+)?"
    r"(?:(?:flow\s*chart|flowchart|flow|diagram|graph|org(?:anisation|anization)?\s*chart|architecture(?:\s+diagram)?|"
    r"pipeline|process|workflow|state\s+machine|sequence)\s+)*(?:(?:of|for|showing|where|in\s+which|how)\s+)?",
    re.IGNORECASE,
)


_ONLY_ARTICLE_RE = re.compile(r"\s*(?:the|a|an|our|my|their|its)\s*", re.IGNORECASE)
REPLY_RE = re.compile(r"^(?P<subj>.+?)\s+(?:responds|replies|answers|returns|sends\s+back)\s+(?:with\s+)?(?P<msg>.+)$",
                      re.IGNORECASE)


def read_relations(graph: Graph, statement: str, last: str | None) -> str | None:
    # "the browser talks to nginx, which forwards to the app": the relative clause's subject is
    # the previous clause's object.
    clauses = split_clauses(statement)
    subject_default: str | None = None
    related: tuple[list[str], list[str]] | None = None  # the last clause's subjects and objects
    for clause in clauses:
        clause = " " + clause  # verbs are matched between spaces; a relative clause starts with one
        forward, backward = VERB_RE.search(clause), REVERSED_VERB_RE.search(clause)
        if forward and _ONLY_ARTICLE_RE.fullmatch(clause[:forward.start()]):
            # "The load balancer forwards to …": a verb right after an article is part of a name
            forward = next((m for m in VERB_RE.finditer(clause, forward.start() + 1)
                            if not _ONLY_ARTICLE_RE.fullmatch(clause[:m.start()])), None)
        match = forward if forward and (not backward or forward.start() <= backward.start()) else backward
        reply = REPLY_RE.match(clause.strip()) if match is None else None
        if reply and not re.search(r"(?:^|\s)(?:to|into)\s", reply.group("msg")):
            replier = graph.node(PREAMBLE_RE.sub("", reply.group("subj")))
            if replier in graph.senders:  # "the database returns the hash": back to whoever asked
                graph.edge(replier, graph.senders[replier], clean_label(reply.group("msg")))
            last = subject_default = replier
            continue
        if match is None:
            continue
        # "apply discount also leads to …": an adverb before the verb is not part of the subject;
        # "the web app and the admin panel both call …": "both" gathers the subjects, it names none
        subject_text = re.sub(r"\s+(?:also|too|then|now|always|eventually|both|all|each)$", "",
                              PREAMBLE_RE.sub("", clause[:match.start()].strip()), flags=re.IGNORECASE)
        # "Both the portal and the app call …": a leading "both" gathers the subjects too
        subject_text = re.sub(r"^both\s+(?=\S+.*\s(?:and|&)\s)", "", subject_text, flags=re.IGNORECASE)
        if subject_default and not subject_text.strip():
            subject_keys = [subject_default]
        elif _pair_said_again(subject_text, [graph.labels[k] for k in graph.last_objects], list(graph.labels.values())):
            subject_keys = list(graph.last_objects)  # "… to App Server 1 and App Server 2. Both app servers write …"
        elif re.fullmatch(r"\s*(?:both(?:\s+of\s+them)?|they|all\s+of\s+them|they\s+all|they\s+both|each(?:\s+of\s+them)?|"
                          r"these|those)\s*", subject_text, re.IGNORECASE) and len(graph.last_objects) > 1:
            subject_keys = list(graph.last_objects)  # "web1 and web2; both talk to the database"
        elif re.fullmatch(r"\s*(?:it|they|this|that|which)\s*", subject_text, re.IGNORECASE) and (subject_default or last):
            referent = subject_default or last
            if related and subject_text.strip().casefold() != "which" and referent not in related[0] \
                    and set(related[0]) - set(related[1]):
                # "A queries B, and it also pulls from S3": "it" may be A or B; "which" is B, a
                # pronoun of its own is either
                raise EngineRefusal(
                    "UNREADABLE_INTENT",
                    f"I could not tell whether '{subject_text.strip()}' in '{clause.strip()}' means "
                    f"'{graph.labels[related[0][0]]}' or '{graph.labels[referent]}'. Name it again, e.g. "
                    f"'{graph.labels[related[0][0]]} also …'.")
            subject_keys = [referent]  # type: ignore[list-item]
        else:
            subject_keys = [graph.node(s) for s in split_names(subject_text)]
        # "writes to Postgres and publishes events to Kafka": a second verb, same subject
        rest = clause[match.end():]
        more = re.search(rf"\s+and\s+(?:also\s+)?(?=(?:{'|'.join(_VERBS)})\s)", rest, re.IGNORECASE)
        if more:
            clauses.append(" " + rest[more.end():])
            rest = rest[:more.start()]
            subject_default_next = subject_keys[0]
        else:
            subject_default_next = None
        extra = re.match(r"^(?P<obj>[^,]+?)\s+(?:with|for)\s+(?P<what>[^,]+)$", rest.strip(), re.IGNORECASE)
        rest_message = None
        moved = _MOVE_RE.search(match.group("verb")) and _OBJECT_CONDITION_RE.match(rest.strip())
        if moved and match is forward:  # "idle goes to running on start": the event on the edge
            rest, rest_message = moved.group("obj"), moved.group("cond")
            # "goes to Paid on 'payment received'": the quotes mark the event's own name
            quoted = _QUOTED_EVENT_RE.match(rest_message)
            rest_message = quoted.group("event") if quoted else rest_message
            # "goes to Paid when the payment succeeds": the event, without the word that says it is one
            rest_message = re.sub(r"^(?:on|upon|when|once|if)\s+(?=\S)", "", rest_message, flags=re.IGNORECASE)
        elif extra and match is forward:  # "calls the payment service with the order total"
            rest, rest_message = extra.group("obj"), extra.group("what")
        # "calls the SIS too": the adverb after the object names nothing
        rest = re.sub(r"\s+(?:too|as\s+well|also)\s*$", "", rest, flags=re.IGNORECASE)
        # "connects to the mesh node and to the NAS": the verb's preposition said again before the next object
        preposition = re.search(r"\s(to|into|from|with|on)$", match.group("verb"), re.IGNORECASE)
        names = split_names(rest)
        if len(names) > 1 and any(_VERB_PHRASE_RE.match(n) for n in names[1:]):
            # "sends a login request to the API and receives a token": a second predicate, not a second object
            raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell what '{names[-1].strip()}' in '{clause.strip()}' "
                                                      "connects to. Say it as a sentence of its own, e.g. 'the API "
                                                      "returns a token to the client'.")
        if preposition and len(names) > 1:
            names = [re.sub(rf"^\s*{preposition.group(1)}\s+(?=\S)", "", n, flags=re.IGNORECASE) for n in names]
        objects = [graph.node(o) for o in names]
        graph.last_objects = objects
        # "publishes events to Kafka": what travels is the edge's label (an actor sequence's message)
        message = (match.groupdict().get("message") or match.groupdict().get("message2")
                   or match.groupdict().get("message3") or "").strip()
        message_label = clean_label(message) or (clean_label(rest_message) if rest_message else None) or None
        if message_label and re.fullmatch(r"(?:it|them|this|that|these|those)", message_label, re.IGNORECASE):
            # "writes it to TimescaleDB": a pronoun alone says nothing; the verb with it does
            message_label = re.sub(r"\s+(?:to|into|in|from)$", "", match.group("verb").strip(), flags=re.IGNORECASE)
        for subject in subject_keys:
            for obj in objects:
                if match is forward:
                    graph.edge(subject, obj, message_label)
                    graph.senders[obj] = subject
                else:
                    graph.edge(obj, subject, None)
        related = (list(subject_keys), list(objects))
        if subject_default_next:
            subject_default = subject_default_next
            last = objects[-1] if objects else last
            continue
        subject_default = objects[-1] if objects else None
        last = subject_default
    return last


def _pair_said_again(subject: str, pair: list[str], names: list[str]) -> bool:
    """"Both app servers" right after "App Server 1 and App Server 2": "both" and words every one of the two
    names holds (the last one said in the plural) name that pair again, when no other name holds them all."""
    said = re.fullmatch(r"\s*both\s+(?P<words>[\w-]+(?:\s+[\w-]+){0,2})s\s*", subject, re.IGNORECASE)
    if said is None or len(pair) != 2:
        return False
    words = set(said.group("words").casefold().split())
    holding = [name for name in names if words <= set(re.findall(r"[\w-]+", name.casefold()))]
    return sorted(holding) == sorted(pair)


# "… to the API and receives a token": a lower-case word before an article or a pronoun is a verb with its
# object, never a name listed after "and"
_VERB_PHRASE_RE = re.compile(r"^\s*(?!(?:the|a|an|our|my|their|its|this|that|each|every|both|all|either|to|on|in|into|onto|from|with|at|for|of|by|via|over|through|and|or|then|back)\b)[a-z][a-z-]*\s+"
                             r"(?:a|an|the|its|their|our|my|it|them|this|that|some|his|her)\b")


# A move between states ("goes to", "switches to"): what follows the state is the event that moves it.
_MOVE_RE = re.compile(r"^(?:go(?:es)?|moves?|transitions?|switches|falls?\s+back|goes\s+back|returns?|becomes?)\b",
                      re.IGNORECASE)
_QUOTED_EVENT_RE = re.compile(r"^(?:on|upon)\s+(?P<q>['\"‘“])(?P<event>[^'\"‘’“”]+)['\"’”]$", re.IGNORECASE)
# ("Red transitions to Walk immediately": a move said to happen at once carries that as its event)
_OBJECT_CONDITION_RE = re.compile(r"^(?P<obj>[^,]+?)\s+(?P<cond>(?:when|on|after|once|upon|if|unless|with)\s+[^,]+|"
                                  r"immediately|instantly|automatically|right\s+away|at\s+once)$",
                                  re.IGNORECASE)


def split_clauses(statement: str) -> list[str]:
    """Split "A calls B, and B queries C" into clauses; a piece without a verb ("Carol and Dan")
    stays with the clause before it."""
    pieces = re.split(r",?\s+(?:which|that|who)\s+(?=\w)|,\s+(?:and\s+|but\s+|while\s+)?(?=\S)", statement)
    clauses: list[str] = []
    leading = ""  # "Postgres, Stripe and Salesforce load into …": names before the first verb are its subject
    for piece in pieces:
        spaced = " " + piece
        has_verb = bool(VERB_RE.search(spaced) or REVERSED_VERB_RE.search(spaced) or REPLY_RE.match(piece))
        if clauses and not has_verb:
            clauses[-1] += ", " + piece
        elif not has_verb:
            leading = f"{leading}, {piece}" if leading else piece
        else:
            # only a list ending in "and"/"or" is the subject: "Ana, the head of sales, reports to …" is
            # a name and its role, not two people
            verb = VERB_RE.search(spaced) or REVERSED_VERB_RE.search(spaced)
            listed = bool(verb and re.search(r"\s(?:and|or|&)\s", spaced[:verb.start() + 1]))
            clauses.append(f"{leading}, {piece}" if leading and listed else piece)
            if leading and not listed:
                clauses.insert(len(clauses) - 1, leading)
            leading = ""
    return clauses + ([leading] if leading else [])


COUNT_PHRASE_RE = re.compile(r"^\s*(?:(?:the|a|an|our|my|his|her|their)\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|"
                             r"several|\d+)\s+[\w-]+\s*:?\s*$", re.IGNORECASE)


def split_names(text: str) -> list[str]:
    names = [n for n in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*", text) if clean_label(n)]
    if len(names) > 2 and COUNT_PHRASE_RE.match(names[0]):
        names = names[1:]  # "two reps, Kim and Lou": the count introduces the names
    return names or [text]
