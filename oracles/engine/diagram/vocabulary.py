"""The words of an intent as the faithfulness check sees them: the one list of words that carry
no content, the tokenizer, and the phrases drawn labels are placed on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
        where whereas whereby so thus therefore thanks please pls there there's there’s
        calls call talks talk speaks speak connects connect connected sends send sent forwards forward passes pass
        routes route proxies proxy pushes push publishes publish writes write emits emit posts post streams stream
        delivers deliver redirects redirect uploads upload reads read pulls pull loads load fetches fetch consumes consume
        receives receive queries query uses use depends depend relies rely feeds feed flows flow leads lead points
        links link triggers trigger notifies notify invokes invoke hits hit asks ask requests request returns return
        replies reply responds respond answers answer manages manage supervises supervise oversees oversee owns own
        runs run heads head reports report contains contain includes include precedes precede followed becomes become
        continue continues continuing proceed proceeds move moves moving ends loops loop falls fall jumps jump
        retries retry hands hand gives give serves serve checks check belongs belong part child parent member
        works work managed owned led above below under beneath supervised overseen headed
        reporting leads answers parallel simultaneously concurrently paths path branches cases way
        switches transitions enqueues enqueue tunnels tunnel peers peer replicates replicate
        end meet meets join joins converge converges
        round around come comes repeat repeats restart restarts forever
        namely viz
    """.split()),
    # a fan-in's wait ("when all three are done", "once both finish"): no content after all/both/they
    "fan_in": frozenset("done finish finished complete completed ready succeed succeeded".split()),
    # a fan-in's wait written after its step ("deploy (needs all three)"): no content before all/both
    "fan_in_wait": frozenset("needs need requires require waits wait".split()),
    "preamble": frozenset("""
        draw make create show render generate build give sketch plot produce design model visualise visualize
        can could would you me us i we please pls need want like diagram diagrams flowchart flow chart charts graph
        graphs picture map overview simple quick small little basic sequence architecture hierarchy org organisation
        organization process workflow pipeline lifecycle state machine structure tree outline
        hey hi hello u ya
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
# (a journey's "lands on the homepage", "clicks on the ad": "on" names the place, not a trigger)
_PHRASAL_ON = frozenset("turn switch log sign carry put try hold click tap focus take keep move work act follow".split()
                        + "land lands clicks taps logs signs".split())
# How an intent says that steps run at once ("in parallel", "side by side"): one wording list, read by
# the drafter's reader (flows.py, parallel_forms.py) and by the check's normal forms alike.
PARALLEL_IDIOM = r"(?:in\s+parallel|simultaneously|concurrently|at\s+the\s+same\s+time|side\s+by\s+side)"
FAN_IN_WINDOW = 4  # words looked back from "done"/"finish" for the all/both/they that makes it a fan-in
COVERAGE_PIECES_NAMED = 3  # a refusal names this many unplaced phrases
# Connecting words no name begins or ends with ("so the browser", "cdn first", "stock ordered and
# only"); verbs and particles that begin or end step names ("send receipt", "log in") are not among them.
_FUNCTION_WORDS = frozenset({"so", "then", "first", "next", "finally", "and", "or", "but", "also", "which", "who", "that",
                             "if", "when", "otherwise", "else", "both", "it", "they", "to", "from", "with", "via", "by",
                             "of", "for", "the", "a", "an", "only", "just", "too", "we", "you", "this", "these", "those",
                             "where", "while", "once", "now", "us", "our", "my", "their", "its"})
# ("before the wedding we need the venue booked": a time clause opening a "name" swallowed the scene)
_LOOSE_STARTS = (_FUNCTION_WORDS - {"the", "a", "an", "first"}) | {"before", "until", "unless", "whenever", "namely", "viz",
                                                                  "either", "neither", "as"}  # "first draft" is a name
# "log it", "fix it": a step's object may be a pronoun
_LOOSE_ENDS = (_FUNCTION_WORDS - {"it"}) | {"is", "are", "can", "could", "should", "will", "would", "may", "must"}
# A step's name is a short phrase; a "node" this long is a sentence the reader failed to split.
NODE_MAX_WORDS = 8

EXAMPLE_REWRITE = ("say each step and how it connects, e.g. 'if unresolved after a day, escalate' or "
                   "'review -> approve or reject'")

# "10,000" is one word: a thousands comma sits between digits, three after it
_WORD = r"[^\W_]+(?:['’\-./_+&#][^\W_]+|(?<=\d),\d{3}(?!\d))*[+#]*"
_ARROW = r"<-{1,2}>|<=>|↔|-{1,3}>|—>|–>|=>|→|⟶|➜|➔|⇒|↦|<-{1,2}|←|⟵|<="
# "1.", "2)", and an outline's "1.1", "2.3.1" (a work breakdown's sub-items)
# and an indented sub-item lettered "a." / "b)" under a numbered one
_TOKEN_RE = re.compile(rf"(?P<marker>(?m:^)[ \t]*(?:[-*•+‣◦▪]|\d{{1,2}}(?:\.\d{{1,2}})+\.?|\d{{1,2}}[.)]|(?<=[ \t])[a-z][.)])[ \t]+)|"
                       rf"(?P<arrow>{_ARROW})|"
                       rf"(?P<word>{_WORD})|(?P<nl>\n)|(?P<punct>[^\s])")
_MERMAID_NODE_RE = re.compile(r"(?<![\w\]])(?P<id>[A-Za-z_]\w{0,20})(?:\[\[?|\(\(?|\{\{?)(?P<label>[^\]\)\}\n\[\(\{]{1,120})"
                              r"(?:\]\]?|\)\)?|\}\}?)")
_MERMAID_ARROW_RE = re.compile(r"-->|---|==>|-\.->")
_BULLET_LINE_RE = re.compile(r"(?m)^[ \t]*[-*•+‣◦▪][ \t]+\S")
# "2.", "step 2:", "(2)" — not "back to step 2." (a reference to item 2)
# ("Step 3 - …": a dash after the number marks an item only after "step"; "3 - 5 days" is a range)
_INLINE_NUMBER_RE = re.compile(r"(?<![^\s:])(?<!\bto\s)(?<!\bfrom\s)(?<!\bat\s)(?<!\bstep\s)"
                               r"(?:(?:step\s+|\()?(\d{1,2})[.):]|step\s+(\d{1,2})[ \t]*[-–—])(?=\s)",
                               re.IGNORECASE)
# "(a)", "Step B:" — lettered items, a..n in order (never "to step a", a reference)
_INLINE_LETTER_RE = re.compile(r"(?<![^\s:])(?<!\bto\s)(?<!\bfrom\s)(?<!\bat\s)(?:\((?P<a>[a-z])\)|step\s+(?P<b>[a-z])[.):])(?=\s)",
                               re.IGNORECASE)
# "First, … Second, … Third, … Finally, …": ordinal words that mark items, each at a clause's start
# (never "the second step", a reference); shared by the reader (step_refs.py) and the check
# Outcomes a step turns out with, said as "on <outcome>" ("On success, …", "On timeout → …"): a branch
# from that step (outcome_forms.py reads them for the drafter; the check's glue reads "on" as glue)
OUTCOME_WORDS = frozenset({"success", "failure", "fail", "error", "timeout", "time-out", "decline", "rejection",
                           "approval", "mismatch", "match"})
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
ORDINAL_MARK_RE = re.compile(r"(?:^|(?<=[,;.:!?]\s)|(?<=\n))(?:(?P<o>first|second|third|fourth|fifth|sixth|seventh|eighth|"
                             r"ninth|tenth)(?:ly)?|(?P<f>finally|lastly|at\s+last))\b[ \t]*,?[ \t]*(?=\w)", re.IGNORECASE)
ORDINAL_MIN = 3


def ordinal_marks(intent: str) -> list[re.Match[str]] | None:
    """The ordinal marks of "first …, second …, third …[, finally …]", in order; None unless they count
    first..n (n >= 3) with nothing skipped and at most one closing "finally" after the last."""
    marks = list(ORDINAL_MARK_RE.finditer(intent))
    if marks and marks[-1].group("f"):
        closing, marks = marks[-1:], marks[:-1]
    else:
        closing = []
    if len(marks) < ORDINAL_MIN or any(m.group("f") for m in marks) \
            or [ORDINALS.index(m.group("o").casefold()) for m in marks] != list(range(len(marks))):
        return None
    return marks + closing


def gerunds(verb: str) -> set[str]:
    """The -ing forms a step's verb may take when a way back names it ("repeat from reading the queue"
    for "read the queue"): read → reading, update → updating, run → running."""
    verb = verb.casefold()
    forms = {verb + "ing"}
    if verb.endswith("e") and not verb.endswith("ee"):
        forms.add(verb[:-1] + "ing")
    if re.fullmatch(r"[a-z]*[^aeiou][aeiou][bdgklmnprt]", verb):
        forms.add(verb + verb[-1] + "ing")
    return forms


# Punctuation that may sit inside a phrase without ending it ('label "quoted"', "back\slash").
_INNER_PUNCT = frozenset("\"'`“”‘’\\")
# An arrow written inside a name the data or notation states ("Map col A -> field_a" quoted in DOT):
# the check's normal forms write it as this mark, which no reading takes for an arrow, and a drawn
# name that holds an arrow matches the mark in its place (faithfulness._occurrences).
NAME_ARROW = "\ue000"
_NAME_ARROW_RE = re.compile(r"\s*(?:-{1,2}>|→|=>|⟶)\s*")


def name_text(name: str) -> str:
    """A name as the check's normal form writes it: an arrow inside it as NAME_ARROW."""
    return _NAME_ARROW_RE.sub(f" {NAME_ARROW} ", name)
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


