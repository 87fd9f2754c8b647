"""The checker's own reading of flow idioms. Case rows: a statement that opens with a condition and an arrow
("< 1 kg → letter rate", "denied → log attempt") after a step is a branch from that step, with
the condition on its edge; the rows that follow it in a row branch from the same step.

Kept apart from the drafter's reader (flows.py) on purpose: the check decides on its own which
phrases can only be conditions, and refuses a drawing that makes such a phrase a step of its own
that nothing leads to ("allowed" drawn as a start node beside "check permissions"). Also: "from any
state, …" transitions, and a state named with a modifier of another ("flashing yellow", "yellow")."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from ..contracts import EngineRefusal
from .decision_outline_check import outline_lines
from .vocabulary import _BREAKS, Span, Token

# A phrase that can only be a condition: a comparison or a number, a condition word first, an
# answer, or a single past participle ("allowed", "denied").
_COMPARISON_RE = re.compile(r"[<>≤≥=]|(?<![\w.])\d")
_CONDITION_START = frozenset(
    {
        "if",
        "when",
        "whenever",
        "on",
        "after",
        "once",
        "upon",
        "unless",
        "yes",
        "no",
        "under",
        "over",
        "below",
        "above",
        "less",
        "more",
        "fewer",
        "between",
        "from",
        "elif",
        "for",  # "for digital goods → send link": whom the row is for
    }
)
_ELSE_IF = (["else", "if"], ["otherwise", "if"])
_PARTICIPLE_RE = re.compile(r"^[a-z]{2,}(?<!e)ed$")
_CONDITION_MAX_WORDS = 5


def condition_like(label: str) -> bool:
    """Whether a drawn phrase can only be read as a condition, never as a step."""
    words = label.casefold().split()
    if not words or len(words) > _CONDITION_MAX_WORDS or re.search(r"[—\[\](){}|]", label):
        return False
    if _COMPARISON_RE.search(label) or words[0] in _CONDITION_START or words[:2] in _ELSE_IF:
        return True
    return len(words) == 1 and bool(_PARTICIPLE_RE.match(words[0]))


def row_condition(segment: list[tuple[str, Span | None]], nodes: frozenset[str] = frozenset()) -> Span | None:
    """The condition of a case row's glue: one drawn edge label, then an arrow or a colon, nothing
    else ("spam score > 5: move to junk"). A label that holds a drawn name is a step, not a condition."""
    if len(segment) < 2 or segment[-1] not in (("->", None), (":", None)):
        return None
    spans = {id(span): span for _, span in segment[:-1] if span is not None}
    if len(spans) != 1 or any(span is None for _, span in segment[:-1]):
        return None
    span = next(iter(spans.values()))
    padded = f" {span.key} "
    if any(f" {node} " in padded for node in nodes):
        return None
    return span if span.kind == "label" and condition_like(span.label) else None


def refuse_condition_drawn_as_step(tokens: list[Token], spans: list[Span], edges: set[tuple[str, str]],
                                   members: frozenset[str] = frozenset()) -> None:
    """A statement that opens with a short phrase and an arrow, drawn as a step nothing leads to and
    named nowhere else, is refused when it may be a condition ("valid → dashboard" after "→ validate."):
    when it reads as one, when it follows case rows ("infected → quarantine; clean → store"), or when
    the statement before ended on a step that leads nowhere (a decision whose branches these are).
    A member of a group the intent declares ("App tier: Web App, Worker", the group drawn as declared)
    is a part the intent names, never a condition: that last guess is not made for it."""
    mentions: dict[str, int] = {}
    for span in spans:
        mentions[span.key] = mentions.get(span.key, 0) + 1
    heads = {head for _, head in edges}
    tails = {tail for tail, _ in edges}
    case_run = False
    previous: Span | None = None
    for index, span in enumerate(spans):
        between = tokens[previous.end if previous else 0 : span.start]
        breaks = [i for i, t in enumerate(between) if t.kind in ("nl", "marker") or (t.kind == "punct" and t.text in _BREAKS)]
        opens = previous is not None and bool(breaks) and not any(t.kind == "word" for t in between[breaks[-1] :])
        end = span.end + 1 if span.end < len(tokens) and tokens[span.end].text == "?" else span.end
        after = tokens[end] if end < len(tokens) else None  # ("minor? → open ticket": a question mark before the arrow)
        arrow = after is not None and after.kind == "arrow" and not after.text.startswith(("<", "←", "⟵"))
        if opens and arrow and span.kind == "label":
            case_run = True
        elif opens and arrow and mentions[span.key] == 1 and span.key not in heads:
            # ("… billing -> gateway\nredis -> gateway": a statement that leads into the step that leads nowhere
            # is another way into it, not a branch out of it)
            into_it = index + 1 < len(spans) and previous is not None and spans[index + 1].key == previous.key
            dead_end = previous is not None and previous.kind == "node" and previous.key not in tails \
                and span.key not in members and not into_it
            if condition_like(span.label) or case_run or (dead_end and len(span.key.split()) <= _CONDITION_MAX_WORDS):
                after_step = previous.label if previous is not None else ""
                raise EngineRefusal(
                    "UNREADABLE_RELATION",
                    f"'{span.label}' may be a condition after '{after_step}', but it is drawn as a step "
                    "nothing leads to. Say which it is: each case as its own clause, e.g. "
                    f"'{after_step} -> <next step> if {span.label}; {after_step} -> <other step> if <other case>', "
                    f"or a step: '{after_step} -> {span.label}'.",
                )
        elif opens:
            case_run = False
        previous = span


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_ANY_SOURCE_RE = re.compile(
    r"^from (?:any|every|all|each)(?: (?:state|states|step|steps|stage|stages|of|them|these|those|"
    r"other|(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+)))*$"
)


def any_source(plain: str) -> int | None:
    """ "from any of the three" → 3, "from any state" → 0 (no count), None when the glue is not that."""
    match = _ANY_SOURCE_RE.match(" ".join(w for w in plain.split() if w not in {"the", ",", "a", "an"}))
    if match is None:
        return None
    count = match.group("count")
    return 0 if count is None else int(count) if count.isdigit() else _COUNTS[count]


_MODIFIER_MAX_WORDS = 2


# Verbs that state a relation between two names and are never a name's leading word.
_RELATION_VERBS = frozenset("contains includes calls invokes manages supervises oversees owns queries notifies "
                            "triggers sends forwards depends relies uses".split())


def modified_name(key: str, inner: str, nodes: set[str], connect: frozenset[str]) -> bool:
    """ "flashing yellow" beside "yellow": a name that is another name with one or two leading
    words of its own (no connecting word, no other name) is a name, not a relation in one step."""
    if not key.endswith(" " + inner):
        return False
    modifier = key[: -len(inner) - 1].split()
    return (
        0 < len(modifier) <= _MODIFIER_MAX_WORDS
        and not set(modifier) & connect
        and not set(modifier) & _RELATION_VERBS  # "public subnet contains load balancer": a relation
        and not any(" ".join(modifier[i:j]) in nodes for i in range(len(modifier)) for j in range(i + 1, len(modifier) + 1))
    )


def loop_exit(segment: list[tuple[str, Span | None]]) -> bool:
    """ ", until no bugs are left": one drawn edge label that starts with "until", nothing else."""
    spans = [span for _, span in segment if span is not None]
    return (
        bool(spans)
        and len(spans) == len(segment)
        and len({id(sp) for sp in spans}) == 1
        and spans[0].kind == "label"
        and spans[0].key.split()[0] == "until"
    )


def fan_in_wait(tokens: list[Token], index: int) -> bool:
    """ "(needs all three)", "(waits for both)": the wait word of a fan-in note in brackets."""
    words = [t.text.casefold() for t in tokens[index + 1 : index + 3] if t.kind == "word"]
    # "(needs all three)", or written after the step without brackets: "gate release waits for both"
    opened = index > 0 and (tokens[index - 1].text == "(" or tokens[index - 1].kind == "word")
    return opened and bool(words) and (words[0] in {"all", "both"} or words[:2] in (["for", "all"], ["for", "both"]))


_FAN_IN_NOTE_RE = re.compile(
    r"^(?P<open>\( )?(?:for )?(?:all|both)(?: of them| (?P<count>two|three|four|five|six|seven|eight|nine|ten|"
    r"\d+))?(?(open) \))$"
)


def fan_in_note(plain: str) -> int | None:
    """ "( all three )" (the glue of "(needs all three)") → 3; 0 without a count; None otherwise."""
    match = _FAN_IN_NOTE_RE.match(plain)
    if match is None:
        return None
    count = match.group("count")
    if count is None:
        return 2 if " both " in f" {plain} " else 0
    return int(count) if count.isdigit() else _COUNTS[count]


_PARALLEL_OPENING_RE = re.compile(r"^(?:(?:and )?then )?(?:in parallel|simultaneously|concurrently|at same time) :$")


def parallel_opening(plain: str) -> bool:
    """ "in parallel:" opening a statement or list item: the names after it fan out from the step before."""
    return bool(_PARALLEL_OPENING_RE.match(plain))


# (a spaced "+" glues steps side by side: "qa regression + security scan + update changelog")
_NAME_SEPARATOR_RE = re.compile(r"—|‖|\|\||\s[–|+]\s")


def separator_in_name(label: str) -> str | None:
    """The separator a drawn name runs across ("ticket workflow — To Do", "lint ‖ test"), if any:
    an em dash, a parallel bar, or a spaced en dash, bar or plus separates names, it is not inside one."""
    match = _NAME_SEPARATOR_RE.search(label)
    if match is None and len(re.findall(r"\s&\s", label)) > 1:
        return "&"  # "laptop setup & badge & email": a list ("pick & pack" is one step's name)
    return match.group(0).strip() if match else None


def count_matches(plain: str, size: int) -> bool:
    """ "once all three are done" after three steps: a count in a fan-in's glue is the group's size."""
    counts = [int(w) if w.isdigit() else _COUNTS[w] for w in plain.split() if w in _COUNTS or w.isdigit()]
    return all(count == size for count in counts) and ("both" not in plain.split() or size == 2)


# "Can you turn my recipe into a flowchart? Step 1: …": verbs of a request for a diagram, read only in
# a question to "you" before the first step (faithfulness._title_end), never inside a step.
REQUEST_VERBS = frozenset({"turn", "convert", "put", "lay", "diagram", "chart", "map"})


# A heading that says its items are in order ("steps in order:", "timeline (each step caused the
# next):"), then only the items: a sequence. The checker's own word list.
_SEQUENCE_HEADING = frozenset("order steps sequence timeline stages phases sequentially chronological "
    # a procedure is its steps in order ("lab protocol: thaw, spin, pipette"), and so is a flow's list
    # ("flowchart: boil water, add pasta, drain"; not "flow": "draw a flow: first …, then …" is a request
    # over sentences; a "pipeline" or "workflow" list may name its stages or jobs, read by their readers)
    "procedure protocol routine checklist runbook flowchart".split())
_LIST_GLUE = frozenset({",", ";", "and", "then"})
_LISTED_MIN = 3


def listed_sequence(tokens: list[Token], spans: list[Span]) -> list[str] | None:
    """The drawn names of "<sequence heading>: a, b, c" in order, or None unless the intent is that."""
    if not spans or any(span.kind != "node" for span in spans):
        return None
    colon = next((i for i, t in enumerate(tokens) if t.kind == "punct" and t.text == ":"), None)
    if colon is None or spans[0].start <= colon:
        return None
    heading = tokens[:colon]
    if any(t.kind in ("arrow", "marker", "nl") for t in heading) or not (
        {t.text.casefold() for t in heading if t.kind == "word"} & _SEQUENCE_HEADING
    ):
        return None
    bounds = [colon + 1, *(i for span in spans for i in (span.start, span.end)), len(tokens)]
    glues = [tokens[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]
    separators = set()
    for index, glue in enumerate(glues):
        texts = [t.text.casefold() for t in glue]
        if index == len(glues) - 1:
            texts = (
                texts[:-1]
                if texts[-1:]
                in (
                    [
                        ".",
                    ],
                    ["!"],
                )
                else texts
            )
            if texts:
                return None
            continue
        if index == 0:
            if texts:
                return None
            continue
        if not texts or not set(texts) <= _LIST_GLUE or texts[0] not in (",", ";", "and"):
            return None
        separators.add(texts[0] if texts[0] != "and" else ",")
    if len(separators) > 1 or len(spans) < _LISTED_MIN:
        return None
    return [span.key for span in spans]


_OPENER_WORDS = (["in", "parallel"], ["simultaneously"], ["concurrently"], ["at", "the", "same", "time"])
_THEN = (["then"], ["and", "then"], [])


def _opener(words: list[str]) -> bool:
    return any(words == lead + opener for lead in _THEN for opener in _OPENER_WORDS)


def parallel_outline_edges(tokens: list[Token], spans: list[Span]) -> list[tuple[str, str]] | None:
    """The edges of a step list with "in parallel:" blocks of nested items, read on the check's own:
    every item a whole drawn name (a fan-in's "(after all three)" aside) or an opener alone; the
    block fans out from the item before it and into the item after it. None unless exactly that."""
    first_marker = next((i for i, t in enumerate(tokens) if t.kind == "marker"), None)
    heading = [t for t in tokens[: first_marker or 0] if t.kind != "nl"]
    heading_lines = "".join("\n" if t.kind == "nl" else "x" for t in tokens[: first_marker or 0]).strip("\n").split("\n")
    if (
        first_marker is None
        or (heading and heading[-1].text != ":" and (heading[0].text != "#" or len(heading_lines) > 1))
        or any(span.kind != "node" or span.start < first_marker for span in spans)
    ):
        return None  # only a heading ("CI plan:", "## Morning pipeline" on a line of its own) may come before the list
    starts = {span.start: span for span in spans}
    tokens = tokens[first_marker:]
    starts = {start - first_marker: span for start, span in starts.items()}
    lines: list[tuple[int, list[Token]]] = []
    for token in tokens:
        if token.kind == "marker":
            lines.append((token.level, []))
        elif token.kind != "nl":
            lines[-1][1].append(token)
    index = {id(t): i for i, t in enumerate(tokens)}
    top = min(level for level, _ in lines)
    items: list[tuple[list[str], bool]] = []  # (names, is a block)
    for level, content in lines:
        words = [t.text.casefold() for t in content if t.kind == "word"]
        texts = [t.text for t in content]
        if level == top and texts[-1:] == [":"] and _opener(words):
            items.append(([], True))
            continue
        if level == top and items and items[-1][1]:  # "- when all three are done → announce": the block's fan-in
            content = _without_fan_in_lead(content, len(items[-1][0]), starts, index)
        content = _without_emphasis(content)  # "- **Update docs**": the whole item in bold
        first = starts.get(index[id(content[0])]) if content else None
        if first is not None and first.end - first.start > len(content):
            return None
        if first is None:
            return None
        rest = [t.text.casefold() for t in content[first.end - first.start :]]  # after the name
        note = fan_in_note(" ".join(w for w in rest if w not in _NOTE_WAIT)) if rest else 0
        if rest and (note is None or level != top or not items or not (items[-1][1] or len(items) > 1)):
            return None
        if level == top:
            items.append(([first.key], False))
        elif items and items[-1][1]:
            items[-1][0].append(first.key)
        else:
            return None
        if rest and note:
            block = items[-2][0] if len(items) > 1 else []
            if note != len(block):
                return None
    if not any(block for _, block in items) or any(block and len(names) < 2 for names, block in items):
        return None
    edges = []
    for (tails, _), (heads, _) in zip(items, items[1:], strict=False):
        edges += [(tail, head) for tail in tails for head in heads]
    return edges


def _without_emphasis(content: list[Token]) -> list[Token]:
    """An item's tokens without the emphasis marks around all of it ("**Update docs**", "_Tag release_")."""
    marks = 0
    while marks < len(content) // 2 and content[marks].text in ("*", "_") and content[marks].text == content[0].text \
            and content[-1 - marks].text == content[0].text:
        marks += 1
    return content[marks : len(content) - marks] if marks else content


_FAN_IN_LEAD_RE = re.compile(
    r"^(?:once|when|after) (?:all|both)(?: of (?:them|that|this|these|those)| (?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+))?"
    r"(?: are| is| have)? (?:done|finished|complete|completed|ready|succeeded) (?:,|:|->)$"
)


def _without_fan_in_lead(content: list[Token], size: int, starts: dict[int, Span], index: dict[int, int]) -> list[Token]:
    """An item's tokens without the fan-in it opens with ("when all three are done →", "once both are
    done,"), when its count is the block's size; the tokens as they are otherwise."""
    at = next((i + 1 for i, t in enumerate(content) if t.kind == "arrow" or t.text in (",", ":")), None)
    if not at or any(index[id(t)] in starts for t in content[:at]):
        return content
    lead = " ".join("->" if t.kind == "arrow" else t.text.casefold() for t in content[:at])
    match = _FAN_IN_LEAD_RE.match(lead)
    count = match.group("count") if match else None
    said = 2 if match and lead.split()[1] == "both" else (int(count) if count.isdigit() else _COUNTS[count]) if count else size
    if match is None or said != size:
        return content
    rest = content[at:]
    # "once both are done, we announce": the subject the step is said with is no part of its name
    return rest[1:] if len(rest) > 1 and rest[0].text.casefold() in {"we", "they", "you", "i"} else rest


_NOTE_WAIT = frozenset({"needs", "need", "requires", "require", "waits", "wait", "after"})


def case_outline_edges(tokens: list[Token], spans: list[Span]) -> list[tuple[str, str, set[str]]] | None:
    """The edges of a step list whose last step holds nested case rows, read on the check's own:
    each top item one whole drawn name, each nested item a drawn condition, an arrow or a colon, and
    a drawn name. The top items are a sequence; the rows branch from the last. None unless exactly that
    (rows nested deeper are a decision tree: decision_outline_check.py)."""
    lines = outline_lines(tokens, spans)
    if lines is None:
        return None
    top = min(level for level, _ in lines)
    if len({level for level, _ in lines if level > top}) > 1:
        return None  # a row under a row answers that row's step, not the last top step
    steps: list[str] = []
    rows: list[tuple[str, str]] = []
    asked: list[int] = []  # the top items written as a question
    for level, written in lines:
        pieces = [p for p in written if p != "*"]  # "**Priority?**": bold says nothing of the order
        if level == top and pieces[-1:] == ["?"] and not rows:
            pieces = pieces[:-1]  # "2. Priority?" over its case rows: a question step (only the last top item)
            asked.append(len(steps))
        if level == top and not rows and len(pieces) == 1 and isinstance(pieces[0], Span) and pieces[0].kind == "node":
            steps.append(pieces[0].key)
        elif (
            level > top
            and steps
            and len(pieces) == 3
            and isinstance(pieces[0], Span)
            and pieces[0].kind == "label"
            and pieces[1] in ("->", "→", "=>", ":")
            and isinstance(pieces[2], Span)
            and pieces[2].kind == "node"
        ):
            rows.append((pieces[0].key, pieces[2].key))
        else:
            return None
    if len(rows) < 2 or any(at != len(steps) - 1 for at in asked):
        return None
    edges = [(tail, head, set()) for tail, head in zip(steps, steps[1:], strict=False)]
    return edges + [(steps[-1], head, {label}) for label, head in rows]


_LOOP_WORDS = frozenset({"loop", "loop back", "start over", "again", "repeat again", "and repeat", "iterate",
                         # "if declined, try again": a retry of the step before, never a step named "try"
                         # ("retry it" alone may be a step of its own: "if 5xx, retry it")
                         "try", "try it"})


# "retry it at most 3 times", "up to 5 times", "twice": how often to go back is said of an edge, never a step's name
_REPEAT_COUNT = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+(?:more\s+)?times\b|"
                           r"\b(?:twice|thrice)\b|\bat\s+most\b|\bup\s+to\s+\d+")


