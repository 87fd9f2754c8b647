"""Steps hidden inside one drawn label (the check's rules; the drafter never calls this module).
Each rule reads only the intent and the drawn graph:

- a trigger glued into a node: "a commit triggers lint and tests in parallel" drawn with a node
  "commit triggers lint" — the verb is the edge between an event and a step, not part of a name;
- steps drawn as an edge label: "order paid → warehouse packs box and courier books pickup (in
  parallel) → delivered" drawn as paid -> delivered labelled with both steps — each clause is a
  node of its own, and the parallel pair fans out and back in.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# Verbs that start or hand over to the next step; between two phrases they make a connection.
_TRIGGER_RE = re.compile(r"^(?P<event>.+?) (?:triggers|starts|kicks off|launches|calls|feeds|fires|invokes) "
                         r"(?P<step>.+)$")
# What says that steps run side by side.
_PARALLEL = r"(?:\(?\s*(?:in parallel|at the same time|simultaneously|concurrently)\s*\)?)"
# "<subject> <verb>s <object>": a clause with its own subject and verb ("IT creates accounts")
_CLAUSE_RE = re.compile(r"^\w+(?: \w+)? \w+(?:es|s) \w+")
_CONDITION_STARTS = frozenset({"if", "when", "whenever", "unless", "once", "after", "on", "upon", "until", "while"})


def _said(words: list[str]) -> str:
    """A label's words as a pattern over the intent (any punctuation or spacing between them)."""
    return r"[^\w.;!?\n]+".join(re.escape(w) for w in words)


def refuse_glued_trigger(intent: str, nodes: dict[str, str]) -> None:
    """ "push triggers lint" as one node, where "push" or "lint" is drawn on its own or "lint" is
    listed beside a drawn step ("lint and unit tests"): the trigger is an edge left undrawn."""
    for key, label in nodes.items():
        match = _TRIGGER_RE.match(key)
        if match is None:
            continue
        event, step = match.group("event"), match.group("step")
        others = [n for n in nodes if n != key]
        listed = any(re.search(rf"(?<!\w){_said(step.split())}\s*(?:,|and|&)\s*(?:the )?{_said(n.split())}(?!\w)",
                               intent, re.IGNORECASE) for n in others)
        if event in others or step in others or listed:
            raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' holds a connection ('{event}' → "
                                                       f"'{step}'); the trigger is an edge, not part of a step's "
                                                       f"name. Say it as steps, e.g. '{event} -> {step}'.")


def refuse_steps_as_edge_label(intent: str, labels: dict[str, str]) -> None:
    """An edge label that joins clauses with 'and' ("IT creates accounts and facilities prepares
    desk") or that the intent marks as parallel holds steps: they are nodes the drawing hides."""
    for key, label in labels.items():
        words = key.split()
        said = f" {label.lower()} "  # the key drops "+" and "&": "unit + integration tests" joins two steps
        joiner = next((j for j in (" and ", " + ", " & ") if j in said), None)
        if joiner is None or not words or words[0] in _CONDITION_STARTS:
            continue
        halves = [h.strip() for h in said.split(joiner)]
        clauses = len(halves) >= 2 and all(_CLAUSE_RE.match(h) for h in halves)
        marked = re.search(rf"(?<!\w){_said(words)}\s*,?\s*{_PARALLEL}|{_PARALLEL}\s*:?\s*{_said(words)}(?!\w)",
                           intent, re.IGNORECASE)
        if clauses or marked:
            shown = re.split(r"\s+(?:and|\+|&)\s+", label.strip(), flags=re.IGNORECASE)  # as written: "IT", not "it"
            first, second = shown[0], shown[-1]
            raise EngineRefusal("EDGE_LABEL_HOLDS_NODE", f"The edge label '{label}' holds steps ('{first}', "
                                                         f"'{second}'); steps are nodes, not a note on a connection. "
                                                         f"Say them as a fan-out, e.g. 'a -> ({first}, {second}) -> b'.")


# "**Manager review** → *approved* → **Finance review**": where steps are set in bold, a phrase set
# in italics between them is how one leads to the other, not a step
_BOLD_RE = re.compile(r"\*\*[^*\n]+\*\*|__[^_\n]+__")
_ITALIC_RE = re.compile(r"(?<![*\w])\*(?!\*)(?P<a>[^*\n]+?)(?<!\*)\*(?![*\w])|(?<![_\w])_(?!_)(?P<b>[^_\n]+?)(?<!_)_(?![_\w])")


def refuse_emphasised_condition(intent: str, nodes: dict[str, str]) -> None:
    """A drawn node written only in italics, in an intent whose steps are in bold, is refused."""
    if not _BOLD_RE.search(intent):
        return
    italic = {" ".join(re.findall(r"[^\W_]+", (m.group("a") or m.group("b")).casefold())) for m in _ITALIC_RE.finditer(intent)}
    plain = re.sub(_ITALIC_RE, " ", intent).casefold()
    for key, label in nodes.items():
        if key in italic and not re.search(rf"(?<!\w){_said(key.split())}(?!\w)", plain):
            raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' is written in italics between steps set in "
                                                        "bold; it reads as a condition. Write it on the connection, e.g. "
                                                        f"'review -({label})-> next step'.")


# "**CEO**: Dana Park" drawn as 'CEO**: Dana Park': a markdown mark inside a label is a cut made in the wrong
# place (the emphasis opened before the label and closed inside it), never part of a name
_MARKUP_IN_LABEL = re.compile(r"\*\*|__|^\*|\*$")


def refuse_markup_in_label(nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """A drawn node or edge label holding markdown emphasis marks is refused."""
    labels = [("node", label) for label in nodes] + [("edge label", label) for _, _, label in edges if label]
    for what, label in labels:
        if _MARKUP_IN_LABEL.search(label.strip()) or re.sub(r"`[^`]*`", "", label).count("*") % 2:  # 'click *Log in' of "click *Log in*"
            plain = re.sub(r"\s+([:,.])", r"\1", " ".join(re.sub(r"[*_`]+", " ", label).split()))
            raise EngineRefusal("NODE_NOT_IN_INTENT" if what == "node" else "EDGE_LABEL_NOT_IN_INTENT", (
                f"The {what} '{label}' keeps text formatting (markdown marks), so it was cut from the intent in the wrong place. "
                + (f"Write each name plainly, e.g. '- {plain}', or with the role in brackets, e.g. '- Dana Park (CEO)'."
                   if what == "node" else f"Write the label plainly, e.g. 'a -> b: {plain}'.")))
