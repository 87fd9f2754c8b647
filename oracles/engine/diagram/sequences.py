"""Actor sequences: "the client sends a token to the API, which asks Auth to verify it; Auth
replies OK; the API returns the data".

Each clause is ACTOR VERB [MESSAGE] [to|from|in|with] ACTOR [with|for MESSAGE], or a reply
(ACTOR replies|returns|answers MESSAGE) that goes back to whoever last sent to that actor. The
actors are the clauses' subjects; an object is an actor when some clause has it as subject or
when a preposition ("to", "into", "from") names it. The edge carries what travels, as written:
the verb with its message ("sends the login form"), or the message after the object ("… for
the password hash").

The reader claims an intent only when EVERY clause reads this way and some actor recurs; any
other intent is left to the other readers (None).
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from ..limits import LAYOUT_LIMIT_REASON
from .limits import DIAGRAM_LIMITS
from .message_objects import given_to
from .model import Graph, clean_label, node_key
from .relations import PREAMBLE_RE
from .vocabulary import HEDGED_HEADING_RE

# Verbs of one actor acting on another, as agents and people write them (third person and the
# bare form non-native writers use: "client send request to gateway").
_SEQUENCE_VERBS = """
    sends send asks ask returns return replies reply responds respond answers answer notifies notify emails email
    creates create orders order writes write calls call forwards forward requests request hits hit publishes publish
    checks check verifies verify queries query pings ping posts post fetches fetch passes pass hands hand enqueues
    enqueue pushes push tells tell informs inform confirms confirm acknowledges acknowledge submits submit uploads
    upload delivers deliver routes route redirects redirect issues issue grants grant validates validate charges
    charge refunds refund assigns assign escalates escalate alerts alert messages message texts text relays relay
    proxies proxy invokes invoke triggers trigger streams stream emits emit opens open pays pay polls poll syncs sync
    updates update approves approve rejects reject transfers transfer schedules schedule gives give books book
    reserves reserve transmits transmit enters enter exchanges exchange drops drop brings bring
