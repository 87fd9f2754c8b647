"""Statements ABOUT the graph that a drawing cannot carry.

1. A loop of reporting lines: "Ann manages Ben, Ben manages Cy, Cy manages Ann" is a contradiction
   in an org chart, not a cycle to draw. Flows and state machines may loop; a connection counts as
   a reporting line only when the intent joins its two names with a reporting verb in one sentence
   (manages, leads, supervises, reports to, answers to, is the boss of), or the intent is an org
   chart as a whole.
2. A note drawn as an edge label: "(Finance never sees approved requests)" beside a connection is a
   statement about who is connected to whom. An edge label that names a drawn node and holds a
   negation, or one that is longer than a handful of words and names a drawn node, is refused.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..contracts import EngineRefusal
from .vocabulary import _CONDITION_WORDS, phrase_key

_REPORTING_VERBS = (r"manages|managed|leads|led|supervises|oversees|heads|runs|reports to|reports directly to|"
                    r"answers to|answers directly to|is (?:the )?boss of|is (?:the )?manager of|works for|works under")
_ADVERBS = r"also|now|still|directly|in turn|formally|officially|currently"
_ORG_CHART_RE = re.compile(r"\b(?:org(?:anisation|anization|anizational|anisational)?[ -]?chart|reporting lines?|"
                           r"chain of command|who reports to whom)\b", re.IGNORECASE)
_SENTENCE_SPLIT_RE = re.compile(r"[.;:\n]+(?:\s|$)|\n")
_NEGATIONS = frozenset({"never", "not", "no", "without", "nobody", "none", "nothing", "neither", "nor", "cannot"})
LABEL_NOTE_WORDS = 6  # a label this long that names a node reads as a sentence about the graph


# A reporting verb as it stands after a subject: a sentence without one joins no two names with it.
_REPORTING_VERB_RE = re.compile(rf" (?:{_ADVERBS} )?(?:{_REPORTING_VERBS}) ")


@lru_cache(maxsize=4096)
def _reporting_re(first: str, second: str) -> re.Pattern[str]:
    # the verb follows its subject ("Ann, in turn, manages Ben"): "return the answers to the
    # teacher" has "answers to" as a noun, not a reporting line
    return re.compile(rf"(?:^| ){re.escape(first)} (?:{_ADVERBS} )?(?:{_REPORTING_VERBS}) "
                      rf"(?:[^ ]+ ){{0,10}}?{re.escape(second)}(?: |$)")


def _reporting_pair(sentences: list[str], a: str, b: str) -> bool:
    """Whether one sentence joins the names `a` and `b` (either way round) with a reporting verb.

    `sentences` are those holding a reporting verb at all (`_reporting_sentences`); one that does
    not hold both names cannot join them, so only the others are searched.
    """
    for first, second in ((a, b), (b, a)):
        if any(first in s and second in s and _reporting_re(first, second).search(s) for s in sentences):
            return True
    return False


def _reporting_sentences(intent: str) -> list[str]:
    """The intent's sentences, and each comma clause on its own, that hold a reporting verb."""
    sentences = [phrase_key(s) for s in _SENTENCE_SPLIT_RE.split(intent) if s.strip()]
    # "Ann manages Ben, Ben manages Cy": commas join clauses, so each clause is also read on its own
    sentences += [phrase_key(c) for s in _SENTENCE_SPLIT_RE.split(intent) for c in s.split(",") if c.strip()]
    return [s for s in sentences if _REPORTING_VERB_RE.search(s)]


_BULLET_RE = re.compile(r"^([ \t]*)(?:[-*•+]|\d+[.)])[ \t]+(.+?)\s*$")


def _outline_pairs(intent: str) -> set[tuple[str, str]]:
    """(parent, child) of every nested bullet: in an outline, a name under another is under it."""
    pairs: set[tuple[str, str]] = set()
    stack: list[tuple[int, str]] = []
    for line in intent.splitlines():
        match = _BULLET_RE.match(line)
        if not match:
            continue
        depth = len(match.group(1).expandtabs(4))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        key = phrase_key(match.group(2))
        if stack:
            pairs.add((stack[-1][1], key))
        stack.append((depth, key))
    return pairs


def _find_cycle(edges: set[tuple[str, str]]) -> list[str] | None:
    succ: dict[str, list[str]] = {}
    for tail, head in sorted(edges):
        succ.setdefault(tail, []).append(head)
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in succ.get(node, []):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(succ):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def refuse_reporting_cycle(intent: str, nodes: dict[str, str], edges: set[tuple[str, str]]) -> None:
    """Refuse a drawn loop made only of reporting lines (or any loop in an org chart)."""
    sentences = _reporting_sentences(intent)
    org_chart = bool(_ORG_CHART_RE.search(intent))
    outline = _outline_pairs(intent)
    lines = {(t, h) for t, h in edges
             if org_chart or (t, h) in outline or (h, t) in outline or _reporting_pair(sentences, t, h)}
    loop = _find_cycle(lines)
    if loop is None:
        return
    names = " → ".join(nodes.get(n, n) for n in loop)
    raise EngineRefusal("REPORTING_LOOP", f"The reporting lines form a loop ({names}); nobody can be above "
                                          "themselves in a reporting structure, so one of these lines is wrong. "
                                          "Which line is wrong? Send the structure without it, e.g. "
                                          "'Ann manages Ben; Ben manages Cy'.")


def refuse_note_as_edge_label(nodes: dict[str, str], labels: dict[str, str]) -> None:
    """Refuse an edge label that is a statement about the graph: it names a drawn node and holds a
    negation, or it names a drawn node and is longer than a handful of words."""
    for key, label in labels.items():
        padded = f" {key} "
        named = next((n for n in sorted(nodes, key=len, reverse=True) if f" {n} " in padded), None)
        if named is None:
            continue
        words = key.split()
        negated = bool(set(words) & _NEGATIONS) or "n't" in label.casefold() or "n’t" in label.casefold()
        # "if the player presses Esc during read input" is a condition on the branch, not a note
        condition = words[0] in _CONDITION_WORDS
        # "A → B → C → D (C is optional)": a statement about a drawn step, not a message on C → D
        about = re.search(rf"(?:^| ){re.escape(named)} (?:is|are|was|can|may|might|should|must|gets|becomes|stays|"
                          r"remains|needs)(?: |$)", key) is not None
        if negated or (len(words) >= LABEL_NOTE_WORDS and not condition) or (about and not condition):
            raise EngineRefusal("EDGE_LABEL_HOLDS_NODE", f"The edge label '{label}' names the node '{nodes[named]}' "
                                                         "and reads as a note about the diagram; a note about who "
                                                         "sees what is not an edge label. State the connections "
                                                         "themselves, e.g. 'manager approves -> payment; finance "
                                                         "-> payment'.")
