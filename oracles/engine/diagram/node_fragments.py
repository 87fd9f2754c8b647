"""Nodes that are pieces of a clause, not names, refused whatever the drafter read:

- "checks them against the user DB" drawn with a node "them against the user DB": an object pronoun
  with what follows it is the rest of a sentence; the name it leads to ("user DB") is another node.
- "the public subnet contains the load balancer" drawn as one node beside "Load balancer": a relation
  verb between two names is a relation, wherever the drafter put it (a group, a step).
- "The API calls the DB, then the cache" drawn as 'API calls the DB' -> 'cache': a bare "then the
  cache" after a sentence is another object of its verb (the API calls the cache), not a step after it.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_PRONOUN_OBJECT_RE = re.compile(r"^(?:them|it|him|her|us|me)\s+(?:against|to|from|with|into|for|on|in|at|back|over)\s+\S",
                                re.IGNORECASE)
_RELATION_RE = re.compile(r"^(?P<subject>.+?)\s+(?P<verb>contains|includes|calls|invokes|manages|supervises|owns|queries|"
                          r"notifies|triggers|sends|forwards|uses|depends\s+on|relies\s+on|reports\s+to)\s+"
                          r"(?:(?:the|a|an)\s+)?(?P<object>.+)$", re.IGNORECASE)


def _key(label: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", " ".join(label.split()).casefold())


def refuse_clause_pieces(nodes: list[str]) -> None:
    keys = {_key(label) for label in nodes}
    for label in nodes:
        if _PRONOUN_OBJECT_RE.match(label.strip()):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' is the end of a sentence that names its object only by a pronoun. Name it, "
                "e.g. 'the auth service checks the credentials against the user DB'."))
        relation = _RELATION_RE.match(" ".join(label.split()))
        if relation and _key(relation.group("object")) in keys:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' says that '{relation.group('subject')}' {relation.group('verb')} "
                f"'{relation.group('object')}', another node: a relation written as one step. Write it as "
                f"'{relation.group('subject')} -> {relation.group('object')}', or as a group: "
                f"'{relation.group('subject')}: {relation.group('object')}, …'."))


_ENDS_WITH_VERB_RE = re.compile(r"\w\s+\w+[^s\W]s$")


def _then_object_re(head: str) -> re.Pattern[str]:
    """ "…, then the cache," — an article and the name, ending the clause: a noun phrase, not a step."""
    name = r"\s+".join(re.escape(w) for w in head.split())
    return re.compile(rf"\bthen,?\s+(?:the|a|an)\s+{name}(?=\s*(?:[,.;!?]|$|\bthen\b|\band\b))", re.IGNORECASE)


# the subject and verb of a sentence a bare "then the X" continues: "the API calls the DB", "the request hits
# the LB" (the verbs of _RELATION_RE and those of a request's path)
_GAPPED_RE = re.compile(r"^(?P<subject>.+?)\s+(?P<verb>contains|includes|calls|invokes|queries|notifies|triggers|sends|"
                        r"forwards|uses|hits|reaches|contacts|pings|reads\s+from|writes\s+to|talks\s+to|connects\s+to|"
                        r"goes\s+(?:to|through)|passes\s+through|depends\s+on|relies\s+on)\s+"
                        r"(?:(?:the|a|an)\s+)?(?P<object>.+)$", re.IGNORECASE)


def refuse_gapped_objects(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, _ in edges:
        relation = _GAPPED_RE.match(" ".join(tail.split()))
        said = _then_object_re(head).search(intent)
        # "…, then the agent answers": a name and a verb after it is a step of its own
        if relation is None or said is None or _ENDS_WITH_VERB_RE.search(head):
            continue
        said_as = " ".join(said.group(0).split()[1:])
        subject, verb, thing = relation.group("subject"), relation.group("verb"), relation.group("object")
        raise EngineRefusal("NODE_HOLDS_RELATION", (
            f"'then {said_as}' after '{tail}' reads as another thing {subject} {verb} ('{subject} {verb} "
            f"{said_as}'), or the next stop after {thing}, not a step after '{tail}'. Say it with arrows, e.g. "
            f"'{subject} -> {thing}, {subject} -> {head}' if {subject} reaches both, or '{subject} -> {thing} -> "
            f"{head}' if one leads to the other."))


# A verb (third person) that opens a clause whose subject was said before "and": "… and receives a token"
_CLAUSE_VERBS = frozenset("""receives gets sends returns fetches writes reads calls posts publishes emits stores saves
    loads queries forwards notifies pushes pulls responds replies obtains retrieves updates deletes creates logs caches
    validates checks asks requests uploads downloads passes hands routes pings triggers starts stops""".split())


def refuse_subjectless_clause(intent: str, nodes: list[str]) -> None:
    """A node that opens with such a verb, said right after "and" in a sentence whose subject is another
    node ("The client sends … and receives a token"), is half of a sentence about that subject."""
    flat = " ".join(intent.split())
    keys = {_key(label): label for label in nodes}
    for label in nodes:
        words = label.split()
        if not words or words[0].casefold() not in _CLAUSE_VERBS or len(words) < 2:
            continue
        said = re.search(rf"(?:^|[.;!?\n]\s*)(?P<before>[^.;!?\n]*?)\s+and\s+(?:then\s+)?{re.escape(' '.join(words))}\b",
                         flat, re.IGNORECASE)
        if said is None:
            continue
        before = said.group("before").rsplit(":", 1)[-1].strip()  # "Create a diagram: the frontend calls …"
        opening = re.match(r"(?:(?:the|a|an)\s+)?(?P<subject>.+?)\s+\w+s\b", before, re.IGNORECASE)
        subject = keys.get(_key(opening.group("subject"))) if opening else None
        which = re.search(r"(?P<named>[^,]+?),\s+which\s+\w+s\b", before, re.IGNORECASE)
        if which is not None:
            # "… calls the backend API, which queries Postgres and caches results in Redis": the API does both
            named = which.group("named").split()
            subject = next((keys[_key(" ".join(named[-n:]))] for n in range(min(4, len(named)), 0, -1)
                            if _key(" ".join(named[-n:])) in keys), subject)
        if subject is None or subject == label:
            continue
        if which is not None:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' has no subject of its own: after 'which … and' it is what '{subject}' does, not "
                f"a name. Say it as a connection, e.g. '{subject} -> {words[-1]}: {' '.join(words[:-1])}'."))
        raise EngineRefusal("NODE_HOLDS_RELATION", (
            f"The node '{label}' has no subject of its own: after 'and' it is what '{subject}' does, not a name. "
            f"Say who does what in a sentence of its own, e.g. 'the API returns a token to the {subject}'."))


_SECOND_TARGET_RE = re.compile(r"\s(?:and|&)\s+(?:the\s+)?[A-Z][\w.-]*\s+(?:for|to|as|with)\s")


def refuse_folded_messages(nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """An edge label that holds a message, "and", and a second verb ("user to postgres and sends a task"), or
    "and" and the name of a node other than its two ends, is two messages in one ("reads and writes" is one)."""
    for tail, head, label in edges:
        flat = " ".join((label or "").split())
        joined = re.search(r"\s(?:and|&)\s+(?:then\s+)?(?P<verb>\w+)", flat, re.IGNORECASE)
        if joined is None:
            continue
        second_verb = joined.group("verb").casefold() in _CLAUSE_VERBS and len(flat[:joined.start()].split()) >= 2
        # "payments and Twilio for SMS": a second name and what it is for
        second_verb = second_verb or bool(_SECOND_TARGET_RE.search(flat))
        other = next((n for n in nodes if n not in (tail, head) and len(n.strip()) >= 3
                      and re.search(rf"(?<![\w-]){re.escape(' '.join(n.split()))}(?![\w-])", flat, re.IGNORECASE)), None)
        if second_verb or other is not None:
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label '{flat}' of {tail} -> {head} joins two messages with 'and'. Say each message with its "
                f"own arrow, e.g. '{tail} -> {other or '<first>'}: <first message>' and '{tail} -> {head}: "
                "<second message>', or as two sentences: 'The API writes the user to Postgres. The API sends a "
                "task to the queue.'"))


# "the scheduler starts the job; …, the job notifies the scheduler": two steps each a sentence between the
# same two actors, one's subject the other's object — messages between actors, not steps
_ACTOR_SENTENCE_RE = re.compile(r"^(?:(?:the|a|an)\s+)?(?P<subject>[\w-]+(?:\s[\w-]+)?)\s+(?P<verb>[a-z]+s)\s+"
                                r"(?:(?:the|a|an)\s+)?(?P<object>[\w-]+(?:\s[\w-]+)?)$", re.IGNORECASE)


def refuse_actor_sentences(nodes: list[str]) -> None:
    read = [(label, m) for label in nodes if (m := _ACTOR_SENTENCE_RE.match(" ".join(label.split())))]
    for label, one in read:
        for other_label, other in read:
            if other_label == label:
                continue
            if one.group("subject").casefold() == other.group("object").casefold() and \
                    one.group("object").casefold() == other.group("subject").casefold():
                a, b = one.group("subject"), one.group("object")
                raise EngineRefusal("NODE_HOLDS_RELATION", (
                    f"The nodes '{label}' and '{other_label}' are sentences between '{a}' and '{b}': messages between "
                    f"two parts, not steps. Draw the parts, e.g. '{a} -> {b}: {one.group('verb')}' and "
                    f"'{b} -> {a}: {other.group('verb')}'."))
