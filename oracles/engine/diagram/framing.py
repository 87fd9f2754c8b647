"""The frame around an intent written as a message: a greeting before it ("Hi Jo,", "Hello,", "Dear
team,"), a sign-off after it ("Thanks, Mara", "Cheers,\\nLee", "Regards,\\nKeiko", "Thanks so much!"),
and sentences that only ask for the drawing or say how it should look ("Could you turn that into a
flowchart for the wiki?", "One box per party, arrows labelled with the message.", "render this as a
plain graph with the participants as nodes pls"). None of it names a step, a part or a relation.

A sentence is a drawing request only when EVERY word of it is in the one list below (instruction
and drawing words, the connecting words, kinds of box such as "party" or "device") or in a phrase
saying where the drawing goes ("for the wiki", "for the break room wall"); one other word ("draw an
arrow from the API to the DB", "I forget which order they go in, just draw them in order") and it
stays, to be read or refused like any other. A request to put labels on the arrows is kept as a
flag (`asks_for_labels`): the check then requires every stated label to be drawn.

Read alike by the drafter (reading.py, before its cascade) and by the check's normal form
(normal_forms.py): one list, so what is framing is decided once.
"""

from __future__ import annotations

import re

from .vocabulary import NOT_CONTENT

_GREETING_RE = re.compile(
    r"^\s*(?:hi|hello|hey|dear|greetings|good\s+(?:morning|afternoon|evening))"
    r"(?:[ \t]+(?!(?:can|could|would|please|pls)\b)[\w.'’-]+){0,3}?[ \t]*(?:[,!:]|[ \t][—–-](?=\s)|(?=\n))[ \t]*\n*\s*",
    re.IGNORECASE,
)
_SIGN_OFF_WORDS = (r"thanks|thank\s+you|thx|many\s+thanks|cheers|regards|best|best\s+regards|kind\s+regards|"
                   r"warm\s+regards|best\s+wishes")  # not "ta": a TA is also a teaching assistant
# the sign-off word, a thanks' intensifier, then at most a short name (capitalised, "HR", or a kiss "x")
_SIGN_OFF_RE = re.compile(
    rf"(?:^|(?<=[.!?\n]))\s*(?:{_SIGN_OFF_WORDS})(?:\s+(?:so\s+much|a\s+lot|in\s+advance))?[ \t]*[!.,]*"
    r"(?:[ \t]*\n?[ \t]*(?:[A-Z][\w.'’-]*(?:[ \t]+[A-Z][\w.'’-]*){0,2}|xx?)[ \t]*[!.]?)?\s*$",
    re.IGNORECASE,
)
# "COMP-412: Architecture diagram needed. …": a ticket's key before the message is its reference, naming nothing
_TICKET_KEY_RE = re.compile(r"^\s*[A-Z][A-Z0-9]{1,9}-\d{1,6}:[ \t]+(?=\S)")
_KISS_RE = re.compile(r"(?<=[.!?])\s+xx?\s*$")

# Words of a drawing request beyond the check's instruction and connecting words.
_DRAWING_WORDS = frozenset("""
    box boxes node nodes arrow arrows edge edges label labels labelled labeled labelling labeling line lines shape shapes
    circle circles diagram graph directed plain proper nice neat clean drawing picture convert turn into put keep
    participant participants party parties device devices machine machines department departments team teams
    person people actor actors component components service services system systems event events message messages
    answer answers handoff handoffs hand-off hand-offs transition transitions item items kind kinds per one
    nothing fancy anything else just someone somebody for sure thank thanks dag id ids sitemap taxonomy organigram
    organizational organisational org orgchart reporting reporting-lines structure
    seq real quickly between needed required requested wanted provide
    exactly extra means mean meaning depends depend should point
""".split())
_WORDS = NOT_CONTENT["anywhere"] | NOT_CONTENT["preamble"] | _DRAWING_WORDS
# where the drawing goes: "for the wiki", "for the break room wall", "as in our SOP"
_DESTINATION_RE = re.compile(
    r"\b(?:for|in|on|as\s+in|as\s+per)\s+(?:the|our|my|a|an)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:wiki|doc|docs|document|readme|deck|slide|slides|spec|page|presentation|handbook|manual|pack|wall|board|"
    r"poster|confluence|notion|sop|training|onboarding\s+doc|design\s+doc|team\s+page|intranet)\b",
    re.IGNORECASE,
)
_LABEL_REQUEST_RE = re.compile(
    r"\blabel(?:led|ed|s)?\b|\bon\s+the\s+arrows?\b|\bon\s+arrows?\b|\bedge\s+labels?\b|\barrows?\s+(?:have|with|for)\b",
    re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
# A sentence ends at . ! ? before a space, or at a line break.
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])(?=\s)")


