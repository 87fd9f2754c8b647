"""The glue grammar: with the drawn phrases marking where the names are, the words BETWEEN them
(arrows, verbs, "then", "if … otherwise", list commas, pronouns, list markers) are read into the
edges the intent states. What it cannot read it refuses (UNREADABLE_RELATION)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..contracts import EngineRefusal
from .actor_glue import ACTOR_FORWARD, ACTOR_VERBS, REPLY_VERBS
from .actor_glue import REPLY_RE as _ACTOR_REPLY_RE
from .answer_placement import GO_ON as _GO_ON
from .answer_placement import PlacedAnswer, placed_answers
from .case_list_check import case_list_edges
from .decision_outline_check import decision_outline_edges
from .flow_check import (
    any_source,
    case_outline_edges,
    count_matches,
    fan_in_note,
    listed_sequence,
    loop_exit,
    parallel_opening,
    parallel_outline_edges,
    row_condition,
)
from .vocabulary import (
    _ANSWERS,
    _ARTICLES,
    _BREAKS,
    _CONNECT,
    _INNER_PUNCT,
    _INSTRUCT,
    EXAMPLE_REWRITE,
    Expected,
    Span,
    Token,
)

_FORWARD = [
    r"(?:talks?|speaks?|replicates?|connects?|is connected|goes|go|flows?|leads?|points?|links?|moves?|continues?|continue|proceeds?|"
    r"jumps?|loops?(?: back)?|falls?(?: back)?|goes back|go back|back|returns?|return|sends?(?: back)?|forwards?|"
    r"passes|pass|hands?(?: off)?|routes?|proxies|proxy|pushes|push|publishes|publish|writes?|emits?|posts?|streams?|"
    r"delivers?|redirects?|uploads?|replies|reply|responds?|answers|gives?|retries|retry|feeds?|switches|transitions?|"
    r"ends?(?: up)?|meets?|joins?|converges?|comes?(?: back)?|cycles?(?: back)?|a?round(?: again)?|tunnels?|peers?|replicates?) "
    r"(?:@ |straight |directly ){0,4}?(?:back )?"
    r"(?:to|into|in|onto|at)",
    r"(?:reads?|pulls?|loads?|fetches|fetch|consumes?|receives?|gets?|requests?|asks?) (?:@ ){0,4}?(?:from|of)",
    r"enqueues? (?:@ ){0,4}?(?:for|on|to)",
    r"repeats? from", r"start over from", r"restarts? from", r"calls?", r"feeds?", r"queries|query", r"uses?", r"depends on", r"relies on", r"triggers?", r"notifies|notify", r"invokes?",
    r"manages?", r"supervises?", r"oversees?", r"owns?", r"runs", r"heads", r"leads", r"leads a team of",
    r"contains?", r"includes?", r"is followed by", r"precedes", r"becomes?", r"hits?", r"checks?", r"serves?",
    r"asks?", r"requests?", r"sends?", r"is the parent of", r"is above", r"has", r"then", r"next", r"after that",
    r"afterwards", r"and then", r"finally", r"followed by", r"->", ACTOR_FORWARD,
]
_REVERSE = [r"reports? (?:directly )?to", r"reporting (?:directly )?to", r"answers? (?:directly )?to", r"(?:is|are) (?:managed|supervised|overseen|led|run|headed) by", r"is part of", r"belongs? to",
            r"is (?:a )?child of", r"is below", r"works? for", r"is owned by", r"is led by", r"<-", r"under"]
_REPLY = r"(?:replies|reply|responds?|answers|returns?|sends? back)"
_FORWARD_RE = re.compile(rf"(?:^| )(?:{'|'.join(_FORWARD)})(?= |$)")
_REVERSE_RE = re.compile(rf"(?:^| )(?:{'|'.join(_REVERSE)})(?= |$)")
_LIST_RE = re.compile(r"^(?:(?:,|and|or|&|/|\||‖|plus|as well as|nor|\(|\)|\[|\]|\{|\})\s*)+$")
_PRONOUN_GROUP_RE = re.compile(r"(?:^| )(?:both|they|all three|all|each|these|those|all of them|both of them)(?= |$)")
_PRONOUN_ONE_RE = re.compile(r"(?:^| )(?:which|that|who|it|this|he|she)(?= |$)")
# "it" opening a clause as its subject ("…, and it also pulls …"), not a relative "which"/"that".
_SUBJECT_PRONOUN_RE = re.compile(r"^(?:(?:and|but|then|also|so|while|plus) )*(it|this|he|she)(?= |$)")


# Words that say how a relation happens; inside the object of a verb they are the edge's label.
# Words of a heading that make a nested list's top-level items a sequence rather than several trees.
_STEP_WORDS = frozenset("""step steps process procedure flow flowchart workflow pipeline sequence order then stage stages
    phase phases recipe checklist runbook playbook plan how""".split())
_MANNER_WORDS = frozenset({"over", "via", "through", "using", "with"})


class _Reader:
    """Reads the glue between drawn phrases into the edges the intent states."""

    def __init__(self, tokens: list[Token], spans: list[Span], skip: int = 0) -> None:
        self.tokens = tokens
        self.spans = spans
        self.skip = skip  # tokens of a heading line before the first name: no glue
        self.out = Expected()

    def _sig(self, start: int, end: int, labels: list[Span]) -> list[tuple[str, Span | None]]:
        """Glue tokens as grammar symbols: connector words as themselves, content as '@'."""
        symbols: list[tuple[str, Span | None]] = []
        label_at = {sp.start: sp for sp in labels}
        index = start
        while index < end:
            if index in label_at:
                span = label_at[index]
                # "Server -> DB: query user": a message after the colon of an arrow line is the arrow's
                # label, never a verb of its own
                messaged = symbols[-1:] == [(":", None)] and self._arrow_head_before(start)
                for position, inner in enumerate(self.tokens[span.start:span.end]):
                    if messaged:
                        symbols.append(("@", span))
                        continue
                    if inner.kind == "word":
                        word = inner.text.casefold()
                        # "the cardiologist orders an echo from …": an actor's verb opening a drawn
                        # label right after its subject is the relation ("with the order total" is not)
                        if position == 0 and word in ACTOR_VERBS and not symbols:
                            symbols.append(("^" + word, span))  # marked: only this reads as a verb
                            continue
                        # "asks the TLD server, which answers with the nameserver": a reply right after a
                        # relative pointing at the name just before it is that name's reply (see _WHICH_REPLY_RE)
                        if position == 0 and word in REPLY_VERBS and [s for s, _ in symbols if s != ","] == ["which"]:
                            symbols.append(("^" + word, span))
                            continue
                        # a verb inside a message ("login request", "lookup user") is no relation
                        inner_verb = position > 0 and word in _MESSAGE_VERBS
                        symbols.append((word if word in _CONNECT and not inner_verb else "@", span))
                index = span.end
                continue
            token = self.tokens[index]
            if token.kind == "word":
                word = token.text.casefold()
                # ("same", "time" in glue are the idiom "at the same time": coverage let nothing else through)
                symbols.append((word if word in _CONNECT or word in _INSTRUCT or word in ("same", "time") else "@", None))
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

    def _arrow_head_before(self, end: int) -> bool:
        """Whether the name ending at `end` is the head of an arrow ("A -> B"), its words right after it."""
        index = end - 1
        while index >= 0 and (self.tokens[index].kind == "word" or self.tokens[index].text in _INNER_PUNCT):
            index -= 1
        return index >= 0 and self.tokens[index].kind == "arrow" and index < end - 1

    def read(self) -> Expected:
        cases = decision_outline_edges(self.tokens, self.spans) or case_outline_edges(self.tokens, self.spans) \
            or case_list_edges(self.tokens, self.spans)
        if cases is not None:  # "- check severity\n  - critical → page on-call\n  - warning → …"
            for tail, head, labels in cases:
                self.out.add(tail, head, labels)
            return self.out
        outline = parallel_outline_edges(self.tokens, self.spans)
        if outline is not None:  # "- kickoff\n- in parallel:\n  - a\n  - b\n- integration"
            for tail, head in outline:
                self.out.add(tail, head, set())
            return self.out
        listed = listed_sequence(self.tokens, self.spans)
        if listed is not None:  # "steps in order: detect, triage, mitigate"
            for tail, head in zip(listed, listed[1:], strict=False):
                self.out.add(tail, head, set())
            return self.out
        nodes = [sp for sp in self.spans if sp.kind == "node"]
        glue_bounds = [(nodes[i - 1].end if i else self.skip, nodes[i].start) for i in range(len(nodes))]
        glue_bounds.append((nodes[-1].end if nodes else self.skip, len(self.tokens)))
        labels = [sp for sp in self.spans if sp.kind == "label"]
        state = _State(self.out, len({t.level for t in self.tokens if t.kind == 'marker'}) > 1)
        # "… → End; No: Backorder": each answer from the question the intent puts it after, not the step before it
        state.answers = {placed.index: placed for placed in placed_answers(self.tokens, self.spans)}
        first_item = next((i for i, t in enumerate(self.tokens) if t.kind == "marker"), len(self.tokens))
        markers = [t for t in self.tokens if t.kind == "marker"]
        top = min((t.level for t in markers), default=0)
        state.numbered_roots = any(t.level == top and t.text[:1].isdigit() for t in markers)
        state.steps_heading = any(t.kind == "word" and t.text.casefold() in _STEP_WORDS for t in self.tokens[:first_item])
        state.node_keys = frozenset(n.key for n in nodes)
        state.names = [n.key for n in nodes]
        glues = [self._sig(start, end, [sp for sp in labels if start <= sp.start < end]) for start, end in glue_bounds]
        bracketed = False  # inside "→ (a, b, c) →" / "→ [a, b] →": a group of steps opened after an arrow
        for index, glue in enumerate(glues):
            node = nodes[index] if index < len(nodes) else None
            # what joins the NEXT name decides whether "…, c" is one more in a list or the
            # subject of a new clause ("a -> b, c -> d")
            following = _split(glues[index + 1]) if index + 1 < len(glues) else []
            role = _grammar(_plain(following[0][1])) if following and following[0][1] else ""
            if following and following[0][1] and _parallel_note(following[0][1]):
                role = ""  # "→ lint, test (in parallel) → deploy": the note closes the list, no new clause
            bracketed = _group_opened(glue, bracketed)
            if bracketed and following and following[0][1] and _group_closed(following[0][1]):
                role = ""  # "→ (unit tests, lint, typecheck) → package": the bracket closes the list, no new clause
            next_is_verb = role in ("forward", "reverse") and not any(
                sym in ("->", "<-") for sym, _ in following[0][1])
            state.seen_count = index  # "from any of the three, …": the steps named so far
            state.asked_next = glues[index + 1][:1] == [("?", None)] if index + 1 < len(glues) else False
            state.chain_else = _else_ahead(glues[index:])
            # "wait 30 s and upload file again": a step named again after "and" is the way back to it
            state.again_next = bool(node and node.key in state.names[:index] and following and following[0][1]
                                    and following[0][1][0] == ("again", None))
            # ", the database returns the hash": a reply opens a clause of its own
            next_is_verb = next_is_verb or bool(following and _REPLY_RE.match(_plain(following[0][1])))
            state.glue(glue, node.key if node else None, first=index == 0,
                       next_relation="verb" if next_is_verb else role if role in ("forward", "reverse") else "")
        state.finish()
        return self.out


# A way back to a step: it names a step said before ("falls back to idle" may name a new state)
_WAY_BACK_RE = re.compile(r"(?:^| )(?:(?:go|goes|loop|loops|jump|jumps|come|comes) back|return|returns|repeat from|"
                          r"round again) to(?= |$)|^(?:-> )?back to(?= |$)")
_ROUTE_WORDS = frozenset({"go", "goes", "straight", "directly", "on", "are", "is", "sent", "get", "gets", "move", "moves"})


def _routed(segment: list[tuple[str, Span | None]]) -> bool:
    """ "[small parcels] go to": a drawn label, then only a verb of going and "to"/"into" — the kind of
    item, routed to the step that follows."""
    first = segment[0][1] if segment else None
    if first is None or first.kind != "label":
        return False
    rest = [symbol for symbol, span in segment if span is not first and symbol not in _ARTICLES]
    return len(rest) >= 2 and rest[-1] in ("to", "into") and set(rest[:-1]) <= _ROUTE_WORDS and bool(
        set(rest[:-1]) & {"go", "goes", "sent", "move", "moves"})


def _else_ahead(glues: list[list[tuple[str, Span | None]]]) -> bool:
    """Whether "otherwise"/"else" opens a later clause of the sentence the first glue is in (before a
    full stop, a semicolon or a new line) — the glue before it may hold the sentence's start."""
    for number, glue in enumerate(glues):
        for symbol, span in glue:
            if span is None and (symbol in _BREAKS or symbol.startswith("#")) and number:
                return False
            if symbol in ("otherwise", "else") and number:
                return True
    return False