""".split()
VERB_WORDS = frozenset(_SEQUENCE_VERBS)
REPLY_WORDS = frozenset("returns return replies reply responds respond answers answer".split())
# verbs whose direct object is the other actor ("emails support", "asks Auth to verify it")
DIRECT_WORDS = frozenset(
    """asks ask notifies notify emails email calls call hits hit queries query pings ping tells tell
    informs inform alerts alert messages message texts text contacts contact invokes invoke triggers trigger pays pay
    polls poll charges charge opens open""".split()
)
_RELATIVE = ("which", "who")
# "sends a login request to the API and receives a token": a lower-case word before an article or a
# pronoun is a verb with its object — a second predicate, never a second actor named in a list
_VERB_PHRASE_RE = re.compile(r"^\s*(?!(?:the|a|an|our|my|their|its|this|that|each|every|both|all|either|to|on|in|into|onto|from|with|at|for|of|by|via|over|through|and|or|then|back)\b)[a-z][a-z-]*\s+"
                             r"(?:a|an|the|its|their|our|my|it|them|this|that|some|his|her)\b")
# "answers to", "reports to": a reporting line, not a message
_NOT_A_MESSAGE_RE = re.compile(r"^(?:answers?|reports?)\s+to\b", re.IGNORECASE)
# ("drops it at the sorting hub", "exchanges the code at the Token Endpoint", "checks them against LDAP")
_OBJECT_PREPS = ("to", "into", "in", "from", "with", "at", "against", "onto")
_LEAD_RE = re.compile(r"^(?:(?:so|and|then|next|finally|first|after\s+that|afterwards)\b\s*,?\s*)+", re.IGNORECASE)
# "on the day, the shipper hands the parcel to the driver", "later the server calls the API": when the
# message is sent, which a sequence shows by its order alone (time_opener_normal.py reads it for the check)
_WHEN_RE = re.compile(r"^(?:and\s+)?(?:then\s+)?(?:later(?:\s+on)?|subsequently|on\s+the\s+day|the\s+next\s+(?:day|morning))\b\s*,?\s*",
                      re.IGNORECASE)
_TRAIL_RE = re.compile(r"\s+(?:first|then|next|too|as\s+well|again|finally)$", re.IGNORECASE)
# "in the exam the teacher …", "In our factory the plant manager …": an opening scene, no actor
_SCENE_RE = re.compile(
    r"^\s*(?:in|at|inside|within)\s+(?:our|my|the|their|this)\s+(?:[\w-]+\s+)?[\w-]+?"
    r"(?:\s*,\s*|\s+(?=(?:the|a|an|our|my)\s))",
    re.IGNORECASE,
)
SUBJECT_MAX_WORDS = 5
_OBJECTS_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_DETERMINERS = frozenset("the a an our my their its this that each every".split())
# a generic head noun a later mention may drop ("the origin" for "the origin server")
_GENERIC_HEADS = ("server", "service", "app", "application", "database", "db", "system", "api")
# a message written in quotes ("sends 'reset request' to", "replies `tracking number` to"): the
# quotes mark the message itself, which is the edge's label without the verb
_QUOTED_RE = re.compile(r"^(?:'([^'\n]+)'|\"([^\"\n]+)\"|`([^`\n]+)`|‘([^’\n]+)’|“([^”\n]+)”)$")


# a reply said with "sends back" and no receiver: it goes back to whoever last sent to the subject
_SENT_BACK_RE = re.compile(r"^sends?\s+back\s+(?P<what>(?!(?:to|into)\b)\S.*)$", re.IGNORECASE)


def _quoted(text: str) -> str | None:
    match = _QUOTED_RE.match(text.strip())
    return next((g for g in match.groups() if g), None) if match else None


def _clauses(intent: str) -> list[str]:
    """Statements (";", ".", new lines), each cut at ", " / " and " where a new clause begins."""
    statements = [s.strip() for s in re.split(r"\n+|;\s*|(?<=[A-Za-z0-9)\]])\.\s+|\.\s*$", intent) if s and s.strip()]
    clauses: list[str] = []
    for statement in statements:
        pieces = re.split(r",\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?", statement)
        current = ""
        for piece in pieces:
            if current and _WHEN_RE.sub("", current) == "" and _verb_at(piece) is not None:
                current += ", " + piece  # "on the day, the shipper hands …": the time opens the clause
                continue
            if current and _verb_at(piece) is None:
                current += ", " + piece  # a list inside the clause ("sends A, B and C")
                continue
            if current:
                clauses.append(current)
            current = piece
        if current:
            clauses.append(current)
    return clauses


def _verb_at(clause: str) -> int | None:
    """Index (in words) of the clause's verb after a short subject, or None."""
    words = _LEAD_RE.sub("", PREAMBLE_RE.sub("", clause.strip()) if ":" in clause else clause.strip()).split()
    if len(words) > 3 and words[0].casefold() in _RELATIVE and [w.casefold() for w in words[1:3]] == ["in", "turn"]:
        words = [words[0], *words[3:]]  # "…, which in turn sends …": the aside says nothing of who
    if len(words) > 2 and words[0].casefold() in _RELATIVE and words[1].casefold() == "then":
        words = [words[0], *words[2:]]  # "…, which then sends …": the adverb says only when
    if len(words) > 1 and words[0].casefold() in _RELATIVE and words[1].casefold() in VERB_WORDS:
        return 1  # "…, which asks Auth to verify it": the subject is the clause before's object
    for index, word in enumerate(words[: SUBJECT_MAX_WORDS + 1]):
        if (
            index
            and word.casefold() in VERB_WORDS
            and not (word[:1].isupper() and words[index - 1][:1].isupper())
            and words[index - 1].casefold() not in _DETERMINERS
        ):  # "the order service": "order" names
            return index  # "Fraud Check API responds": a capitalised word inside a capitalised name is the name's
        if word.endswith(",") or word.casefold() in ("which", "who", "that", "and", "if", "when", "then"):
            return None
    return None


