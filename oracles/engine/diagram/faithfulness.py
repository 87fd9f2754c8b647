"""The independent faithfulness check: does the drawn graph say what the intent says?

It reads the INTENT on its own and never looks at the drafter's facts. The only thing it takes
from the artifact is what Graphviz read back (node labels, edges, edge labels), and it trusts
none of it:

1. Grounding: every node label and edge label is a whole phrase of the intent — its words occur
   there in order, and the words beside that occurrence are not content words of a longer
   name ("York" in "New York" is a fragment, not a phrase).
2. Coverage: every content word of the intent lies inside a drawn phrase. Words that only
   instruct or connect are listed once, in NOT_CONTENT; everything else is content.
3. Relations: with the drawn phrases marking where the names are, the text BETWEEN them (the
   glue: arrows, verbs, "then", "if … otherwise", list separators, pronouns) is read by this
   module's own small grammar into the edges the intent states. The drawn edge set must equal
   that set exactly, and an edge label must be a phrase stated for that edge.

It is conservative: glue it cannot read, a content word it cannot place, or an ambiguous
construction makes the answer `invalid` with a reason that names the piece and says how to
write it. A wrong `valid` is the worst answer; a refusal is only a missed one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..contracts import EngineRefusal

# The ONE list of words that carry no content of their own. "anywhere": connectors, articles,
# pronouns, relation and sequence words — read by the grammar below, never drawn as names.
# "preamble": words that only instruct, allowed only before the first drawn phrase ("draw a
# flowchart of …"), because inside a step they are content ("show error", "make coffee").
NOT_CONTENT: dict[str, frozenset[str]] = {
    "anywhere": frozenset("""
        a an the our my their its his her your this that these those it they them he she him which who whom whose
        and or but nor plus also too as well either both each all any every either neither
        then next afterwards after that finally first firstly lastly last later once when whenever while
        if else otherwise unless whether case not no yes
        to into onto from in on at of for with by via through back up down out off over
        is are was were be been being has have had do does did get gets got goes go going went we
        straight directly again also just only always eventually
        three two four five several
        step steps stage stages phase state states node nodes
        where whereas whereby so thus therefore thanks please pls
        calls call talks talk speaks speak connects connect connected sends send sent forwards forward passes pass
        routes route proxies proxy pushes push publishes publish writes write emits emit posts post streams stream
        delivers deliver redirects redirect uploads upload reads read pulls pull loads load fetches fetch consumes consume
        receives receive queries query uses use depends depend relies rely feeds feed flows flow leads lead points
        links link triggers trigger notifies notify invokes invoke hits hit asks ask requests request returns return
        replies reply responds respond answers answer manages manage supervises supervise oversees oversee owns own
        runs run heads head reports report contains contain includes include precedes precede followed becomes become
        continue continues continuing proceed proceeds move moves moving ends loops loop falls fall jumps jump
        retries retry hands hand gives give serves serve checks check belongs belong part child parent member
        works work managed owned led above below under beneath
        reporting leads answers parallel simultaneously concurrently paths path branches cases way
    """.split()),
    # a fan-in's wait ("when all three are done", "once both finish"): no content after all/both/they
    "fan_in": frozenset("done finish finished complete completed ready succeed succeeded".split()),
    "preamble": frozenset("""
        draw make create show render generate build give sketch plot produce design model visualise visualize
        can could would you me us i we please pls need want like diagram diagrams flowchart flow chart charts graph
        graphs picture map overview simple quick small little basic sequence architecture hierarchy org organisation
        organization process workflow pipeline lifecycle state machine structure tree outline
    """.split()),
}
_CONNECT = NOT_CONTENT["anywhere"]
_INSTRUCT_VERBS = frozenset("draw make create show render generate build give sketch plot produce design model "
                            "visualise visualize map outline".split())
_INSTRUCT = NOT_CONTENT["preamble"]

# Words that state a condition: a node whose name holds one past its first word has swallowed
# the condition of its edge ("BOUND on DHCPACK"); a heading holding one is not a mere title.
_CONDITION_WORDS = frozenset({"if", "when", "whenever", "unless", "otherwise", "else", "then", "after", "once", "on",
                              "upon", "until"})
_QUANTITY_RE = re.compile(r"^(?:(?:under|over|above|below|less|more|fewer|than|or|at|least|most|up|to|and|from|"
                          r"between)\s*|[\d.,%$€£<>≥≤=+\-–—]+\s*|\d+(?:%|k|m|s|ms|min|h)?\b\s*)+$", re.IGNORECASE)
TITLE_MAX_WORDS = 5  # content words in a heading ("Draw the layout of the repo as a tree:" has two)
OUTLINE_MIN_LINES = 3  # an indentation-only tree needs at least this many lines
_PHRASAL_ON = frozenset("turn switch log sign carry put try hold click tap focus take keep move".split())
FAN_IN_WINDOW = 4  # words looked back from "done"/"finish" for the all/both/they that makes it a fan-in
COVERAGE_PIECES_NAMED = 3  # a refusal names this many unplaced phrases
# Connecting words no name begins or ends with ("so the browser", "cdn first", "stock ordered and
# only"); verbs and particles that begin or end step names ("send receipt", "log in") are not among them.
_FUNCTION_WORDS = frozenset({"so", "then", "first", "next", "finally", "and", "or", "but", "also", "which", "who", "that",
                             "if", "when", "otherwise", "else", "both", "it", "they", "to", "from", "with", "via", "by",
                             "of", "for", "the", "a", "an", "only", "just", "too", "we", "you", "this", "these", "those",
                             "where", "while", "once", "now", "us", "our", "my", "their", "its"})
_LOOSE_STARTS = _FUNCTION_WORDS - {"the", "a", "an", "first"}  # "first draft" is a name
_LOOSE_ENDS = _FUNCTION_WORDS | {"is", "are"}
# A step's name is a short phrase; a "node" this long is a sentence the reader failed to split.
NODE_MAX_WORDS = 8

EXAMPLE_REWRITE = ("say each step and how it connects, e.g. 'if unresolved after a day, escalate' or "
                   "'review -> approve or reject'")

_WORD = r"[^\W_]+(?:['’\-./_+&#][^\W_]+)*[+#]*"
_ARROW = r"<-{1,2}>|<=>|↔|-{1,3}>|—>|–>|=>|→|⟶|➜|➔|⇒|↦|<-{1,2}|←|⟵|<="
_TOKEN_RE = re.compile(rf"(?P<marker>(?m:^)[ \t]*(?:[-*•+‣◦▪]|\d{{1,2}}[.)])[ \t]+)|(?P<arrow>{_ARROW})|"
                       rf"(?P<word>{_WORD})|(?P<nl>\n)|(?P<punct>[^\s])")
_MERMAID_NODE_RE = re.compile(r"(?<![\w\]])(?P<id>[A-Za-z_]\w{0,20})(?:\[\[?|\(\(?|\{\{?)(?P<label>[^\]\)\}\n\[\(\{]{1,120})"
                              r"(?:\]\]?|\)\)?|\}\}?)")
_MERMAID_ARROW_RE = re.compile(r"-->|---|==>|-\.->")
_INLINE_NUMBER_RE = re.compile(r"(?<![^\s:])(?:step\s+)?(\d{1,2})[.):](?=\s)", re.IGNORECASE)
# Punctuation that may sit inside a phrase without ending it ('label "quoted"', "back\slash").
_INNER_PUNCT = frozenset("\"'`“”‘’\\")
_BREAKS = frozenset({".", ";", "\n", "!", "?"})


@dataclass
class Token:
    kind: str  # word | arrow | marker | nl | punct
    text: str
    level: int = 0  # indentation of a list marker
    start: int = -1  # offset in the intent


@dataclass
class Span:
    start: int
    end: int  # token indices [start, end)
    kind: str  # node | label
    key: str
    label: str


@dataclass
class Expected:
    edges: dict[tuple[str, str], set[str]] = field(default_factory=dict)

    def add(self, tail: str, head: str, labels: set[str]) -> None:
        self.edges.setdefault((tail, head), set()).update(labels)


def words_of(text: str) -> list[str]:
    """The words of a phrase, case-folded: the unit of grounding."""
    return [w.casefold() for w in re.findall(_WORD, text)]


def phrase_key(text: str) -> str:
    return " ".join(words_of(text))


def _indented_outline(intent: str) -> dict[int, tuple[int, int]]:
    """Line starts of an outline written with indentation alone (a tree without bullets):
    position → (end of the indentation, its width). Empty unless every line after an optional
    heading is a short bare name and there are at least two indentation levels."""
    lines = [(m.start(), m.group(0)) for m in re.finditer(r"[^\n]+", intent) if m.group(0).strip()]
    if lines and lines[0][1].rstrip().endswith(":"):
        lines = lines[1:]
    widths = [len(text) - len(text.lstrip(" \t")) for _, text in lines]
    if len(lines) < OUTLINE_MIN_LINES or len(set(widths)) < 2 or any(
            re.search(r"[.,;!?]\s|->|→|^\s*(?:[-*•+]|\d{1,2}[.)])\s", text) or len(text.split()) > NODE_MAX_WORDS
            for _, text in lines):
        return {}
    return {start: (start + width, width) for (start, _), width in zip(lines, widths, strict=True)}


def tokenize(intent: str) -> list[Token]:
    inline = list(_INLINE_NUMBER_RE.finditer(intent))
    numbered = [int(m.group(1)) for m in inline] == list(range(1, len(inline) + 1)) and len(inline) >= 2
    markers = {m.start(): (m.end(), 0) for m in inline} if numbered else {}
    markers.update(_indented_outline(intent))
    tokens: list[Token] = []
    position = 0
    while position < len(intent):
        if position in markers:
            end, level = markers.pop(position)
            if tokens and tokens[-1].kind != "nl" and level:
                tokens.append(Token("nl", "\n"))
            tokens.append(Token("marker", intent[position:end].strip() or "·", level))
            position = end  # popped, so a line without indentation does not loop
            continue
        match = _TOKEN_RE.search(intent, position)
        if match is None:
            break
        # a marker skipped by the search would be read as words
        skipped = [s for s in markers if position <= s <= match.start()]
        if skipped:
            position = min(skipped)
            continue
        kind = match.lastgroup or "punct"
        text = match.group(0)
        if kind == "marker":
            indent = len(text) - len(text.lstrip(" \t"))
            if tokens and tokens[-1].kind != "nl":
                tokens.append(Token("nl", "\n"))
            tokens.append(Token("marker", text.strip(), indent))
        else:
            tokens.append(Token(kind, text, 0, match.start()))
        position = match.end()
    return tokens


class Faithfulness:
    """One check of one drawn graph against one intent."""

    def __init__(self, intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
        self.intent = intent
        self.tokens = tokenize(intent)
        self.labels = list(nodes)
        self.nodes = {phrase_key(label): label for label in nodes}
        self.edges = {(phrase_key(t), phrase_key(h)): phrase_key(lbl) if lbl else "" for t, h, lbl in edges}
        self.edge_labels = {phrase_key(lbl): lbl for _, _, lbl in edges if lbl}

    # --- grounding and coverage ---------------------------------------------------------
    def _content(self, index: int, preamble: bool) -> bool:
        token = self.tokens[index]
        if token.kind != "word":
            return False
        word = token.text.casefold()
        if word in {"td", "tb", "lr", "rl", "bt"} and index and self.tokens[index - 1].text.casefold() in {"graph", "flowchart"}:
            return False  # a Mermaid header's direction ("graph TD")
        if word in NOT_CONTENT["fan_in"]:
            before = {t.text.casefold() for t in self.tokens[max(0, index - FAN_IN_WINDOW):index] if t.kind == "word"}
            if before & {"all", "both", "they", "everything", "each"}:
                return False
        if preamble and word in _INSTRUCT:
            # "build the backend, …": an instruction verb right before the first step (articles
            # aside) is that step's own verb, not an instruction
            following = [t.text.casefold() for t in self.tokens[index + 1:self._first] if t.kind != "punct" or t.text != '"']
            return bool(following) and all(w in _ARTICLES for w in following) and word in _INSTRUCT_VERBS
        return word not in _CONNECT

    def _occurrences(self, key: str, label: str) -> list[tuple[int, int]]:
        wanted = key.split()
        # punctuation the label itself holds ("<b>browser</b>", "app [v2]") may sit between its
        # words; a separator of names never does
        own_punct = set(re.findall(r"[^\w\s]", label)) - {",", ";", ".", "!", "?", "|"}
        # a colon ends a heading ("Release: build …"): a name holds one only as a time ("14:02") or as
        # a whole list item ("- ceo: ahmed"), which run() checks

        found = []
        for start, token in enumerate(self.tokens):
            if token.kind != "word" or token.text.casefold() != wanted[0]:
                continue
            index, matched = start, 0
            while index < len(self.tokens) and matched < len(wanted):
                tok = self.tokens[index]
                if tok.kind == "word":
                    if tok.text.casefold() != wanted[matched]:
                        break
                    matched += 1
                elif not (tok.kind == "punct" and (tok.text in _INNER_PUNCT or tok.text in own_punct)):
                    break
                index += 1
            if matched == len(wanted):
                first = start
                while first > 0 and self.tokens[first - 1].kind == "punct" and self.tokens[first - 1].text in own_punct:
                    first -= 1
                while index < len(self.tokens) and self.tokens[index].kind == "punct" and self.tokens[index].text in own_punct:
                    index += 1
                found.append((first, index))
        return found

    def _mermaid_spans(self) -> list[Span]:
        """Mermaid-style "B[Collect data] --> C": a definition "ID[label]" is one mention of the
        node named by its label, and the bare ID later mentions the same node."""
        definitions = list(_MERMAID_NODE_RE.finditer(self.intent))
        if not definitions or not _MERMAID_ARROW_RE.search(self.intent):
            return []
        ids: dict[str, str] = {}
        spans: list[Span] = []
        starts = {t.start: i for i, t in enumerate(self.tokens) if t.start >= 0}
        for match in definitions:
            key = phrase_key(match.group("label"))
            if key not in self.nodes or ids.setdefault(match.group("id"), key) != key:
                continue
            first = starts.get(match.start("id"))
            last = max((i for i, t in enumerate(self.tokens) if 0 <= t.start < match.end()), default=None)
            if first is not None and last is not None:
                spans.append(Span(first, last + 1, "node", key, self.nodes[key]))
        for index, token in enumerate(self.tokens):
            if token.kind == "word" and token.text in ids:
                spans.append(Span(index, index + 1, "node", ids[token.text], self.nodes[ids[token.text]]))
        return spans

    def spans(self) -> list[Span]:
        """Drawn phrases placed on the intent: longest first, never overlapping, whole phrases."""
        for key, label in [*self.nodes.items(), *self.edge_labels.items()]:
            if not key:
                code = "NODE_NOT_IN_INTENT" if label in self.labels else "EDGE_LABEL_NOT_IN_INTENT"
                raise EngineRefusal(code, f"'{label}' has no words the intent states.")
        candidates = [Span(s, e, "node", key, label) for key, label in self.nodes.items() for s, e in self._occurrences(key, label)]
        candidates += [Span(s, e, "label", key, label) for key, label in self.edge_labels.items()
                       for s, e in self._occurrences(key, label) if key not in self.nodes]
        # "the broker" after "the MQTT broker": a name's last words, when no other drawn name ends
        # that way and they are not a name of their own, mention the same node (after it is named)
        first_seen = {sp.key: sp.start for sp in sorted(candidates, key=lambda sp: sp.start) if sp.kind == "node"}
        for key, label in self.nodes.items():
            words = key.split()
            for cut in range(1, len(words)):
                suffix = " ".join(words[cut:])
                owners = [k for k in self.nodes if k == suffix or k.endswith(" " + suffix)]
                if owners != [key] or suffix in self.edge_labels or suffix.split()[0] in _CONNECT:
                    continue
                candidates += [Span(s, e, "node", key, label) for s, e in self._occurrences(suffix, label)
                               if s > first_seen.get(key, len(self.tokens))]
        candidates += self._mermaid_spans()
        candidates.sort(key=lambda sp: (-(sp.end - sp.start), sp.kind != "node", sp.start))
        taken: set[int] = set()
        chosen: list[Span] = []
        for span in candidates:
            if taken.isdisjoint(range(span.start, span.end)):
                chosen.append(span)
                taken.update(range(span.start, span.end))
        # A phrase whose neighbour is an unplaced content word is a fragment of a longer name.
        changed = True
        while changed:
            changed = False
            covered = {i for sp in chosen for i in range(sp.start, sp.end)}
            first = min((sp.start for sp in chosen), default=len(self.tokens))
            for span in list(chosen):
                for neighbour in (span.start - 1, span.end):
                    if 0 <= neighbour < len(self.tokens) and neighbour not in covered \
                            and self._content(neighbour, neighbour < first):
                        chosen.remove(span)
                        changed = True
                        break
        placed = {sp.key for sp in chosen}
        for key, label in self.nodes.items():
            if key not in placed:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' is not a whole phrase of the intent.")
        for key, label in self.edge_labels.items():
            if key not in placed and key not in self.nodes:
                raise EngineRefusal("EDGE_LABEL_NOT_IN_INTENT", f"The edge label '{label}' is not a whole phrase of the intent.")
        return sorted(chosen, key=lambda sp: sp.start)

    def _whole_item(self, span: Span) -> bool:
        before = self.tokens[span.start - 1] if span.start else None
        after = self.tokens[span.end] if span.end < len(self.tokens) else None
        return before is not None and before.kind == "marker" and (after is None or after.kind in ("marker", "nl"))

    _first = 0

    def coverage(self, spans: list[Span]) -> None:
        covered = {i for sp in spans for i in range(sp.start, sp.end)}
        first = spans[0].start if spans else len(self.tokens)
        self._first = first
        title_end = self._title_end(first)
        pieces: list[list[str]] = []
        run: list[tuple[str, bool]] = []

        def close() -> None:
            while run and not run[-1][1]:
                run.pop()  # "invoice to the" → "invoice"
            if run:
                pieces.append([text for text, _ in run])
            run.clear()

        for index, token in enumerate(self.tokens):
            if index >= title_end and index not in covered and self._content(index, index < first):
                run.append((token.text, True))
            elif run and (token.kind != "word" or index in covered or index < title_end):
                close()
            elif run:
                run.append((token.text, False))  # an unplaced connector inside an unplaced phrase
        close()
        if pieces:
            names = ", ".join(f"'{' '.join(piece)}'" for piece in pieces[:COVERAGE_PIECES_NAMED])
            phrase = " ".join(pieces[0])
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place {names} in the diagram; say where "
                                                      f"{'it goes' if len(pieces) == 1 else 'each goes'}, e.g. "
                                                      f"'… -> {phrase}' or 'if <condition>, {phrase}'.")

    def _title_end(self, first: int) -> int:
        """A heading before the first drawn phrase ("Login flow:", "DHCP client states:") names
        the diagram, not a step: its words need no place. Only a short heading without
        commas or conditions counts: "When a request comes in, route it by amount:" is content."""
        end = start = 0
        for index in range(first):
            token = self.tokens[index]
            if token.kind == "punct" and token.text == ":":
                heading = [t.text.casefold() for t in self.tokens[start:index] if t.kind == "word"]
                punct = [t.text for t in self.tokens[start:index] if t.kind == "punct"]
                named = [w for w in heading if w not in _CONNECT and w not in _INSTRUCT]
                if len(named) > TITLE_MAX_WORDS or "," in punct or ";" in punct \
                        or set(heading) & _CONDITION_WORDS:
                    return end
                end = start = index + 1
            elif token.kind in ("nl", "marker") or (token.kind == "punct" and token.text in ".!?"):
                start = index + 1  # a heading starts a line or a sentence
        return end

    # --- relations ----------------------------------------------------------------------
    def expected(self, spans: list[Span]) -> Expected:
        return _Reader(self.tokens, spans).read()

    def run(self) -> None:
        if len(set(self.nodes)) != len(self.labels):
            raise EngineRefusal("DUPLICATE_NODE", "Two nodes have the same name; a step named twice is one node.")
        spans = self.spans()
        whole_items = {sp.key for sp in spans if sp.kind == "node" and self._whole_item(sp)}
        for key, label in self.nodes.items():
            words = key.split()
            cased = re.findall(_WORD, label)
            padded = f" {key} "
            inner = next((other for other in self.nodes if other != key and f" {other} " in padded), None)
            if inner is not None:
                # "gateway check token with auth server" holds two names: a clause, not a name
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' contains the node "
                                                           f"'{self.nodes[inner]}'; a name that holds another name is "
                                                           "a relation written as one step. Say it as "
                                                           "'gateway -> auth server' or 'the gateway asks the auth server'.")
            loose = [w if w.isupper() else w.casefold() for w in cased]  # "IT" is not "it", "Division A" not "a"
            if set(words) <= (_FUNCTION_WORDS - {"a", "an"}) | _ANSWERS:  # a lone letter "a" is a name
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' names nothing: it is only connecting "
                                                          "words. Conditions and answers go on the edges.")
            if len(words) > NODE_MAX_WORDS:
                raise EngineRefusal("NODE_IS_A_SENTENCE", f"The node '{label[:60]}' has {len(words)} words; a step's name "
                                                          f"has at most {NODE_MAX_WORDS}. Name each step briefly, e.g. "
                                                          "'lease signed, staff hired and stock ordered in parallel, "
                                                          "then grand opening'.")
            if len(loose) > 1 and (loose[0] in _LOOSE_STARTS or loose[-1] in _LOOSE_ENDS):
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' begins or ends with a connecting word; "
                                                          "it is not a name the intent states.")
            if re.search(r":\s", label) and key not in whole_items:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' runs across a colon; a heading or a "
                                                          "label before a colon is not part of a step's name.")
            # a whole list item is a name by construction ("5) cool on rack")
            conditions = set(words[1:]) & _CONDITION_WORDS
            if words[0] in _PHRASAL_ON and len(words) > 1 and words[1] == "on":
                conditions -= {"on"}  # "turn on the AC" is a step, "BOUND on ACK" a state with its trigger
            if (conditions and key not in whole_items) or _QUANTITY_RE.match(label.strip()):
                raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' reads as a condition, not a step. "
                                                            "Write conditions on the connection, e.g. "
                                                            "'check -> approve when the score is at least 700'.")
        self.coverage(spans)
        expected = self.expected(spans)
        drawn = set(self.edges)
        for tail, head in sorted(set(expected.edges) - drawn):
            raise EngineRefusal("EDGE_MISSING", f"The intent connects '{self.nodes[tail]}' to '{self.nodes[head]}', "
                                                "but the diagram does not.")
        for tail, head in sorted(drawn - set(expected.edges)):
            raise EngineRefusal("EDGE_NOT_IN_INTENT", f"The diagram connects '{self.nodes.get(tail, tail)}' to "
                                                      f"'{self.nodes.get(head, head)}', which the intent does not say.")
        for (tail, head), label in self.edges.items():
            if label and label not in expected.edges[(tail, head)]:
                raise EngineRefusal("EDGE_LABEL_WRONG", f"The label '{self.edge_labels[label]}' is on "
                                                        f"'{self.nodes[tail]}' → '{self.nodes[head]}', but the intent "
                                                        "states it for another connection.")


# --- the glue grammar ---------------------------------------------------------------------
_FORWARD = [
    r"(?:talks?|speaks?|connects?|is connected|goes|go|flows?|leads?|points?|links?|moves?|continues?|continue|proceeds?|"
    r"jumps?|loops?(?: back)?|falls?(?: back)?|goes back|go back|back|returns?|return|sends?(?: back)?|forwards?|"
    r"passes|pass|hands?(?: off)?|routes?|proxies|proxy|pushes|push|publishes|publish|writes?|emits?|posts?|streams?|"
    r"delivers?|redirects?|uploads?|replies|reply|responds?|answers|gives?|retries|retry|feeds?) (?:@ ){0,4}?(?:back )?"
    r"(?:to|into|in|onto)",
    r"(?:reads?|pulls?|loads?|fetches|fetch|consumes?|receives?|gets?|requests?|asks?) (?:@ ){0,4}?(?:from|of)",
    r"calls?", r"feeds?", r"queries|query", r"uses?", r"depends on", r"relies on", r"triggers?", r"notifies|notify", r"invokes?",
    r"manages?", r"supervises?", r"oversees?", r"owns?", r"runs", r"heads", r"leads", r"leads a team of",
    r"contains?", r"includes?", r"is followed by", r"precedes", r"becomes?", r"hits?", r"checks?", r"serves?",
    r"asks?", r"requests?", r"sends?", r"is the parent of", r"is above", r"has", r"then", r"next", r"after that",
    r"afterwards", r"and then", r"finally", r"followed by", r"->",
]
_REVERSE = [r"reports? to", r"reporting to", r"answers? to", r"is managed by", r"is part of", r"belongs? to",
            r"is (?:a )?child of", r"is below", r"works? for", r"is owned by", r"is led by", r"<-", r"under"]
_REPLY = r"(?:replies|reply|responds?|answers|returns?|sends? back)"
_FORWARD_RE = re.compile(rf"(?:^| )(?:{'|'.join(_FORWARD)})(?= |$)")
_REVERSE_RE = re.compile(rf"(?:^| )(?:{'|'.join(_REVERSE)})(?= |$)")
_LIST_RE = re.compile(r"^(?:(?:,|and|or|&|/|\||plus|as well as|nor|\(|\)|\[|\]|\{|\})\s*)+$")
_PRONOUN_GROUP_RE = re.compile(r"(?:^| )(?:both|they|all three|all|each|these|those|all of them|both of them)(?= |$)")
_PRONOUN_ONE_RE = re.compile(r"(?:^| )(?:which|that|who|it|this|he|she)(?= |$)")


class _Reader:
    """Reads the glue between drawn phrases into the edges the intent states."""

    def __init__(self, tokens: list[Token], spans: list[Span]) -> None:
        self.tokens = tokens
        self.spans = spans
        self.out = Expected()

    def _sig(self, start: int, end: int, labels: list[Span]) -> list[tuple[str, Span | None]]:
        """Glue tokens as grammar symbols: connector words as themselves, content as '@'."""
        symbols: list[tuple[str, Span | None]] = []
        label_at = {sp.start: sp for sp in labels}
        index = start
        while index < end:
            if index in label_at:
                span = label_at[index]
                for inner in self.tokens[span.start:span.end]:
                    if inner.kind == "word":
                        word = inner.text.casefold()
                        symbols.append((word if word in _CONNECT else "@", span))
                index = span.end
                continue
            token = self.tokens[index]
            if token.kind == "word":
                word = token.text.casefold()
                symbols.append((word if word in _CONNECT or word in _INSTRUCT else "@", None))
            elif token.kind == "arrow":
                symbols.append(("<-" if token.text.startswith(("<", "←", "⟵")) else "->", None))
            elif token.kind == "marker":
                symbols.append((f"#{token.level}", None))
            elif token.kind == "nl":
                symbols.append(("\n", None))
            elif token.text not in _INNER_PUNCT:
                symbols.append((token.text, None))
            index += 1
        return symbols

    def read(self) -> Expected:
        nodes = [sp for sp in self.spans if sp.kind == "node"]
        glue_bounds = [(nodes[i - 1].end if i else 0, nodes[i].start) for i in range(len(nodes))]
        glue_bounds.append((nodes[-1].end if nodes else 0, len(self.tokens)))
        labels = [sp for sp in self.spans if sp.kind == "label"]
        state = _State(self.out, len({t.level for t in self.tokens if t.kind == 'marker'}) > 1)
        glues = [self._sig(start, end, [sp for sp in labels if start <= sp.start < end]) for start, end in glue_bounds]
        for index, glue in enumerate(glues):
            node = nodes[index] if index < len(nodes) else None
            # what joins the NEXT name decides whether "…, c" is one more in a list or the
            # subject of a new clause ("a -> b, c -> d")
            following = _split(glues[index + 1]) if index + 1 < len(glues) else []
            role = _grammar(_plain(following[0][1])) if following and following[0][1] else ""
            next_is_verb = role in ("forward", "reverse") and not any(
                sym in ("->", "<-") for sym, _ in following[0][1])
            state.glue(glue, node.key if node else None, first=index == 0,
                       next_relation="verb" if next_is_verb else role if role in ("forward", "reverse") else "")
        state.finish()
        return self.out


def _split(glue: list[tuple[str, Span | None]]) -> list[tuple[str, list[tuple[str, Span | None]]]]:
    """Glue → segments, each with the separator before it ('' | ',' | '.' | '#n')."""
    segments: list[tuple[str, list[tuple[str, Span | None]]]] = [("", [])]
    for symbol, span in glue:
        if span is None and (symbol in _BREAKS or symbol.startswith("#")):
            segments.append((symbol if symbol.startswith("#") else ".", []))
        elif span is None and symbol == ",":
            segments.append((",", []))
        else:
            segments[-1][1].append((symbol, span))
    return segments


def _labels(segment: list[tuple[str, Span | None]]) -> list[str]:
    return list(dict.fromkeys(span.key for _, span in segment if span is not None))


# Verbs a message label may start with ("writes it", "sends a token"): still the relation's verb.
_MESSAGE_VERBS = frozenset("""sends send writes write publishes publish forwards forward calls call returns return replies
    reply responds respond asks ask requests request posts post pushes push streams stream emits emit delivers deliver
    passes pass routes route reads read pulls pull fetches fetch queries query notifies notify triggers trigger uploads
    upload hands hand gives give""".split())
_ARTICLES = frozenset({"the", "a", "an", "our", "my", "their", "its", "your"})
_GRAMMAR_IN_LABELS = frozenset({"if", "when", "whenever", "once", "unless", "otherwise", "else", "not"})
_DROPPED = frozenset({"from", "the", "a", "an", "our", "my", "their", "its", "your", ":", "(", ")", "[", "]", "{", "}", "*",
                      "`", "'", '"', "—", "–", "-", "?", "also", "as", "well", "in", "parallel", "simultaneously",
                      "concurrently", "at", "same", "time", "so", "first", "just", "straight", "directly",
                      "please", "pls", "then"})


def _plain(segment: list[tuple[str, Span | None]]) -> str:
    """The grammar words of a segment: label text and fillers dropped, branch words kept."""
    words = [symbol for symbol, span in segment
             if symbol != "@" and symbol not in _ARTICLES
             and (span is None or symbol in _GRAMMAR_IN_LABELS or symbol in _MESSAGE_VERBS)]
    if "->" in words or "<-" in words:
        words = [w for w in words if w != "|"]
    return " ".join(words)


def _grammar(plain: str) -> str:
    """One segment's role."""
    padded = " " + plain + " "
    if re.search(r" (?:otherwise|else|if not|or else) ", padded):
        return "alt"
    if re.search(r"^(?:(?:->|and|then|but|and then) )*(?:if|when|whenever|once|unless|in case|on) ", padded.lstrip() + " "):
        return "branch"
    if _REVERSE_RE.search(plain):
        return "reverse"
    if _FORWARD_RE.search(plain):
        return "forward"
    stripped = " ".join(w for w in plain.split() if w not in _DROPPED)
    if not stripped:
        return "filler"
    if _LIST_RE.match(stripped):
        return "list"
    return "unknown"