def _asked_before_way_back(glue: list[tuple[str, Span | None]],
                           segments: list[tuple[str, list[tuple[str, Span | None]]]]) -> set[int]:
    """The segments (by _split's numbering) that end in "?" and are followed at once by a way back to a
    step ("Cones soft? Go back to step 2"): a condition asked as a question, then where it leads."""
    ends: list[str] = []  # the break that ends each segment
    for symbol, span in glue:
        marker = symbol[:1] == "#" and symbol[1:].isdigit()
        if span is None and (symbol in _BREAKS or marker or symbol == ","):
            ends.append(symbol)
    found: set[int] = set()
    for number, (_, segment) in enumerate(segments[:-1]):
        following = segments[number + 1][1]
        if number < len(ends) and ends[number] == "?" and segment and following \
                and _WAY_BACK_RE.search(_plain(following)) and all(span is not None for _, span in segment):
            found.add(number)
    return found


def _split(glue: list[tuple[str, Span | None]]) -> list[tuple[str, list[tuple[str, Span | None]]]]:
    """Glue → segments, each with the separator before it ('' | ',' | '.' | '#n')."""
    segments: list[tuple[str, list[tuple[str, Span | None]]]] = [("", [])]
    for symbol, span in glue:
        marker = symbol[:1] == "#" and symbol[1:].isdigit()  # a list marker ("#2"), not a heading's "#"
        if span is None and (symbol in _BREAKS or marker):
            segments.append((symbol if marker else ".", []))
        elif span is None and symbol == ",":
            segments.append((",", []))
        else:
            segments[-1][1].append((symbol, span))
    return segments