# "parent -> child", "from boss to person", "folder → contents": arrows down a tree, the way a tree is
# drawn anyway (the other way, "child -> parent", is content the drawing must show)
_DOWN_THE_TREE_RE = re.compile(
    r"(?:\bfrom\s+)?\b(?:the\s+)?(?:parent|boss|manager|folder|root|superior)s?\s*(?:->|→|=>|\bto\b)\s*(?:the\s+)?"
    r"(?:child|children|person|people|reports?|contents?|leaf|leaves|subordinates?)\b",
    re.IGNORECASE,
)


# "manager on top", "boss at the top", "managers above their reports": the upper party of each reporting line
# drawn above the lower one, the way a reporting line is drawn anyway (the other way, "reports on top", is content)
_UPPER_ON_TOP_RE = re.compile(
    r"\b(?:the\s+)?(?:manager|boss|supervisor|lead|parent)s?\s+(?:on\s+top|at\s+(?:the\s+)?top|"
    r"above\s+(?:(?:their|the|its)\s+)?(?:reports|children|people))\b",
    re.IGNORECASE,
)
# the note is read only where the rest of the intent states reporting lines: a flowchart has no manager to put on top
_REPORTING_LINES_RE = re.compile(r"\b(?:reports?|reporting|answers?\s+to|manag(?:es?|ed|ers?)|supervis\w*|bosse?s?|"
                                 r"org\s*chart|orgchart|organigram)\b", re.IGNORECASE)


# "just boxes and arrows in that order": the order the steps were given in
_IN_ORDER_RE = re.compile(r"\bin\s+(?:that|this|the\s+same|the\s+given|the\s+listed)\s+order\b", re.IGNORECASE)
# "arrows exactly as written, dont add stuff": draw what is written and nothing more (never "add a retry")
_AS_WRITTEN_RE = re.compile(r"\bas\s+written\b|\b(?:do\s+not|don['’]?t)\s+add\s+(?:any\s+)?(?:stuff|anything(?:\s+else)?|"
                            r"extras?|more)\b", re.IGNORECASE)


def framing_only(text: str, reporting: bool = False) -> bool:
    """Every word of the text is an instruction, drawing or connecting word, or says where it goes
    (with `reporting`, in an intent of reporting lines, also "manager on top")."""
    rest = _DOWN_THE_TREE_RE.sub(" ", _DESTINATION_RE.sub(" ", text))
    rest = _IN_ORDER_RE.sub(" ", _UPPER_ON_TOP_RE.sub(" ", rest) if reporting else rest)
    rest = _AS_WRITTEN_RE.sub(" ", rest)
    words = [w.casefold() for w in _WORD_RE.findall(rest)]
    return bool(words) and all(w in _WORDS for w in words)


# A request names the drawing or asks politely: a step can be called "sketch", "build" or "render",
# never "flowchart" or "pls".
_ASKING_WORDS = frozenset("""diagram diagrams flowchart chart graph dag sitemap taxonomy organigram picture visualise visualize please pls box boxes node nodes
    arrow arrows edge edges label labels labelled labeled participant participants architecture topology""".split())