def _split_clause(clause: str) -> tuple[str, str, str] | None:
    """(subject, verb, rest) of an actor clause, or None."""
    text = clause.strip()
    if ":" in text:
        text = PREAMBLE_RE.sub("", text)
    text = _TRAIL_RE.sub("", _LEAD_RE.sub("", _WHEN_RE.sub("", text.strip()))).strip(" .,")
    text = re.sub(r"^(which|who)\s+in\s+turn\s+", r"\1 ", text, flags=re.IGNORECASE)
    # "Web app then calls Orders API": an adverb between the actor and its verb
    text = re.sub(
        rf"\s+(?:then|also|now|finally|next|first)\s+(?=(?:{'|'.join(_SEQUENCE_VERBS)})\b)", " ", text, flags=re.IGNORECASE
    )
    # "Mobile app is send the token to Backend": a learner's "is" before the bare verb says nothing more
    text = re.sub(rf"\s+(?:is|are)\s+(?=(?:{'|'.join(_SEQUENCE_VERBS)})\b)", " ", text, flags=re.IGNORECASE)
    index = _verb_at(text)
    if index is None:
        return None
    words = text.split()
    subject, verb, rest = " ".join(words[:index]), words[index], " ".join(words[index + 1 :])
    if _NOT_A_MESSAGE_RE.match(verb + " " + rest) or not clean_label(subject):
        return None
    return subject, verb, rest


def _mentions(text: str, actors: set[str]) -> bool:
    """Whether a noun phrase names a known actor: the same name, or one ending the same way
    ("the on-call engineer" for "engineer", "the database" for "user database")."""
    key = node_key(clean_label(text))
    if not key:
        return False
    return any(key == a or key.endswith(" " + a) or a.endswith(" " + key) for a in actors)


def _object(rest: str, actors: set[str], verb: str = "") -> tuple[str, str, str] | None:
    """(message before, object, message after) of a clause's rest, or None when no actor is named."""
    given = given_to(verb, rest, actors)  # "hands the customer the coffee" (message_objects.py)
    if given is not None:
        return given
    words = rest.split()
    cut = next((i for i, w in enumerate(words) if w.casefold() in ("to", "for", "with", "about") and i), len(words))
    # "emails a CV to the recruiter": the direct object is the message when the actor follows "to"
    # ("emails exceptions to the finance team": an actor named only there, after a determiner —
    # "asks Auth to verify it" has none, and Auth stays the object)
    after_to = words[cut + 1 :]
    message_first = (
        cut < len(words)
        and words[cut].casefold() == "to"
        and not _mentions(" ".join(words[:cut]), actors)
        and (_mentions(" ".join(after_to), actors)
             or (bool(after_to) and after_to[0].casefold() in _DETERMINERS - {"this", "that", "each", "every"}
                 and len(after_to) <= SUBJECT_MAX_WORDS))
    )
    if (
        verb.casefold() in DIRECT_WORDS
        and 0 < cut
        and not message_first
        and all(len(name.split()) <= SUBJECT_MAX_WORDS for name in _OBJECTS_RE.split(" ".join(words[:cut])))
    ):
        # "emails support", "asks Auth to verify it", "asks the user database for the password hash"
        return "", " ".join(words[:cut]), " ".join(words[cut + 1 :])
    # a preposition naming the object: "sends the form to the API", "orders an echo from the lab"
    for index, word in enumerate(words):
        if word.casefold() not in _OBJECT_PREPS:
            continue
        before = words[:index]
        if before and before[-1].casefold() == "back":
            before = before[:-1]
        tail = words[index + 1 :]
        cut = next((i for i, w in enumerate(tail) if w.casefold() in ("with", "for") and i), len(tail))
        obj, after = " ".join(tail[:cut]), " ".join(tail[cut + 1 :])
        strong = word.casefold() in ("to", "into", "from")
        if obj and (_mentions(obj, actors) or (strong and len(obj.split()) <= SUBJECT_MAX_WORDS)):
            return " ".join(before), obj, after
    # a direct object: "emails support", "asks the user database for the password hash"
    cut = next((i for i, w in enumerate(words) if w.casefold() in ("with", "for") and i), len(words))
    obj = " ".join(words[:cut])
    if obj and _mentions(obj, actors):
        return "", obj, " ".join(words[cut + 1 :])
    return None


