"""Names that point at something instead of naming it, and instructions kept in an edge label.

- "The other service calls Fraud Check": "the other service" is which service? A node labelled with a
  reference ("other service", "the previous step", "the same team") is refused: the intent must name it.
- "Sam manages the team": a node that is only a collective ("the team", "staff", "everyone") names
  nobody; a chart of who reports to whom needs the people (or a named team: "the Platform team").
- "then she is checking it and send back to her": a step that holds "she", "he", "him" or "her" (not
  the possessive "her request") names a person only by a pronoun; which person is a guess.
- "Auth calls nothing": a denied relation drawn as a node called "nothing" is refused.
- "(on schema mismatch, put that on the arrow)": the words after the condition ask where to write it;
  drawn into the label they are not part of it.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_GENERIC = r"(?:service|services|step|steps|system|systems|team|teams|one|ones|person|people|node|component|app|" \
           r"application|server|process|stage|state|box|thing|part|queue|database|db|api)"
_REFERENCE_RE = re.compile(rf"^(?:the\s+)?(?:other|another|same|previous|next|former|latter|said|aforementioned)\s+"
                           rf"{_GENERIC}$", re.IGNORECASE)
_LABEL_INSTRUCTION_RE = re.compile(
    r"\b(?:put|write|place|show|add|use)\s+(?:that|this|it|them)\s+(?:on|as|in|onto)\s+(?:the\s+)?"
    r"(?:arrow|arrows|edge|edges|line|lines|link|links|label|labels|connector)\b", re.IGNORECASE)
# "(arrow means depends on)", "arrows = calls": a legend of what every arrow says, no label of one arrow
_ARROW_LEGEND_RE = re.compile(r"\b(?:arrows?|edges?|links?)\s*(?:means?|=|shows?|stands?\s+for|indicates?|is|are)\b",
                              re.IGNORECASE)

# "she"/"he" anywhere, "him"/"her" as an object (at the end or before a break: "send back to her"),
# never the possessive "her request".
_PERSON_PRONOUN_RE = re.compile(r"\b(?:she|he|him)\b(?!['’])|\bher\b(?=\s*(?:$|[,.;:!?)]|\s(?:and|or|then|to|for)\b))",
                                re.IGNORECASE)
# "Sam manages the team.": a collective as the whole object of a managing verb, with nothing naming it
# ("the Platform team" names one). A bare "Team" node of a site map or a "Workers" component is a name.
_MANAGED_COLLECTIVE_RE = re.compile(
    r"\b(?:manages|leads|runs|heads|oversees|supervises)\s+(?:the|his|her|their|our|my|a)\s+"
    r"(?P<group>team|staff|employees|people|members|direct\s+reports|reports|workers|group|crew|folks)\s*(?:[.,;!]|$)"
    r"|\b(?:manages|leads|supervises)\s+(?P<all>everyone|everybody)\b", re.IGNORECASE | re.MULTILINE)


# "Auth calls nothing", "depends on no other component": a relation denied, drawn as a node named
# by the denial. ("None" alone may be a state's name, so it is left alone.)
_DENIAL_RE = re.compile(r"(?:nothing|nobody|no\s*one|no\s+other\s+[\w-]+(?:\s+[\w-]+)?)(?:\s+else)?", re.IGNORECASE)


# "DB but not to the cache", "billing except refunds": a relation denied or carved out inside a name
# ("never payments" of "calls ledger and never payments"; a state "Not started" is a name)
_DENIED_INSIDE_RE = re.compile(r"\b(?:but|and|yet)\s+(?:not|never)\b|\bnot\s+(?:to|from|with|via|through)\b|\bexcept\b"
                               r"|^never\b", re.IGNORECASE)
# "Dee reports to Ann or Cy": one of two people, which one is not said
_EITHER_MANAGER_RE = re.compile(
    r"\b(?:reports?|reporting|answers?)\s+(?:directly\s+)?to\s+(?:either\s+)?(?P<one>[^.;,\n]+?)\s+or\s+(?P<other>[^.;,\n]+)",
    re.IGNORECASE)


def refuse_either_manager(intent: str) -> None:
    found = _EITHER_MANAGER_RE.search(intent)
    if found:
        raise EngineRefusal("CONTENT_NOT_PLACED", (
            f"'{found.group(0).strip()}' says one of two people, not which: a reporting line is drawn to one manager. "
            f"Say which, e.g. 'Dee reports to {found.group('one').strip()}'."))


# "any state -> Stopped": every state, not a state named "any state"
# "Neither goes to close order", "Both paths lead to …" drawn with a node 'Neither' / 'Both paths': a word
# that counts the branches before it, not a step's name
_BRANCHES_WORD_RE = re.compile(r"(?:neither|either|both|none)(?:\s+(?:one|of\s+them|paths?|branches?|routes?|ways?))?",
                               re.IGNORECASE)
_EVERY_ONE_RE = re.compile(r"(?:any|every|each|all(?:\s+(?:the|other))?|other)\s+(?:other\s+)?"
                           r"(?:states?|steps?|stages?|nodes?|services?|status(?:es)?)", re.IGNORECASE)


# "Proposal → Won/Lost": two outcomes written as one node ("CI/CD", "TCP/IP": one name of two acronyms)
_SLASHED_PAIR_RE = re.compile(r"(?P<one>[^\W\d_][\w-]{2,})\s?/\s?(?P<other>[^\W\d_][\w-]{2,})")


def _slashed_pair(label: str) -> re.Match[str] | None:
    found = _SLASHED_PAIR_RE.fullmatch(" ".join(label.split()))
    if found is None or all(side.isupper() and len(side) <= 4 for side in (found.group("one"), found.group("other"))):
        return None
    return found


# "calls Fraud service synchronously": how a call is made, glued to the end of the name it is made to
# (a step may end with how it is done: "pay automatically", "review manually" are names)
_MANNER_AT_END_RE = re.compile(r"\s(?P<how>a?synchronously|directly|indirectly|remotely|over\s+https?|via\s+(?:rest|grpc|http)|"
                               r"mostly|usually|often|sometimes|always|occasionally|rarely|seldom|normally|typically|"
                               r"frequently|primarily|mainly|generally)$", re.IGNORECASE)

# "calls the DB as well as the cache", "the DB instead of the cache", "Bob, unlike Cy": a phrase that adds,
# swaps or sets apart a second name, kept inside one name. ("Disney Plus" is a name: "plus" counts only
# before an article.)
_COMPARED_INSIDE_RE = re.compile(
    r"\b(?P<adds>as\s+well\s+as|in\s+addition\s+to|along\s+with|together\s+with|plus\s+(?:the|a|an)\b|and\s*/\s*or\b)"
    r"|\b(?P<swaps>instead\s+of|rather\s+than|other\s+than|apart\s+from|aside\s+from|besides|unlike)\b", re.IGNORECASE)
# "calls the DB along with the cache" drawn as 'DB along' (the rest as the edge's label)
_CUT_BEFORE_WITH_RE = re.compile(r"\s(?P<word>along|together)$", re.IGNORECASE)


# "Actually Cy", "Cy as well", "Dee respectively", "etc", "Cy (and soon Dee)", "formerly of Sales": words
# about the sentence (a correction, an addition, a list left open) drawn as part of a name
_SPOKEN_OPENING_RE = re.compile(r"^(?P<word>actually|correction|sorry|oops|scratch\s+that|no\s+wait|anyway|formerly|previously|"
                                r"and\s+soon|soon|and\s+later)\b[\s,:]*", re.IGNORECASE)
_SPOKEN_CLOSING_RE = re.compile(r"[\s,]+(?P<word>as\s+well|too|also|respectively|etc\.?|and\s+so\s+on|and\s+more|et\s+al\.?)$"
                                r"|^(?P<only>etc\.?|and\s+so\s+on|and\s+more)$"
                                r"|\((?P<inside>(?:and|or|plus|but|not)\s[^()]*)\)$", re.IGNORECASE)


def refuse_spoken_words(nodes: list[str]) -> None:
    """A node that opens with a correction ('Actually Cy') or closes with an addition ('Cy as well', 'etc',
    'Cy (and soon Dee)') holds words about the sentence, not a name."""
    for label in nodes:
        flat = " ".join(label.split())
        found = _SPOKEN_OPENING_RE.match(flat) or _SPOKEN_CLOSING_RE.search(flat)
        if found is None:
            continue
        said = found.group(0).strip(" ,:()")
        raise EngineRefusal("NODE_NOT_IN_INTENT", (
            f"The node '{label}' holds '{said}', which says something about the sentence (a correction, an "
            "addition, a list left open), not part of a name. Say only the final connections, each name in full, "
            "e.g. 'Ann manages Bob and Cy.'"))


# "Dan, like Bob, has no reports": a comparison or a denial drawn as nodes 'like Bob', 'has no reports'
_LIKE_OR_NONE_RE = re.compile(r"^(?:like\s+[A-Z]|(?:has|have|had)\s+no\b|(?:has|have)\s+none\b)")
# "reads from S3 as needed and writes to S3 nightly": how often, glued to a name said after "to"/"from"
_HOW_OFTEN_END_RE = re.compile(r"\s(?P<how>as\s+needed|on\s+demand|nightly|hourly|daily|weekly|monthly|in\s+real[\s-]time|"
                               r"in\s+batches|every\s+(?:\d+\s+)?\w+|once\s+an?\s+\w+)$", re.IGNORECASE)


def refuse_how_often_in_name(intent: str, nodes: list[str]) -> None:
    """'S3 nightly' of "writes to S3 nightly": a name after "to"/"from"/"into" that ends with how often the
    connection is made. (A step may end so: "run backups nightly" is a name.)"""
    flat_intent = " ".join(intent.split())
    for label in nodes:
        flat = " ".join(label.split())
        if _LIKE_OR_NONE_RE.match(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' compares with or denies something; it is not a name. Draw only the connections "
                "that are stated, e.g. 'Alice manages Bob and Carol. Carol manages Dan.'"))
        often = _HOW_OFTEN_END_RE.search(flat)
        if often is None or len(flat[:often.start()].split()) == 0:
            continue
        said = re.search(rf"\b(?:to|from|into|onto|via|through)\s+(?:the\s+)?{re.escape(flat)}\b", flat_intent, re.IGNORECASE)
        if said:
            name = flat[:often.start()]
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' ends with '{often.group('how')}', which says how often the connection is made, not "
                f"part of the name. Put it on the arrow, e.g. '… -> {name}: {often.group('how')}'."))


def refuse_compared_inside(intent: str, nodes: list[str]) -> None:
    """A node holding 'as well as …', 'instead of …', 'unlike …' (or cut before 'with' of 'along with')
    holds a second name and how it stands to the first: two nodes, or one stated and one denied."""
    for label in nodes:
        flat = " ".join(label.split())
        found = _COMPARED_INSIDE_RE.search(flat)
        cut = _CUT_BEFORE_WITH_RE.search(flat)
        if cut and re.search(rf"(?<!\w){re.escape(flat)}\s+with\b", " ".join(intent.split()), re.IGNORECASE):
            found = cut
        if found is None:
            continue
        name = flat[:found.start()].strip(" ,") or "the DB"
        if found.groupdict().get("swaps"):
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds '{found.group(0)}', which sets another name apart; that is not part of a "
                f"name. Draw only the connections that are stated, e.g. 'The API calls {name}.'"))
        raise EngineRefusal("NODE_HOLDS_RELATION", (
            f"The node '{label}' holds '{found.group(0)}', which adds another name; that is not part of a name. "
            f"Say both with 'and', e.g. 'The API calls {name} and the cache.'"))


# "one of the 3 app servers", "any of our workers", "either of them": a pick among names, not a name
_PICK_AMONG_RE = re.compile(r"^(?:any|one|some|either|neither|each|none|all|both|most|several|many|few|\d+|two|three|four|five)"
                            r"\s+of\s+(?:the|these|those|them|our|its|their|your|my)\b", re.IGNORECASE)


# "The service calls itself recursively": the node is the subject itself, a loop, not a new name
_REFLEXIVE_RE = re.compile(r"^(?:itself|themselves|himself|herself|each\s+other|one\s+another)\b", re.IGNORECASE)


# "svc-c // svc-c is external", "C # C is the old name for D": a comment glued to a name
_COMMENT_INSIDE_RE = re.compile(r"\s(?://|#)\s.*$")
# "A -> B and C" drawn as one node 'B and C': two codes joined by "and" are two names
_TWO_CODES_RE = re.compile(r"(?P<one>[A-Z]\d{0,2}|\d{1,3})\s+(?:and|&)\s+(?P<other>[A-Z]\d{0,2}|\d{1,3})")


# "db before api" beside "cache before api": an order between two names written as one node
_ORDER_INSIDE_RE = re.compile(r"(?P<one>\S+(?:\s\S+){0,2})\s+(?:before|after|precedes|follows)\s+(?P<other>\S+(?:\s\S+){0,2})",
                              re.IGNORECASE)


def _mentions(label: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", label, re.IGNORECASE) is not None


def _refuse_order_inside(nodes: list[str]) -> None:
    """Refused only when another node names one of the two sides too: "eat before bed" alone is a step."""
    for label in nodes:
        found = _ORDER_INSIDE_RE.fullmatch(" ".join(label.split()))
        if found is None:
            continue
        sides = (found.group("one"), found.group("other"))
        if any(other != label and any(_mentions(other, side) for side in sides) for other in nodes):
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' says an order between two names ('{sides[0]}' and '{sides[1]}'), not one step. "
                f"Say it as an arrow, e.g. '{sides[0]} -> {sides[1]}'."))


def refuse_vague_references(nodes: list[str]) -> None:
    _refuse_order_inside(nodes)
    for label in nodes:
        flat = " ".join(label.split())  # the label with its spacing made plain, matched by every rule below
        comment = _COMMENT_INSIDE_RE.search(label)
        if comment:
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' holds a comment ('{comment.group(0).strip()}'), not part of the name. Leave the "
                f"comment out, e.g. '… -> {label[:comment.start()].strip()}'."))
        codes = _TWO_CODES_RE.fullmatch(flat)
        if codes:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds two names, '{codes.group('one')}' and '{codes.group('other')}'. Draw each, "
                f"e.g. 'A -> {codes.group('one')}, A -> {codes.group('other')}'."))
        if _REFLEXIVE_RE.match(label.strip()):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' points back at the subject; it is not a name. Draw the arrow back to the same "
                "node, e.g. 'service -> service: recursive call'."))
        if _PICK_AMONG_RE.match(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' picks or counts among other names; it is not one name. Name them, e.g. "
                "'LB -> app1, LB -> app2' or 'LB -> app servers'."))
        manner = _MANNER_AT_END_RE.search(flat)
        if manner and len(label.split()) > 1:
            name = flat[:manner.start()]
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' ends with '{manner.group('how')}', which says how the connection is made, not part "
                f"of the name. Put it on the arrow, e.g. '… -> {name}: {manner.group('how')}'."))
        pair = _slashed_pair(label)
        if pair is not None:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds two names, '{pair.group('one')}' and '{pair.group('other')}': two outcomes or "
                f"two steps drawn as one. Say each, e.g. '… -> {pair.group('one')} or {pair.group('other')}'."))
        if _EVERY_ONE_RE.fullmatch(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"'{label}' means every one of them, not one named '{label}'. Say the arrow from each, e.g. 'Idle, "
                "Running and Paused all go to Stopped on stop'."))
        denied = _DENIED_INSIDE_RE.search(label)
        if denied:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds '{denied.group(0)}', which says what is not connected; that is not part of "
                "a name. Draw only the connections that are stated, e.g. 'The API talks to the DB.'"))
        if _DENIAL_RE.fullmatch(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"'{label}' says there is no connection, so it is not a node. Leave that sentence out: a part "
                "with no arrow of its own is drawn from the other sentences, e.g. 'API calls Auth.'"))
        if _REFERENCE_RE.match(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' points at something the intent does not name. Name it, e.g. "
                "'Billing calls Fraud Check'."))
        if _BRANCHES_WORD_RE.fullmatch(flat):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"'{label}' speaks of the branches before it ('neither goes to close'), not of a step named "
                "'" + label + "'. Say which steps go on, e.g. 'both then go to close order' or 'ship -> close order'."))


def refuse_managed_collective(intent: str) -> None:
    found = _MANAGED_COLLECTIVE_RE.search(intent)
    if found:
        group = found.group("group") or found.group("all")
        raise EngineRefusal("NODE_NOT_IN_INTENT", (
            f"'{group}' names a group, not who is in it, so who reports to whom is a guess. Name the people or "
            "the team, e.g. 'Sam manages Ana and Luis' or 'Sam manages the Platform team'."))


def refuse_person_pronoun_in_label(nodes: list[str]) -> None:
    for label in nodes:
        found = _PERSON_PRONOUN_RE.search(label)
        if found:
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The step '{label}' names a person only as '{found.group(0)}', so who does it is a guess. Name "
                "the person, e.g. 'Maria checks the file, then Maria sends it back to Anna'."))


# "backend -> cache: not used anymore": a label that says the arrow is not there
_DENYING_LABEL_RE = re.compile(r"\b(?:not\s+(?:used|in\s+use|called|connected|anymore|any\s+more)|no\s+longer|unused|"
                               r"never|removed|disabled|disconnected|not\s+any\s*more)\b", re.IGNORECASE)
# "A -> B -> C (or D)" drawn with the label 'or D': another target kept on the arrow
_ALTERNATIVE_LABEL_RE = re.compile(r"^(?:or|and|plus|&)\s+\S", re.IGNORECASE)


def refuse_denying_labels(nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, label in edges:
        flat = " ".join((label or "").split())
        # a note naming a node ("Legal never reviews filed forms") is refused as a note (graph_statements.py)
        names_a_node = any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", flat, re.IGNORECASE) for n in nodes)
        if _DENYING_LABEL_RE.search(flat) and not names_a_node:
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label '{flat}' of {tail} -> {head} says the connection is not there, so drawing the arrow is a "
                f"guess. Leave the connection out, or say it without the denial, e.g. '{tail} -> {head}'."))
        if _ALTERNATIVE_LABEL_RE.match(flat):
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label '{flat}' of {tail} -> {head} names another target, not a message. Draw each arrow, "
                f"e.g. '{tail} -> {head}, {tail} -> {flat.split(maxsplit=1)[1]}'."))


def refuse_instruction_in_label(edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, label in edges:
        found = _LABEL_INSTRUCTION_RE.search(label or "")
        if found:
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label of {tail} -> {head} holds '{found.group(0)}', which asks where to write the label and is "
                "no part of it. Give the label alone, e.g. '(on schema mismatch)'."))
        legend = _ARROW_LEGEND_RE.search(label or "")
        if legend:
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label of {tail} -> {head} is '{label}', which says what every arrow means, not this one. Say it "
                "on a line of its own before the arrows, e.g. 'arrow means depends on: app -> auth, app -> db'."))