_OPENERS = ("(", "[", "{")
_CLOSERS = (")", "]", "}")


def _group_opened(glue: list[tuple[str, Span | None]], was_open: bool) -> bool:
    """Whether the name after this glue is inside a bracketed group of steps opened after an arrow
    ("→ (lint, test) →", "→ [a, b, c] →"): opened by "→ (", kept over list commas, closed by a bracket,
    an arrow or a statement's end."""
    symbols = [symbol for symbol, span in glue if span is None]
    if len(symbols) >= 2 and symbols[-2] == "->" and symbols[-1] in _OPENERS:
        return True
    if any(symbol in _CLOSERS or symbol in _BREAKS or symbol in ("->", "<-") or symbol.startswith("#") for symbol in symbols):
        return False
    return was_open and all(symbol in (",", "and", "&") for symbol in symbols)


def _group_closed(segment: list[tuple[str, Span | None]]) -> bool:
    """ ") →": a bracketed group's closing bracket, then the arrow out of the whole group."""
    return [symbol for symbol, _ in segment] in ([closer, "->"] for closer in _CLOSERS)


_LOOP_NOTE_WORDS = frozenset({"loop", "loops", "repeat", "repeats", "forever", "and", "so", "on"})


def _parallel_note(segment: list[tuple[str, Span | None]]) -> bool:
    """ "(in parallel) →", "(run concurrently) →": a bracketed note that the names before it run at once."""
    symbols = [symbol for symbol, span in segment if span is None]
    if len(symbols) != len(segment) or symbols[:1] != ["("] or ")" not in symbols:
        return False
    inside = symbols[1 : symbols.index(")")]
    return bool(set(inside) & _PARALLEL_WORDS or inside[-3:] == ["same", "time"]) and set(inside) <= {
        "in", "parallel", "simultaneously", "concurrently", "at", "the", "same", "time", "all", "run", "running"}


def _loop_note(segment: list[tuple[str, Span | None]]) -> bool:
    """ "again (loop forever)": a bracketed note of loop words right after "again" (the step named
    again is the loop's way back, read as a mention of that step)."""
    symbols = [symbol for symbol, span in segment if span is None]
    if len(symbols) != len(segment) or symbols[:2] != ["again", "("] or symbols[-1:] != [")"]:
        return False
    words = symbols[2:-1]
    return bool(words) and set(words) <= _LOOP_NOTE_WORDS


def _labels(segment: list[tuple[str, Span | None]]) -> list[str]:
    return list(dict.fromkeys(span.key for _, span in segment if span is not None))


# Verbs a message label may start with ("writes it", "sends a token"): still the relation's verb.
_MESSAGE_VERBS = frozenset("""sends send writes write publishes publish forwards forward calls call returns return replies
    reply responds respond asks ask requests request posts post pushes push streams stream emits emit delivers deliver
    passes pass routes route reads read pulls pull fetches fetch queries query notifies notify triggers trigger uploads
    upload hands hand gives give""".split())
_GRAMMAR_IN_LABELS = frozenset({"if", "when", "whenever", "once", "unless", "otherwise", "else", "not"})
_DROPPED = frozenset({"we", "they", "you", "i", "he", "she", "from", "the", "a", "an", "our", "my", "their", "its", "your", ":", "(", ")", "[", "]", "{", "}", "*",
                      "`", "'", '"', "—", "–", "-", "?", "also", "as", "well", "in", "parallel", "simultaneously",
                      "concurrently", "at", "same", "time", "so", "first", "just", "straight", "directly", "too",
                      "please", "pls", "then", "again",
                      "two", "three", "four", "five", "several",  # "two accountants, Ivy and Ben, …": a count
                      "step", "stage"})  # "return to the review step": the step named by its own name


def _plain(segment: list[tuple[str, Span | None]]) -> str:
    """The grammar words of a segment: label text and fillers dropped, branch words kept."""
    words = [symbol for symbol, span in segment
             if symbol != "@" and symbol not in _ARTICLES
             and (span is None or symbol in _GRAMMAR_IN_LABELS or symbol in _MESSAGE_VERBS or symbol.startswith("^"))
             # "if not breathing" is a condition, only a label "if not" is the other way of a branch
             and not (symbol == "not" and span is not None and span.key not in ("if not", "not"))]
    if "->" in words or "<-" in words:
        words = [w for w in words if w != "|"]
    return " ".join(words)


def _grammar(plain: str) -> str:
    """One segment's role."""
    padded = " " + plain + " "
    if re.search(r" (?:otherwise|else|if not|or else) ", padded):
        return "alt"
    if re.search(r"^(?:(?:->|and|then|but|and then|:|—|–|\() )*(?:if|when|whenever|once|unless|in case|on) ", padded.lstrip() + " "):
        return "branch"
    if _REVERSE_RE.search(plain):
        return "reverse"
    if _FORWARD_RE.search(plain):
        return "forward"
    stripped = " ".join(w for w in plain.split() if w not in _DROPPED)
    if not stripped or _PARALLEL_SUFFIX_RE.match(plain):
        return "filler"  # "… and test run in parallel": how the names run, not a relation of its own
    if _LIST_RE.match(stripped):
        return "list"
    return "unknown"


_SEQUENCE_RE = re.compile(r"^(?:(?:and|then|next|finally|afterwards|after that|and then|followed by|->|back to|goes back to|"
                          r"go back to|loops back to|returns to|return to|comes? back to|a?round to|a?round again to|"
                          r"repeats? from|start over from|restarts? from)\s*)+$")
_REJOIN_RE = re.compile(r"(?:^| )(?:both|either way|in both cases|in either case|in any case|all paths|all three|all of them|"
                        r"all|paths|branches)(?= |$)")
_PARALLEL_WORDS = frozenset({"parallel", "simultaneously", "concurrently"})
_PARALLEL_SUFFIX_RE = re.compile(r"^(?:, )?(?:all )?(?:run |are run |go )?(?:in parallel|simultaneously|concurrently|at same time)$")
_REJOIN_ONLY_RE = re.compile(r"^(?:(?:and|then) )*(?:either way|in both cases|in either case|in any case|in all cases)"
                             r"(?: then)?(?: ,)?$")