def _message(graph: Graph, tail: str, head: str, label: str | None) -> None:
    """One message a edge: two actors may exchange several ("sends an order", later "pays")."""
    if (tail, head) in graph._edge_keys and label and all(lbl != label for t, h, lbl in graph.edges if (t, h) == (tail, head)):
        graph.edges.append((tail, head, label))  # Graph.edge keeps one edge a pair; a sequence keeps each message
        if len(graph.edges) > int(DIAGRAM_LIMITS["max_edges"]):
            raise EngineRefusal(
                "TOO_MANY_EDGES",
                f"The diagram has more than {DIAGRAM_LIMITS['max_edges']} edges "
                f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.",
            )
        return
    graph.edge(tail, head, label)


def _actor(graph: Graph, text: str) -> str:
    """The node an actor's mention names: a known name without its generic head is that name."""
    key = node_key(clean_label(text))
    if key and key not in graph.labels:
        owners = [k for k in graph.labels if any(k == f"{key} {head}" for head in _GENERIC_HEADS)]
        if len(owners) == 1:
            return owners[0]
    return graph.node(text)


def read_sequence(intent: str) -> Graph | None:
    """None unless every clause of the intent is an actor acting on another actor."""
    intent = HEDGED_HEADING_RE.sub(lambda m: m.group("head") + ":", intent, count=1)  # "Hiring comms, roughly:"
    clauses = _clauses(_SCENE_RE.sub("", intent, count=1))
    if len(clauses) < 2:
        return None
    parsed = [_split_clause(clause) for clause in clauses]
    if any(p is None for p in parsed):
        return None
    actors = {node_key(clean_label(subject)) for subject, _, _ in parsed} - set(_RELATIVE)  # type: ignore[misc]
    graph = Graph()
    previous: str | None = None
    for subject_text, verb, rest in parsed:  # type: ignore[misc]
        found = _object(rest, actors, verb)
        if subject_text.casefold() in _RELATIVE:
            if previous is None:
                return None
            subject = previous
        else:
            subject = _actor(graph, subject_text)
        sent_back = _SENT_BACK_RE.match(f"{verb} {rest}")  # "the Gateway sends back a charge ID"
        if found is None or sent_back:
            if (verb.casefold() not in REPLY_WORDS and not sent_back) or subject not in graph.senders \
                    or re.search(r"\b(?:to|into)\b", rest):
                return None
            # "the database returns the hash": back to whoever asked it ("sends back": what it sends)
            said = _quoted(sent_back.group("what")) or clean_label(sent_back.group("what")) if sent_back \
                else _quoted(rest) or clean_label(f"{verb} {rest}".strip())
            _message(graph, subject, graph.senders[subject], said or None)
            continue
        before, obj_text, after = found
        label = clean_label(after) if after and not before else _quoted(before) or clean_label(f"{verb} {before}".strip())
        names = [n for n in _OBJECTS_RE.split(obj_text) if n.strip()]  # "calls the invoice and the shipment service"
        if len(names) > 1 and any(set(n.casefold().split()) & (VERB_WORDS | {"to", "from", "into"}) or _VERB_PHRASE_RE.match(n)
                                  for n in names):
            return None  # "writes to Postgres and publishes events to Kafka": a second clause, not a list
        for name in names:
            target = _actor(graph, name)
            _message(graph, subject, target, label or None)
            graph.senders[target] = subject
            previous = target
    if len(graph.labels) < 2 or not graph.edges:
        return None
    return graph


_PAREN_NUMBER_RE = re.compile(r"(?:^|(?<=\s))\((\d{1,2})\)\s+")


def numbered_messages(intent: str, arrow_re: re.Pattern[str]) -> str | None:
    """ "(1) Mobile client → BFF: POST /cart (2) BFF → Cart service: get cart": numbered arrow
    messages on one line are one statement each; None unless the intent is in that form, else the
    statements one a line, for the sentence reader (`arrow_re`: the cascade's own arrows)."""
    marks = list(_PAREN_NUMBER_RE.finditer(intent))
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)):
        return None
    pieces = [intent[m.end() : n.start() if n else len(intent)].strip() for m, n in zip(marks, [*marks[1:], None], strict=True)]
    if not all(arrow_re.search(piece) for piece in pieces) or any("\n" in piece or ";" in piece for piece in pieces):
        return None
    heading = intent[: marks[0].start()].strip()
    return "\n".join([heading, *pieces] if heading else pieces)