_COMPARISONS = frozenset("<>≤≥≠=")
LABEL_OPERATORS_MARK = "⟨"


def label_key(text: str) -> str:
    """An edge label's key: its words, and its comparison signs in order ("amount > 500" and
    "amount ≤ 500" are two conditions, not one phrase), marked "⟨…⟩" after the words."""
    signs = "".join(c for c in text if c in _COMPARISONS)
    key = phrase_key(text)
    return f"{key} {LABEL_OPERATORS_MARK}{signs}⟩" if signs and key else key


def key_words(key: str) -> list[str]:
    """The words of a phrase or label key (a label's comparison mark is no word)."""
    return [w for w in key.split() if not w.startswith(LABEL_OPERATORS_MARK)]


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
    numbered = [int(m.group(1) or m.group(2)) for m in inline] == list(range(1, len(inline) + 1)) and len(inline) >= 2
    # "* Unit 1: Descriptive statistics / * Unit 2: …": in a bulleted list, numbers inside the items are
    # part of their names, not inline step numbers
    numbered = numbered and len(_BULLET_LINE_RE.findall(intent)) < 2
    markers = {m.start(): (m.end(), 0) for m in inline} if numbered else {}
    lettered = list(_INLINE_LETTER_RE.finditer(intent))
    if not numbered and len(lettered) >= 2 and [ord((m.group("a") or m.group("b")).lower()) - ord("a") for m in lettered] \
            == list(range(len(lettered))):
        markers = {m.start(): (m.end(), 0) for m in lettered}
    ordinal = ordinal_marks(intent) if not markers else None
    if ordinal:
        markers = {m.start(): (m.end(), 0) for m in ordinal}
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


_ARTICLES = frozenset({"the", "a", "an", "our", "my", "their", "its", "your"})
_ANSWERS = frozenset({"yes", "no", "true", "false"})


# "Hiring comms, roughly:", "Ingest path, simplified:": a heading hedged by one adverb of how
# exact it is, or saying what the drawing shows ("Billing, who talks to whom:"); it names no step. Read alike by the drafter and the check.
HEDGED_HEADING_RE = re.compile(
    r"^(?P<head>[^,:.;\n]{1,60}?),\s*(?:roughly|basically|briefly|(?:very\s+|much\s+)?simplified|approximately|in\s+short|"
    r"more\s+or\s+less|high[\s-]level|in\s+brief|who\s+\w+\s+(?:to\s+)?(?:whom|what))\s*:",
    re.IGNORECASE,
)