_REPLY_RE = _ACTOR_REPLY_RE
# "…, which answers with the nameserver", right after the name it points at: that name replies
_WHICH_REPLY_RE = re.compile(r"^which \^(?:replies|reply|responds?|answers?|returns?)(?: with)?$")


def _preamble(glue: list[tuple[str, Span | None]]) -> list[tuple[str, Span | None]]:
    """The text before the first drawn phrase: a heading ("Login flow:") and instructions
    ("please draw a diagram where …") are no part of the graph; list markers and an opening
    "if" are."""
    colons = [i for i, (symbol, span) in enumerate(glue) if symbol == ":" and span is None]
    if colons:
        glue = glue[colons[-1] + 1:]
    asks = [i for i, (symbol, span) in enumerate(glue) if symbol == "?" and span is None]
    if asks and {"you", "u"} & {symbol for symbol, _ in glue[:asks[-1]]}:  # "can u draw …?" as typed in chat
        glue = glue[asks[-1] + 1:]  # "Can you turn my recipe into a flowchart? Step 1: …": the request
    return [(symbol, span) for symbol, span in glue
            if span is not None or (symbol != "@" and symbol not in _INSTRUCT and symbol not in _PREAMBLE_FILLER)]


_PREAMBLE_FILLER = frozenset({"#", "where", "of", "for", "showing", "how", "that", "me", "us", "the", "a", "an", "our", "my",
                              "first", "firstly", "start", "with", "by", "so", "?", ".", "in", "which", "!", "to",
                              "your", "is", "are", "it"})


# What a step's outcome is called in a condition about it ("if pick fails", "when the upload times out").
_OUTCOMES = ("fails", "failed", "passes", "passed", "succeeds", "succeeded", "errors", "errors out", "times out", "timed out",
             "is rejected", "is approved", "is declined", "breaks", "crashes")


def _step_in_condition(labels: list[str], keys: frozenset[str]) -> str | None:
    """The drawn step a branch's condition is about: "if <step> fails", "when the <step> times out"."""
    for label in labels:
        words = label.split()
        if not words or words[0] not in ("if", "when", "once", "whenever"):
            continue
        rest = " ".join(words[2:] if words[1:2] == ["the"] else words[1:])
        named = [key for key in keys if any(rest == f"{key} {outcome}" for outcome in _OUTCOMES)]
        if len(named) == 1:
            return named[0]
    return None


_BACK_IN_GLUE_RE = re.compile(r"(?:^| )(?:back to|return to|returns to|repeat from)(?= |$)")
_LOOP_EXIT_KEY_RE = re.compile(r"^after (?:the )?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                               r"\d{1,2}(?:st|nd|rd|th)|\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) \S")


def _loop_exit_row(segment: list[tuple[str, Span | None]]) -> bool:
    """ "after the third failure," / "after the 3rd timeout →" / "after 3 wrong:": one drawn label that
    counts the tries (loop_exits.py), then at most an arrow or a colon."""
    spans = {id(span): span for _, span in segment if span is not None}
    rest = [symbol for symbol, span in segment if span is None]
    if len(spans) != 1 or rest not in ([], ["->"], [":"]) or segment[0][1] is None:
        return False
    span = next(iter(spans.values()))
    return span.kind == "label" and bool(_LOOP_EXIT_KEY_RE.match(span.key))


class _Unreadable(EngineRefusal):
    def __init__(self, what: str) -> None:
        super().__init__("UNREADABLE_RELATION", f"I could not read how the steps around '{what}' connect; "
                                                f"{EXAMPLE_REWRITE}.")