_SEQUENCE_RE = re.compile(r"^(?:(?:and|then|next|finally|afterwards|after that|and then|followed by|->|back to|goes back to|"
                          r"go back to|loops back to|returns to|return to)\s*)+$")
_REJOIN_RE = re.compile(r"(?:^| )(?:both|either way|in both cases|in either case|in any case|all paths|all three|all of them|"
                        r"all)(?= |$)")
_REPLY_RE = re.compile(r"^(?:replies|responds|answers|returns|sends back)(?: with| back)?$")
_ANSWERS = frozenset({"yes", "no", "true", "false"})


def _preamble(glue: list[tuple[str, Span | None]]) -> list[tuple[str, Span | None]]:
    """The text before the first drawn phrase: a heading ("Login flow:") and instructions
    ("please draw a diagram where …") are no part of the graph; list markers and an opening
    "if" are."""
    colons = [i for i, (symbol, span) in enumerate(glue) if symbol == ":" and span is None]
    if colons:
        glue = glue[colons[-1] + 1:]
    return [(symbol, span) for symbol, span in glue
            if span is not None or (symbol != "@" and symbol not in _INSTRUCT and symbol not in _PREAMBLE_FILLER)]


_PREAMBLE_FILLER = frozenset({"where", "of", "for", "showing", "how", "that", "me", "us", "the", "a", "an", "our", "my",
                              "first", "firstly", "start", "with", "by", "so", "?", ".", "in", "which", "!", "to",
                              "your", "is", "are", "it"})