def loop_instruction(key: str) -> bool:
    """ "wash, rinse, repeat": a "step" that says to loop ("repeat", "repeat until done", "start over",
    "retry it at most 3 times") is a back edge the drawing left out, not a step."""
    return key in _LOOP_WORDS or key.split()[0] == "repeat" or loop_word_inside(key) \
        or bool(_REPEAT_COUNT.search(key))


# Phrases that only say how steps relate; drawn as a step they hide the relation they state.
_GRAMMAR_PHRASES = frozenset(
    {
        "in parallel",
        "parallel",
        "simultaneously",
        "concurrently",
        "at the same time",
        "same time",
        "either way",
        "in both cases",
        "in either case",
        "in any case",
        "both",
        "all",
        "all of them",
        "otherwise",
        "else",
        "then",
        "and then",
        "after that",
    }
)


def grammar_phrase(key: str) -> bool:
    """ "in parallel" drawn as a node: a relation word, not a step."""
    return key in _GRAMMAR_PHRASES


_BRANCH_WORDS = frozenset({"if", "when", "whenever", "once", "unless", "after", "on", "until"})


def refuse_condition_about_another_step(nodes: dict[str, str], edges: dict[tuple[str, str], str]) -> None:
    """ "order → pick → pack → ship. If pick fails, go back to order": a condition that names a step
    ("pick") is about that step, so its branch leaves from it; drawn from another step it is refused."""
    for (tail, head), label in edges.items():
        words = label.split()
        if not words or words[0] not in _BRANCH_WORDS:
            continue
        padded = f" {label} "
        named = [key for key in nodes if f" {key} " in padded and key not in (tail, head)]
        if named:
            raise EngineRefusal(
                "EDGE_LABEL_WRONG",
                f"The condition '{label}' is about '{nodes[named[0]]}', but it is drawn on the way out of "
                f"'{nodes[tail]}'. Say where the branch starts, e.g. '{nodes[named[0]]} -> {nodes[head]} {label}'.",
            )


def loop_word_inside(key: str) -> bool:
    """ "wait for approval (repeat weekly)": a loop instruction inside a name."""
    return bool({"repeat", "repeats", "repeating", "loop", "loops"} & set(key.split()))


_PARALLEL_INSIDE_RE = re.compile(r"(?:^| )(?:in parallel|simultaneously|concurrently|at the same time)(?: |$)")


def parallel_word_inside(key: str) -> bool:
    """ "test (in parallel)": a name holding "in parallel" hides the relation it states."""
    return bool(_PARALLEL_INSIDE_RE.search(key))


_PARALLEL_SPELLINGS = ("parallel", "concurrently", "simultaneously")
_PARALLEL_WORDS_SPELLED = frozenset("concurrent concurrently concurrency simultaneous simultaneously".split())


def misspelled_parallel_word(key: str) -> str | None:
    """ "all in paralel", "run concurently": a misspelled "in parallel" inside a name still says how
    steps relate; the check does not take it for part of a step's name."""
    for word in key.split():
        if len(word) < 6 or word.startswith("parallel") or word in _PARALLEL_WORDS_SPELLED:
            continue
        if any(SequenceMatcher(None, word, right).ratio() >= 0.8 for right in _PARALLEL_SPELLINGS):
            return word
    return None