class _CountedRejoin(EngineRefusal):
    """ "Both then go to C" after three branches: which two meet at C is not said."""

    def __init__(self, said: str, ways: int) -> None:
        super().__init__("UNREADABLE_RELATION", f"'{said}' counts the branches that meet, but {ways} branches were "
                                                "said before it; I could not tell which of them go on. Name them, e.g. "
                                                "'A and B then go to C', or say 'all three then go to C'.")


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
        # the text before the first list item speaks of steps ("Release steps:"): several top-level
        # items are then not plainly several trees (nested bullets otherwise are: "- Europe / - Asia")
        self.steps_heading = False
        self.heading_root: str | None = None  # a name drawn before a nested list, over its top-level items
        self.numbered_roots = False  # the top-level items are numbered: an order, maybe a sequence
        self.answers: dict[int, PlacedAnswer] = {}  # answers by token index, each with its question
        self.root: str | None = None  # the latest top-level item of a nested list
        self.root_has_child = False
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
        self.case_from: list[str] | None = None  # the step the open run of case rows branches from
        # the ends of the open run's earlier rows ("Yes: A → B. No: C."), for a rejoin said after them
        self.case_ends: list[list[str]] = []
        self.case_open = False  # the group being read is a case row's
        self.names: list[str] = []  # every drawn name, in the order of the intent
        self.seen_count = 0  # how many of them come before the current one
        self.node_keys: frozenset[str] = frozenset()  # every drawn name
        self.fanned: list[str] = []  # the steps a sequence just fanned out to
        self.parallel_glue = False  # the glue being read says "in parallel"
        self.parallel_list = False  # the open relation's objects were introduced by "in parallel"
        self.open_branch: _Branch | None = None  # the branch just closed that had no "otherwise"
        self.fanned_in: list[str] = []  # the steps the last fan-in came from
        self.item: str | None = None  # the name of the list item just read
        self.item_labels: set[str] = set()  # "If yes, continue.": the label of the way on to the next item
        self.chain_else = False  # an "otherwise"/"else" comes later in the same sentence
        self.routing = False  # the branch open is a run of routes ("small parcels go to …")
        self.after_pending = False  # the name just read followed "after": the next name comes after it
        self.again_next = False  # the name being read is an earlier step named again ("… and X again")
        self.loop_from: list[str] | None = None  # the step the last way back out of a branch or case row left
        self.bare_step: str | None = None  # the name just read was a sentence of its own ("Receive the order.")
        self.asked_next = False  # a "?" follows the name being read: it is a question ("Is the item in stock?")

    def _from_all(self, relation: tuple[list[str] | None, bool, bool] | None, count: int,
                  node: str | None) -> tuple[list[str], bool, bool]:
        """"From any of the three, <event> switches to X": X from every step named before it."""
        sources = [key for key in dict.fromkeys(self.names[:self.seen_count]) if key != node]
        if relation is None or not relation[1] or relation[0] is not None or node is None or not sources \
                or (count and count != len(sources)):
            raise _Unreadable(node or "any")
        self.group = []
        return sources, True, False

    def _refuse_ambiguous_pronoun(self, plain: str, broke: bool) -> None:
        """"A queries B, and it also pulls from S3": after a clause of the same sentence with a subject
        and an object, a subject "it" may mean either; the check does not take the last name for it
        ("which" and "that" point at the object, and stay read)."""
        if broke or not _SUBJECT_PRONOUN_RE.match(plain) or not self.pending or not self.pending_verb:
            return
        subjects, objects = self.pending[0], self.group
        if objects and set(subjects) - set(objects):
            raise EngineRefusal("UNREADABLE_RELATION", f"I could not tell whether '{_SUBJECT_PRONOUN_RE.match(plain).group(1)}' "
                                                       f"means '{subjects[0]}' or '{objects[-1]}'. Name it again, e.g. "
                                                       f"'{subjects[0]} also …'.")

    def _answered(self, segment: list[tuple[str, Span | None]]) -> list[str] | None:
        """The question the answer opening this segment answers (answer_placement.py); None when the
        segment opens with no placed answer. An answer whose question the intent does not settle is
        refused."""
        span = next((span for _, span in segment if span is not None), None)
        if span is None or span.kind != "label":
            return None
        placed = next((self.answers[i] for i in range(span.start, span.end) if i in self.answers), None)
        if placed is None:
            return None
        if placed.question is None:
            raise _Unreadable(span.label)
        return [placed.question]

    def _answer_rows(self) -> bool:
        """Whether the open run of case rows answers a question ("Paid? yes → …. no → …"), not conditions
        ("if card → …; if PayPal → …", whose rejoin is read only as "either way" / "in both cases")."""
        return self.case_from is not None and len(self.case_from) == 1 and any(
            placed.question == self.case_from[0] for placed in self.answers.values())

    def _case_decider(self) -> list[str]:
        if self.case_from is None and self.branch is not None and not self.branch.awaiting:
            self.case_from = list(self.branch.decider)  # "X → if C: Y; elif D: Z": the branch's decider
        if self.case_from is None:
            if len(self.group) != 1:
                raise _Unreadable(self.group[0] if self.group else "")
            self.case_from = list(self.group)
        return list(self.case_from)

    def _emit(self) -> None:
        if self.pending and self.group:
            subjects, forward = self.pending
            if self.pending_verb:
                for obj in self.group:
                    words = set(obj.split())
                    if (len(self.group) > 1 and words & {"to", "into", "from"}) or words & _MANNER_WORDS:
                        # "sends logs to Loki and metrics to Prometheus": the list holds a second
                        # relation; "talks to the backend over HTTPS": the object carries the how
                        raise _Unreadable(obj)
            # "→ yes: ship / no: backorder": each answer is its own edge's, not the whole list's
            answered = any(self.into.get(obj, set()) & _ANSWERS for obj in self.group[1:])
            for obj in self.group:
                labels = self.into.get(obj, set()) | (
                    self.relation_labels if not answered or obj == self.group[0] else set())
                for subject in subjects:
                    if forward:
                        self.out.add(subject, obj, labels)
                        self.sender[obj] = subject
                    else:
                        self.out.add(obj, subject, labels)
            # "checkout, then in parallel: lint, tests, build": a step after them follows all of them
            self.fanned = list(self.group) if forward and not self.pending_verb and len(self.group) > 1 else []
        self.pending = None

    def _one_sender_pending(self) -> bool:
        """Whether the clause being read is one party's message to the name just read ("the resolver asks the
        TLD server", before ", which answers with …"): emitted, it makes that party the name's sender."""
        return bool(self.pending and self.pending[1] and self.pending_verb and len(self.pending[0]) == 1)

    def _fan_in(self, node: str) -> bool:
        """A bare step right after a fan-out ("then in parallel: a, b, c" / "- deploy") follows each."""
        if not self.fanned or self.group != self.fanned or node in self.fanned:
            return False
        for tail in self.fanned:
            self.out.add(tail, node, set())
        self.fanned_in, self.fanned = self.fanned, []
        return True

    def _start(self, subjects: list[str], forward: bool, node: str, labels: list[str], verb: bool) -> None:
        self._emit()
        self.parallel_list = self.parallel_glue  # "→ in parallel: a, b → c": the names after it are one list
        if not subjects:
            raise _Unreadable(node)
        self.pending = (subjects, forward)
        self.pending_verb = verb
        self.group = [node]
        self.into = {node: set()}
        self.relation_labels = set(labels)  # "sends traffic to web1 and web2": on both edges
        self.comma_list = False

    def glue(self, glue: list[tuple[str, Span | None]], node: str | None, first: bool, next_relation: str = "") -> None:
        self._glue(glue, node, first, next_relation)
        if node is not None and _BACK_IN_GLUE_RE.search(_plain(glue)):
            # "if apply fails, go back to fetch", "on timeout → back to send": the loop leaves the decider
            decider = self.branch.decider if self.branch is not None else self.case_from
            self.loop_from = list(decider) if decider else None

    def _glue(self, glue: list[tuple[str, Span | None]], node: str | None, first: bool, next_relation: str = "") -> None:
        if first:
            glue = _preamble(glue)
        bare, self.bare_step = self.bare_step, None
        only_a_break = bool(glue) and {symbol for symbol, span in glue if span is None} <= {".", ";", "\n"} \
            and all(span is None for _, span in glue)
        glue = self._go_on_answer(glue, node)
        segments = _split(glue)
        asked_back = _asked_before_way_back(glue, segments)
        relation: tuple[list[str] | None, bool, bool] | None = None  # subjects (None: the group), forward, verb
        labels: list[str] = list(self.carry)
        self.carry = []
        joined = broke = opened = alternative = rejoin = case_row = closed_by_label = event_row = routed = False
        rejoin_only = False  # the rejoin is said only as "either way" / "in any case" (no "both")
        rejoin_said = ""  # the words that say it ("both then continue to"): a count there is the branches'
        exit_row = False  # "after the third failure, …": the way out of a loop
        from_all: int | None = None  # "from any state": the count it names (0: none named)
        until = False
        case_rows: list[list[str]] | None = None  # "Yes: A. No: B. In both cases, C": the rows' ends
        bare_comma = True
        list_or = False
        replied = False  # a reply clause was read in this glue ("…, the calendar returns a slot, and then …")
        ordering_only = False  # the relation read is only a word of order ("then", "and then", "next")
        answer: str | None = None
        asked: list[str] | None = None  # the question an "If yes, …" branch answers (answer_placement.py)
        marker: int | None = None
        self.parallel_glue = any(symbol in _PARALLEL_WORDS for symbol, span in glue if span is None)
        after_prev, after_named = self.after_pending, False
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
            if role == "unknown" and plain == "both" and (broke or first):
                role = "filler"  # "Both Lee and Kim report to Tom": "both" opens the list it gathers
            seg_labels = _labels(segment)
            reply = _REPLY_RE.match(plain)
            # ("…, which answers with M" right after the name: nothing but the comma between them)
            which_reply = separator == "," and position == 1 and not segments[0][1] and bool(_WHICH_REPLY_RE.match(plain))
            # ("sends back a charge ID" reads as "sends" too: with nothing after "back" but the message, a reply)
            if (reply and position == 0 or which_reply) and not first and self.group and (role == "unknown" or (
                    role == "forward" and plain.lstrip("^").startswith(("sends back", "send back")))) and len(self.group) == 1 \
                    and (self.group[0] in self.sender or (which_reply and self._one_sender_pending())):
                # "Payment Service responds with a receipt": back to whoever sent to it
                self._emit()
                self.out.add(self.group[0], self.sender[self.group[0]], set(seg_labels))
                broke = True  # the reply is a clause of its own: the next name starts another
                replied = True
                continue
            if position == 0 and not first and self.group and role in ("filler", "branch", "unknown") \
                    and seg_labels and (len(segments) > 1 or node is None) and "->" not in plain.split() \
                    and not (role == "branch" and self.group == [self.item] and len(segments) > 1):
                # (a list item's edge in is drawn already: "3. legal check — if it fails, return to 2" branches)
                # "listening → processing when speech ends;" — a condition written after its edge
                self.into.setdefault(self.group[-1], set()).update(seg_labels)
                closed_by_label = segment[0] == ("(", None)  # "pending → cancelled (customer cancels) and …"
                continue
            if broke and relation is None and self.loop_from and _loop_exit_row(segment):
                # "…; after the third failure, alert ops": out of the loop, from the step that failed
                relation = (list(self.loop_from), True, False)
                labels += seg_labels
                self.loop_from = None
                exit_row = True
                continue
            if broke and from_all is None and any_source(plain) is not None:
                from_all = any_source(plain)  # "From any of the three, a power fault switches to …"
                continue
            if from_all is not None and role == "branch" and _FORWARD_RE.search(re.sub(r"^(?:-> )?\w+ ", "", plain)):
                role = "forward"  # "from any state, on reset go to idle": the event, then the move
            if broke and relation is None and _REJOIN_ONLY_RE.match(plain) and (
                    self.branch is not None or self.closed_branch is not None or self.open_branch is not None):
                rejoin = rejoin_only = True  # "either way, update the dashboard": after every branch
                rejoin_said = plain
                relation = (None, True, False)
                continue
            if broke and relation is None and _REJOIN_ONLY_RE.match(plain) and self.case_open and self.case_from:
                # "Approved? Yes: book it. No: tell them. In both cases, archive it": after every row
                case_rows = [*self.case_ends, list(self.group)]
                rejoin = rejoin_only = True
                rejoin_said = plain
                relation = (None, True, False)
                continue
            if broke and relation is None and parallel_opening(plain):
                relation = (None, True, False)  # "- in parallel: lint, tests, build": from the step before
                continue
            note = fan_in_note(plain) if relation is None else None
            if note is not None and self.fanned_in and (not note or note == len(self.fanned_in)):
                self.fanned_in = []  # "deploy to staging (needs all three)": the fan-in just read
                continue
            if role == "unknown" and _loop_note(segment):
                continue  # "… → wait 5 s again (loop forever)": the repeated step says it loops
            if role == "filler" and loop_exit(segment):
                labels += seg_labels  # "again, until no bugs are left, then sign off": on the way out
                until = True
                continue
            # "false: self-pay", "(no) self-pay", "no - self-pay": an answer placed after its question is a
            # row from that question, whatever separates it from its step ("If no, …" is a branch, below)
            # (", no -> ask for it back" after a comma too: the answer opens its own row)
            answered = self._answered(segment) if (broke or separator == ",") and relation is None \
                and role != "branch" else None
            if answered is not None and role == "alt" and self.branch is not None and not self.branch.has_else \
                    and answered == self.branch.decider:
                # "Paid? If yes, ship; if not, remind": the other way of the branch its "if yes" opened,
                # one branch with two ways (a rejoin after it joins both), not a case row of its own
                answered = None
            if answered is not None or (broke and relation is None and (row_condition(segment, self.node_keys) is not None or (
                    role == "alt" and self.case_from is not None and self.branch is None))):
                if answered is not None:
                    if answered != self.case_from:
                        self.case_ends = []  # the first row from this question
                    self.case_from = answered  # "No: backorder" after "In stock? → Yes: ship → end"
                if self.case_open and self.group:
                    self.case_ends.append(list(self.group))  # the row before this one ends there
                relation = (answered or self._case_decider(), True, False)  # "< 1 kg → letter rate", "otherwise: …"
                labels += seg_labels
                case_row = True
            elif role == "alt":
                alternative = True
                labels += seg_labels
            elif role == "branch" and not seg_labels and _PRONOUN_GROUP_RE.search(plain) and (self.group or self.previous_group):
                # "once all three finish, build the report": a fan-in from the steps just named
                relation = (list(self.group or self.previous_group), True, False)
                if not count_matches(plain, len(relation[0])):
                    raise _Unreadable(" ".join(s for s, _ in segment))
            elif role == "branch":
                opened = True
                labels += seg_labels
                asked = self._answered(segment) if asked is None else asked  # "If no, …": whose "no"
            elif role == "forward" and relation is None and not opened and not alternative and _routed(segment):
                opened = routed = True  # "blood samples go to hematology": a branch for that kind of item
                labels += seg_labels
            elif role in ("forward", "reverse"):
                if node is not None and _WAY_BACK_RE.search(plain) and node not in self.names[: self.seen_count]:
                    raise _Unreadable(node)  # "return to the review step" that names no step said before
                if relation is not None and not (relation[2] is False and role == "forward"):
                    raise _Unreadable(" ".join(s for s, _ in segment).replace("@", "…"))
                verb = not _SEQUENCE_RE.match(" ".join(w for w in plain.split() if w not in _DROPPED) or "->")
                subjects: list[str] | None = None
                if _REJOIN_RE.search(plain) and (self.closed_branch is not None or self.branch is not None):
                    rejoin = True
                    rejoin_said = plain
                elif broke and relation is None and _REJOIN_RE.search(plain) and self.case_open and self.case_from \
                        and self._answer_rows():
                    # "Customer-facing? yes → page on-call. no → create ticket. both end at postmortem": after
                    # every answer's row (a count said must be the rows': "both" is two)
                    case_rows = [*self.case_ends, list(self.group)]
                    rejoin = True
                    rejoin_said = plain
                elif verb and position == 0 and not broke and len(self.group) > 1 and \
                        re.match(r"^(?:both|all|all three|each) ", plain + " "):
                    subjects = None  # "Lee and Kim both report to Tom": the names just listed
                elif verb and _PRONOUN_GROUP_RE.search(plain) and self.previous_group:
                    subjects = list(self.previous_group)
                elif verb and _PRONOUN_ONE_RE.search(plain) and self.last_node:
                    self._refuse_ambiguous_pronoun(plain, broke)
                    subjects = [self.last_node]
                elif verb and self.pending and self.pending_verb and not broke and (
                        joined or plain.split()[:1] == ["and"]):
                    subjects = list(self.pending[0])  # "reads from S3 and writes to BigQuery"
                words = seg_labels
                first_word = next((s for s, sp in segment if sp is not None), None)
                asked_by = self._answered(segment) if broke and first_word in _ANSWERS else None
                if broke and first_word in _ANSWERS and (asked_by or self.decision):
                    subjects = asked_by or [self.decision or ""]  # "No → show an error": from the decision
                    answer = first_word
                elif broke and subjects is None and segment[0][1] is not None and segment[0][1].kind == "label" \
                        and segment[-1] == ("->", None):
                    # "… . denied → log attempt" that is not a case row: from the step before, or from
                    # the last one? Neither reading is safe
                    raise _Unreadable(segment[0][1].label)
                relation = (subjects, role == "forward", verb)
                ordering_only = not verb and "->" not in plain.split() and not seg_labels
                labels += words
            elif role == "list" and plain in ("and", "and then") and self.again_next and relation is None:
                relation = (None, True, False)  # "…, wait 30 s and upload file again": then back to it
            elif role == "list":
                # "pending → cancelled (customer cancels) and paid → …": a labelled edge, then a new clause
                closed_by_label = closed_by_label or (segment[0] == ("(", None) and bool(seg_labels))
                joined = True
                bare_comma = bare_comma and plain.strip() == ""
                list_or = list_or or bool(set(plain.split()) & {"or", "/", "|"})
                labels += seg_labels
            elif role == "filler" and separator == "," and plain == ":" and segment[0][0] in _ANSWERS \
                    and segment[0][1] is not None:
                labels += seg_labels  # "yes: investigate, no: escalate": the next answer of the same list
            elif role == "filler":
                # "Lid opened:" — one drawn label and a colon, opening a statement: an event row
                event_row = broke and len(seg_labels) == 1 and segment[-1] == (":", None) and all(
                    span is not None for _, span in segment[:-1])
                if seg_labels and position in asked_back:
                    # "3. Check the cones. Cones soft? Go back to step 2.": the condition asked as a
                    # question is the way back's label, from the item's step
                    labels += seg_labels
                elif seg_labels:
                    self.carry += seg_labels
            elif plain in ("after", "following", "and after", "then after") and broke and relation is None \
                    and node is not None and node in self.names[: self.seen_count]:
                after_named = True  # "After finance review: pay out": the step named before, then on from it
            else:
                raise _Unreadable(" ".join(s for s, _ in segment).replace("@", "…"))
            if "?" in [s for s, _ in segment]:
                self.decision = self.last_node
        if any(s == "?" for s, _ in glue):
            self.decision = self.last_node
        if after_prev and relation is None and not opened and not alternative and not broke and not labels \
                and {symbol for symbol, _ in glue} <= {",", ":", "then"}:
            relation = (None, True, False)  # "after X, Y" / "after X: Y" / "after X, then Y": X → Y
        self.after_pending = after_named
        if broke and not case_row:
            self.case_from = None
        if broke:
            self.case_open = case_row
            if not case_row:
                self.case_ends = []
        if from_all is not None:
            relation = self._from_all(relation, from_all, node)
        if until and (relation is None or node is None):
            raise _Unreadable(node or "until")
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
            # "if A, X, if B, Y, otherwise Z": a comma before the next "if" of a chain that ends in
            # "otherwise" starts a sibling branch, as a full stop would
            sibling = opened and self.branch is not None and not self.branch.has_else and (
                (joined and self.chain_else) or (routed and self.routing))  # routes from one step are siblings
            self.routing = routed
            self._branch(node, labels, opened, alternative, broke or sibling, relation, asked)
            return
        self.routing = False
        if self.branch is not None and broke:
            self._close_branch()
        # (an answer's row after the branch, "… If not, add to backlog", leaves its question: no rejoin)
        if rejoin or (self.closed_branch is not None and relation is not None and broke and not relation[2] and not exit_row
                      and not case_row):
            closed = self.closed_branch or (self.open_branch if rejoin and self.open_branch is not None
                                            and len(self.open_branch.ends) > 1 else None)
            around: list[str] = []
            if closed is None and case_rows is not None:
                # every row of the run ends at one step each; fewer than two rows is no "both"
                if len(case_rows) < 2 or any(len(end) != 1 for end in case_rows):
                    raise _Unreadable("both")
                if not count_matches(rejoin_said, len(case_rows)):
                    raise _CountedRejoin(rejoin_said, len(case_rows))
                self._start([end[0] for end in case_rows], True, node, labels, False)
                self.last_node = node
                return
            if closed is None and rejoin_only and self.open_branch is not None and len(self.open_branch.ends) == 1:
                # "if a coupon is entered, validate coupon. Either way, take payment": the one branch's
                # step, and the way around it from its decider
                closed, around = self.open_branch, list(self.open_branch.decider)
            self.closed_branch = self.open_branch = None
            if closed is None:
                raise _Unreadable("both")
            if not count_matches(rejoin_said, len(closed.ends) + bool(around)):
                # "if A, x; if B, y; otherwise z. Both then …": "both" is two ways, and three were said
                raise _CountedRejoin(rejoin_said, len(closed.ends) + bool(around))
            self._start([tail for end in closed.ends for tail in end] + around, True, node, labels, False)
            self.last_node = node
            return
        self.closed_branch = self.open_branch = None
        if relation is not None and not relation[2] and relation[0] is None and next_relation == "verb" \
                and self.group == [node]:
            # "the courier emails the warehouse, then the warehouse notifies …": "then" orders two
            # clauses about the same name; it is no step from that name to itself
            relation = None
            broke = True
        elif relation is not None and ordering_only and relation[0] is None and next_relation == "verb" \
                and ((self.pending is not None and self.pending_verb) or replied) \
                and node in self.names[: self.seen_count]:
            # "the terminal sends 'approved' back to the cashier, then the barista hands …": between two
            # clauses that each say who acts on whom, "then" orders the messages; it is no arrow from
            # the one's object to the other's subject. Only when that subject is a party named before:
            # "posts the form to /signup, then the django view …" may name one party twice
            relation = None
            broke = True
        if relation is not None:
            subjects, forward, verb = relation
            if subjects is None:
                if self.comma_list and len(self.group) > 1 and not verb and self.pending is None:
                    chain = list(self.group)  # "planning, development, review, and then …": a sequence
                    for tail, head in zip(chain, chain[1:], strict=False):
                        self.out.add(tail, head, set())
                    self.group = [chain[-1]]
                if verb and self.comma_list and len(self.group) > 1 and self.pending is None:
                    # "Ana, the head of sales, reports to …": names joined by bare commas before a verb
                    # may be a name and its role; only a list ending in "and"/"or" is several subjects
                    raise _Unreadable(self.group[-1])
                subjects = list(self.group) if self.group else ([self.last_node] if self.last_node else [])
            self._start(subjects, forward, node, labels, verb)
        elif joined and not broke and self.pending is not None and next_relation and (
                ((bare_comma or closed_by_label) and next_relation) or next_relation == "verb") and not list_or \
                and not self.parallel_list:
            # "a -> b, c -> d" and "X calls A and B queries C": a new clause, not a list
            if closed_by_label and self.group:
                self.into.setdefault(self.group[-1], set()).update(labels)  # "(customer cancels)": the edge just read
            self._emit()
            self.group, self.into = [node], {node: set()}
            self.comma_list = False
        elif joined and not broke:
            self.group.append(node)
            self.into[node] = set(labels)
            self.comma_list = (self.comma_list or len(self.group) == 2) and bare_comma
        elif broke or first:
            self._emit()
            if labels and broke and next_relation == "forward" and event_row:
                self.carry = labels  # "Lid opened: washing → paused": the event before its transition
                labels = []
            if labels:
                raise _Unreadable(node)
            if broke and next_relation != "forward":
                # "…; Trucks → Pickup" after "Cars → Sedan, SUV": a name that opens its own arrow
                # is no bare step after the fan-out
                self._fan_in(node)
            if broke and only_a_break and self.asked_next and bare is not None and self.group == [bare] \
                    and len(bare.split()) > 1 and not any(bare in edge for edge in self.out.edges):
                # "Receive the order. Is the item in stock? If so, …": a step said on its own, then the
                # question asked after it (a question is a step of the flow, asked once the step is done;
                # one word alone, "Returns. Is it damaged?", may be a title)
                self.out.add(bare, node, set())
            self.group = [node]
            self.into = {node: set()}
            self.comma_list = True
            self.bare_step = node
        else:
            raise _Unreadable(node)
        self.last_node = node

    def _branch(self, node: str, labels: list[str], opened: bool, alternative: bool, broke: bool,
                relation: tuple[list[str] | None, bool, bool] | None, asked: list[str] | None = None) -> None:
        self._emit()
        if asked is not None and (self.branch is None or self.branch.decider != asked):
            # "… If no, is it cold? If yes, wear coat": the answer leaves the question it answers, a
            # branch of its own, not one more sibling of the branch open before
            if self.branch is not None:
                self._close_branch()
            self.branch = _Branch(asked)
            for decider in asked:
                self.out.add(decider, node, set(labels))
            self.pending = None
            self.group, self.into, self.last_node = [node], {node: set()}, node
            return
        if opened and not alternative and not labels and not (self.branch is not None and self.branch.awaiting):
            # "if the user is logged in, …": the condition itself is the decision node
            if self.branch is not None:
                self._close_branch()
            self.branch = _Branch([node], awaiting=True)
            if self.last_node:
                self.out.add(self.last_node, node, set())
            self.group, self.into, self.last_node = [node], {node: set()}, node
            return
        named = _step_in_condition(labels, self.node_keys) if opened and not alternative else None
        if self.branch is not None and self.branch.awaiting:
            self.branch.awaiting = False
        elif opened and not alternative and (self.branch is None or not broke or self.branch.has_else
                                             or (named is not None and named not in self.branch.decider)):
            if self.branch is not None:
                self._close_branch()
            # "… → apply → sync. If apply fails, go back to fetch": the branch leaves the step its
            # condition is about, not the last one named
            decider = [named] if named else list(self.group) if self.group else ([self.last_node] if self.last_node else [])
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
        # "if a 4xx, …; if a 5xx, …. Both paths then …": without an "otherwise" only a rejoin said
        # in words ("both", "either way") joins the branches
        self.open_branch = None if self.branch.has_else else self.branch
        self.branch = None

    def _go_on_answer(self, glue: list[tuple[str, Span | None]], node: str | None) -> list[tuple[str, Span | None]]:
        """"2. Cones bent? If yes, continue.\n3. Unload the tray": an answer whose way is only "continue"
        is the label of the way on from the item's question to the next item (answer_placement.py
        places it there); the glue left is the list's own."""
        symbols = [symbol for symbol, _ in glue]
        if self.item is None or node is None or "#" not in "".join(s[:1] for s in symbols):
            return glue
        for start, (symbol, span) in enumerate(glue):
            if span is None or span.kind != "label" or symbol not in _ANSWERS:
                continue
            placed = next((self.answers[i] for i in range(span.start, span.end) if i in self.answers), None)
            if placed is None or placed.question != self.item or placed.head != node:
                return glue
            opened = start - 1 if start and symbols[start - 1] == "if" else start
            rest = start + 1 + (symbols[start + 1:start + 2] == [","])
            end = rest
            while end < len(symbols) and symbols[end] not in _BREAKS:
                end += 1
            if tuple(symbols[rest:end]) not in _GO_ON or not opened or symbols[opened - 1] not in _BREAKS:
                return glue
            tail = glue[end:]
            if any(span is not None for _, span in tail):
                return glue
            self.item_labels = {span.key}
            return glue[:opened] + tail
        return glue

    def _list_item(self, node: str, level: int) -> None:
        """A bullet or numbered item: nested items hang under their parent (a tree); a flat
        list is a sequence of steps."""
        self._emit()
        while self.tree and self.tree[-1][0] > level:
            self.tree.pop()
        fan_in = not self.nested and self._fan_in(node)
        if self.nested and not self.tree and not self.roots and self.heading_root is None and self.last_node \
                and not self.out.edges and self.pending is None:
            # "Course: Intro to Statistics" drawn before a nested list: the tree's root
            self.heading_root = self.last_node
        if self.heading_root is not None and (not self.tree or self.tree[0][0] >= level):
            self.tree = [(-1, self.heading_root)] + [t for t in self.tree if t[0] >= 0]
        if self.tree and self.tree[-1][0] == level:
            _, sibling = self.tree.pop()
            if not self.nested and not fan_in:
                self.out.add(sibling, node, set(self.item_labels) if sibling == self.item else set())
        if self.tree:
            self.out.add(self.tree[-1][1], node, set())
            self.root_has_child = self.root_has_child or self.tree[-1][1] == self.root
        elif self.nested and self.roots and (self.steps_heading or self.numbered_roots or not self.root_has_child):
            # several top-level items over nested ones: several trees only when each is one (has
            # children) and nothing says steps (a heading about steps, numbered top-level items):
            # steps with sub-steps would be a sequence. Neither reading is safe then
            raise _Unreadable(node)
        else:
            self.roots += 1
            self.root, self.root_has_child = node, False
        self.tree.append((level, node))
        self.group, self.into, self.last_node = [node], {node: set()}, node
        self.item = node
        self.item_labels = set()

    def finish(self) -> None:
        if self.branch is not None:
            self._close_branch()
        self._emit()
        if self.nested and self.roots > 1 and not self.root_has_child and self.root is not None:
            raise _Unreadable(self.root)  # "- Plan / - sub / - Build / - sub / - Ship": the last is a step