class _Unreadable(EngineRefusal):
    def __init__(self, what: str) -> None:
        super().__init__("UNREADABLE_RELATION", f"I could not read how the steps around '{what}' connect; "
                                                f"{EXAMPLE_REWRITE}.")


@dataclass
class _Branch:
    decider: list[str]
    awaiting: bool = False  # the decision node was just named; its first branch comes next
    ends: list[list[str]] = field(default_factory=list)
    has_else: bool = False


class _State:
    """The sentence-level machine: groups of names joined by relations, branches, lists."""

    def __init__(self, out: Expected, nested: bool) -> None:
        self.out = out
        self.nested = nested  # the intent's list items sit at more than one indentation: a tree
        self.group: list[str] = []  # the names gathered since the last relation
        self.into: dict[str, set[str]] = {}  # labels stated for the edge into a name of the group
        self.pending: tuple[list[str], bool] | None = None  # subjects and direction of the open relation
        self.pending_verb = False
        self.relation_labels: set[str] = set()
        self.comma_list = False  # the group so far is names separated by bare commas
        self.previous_group: list[str] = []
        self.last_node: str | None = None
        self.decision: str | None = None
        self.branch: _Branch | None = None
        self.closed_branch: _Branch | None = None
        self.carry: list[str] = []  # labels stated before their relation ("After 30 s of silence, …")
        self.tree: list[tuple[int, str]] = []
        self.roots = 0
        self.sender: dict[str, str] = {}  # who last sent to a name: a reply goes back there

    def _emit(self) -> None:
        if self.pending and self.group:
            subjects, forward = self.pending
            if self.pending_verb and len(self.group) > 1:
                for obj in self.group:
                    if set(obj.split()) & {"to", "into", "from"}:
                        # "sends logs to Loki and metrics to Prometheus": the list holds a second
                        # relation, not a name with "to" in it
                        raise _Unreadable(obj)
            for obj in self.group:
                labels = self.into.get(obj, set()) | self.relation_labels
                for subject in subjects:
                    if forward:
                        self.out.add(subject, obj, labels)
                        self.sender[obj] = subject
                    else:
                        self.out.add(obj, subject, labels)
        self.pending = None

    def _start(self, subjects: list[str], forward: bool, node: str, labels: list[str], verb: bool) -> None:
        self._emit()
        if not subjects:
            raise _Unreadable(node)
        self.pending = (subjects, forward)
        self.pending_verb = verb
        self.group = [node]
        self.into = {node: set()}
        self.relation_labels = set(labels)  # "sends traffic to web1 and web2": on both edges
        self.comma_list = False

    def glue(self, glue: list[tuple[str, Span | None]], node: str | None, first: bool, next_relation: str = "") -> None:
        if first:
            glue = _preamble(glue)
        segments = _split(glue)
        relation: tuple[list[str] | None, bool, bool] | None = None  # subjects (None: the group), forward, verb
        labels: list[str] = list(self.carry)
        self.carry = []
        joined = broke = opened = alternative = rejoin = False
        bare_comma = True
        list_or = False
        answer: str | None = None
        marker: int | None = None
        for position, (separator, segment) in enumerate(segments):
            if separator == "." or separator.startswith("#"):
                self._break()
                broke = True
                if separator.startswith("#"):
                    marker = int(separator[1:])
            elif separator == ",":
                joined = True
            if not segment:
                continue
            plain = _plain(segment)
            role = _grammar(plain)
            seg_labels = _labels(segment)
            reply = _REPLY_RE.match(plain)
            if reply and position == 0 and not first and self.group and role == "unknown" and len(self.group) == 1 \
                    and self.group[0] in self.sender:
                # "Payment Service responds with a receipt": back to whoever sent to it
                self._emit()
                self.out.add(self.group[0], self.sender[self.group[0]], set(seg_labels))
                continue
            if position == 0 and not first and self.group and role in ("filler", "branch", "unknown") \
                    and seg_labels and (len(segments) > 1 or node is None) and "->" not in plain.split():
                # "listening → processing when speech ends;" — a condition written after its edge
                self.into.setdefault(self.group[-1], set()).update(seg_labels)
                continue
            if role == "alt":
                alternative = True
                labels += seg_labels
            elif role == "branch" and not seg_labels and _PRONOUN_GROUP_RE.search(plain) and (self.group or self.previous_group):
                # "once all three finish, build the report": a fan-in from the steps just named
                relation = (list(self.group or self.previous_group), True, False)
            elif role == "branch":
                opened = True
                labels += seg_labels
            elif role in ("forward", "reverse"):
                if relation is not None and not (relation[2] is False and role == "forward"):
                    raise _Unreadable(" ".join(s for s, _ in segment).replace("@", "…"))
                verb = not _SEQUENCE_RE.match(" ".join(w for w in plain.split() if w not in _DROPPED) or "->")
                subjects: list[str] | None = None
                if _REJOIN_RE.search(plain) and (self.closed_branch is not None or self.branch is not None):
                    rejoin = True
                elif verb and _PRONOUN_GROUP_RE.search(plain) and self.previous_group:
                    subjects = list(self.previous_group)
                elif verb and _PRONOUN_ONE_RE.search(plain) and self.last_node:
                    subjects = [self.last_node]
                elif verb and self.pending and self.pending_verb and not broke and (
                        joined or plain.split()[:1] == ["and"]):
                    subjects = list(self.pending[0])  # "reads from S3 and writes to BigQuery"
                words = seg_labels
                first_word = next((s for s, sp in segment if sp is not None), None)
                if broke and first_word in _ANSWERS and self.decision:
                    subjects = [self.decision]  # "No → show an error": from the decision
                    answer = first_word
                relation = (subjects, role == "forward", verb)
                labels += words
            elif role == "list":
                joined = True
                bare_comma = bare_comma and plain.strip() == ""
                list_or = list_or or bool(set(plain.split()) & {"or", "/", "|"})
                labels += seg_labels
            elif role == "filler":
                if seg_labels:
                    self.carry += seg_labels
                if plain.split() and plain.split()[-1] == "?":
                    pass
            else:
                raise _Unreadable(" ".join(s for s, _ in segment).replace("@", "…"))
            if "?" in [s for s, _ in segment]:
                self.decision = self.last_node
        if any(s == "?" for s, _ in glue):
            self.decision = self.last_node
        del answer
        if node is None:
            if labels or self.carry:
                raise _Unreadable(self.last_node or "")
            self.finish()
            return
        if self.branch is not None and self.branch.awaiting and relation is None and not alternative and not broke:
            opened = True  # "if the user is logged in, show the dashboard": its first branch
        if marker is not None and next_relation:
            marker = None  # "- Grace reports to Omar": an item that states its own relation is a sentence
        if marker is not None and not opened and not alternative and relation is None:
            self._list_item(node, marker)
            return
        if opened or alternative:
            self._branch(node, labels, opened, alternative, broke, relation)
            return
        if self.branch is not None and broke:
            self._close_branch()
        if rejoin or (self.closed_branch is not None and relation is not None and broke and not relation[2]):
            closed = self.closed_branch
            self.closed_branch = None
            if closed is None:
                raise _Unreadable("both")
            self._start([tail for end in closed.ends for tail in end], True, node, labels, False)
            self.last_node = node
            return
        self.closed_branch = None
        if relation is not None:
            subjects, forward, verb = relation
            if subjects is None:
                if self.comma_list and len(self.group) > 1 and not verb and self.pending is None:
                    chain = list(self.group)  # "planning, development, review, and then …": a sequence
                    for tail, head in zip(chain, chain[1:], strict=False):
                        self.out.add(tail, head, set())
                    self.group = [chain[-1]]
                subjects = list(self.group) if self.group else ([self.last_node] if self.last_node else [])
            self._start(subjects, forward, node, labels, verb)
        elif joined and not broke and self.pending is not None and next_relation and (
                (bare_comma and next_relation) or next_relation == "verb") and not list_or:
            # "a -> b, c -> d" and "X calls A and B queries C": a new clause, not a list
            self._emit()
            self.group, self.into = [node], {node: set()}
            self.comma_list = False
        elif joined and not broke:
            self.group.append(node)
            self.into[node] = set(labels)
            self.comma_list = (self.comma_list or len(self.group) == 2) and bare_comma
        elif broke or first:
            self._emit()
            if labels:
                raise _Unreadable(node)
            self.group = [node]
            self.into = {node: set()}
            self.comma_list = True
        else:
            raise _Unreadable(node)
        self.last_node = node

    def _branch(self, node: str, labels: list[str], opened: bool, alternative: bool, broke: bool,
                relation: tuple[list[str] | None, bool, bool] | None) -> None:
        self._emit()
        if opened and not alternative and not labels and not (self.branch is not None and self.branch.awaiting):
            # "if the user is logged in, …": the condition itself is the decision node
            if self.branch is not None:
                self._close_branch()
            self.branch = _Branch([node], awaiting=True)
            if self.last_node:
                self.out.add(self.last_node, node, set())
            self.group, self.into, self.last_node = [node], {node: set()}, node
            return
        if self.branch is not None and self.branch.awaiting:
            self.branch.awaiting = False
        elif opened and not alternative and (self.branch is None or not broke or self.branch.has_else):
            if self.branch is not None:
                self._close_branch()
            decider = list(self.group) if self.group else ([self.last_node] if self.last_node else [])
            if not decider:
                raise _Unreadable(node)
            self.branch = _Branch(decider)
        else:
            if self.branch is None:
                raise _Unreadable(node)
            if self.group and self.group != self.branch.decider:
                self.branch.ends.append(list(self.group))
        if alternative and not opened:
            self.branch.has_else = True
        for decider in self.branch.decider:
            self.out.add(decider, node, set(labels))
        self.pending = None
        self.group, self.into, self.last_node = [node], {node: set()}, node

    def _break(self) -> None:
        self._emit()
        if self.group:
            self.previous_group = list(self.group)

    def _close_branch(self) -> None:
        if self.branch is None:
            return
        self._emit()
        if self.group and self.group != self.branch.decider:
            self.branch.ends.append(list(self.group))
        self.closed_branch = self.branch if self.branch.has_else else None
        self.branch = None

    def _list_item(self, node: str, level: int) -> None:
        """A bullet or numbered item: nested items hang under their parent (a tree); a flat
        list is a sequence of steps."""
        self._emit()
        while self.tree and self.tree[-1][0] > level:
            self.tree.pop()
        if self.tree and self.tree[-1][0] == level:
            _, sibling = self.tree.pop()
            if not self.nested:
                self.out.add(sibling, node, set())
        if self.tree:
            self.out.add(self.tree[-1][1], node, set())
        elif self.nested and self.roots:
            # several top-level items over nested ones: steps with sub-steps, or several trees?
            raise _Unreadable(node)
        else:
            self.roots += 1
        self.tree.append((level, node))
        self.group, self.into, self.last_node = [node], {node: set()}, node

    def finish(self) -> None:
        if self.branch is not None:
            self._close_branch()
        self._emit()


def check_faithful(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """Raise EngineRefusal unless the drawn graph is exactly what the intent states."""
    Faithfulness(intent, nodes, edges).run()