# or opens with a request ("draw this state machine", "could you sketch that?")
_REQUEST_OPENERS = frozenset("draw sketch render make create plot visualise visualize convert turn can could would".split())
# A clause that goes on to the next step ("…, then check the label"): never a request.
_SEQUENCE_OPENERS = frozenset("then next finally afterwards".split())
# A list item, a line of notation or data, an arrow: never a request, whatever its words.
# (a colon only ends a heading of three words or more: "from: a" and "build:" are data; a comma with no
# space after it is a table's)
# (a tab between words parts a table's cells: "from<TAB>to<TAB>label" is a header row, never a request)
_STRUCTURE_RE = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s|->|→|=>|[|\[\]{}()<>=@#`]|:(?!\s*$)|,(?!\s)|\S\t+\S")


def _structure(sentence: str) -> bool:
    return bool(_STRUCTURE_RE.search(_DOWN_THE_TREE_RE.sub(" ", sentence)))


def _drops(sentence: str, reporting: bool = False) -> bool:
    """A sentence (or clause) that only asks for the drawing: two words or more, one that asks or names
    the drawing, and nothing else."""
    bracketed = re.fullmatch(r"\s*\(([^()\n]+)\)\s*[.!?]?\s*", sentence)  # "(sequence diagram)" after the data
    sentence = f"{bracketed.group(1)}." if bracketed else sentence
    listed = _WORD_RE.findall(sentence)
    if _structure(sentence) or len(listed) < 2 or (sentence.rstrip().endswith(":") and len(listed) < 3):
        return False
    if listed[0].casefold() in _SEQUENCE_OPENERS:
        return False  # "receive the parcel, then check the label": the next step, whatever its words
    asks = {w.casefold() for w in listed} & _ASKING_WORDS or listed[0].casefold() in _REQUEST_OPENERS
    return bool(asks) and framing_only(sentence, reporting)


# "ok so the mobile app depends on …", "alright, so: …": words that only open a spoken turn
# (never a step's name: not before an arrow, "So -> Then")
_TURN_OPENER_RE = re.compile(r"^\s*(?:(?:ok(?:ay)?|alright|all\s+right|right|so|um+|uh+|well|quick\s+one)\b(?!\s*(?:-+>|→|=>))"
                             r"[\s,:;!.—–]*){1,3}", re.IGNORECASE)


def _line_end(line: str) -> str:
    """The line without trailing spaces; a tab-separated row keeps its last tab, which ends an empty
    cell ("Alice Park<TAB>VP Engineering<TAB>": no manager)."""
    kept = line.rstrip()
    return line.rstrip(" \r") if "\t" in kept and line.rstrip(" \r").endswith("\t") else kept


def framing(intent: str) -> tuple[str, bool]:
    """(the intent without its frame, whether a dropped sentence asked for labels on the arrows).

    Requests are dropped from the ends only: the sentences before the first one that says something
    and after the last one. A sentence between two steps is a step, however it is worded ("Label the
    boxes.")."""
    reporting = bool(_REPORTING_LINES_RE.search(_UPPER_ON_TOP_RE.sub(" ", intent)))  # "manager on top" may go
    text = _TICKET_KEY_RE.sub("", intent, count=1)
    text = _GREETING_RE.sub("", text, count=1)
    text = _TURN_OPENER_RE.sub("", text, count=1)
    text = _KISS_RE.sub("", text)
    text = _DASH_HEADING_RE.sub(r"\g<title>: ", text, count=1)  # "Ticket flow — customer opens ticket → …"
    text = _ORG_DASH_HEADING_RE.sub(r"\g<title>: ", text, count=1)  # "can u draw the eng org — Sam's team: …"
    text = _KIND_COMMA_SUBJECT_RE.sub(r"\g<subject>: ", text, count=1)  # "state machine, traffic light: green -> …"
    for _ in range(2):  # "Thanks!\n\nRegards, Keiko"
        text = _SIGN_OFF_RE.sub("", text)
    # (line, sentence) units; an indented line is part of a list or a block of data, one unit
    units = [[piece for piece in ([line] if line[:1].isspace() else _SENTENCE_END_RE.split(line))]
             for line in text.split("\n")]
    flat = [(row, col) for row, pieces in enumerate(units) for col, piece in enumerate(pieces) if piece.strip()]
    dropped: set[tuple[int, int]] = set()
    for order in (flat, flat[::-1]):
        for row, col in order:
            piece = units[row][col]
            if (col == 0 and piece[:1].isspace()) or not _drops(piece, reporting):
                break
            dropped.add((row, col))
    asks_for_labels = any(_LABEL_REQUEST_RE.search(units[row][col]) for row, col in dropped)
    kept = [(row, col) for row, col in flat if (row, col) not in dropped]
    for position in {kept[0], kept[-1]} if kept else set():  # "Escalation policy, for the wiki diagram:"
        row, col = position
        units[row][col] = _without_framing_clause(units[row][col], reporting)
    if len(kept) > 1:  # "Dependency graph for the nightly ETL jobs. build_features depends on …"
        row, col = kept[0]
        title = (_TITLE_SENTENCE_RE.fullmatch(units[row][col]) or _NAMED_FLOW_RE.fullmatch(units[row][col])
                 or _OWN_ORG_TITLE_RE.fullmatch(units[row][col])
                 or _WANTED_DRAWING_RE.fullmatch(units[row][col]) or _HOW_QUESTION_RE.fullmatch(units[row][col])
                 or _SECTION_TITLE_RE.fullmatch(units[row][col]) or _KIND_TITLE_RE.fullmatch(units[row][col])
                 or _depicting_title(units[row][col])
                 or (_KIND_COLON_TITLE_RE.fullmatch(units[row][col]) if _ARROW_RE.search(text) else None))
        if title is not None:
            units[row][col] = title.group("title") + ":" + title.group("space")
    lines = [_line_end("".join(piece for col, piece in enumerate(pieces) if (row, col) not in dropped))
             for row, pieces in enumerate(units)]
    text = "\n".join(lines).strip()
    last = next((line for line in reversed(lines) if line.strip()), "")
    if last.endswith("\t") and text.endswith(last.rstrip()):
        text += last[len(last.rstrip()):]  # the last row of a tab-separated table keeps its empty cell
    return text, asks_for_labels


# "Escalation policy, for the wiki diagram:", "opening routine, draw as flowchart:", "steps for the
# drill, can someone diagram pls": a trailing clause of framing words after a comma, before a colon
# or the end of the sentence
_TRAILING_CLAUSE_RE = re.compile(r",(?P<clause>\s[^,:;]+?)(?P<end>:\s*|[.!?]*\s*)$")


# "Dependency graph for the nightly ETL jobs.", "Please produce a sequence diagram of the checkout.": an
# opening sentence that names the drawing and what it is of is its title, as if it ended with a colon
# (or asks it as a question: "hey can someone make a quick diagram for the webhook flow?", "Could you make a
# flowchart of our signup?")
_TITLE_SENTENCE_RE = re.compile(
    r"(?P<title>\s*(?:(?:hey|hi|hello)\s+)?(?:(?:please|(?:can|could|would)\s+(?:you|someone|somebody|u)(?:\s+please)?)\s+)?"
    r"(?:(?:produce|draw|make|create|render|sketch|generate|build|prepare|do)\s+(?:(?:me|us)\s+)?)?"
    # "For the board deck we need the reporting structure of the clinic.": what is needed, and for what
    r"(?:(?:for\s+(?:the|our|my|a|an)\s+(?:[\w-]+\s+){0,3}?[\w-]+,?\s+)?(?:we|i)\s+(?:need|want|would\s+like)\s+)?"
    r"(?:(?:a|an|the|our|my)\s+)?(?:(?:quick|simple|little|small|short|rough)\s+)?(?:[\w-]+\s+)?"
    r"(?:diagram|graph|flowchart|flow\s+chart|chart|dag|reporting\s+structure|reporting\s+lines)\s+(?:for|of)\s+"
    r"(?:(?:the|our|my|this|a|an)\s+)?(?:[\w-]+\s+){0,4}[\w-]+)(?:\.|\?+)(?P<space>\s*)",
    re.IGNORECASE,
)


# "webhook flow.", "Procurement handoffs.", "Order lifecycle.": an opening sentence of a few words naming a kind of
# drawing's subject, and nothing else, is the title too (a step is never named "… flow" or "… handoffs")
_NAMED_FLOW_RE = re.compile(
    r"(?P<title>\s*(?:(?:the|our|my|a|an)\s+)?(?:[\w-]+\s+){1,3}(?:flow|process|handoffs?|hand-offs?|pipeline|workflow|"
    r"lifecycle|life\s+cycle|policy|procedure|runbook|architecture|topology|hierarchy|journey|funnel|overview|setup|"
    # "Thermostat state machine.", "Login sequence diagram.": the drawing named after its subject
    r"state\s+(?:machine|diagram|chart)|statechart|sequence\s+diagram|message\s+sequence))\.(?P<space>\s*)",
    re.IGNORECASE,
)


# "our support org.", "my team structure.": an opening sentence naming the speaker's own org is the title too
_OWN_ORG_TITLE_RE = re.compile(
    r"(?P<title>\s*(?:our|my)\s+(?:[\w-]+\s+){0,2}(?:org|org\s+chart|org\s+structure|team\s+structure))\.(?P<space>\s*)",
    re.IGNORECASE,
)


# "Ticket flow — customer opens ticket → …", "Deploy pipeline - build → test": a heading naming a kind of flow before
# a spaced dash is the diagram's title, as before a colon
_DASH_HEADING_RE = re.compile(
    r"^(?P<title>\s*(?:(?:the|our|my|a|an)\s+)?(?:[\w-]+\s+){0,3}(?:flow|process|pipeline|workflow|lifecycle|journey|"
    r"runbook|procedure|steps|routine|escalation|handoffs?|states|statuses|transitions|state\s+machine))[ \t]+[—–-][ \t]+(?=\S)",
    re.IGNORECASE)


# "can u draw the eng org — Sam's team: …", "warehouse org - jo runs it": an opening naming the org chart (asked for or
# not) before a spaced dash is its title, as before a colon
_ORG_DASH_HEADING_RE = re.compile(
    r"^(?P<title>\s*(?:(?:hey|hi|so|ok)[\s,]+)?(?:(?:please|pls|(?:can|could|would)\s+(?:you|u|someone)(?:\s+please)?)\s+)?"
    r"(?:(?:draw|make|do|sketch|render)\s+(?:(?:me|us)\s+)?)?(?:(?:the|our|my|a|an)\s+)?(?:[\w-]+\s+){0,2}"
    r"(?:org|org\s*chart|organigram|organi[sz]ation(?:al)?\s+chart|org\s+structure|team\s+structure|reporting\s+lines))"
    r"(?:\s+(?:pls|please))?[ \t]+[—–-][ \t]+(?=\S)",
    re.IGNORECASE)


# "Could you draw how checkout talks to the payment gateway?", "Can you sketch how login works for us?", "Could you
# draw the login handshake?": an opening question asking for a drawing of how something works names its subject
# (the sentences after it say the steps), so it is the title, as if it ended with a colon
_HOW_QUESTION_RE = re.compile(
    r"(?P<title>\s*(?:(?:hey|hi|hello|ok|so)[\s,]+)?(?:(?:can|could|would|will)\s+(?:you|someone|somebody|u)\s+(?:please\s+)?|please\s+)"
    r"(?:draw|sketch|diagram|map(?:\s+out)?|chart|visuali[sz]e)\s+(?:(?:me|us)\s+)?"
    r"(?:how\s+(?:(?:the|our|my|a|an)\s+)?(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:works?|flows?|happens|runs|goes|"
    r"talks\s+to\s+(?:(?:the|our|my)\s+)?(?:[\w-]+\s+){0,2}?[\w-]+)(?:\s+(?:for\s+us|here|today|now|end\s+to\s+end))?"
    r"|(?:the|our|my)\s+(?:[\w-]+\s+){0,3}?[\w-]+))\?+(?P<space>\s*)",
    re.IGNORECASE,
)


# "Escalation policy, for the wiki diagram: page primary on-call.": the same clause before a heading's colon
_HEADING_CLAUSE_RE = re.compile(r"^(?P<head>[^,:;]+),(?P<clause>\s[^,:;]+?)(?P<end>:\s+)(?=\S)")


# "User wants a project kickoff diagram.", "hey so I need a little flowchart for the coffee bar.": who wants
# what drawing, of what; the subject is the title
_WANTED_DRAWING_RE = re.compile(
    r"(?P<title>\s*(?:(?:hey|hi|hello|ok|okay|so)[\s,]+){0,2}(?:(?:the\s+)?user\s+(?:wants|needs|would\s+like|asked\s+for|"
    r"is\s+asking\s+for)|(?:i|we)\s+(?:need|want|would\s+like)|(?:i|we)['’]d\s+like)\s+(?:(?:a|an|the)\s+|(?=organigram))"
    r"(?:(?:quick|simple|little|small|short|rough)\s+)?(?:[\w-]+\s+){0,3}(?:diagram|flowchart|flow\s+chart|chart|graph|dag|organigram)"
    r"(?:\s+(?:for|of)\s+(?:(?:the|our|my|this|a|an)\s+)?(?:[\w-]+\s+){0,4}[\w-]+)?)[.!?](?P<space>\s*)",
    re.IGNORECASE,
)


# "Section 4.2 describes the ingestion architecture.": an opening sentence pointing at the document's part that
# describes the drawing's subject; the subject is the title
_SECTION_TITLE_RE = re.compile(
    r"\s*(?:section|chapter|part)\s+\d+(?:\.\d+)*\s+(?:describes|shows|covers|outlines|presents|depicts)\s+"
    r"(?P<title>(?:the|our)\s+(?:[\w-]+\s+){0,3}?(?:architecture|pipeline|system|topology|setup|infrastructure|"
    r"data\s+flow))\.(?P<space>\s*)",
    re.IGNORECASE,
)


# "state diagram: traffic light.", "state machine for the traffic light.", "flowchart: login.": an opening sentence
# naming the kind of drawing, then what it is of, and nothing else; "state machine, traffic light: green -> …":
# the same before the heading's colon. The subject is the title.
_DRAWING_KINDS = (r"(?:state\s+(?:diagram|machine|chart)|statechart|flow\s*chart|sequence\s+diagram|org\s*chart|"
                  r"dependency\s+(?:graph|diagram)|architecture\s+diagram|diagram|flow|graph)")
_KIND_TITLE_RE = re.compile(
    rf"(?P<title>\s*(?:(?:a|an|the)\s+)?{_DRAWING_KINDS}\s+(?:for|of)\s+(?:(?:the|a|an|our|my)\s+)?"
    r"(?:[\w-]+\s+){0,3}[\w-]+)\.(?P<space>\s*)",
    re.IGNORECASE,
)
# "Produce a sequence diagram depicting the following exchange.", "This diagram shows the login handshake.": an
# opening sentence saying what the drawing shows — its subject, no step
_DEPICTING_TITLE_RE = re.compile(
    r"(?P<title>\s*(?:please\s+)?(?:(?:produce|draw|make|create|render|sketch|generate|build|prepare)\s+)?(?:a|an|the|this)\s+"
    r"(?:[\w-]+\s+)?(?:diagram|flowchart|flow\s+chart|chart|graph)\s+"
    r"(?:depicting|depicts?|illustrating|illustrates?|showing|shows?|describing|describes?|documenting|documents?)\s+"
    r"(?:the|our|this|a|an)\s+(?P<subject>(?:[\w-]+\s+){0,4}[\w-]+))\.(?P<space>\s*)",
    re.IGNORECASE,
)
# the subject's last word names what is shown ("the following exchange", "the login flow"); a relation in
# it ("shows the API calling the DB") is content, and the sentence stays to be read
_SHOWN_HEADS = frozenset("""exchange exchanges flow flows workflow process sequence interaction interactions handshake
    messages procedure lifecycle journey pipeline protocol""".split())


def _depicting_title(sentence: str) -> re.Match[str] | None:
    found = _DEPICTING_TITLE_RE.fullmatch(sentence)
    if found is None:
        return None
    words = [w.casefold() for w in found.group("subject").split()]
    if words[-1] not in _SHOWN_HEADS or any(w in NOT_CONTENT["anywhere"] or (w.endswith("ing") and w != "following")
                                             for w in words[:-1]):
        return None
    return found


# ("flowchart: Submit. Then review." names a step, not a subject: the colon form is a title only over arrows)
_ARROW_RE = re.compile(r"->|→|=>")
_KIND_COLON_TITLE_RE = re.compile(
    rf"\s*(?:(?:a|an|the)\s+)?{_DRAWING_KINDS}\s*:\s*(?P<title>(?:[\w-]+\s+){{0,3}}[\w-]+)\.(?P<space>\s*)",
    re.IGNORECASE,
)
_KIND_COMMA_SUBJECT_RE = re.compile(
    rf"^\s*(?:(?:a|an|the)\s+)?{_DRAWING_KINDS}\s*,\s*(?:(?:the|a|an|our|my)\s+)?(?P<subject>[\w-]+(?:\s+[\w-]+){{0,3}}):[ \t]+(?=\S)",
    re.IGNORECASE,
)


# "arrow means depends on: app -> auth, …": a legend of the arrows as the heading of the data (kept as a frame
# only when every word of it is a framing word: "arrows mean called by" stays, to be placed or refused)
_LEGEND_HEADING_RE = re.compile(r"^\s*(?P<legend>(?:the\s+)?(?:arrows?|edges?)\s+(?:means?|=|shows?|stands?\s+for)\s+[^:\n]{1,40}):[ \t]+(?=\S)",
                                re.IGNORECASE)


def _without_framing_clause(sentence: str, reporting: bool = False) -> str:
    legend = _LEGEND_HEADING_RE.match(sentence)
    if legend is not None and framing_only(legend.group("legend")):
        return sentence[legend.end():]
    heading = _HEADING_CLAUSE_RE.match(sentence)
    if heading is not None and (_drops(heading.group("clause"), reporting) or _DESTINATION_RE.fullmatch(heading.group("clause").strip())):
        return heading.group("head") + heading.group("end") + sentence[heading.end():]
    match = _TRAILING_CLAUSE_RE.search(sentence)
    clause = match.group("clause") if match else ""
    if match is None or not (_drops(clause, reporting) or _DESTINATION_RE.fullmatch(clause.strip())):
        return sentence
    return sentence[: match.start()] + match.group("end")


def without_framing(intent: str) -> str:
    """The intent without its greeting, sign-off and drawing requests."""
    return framing(intent)[0]
