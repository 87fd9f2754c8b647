"""Nodes whose label hides a relation the drawing must show (the check's rules; the drafter never
calls this module). Each rule reads only the intent and the drawn graph:

- a loop glued to a step: "bump the timeout and rerun it", "revise and start over", "update the
  card and try again" — the loop is a back edge, not part of the step's name; and a node that is
  only a loop ("rerun it", "try again") with nothing after it is a back edge left undrawn;
- an outcome drawn as a step: "CI result: pass → deploy; fail → notify" drawn with nodes "pass" and
  "fail" — after a "<subject>:" heading an outcome word before an arrow is a condition of the
  subject, not a step;
- a qualifier of a condition glued to a step: "staging → prod only if approved" drawn as
  "prod only" — "only" belongs to "only if", not to the name;
- an actor clause drawn as a step: "agent is opening ticket in Jira" beside a node "Jira is …":
  a subject, a verb and another actor make a message between two actors, not a step; and "is
  fixing and is answering" joins two actions in one node.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .vocabulary import phrase_key

# What says "go back and do it again" (the verb and, after it, what it points at).
_LOOP = (r"(?:re-?run|re-?try|redo|re-?do|try|start over|start again|begin again|go back|loop back|"
         r"re-?submit|re-?send|re-?apply|re-?test|re-?check|re-?review|re-?upload|re-?enter|re-?open|"
         r"repeat|(?:run|do) (?:it |them |this )?again)")
_LOOP_OBJECT = r"(?: (?:it|them|this|that|the step|the job|the whole thing))?(?: again| once more| over)?"
# a loop after another step in one label: "<step> and rerun it", "<step> then try again"
_GLUED_LOOP_RE = re.compile(rf"^(?P<step>.+?) (?:and then|and|then|&) (?P<loop>{_LOOP}{_LOOP_OBJECT})$")
# a label that is only a loop and says so ("try again", "start over", "go back", "run it again");
# a bare "retry" or "rerun it" may be a step of its own ("if 5xx, retry it"), drawn as one
_ONLY_LOOP_RE = re.compile(rf"^(?=.*\b(?:again|over|back|once more)$){_LOOP}{_LOOP_OBJECT}$")

# Words that say how a checked thing came out; after "<subject>:" they are its conditions.
OUTCOME_WORDS = frozenset("""pass passes passed fail fails failed failure yes no ok okay success succeeded successful
    approved rejected accepted declined denied granted true false green red""".split())

# Words that restrict the condition after them ("only if", "just when"), never a name before them.
_QUALIFIERS = frozenset({"only", "just", "solely", "exclusively"})
_CONDITION_OPENERS = r"(?:if|when|whenever|once|after|unless|provided|as long as)"

# "agent is opening …": a subject, a form of "be" and an -ing verb — a clause, not a step's name.
_PROGRESSIVE_RE = re.compile(r"^(?P<subject>\w+(?: \w+)?) (?:is|are|am|was|were) (?:\w+ )?\w+ing\b")
# "… is fixing and is answering …": two actions joined in one label
_TWO_ACTIONS_RE = re.compile(r"\b(?:is|are|am|was|were) \w+ing\b.* and (?:(?:is|are|am|was|were) )?\w+ing\b")


def glued_loop(key: str) -> str | None:
    """The loop phrase a label ends with after another step ("bump the timeout and rerun it")."""
    match = _GLUED_LOOP_RE.match(key)
    return match.group("loop") if match else None


def refuse_glued_loop(intent: str, nodes: dict[str, str], edges: set[tuple[str, str]]) -> None:
    """A loop inside a step's label, or a step that is only a loop (or is said "again") and leads
    nowhere, hides the back edge it states: refused, with where the flow goes back to left for the
    writer to say."""
    tails = {tail for tail, _ in edges}
    said = f" {phrase_key(intent)} "
    for key, label in nodes.items():
        loop = glued_loop(key)
        if loop is not None:
            step = _GLUED_LOOP_RE.match(key).group("step")  # type: ignore[union-attr]
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' holds a loop ('{loop}'); going back is a "
                                                   "connection, not part of a step. Say the step and where the flow "
                                                   f"goes back to, e.g. '{step}, then go back to <step>'.")
        # "if rejected, resubmit" drawn as an end while "submit" is a step: doing a step again is a way back
        redo = re.match(r"re-?(submit|send|apply|upload|enter|run|test|check|review|do)\b", key)
        if redo and key not in tails and any(k != key and k.split()[0] == redo.group(1) for k in nodes if k):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' does '{redo.group(1)}' again but leads "
                                                   "nowhere; the way back it states is not drawn. Say where the flow "
                                                   f"goes back to, e.g. 'if rejected, go back to {redo.group(1)}'.")
        # ("run it again" drawn as "run it": the "again" left out of the label is still a way back)
        if key not in tails and (_ONLY_LOOP_RE.match(key) or f" {key} again " in said or f" {key} once more " in said):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' says to go back but leads nowhere; the back "
                                                   "edge it states is not drawn. Say where the flow goes back to, "
                                                   "e.g. 'if it fails, go back to <step>'.")


_SENTENCE_ENDS = (".", "!", "?", "\n")


def _sentence_before(intent: str, at: int) -> str:
    start = max(intent.rfind(stop, 0, at) for stop in _SENTENCE_ENDS)
    return intent[start + 1:at]


def _sentence_after(intent: str, at: int) -> str:
    ends = [end for stop in _SENTENCE_ENDS if (end := intent.find(stop, at)) >= 0]
    return intent[at:min(ends, default=len(intent))]


def _outcomes_before_arrows(text: str) -> int:
    """How many outcome words stand right before an arrow ("pass → …; fail → …")."""
    return sum(1 for m in re.finditer(r"(?<!\w)(\w+)\s*(?:→|->|=>|⇒)", text) if m.group(1).casefold() in OUTCOME_WORDS)


def refuse_outcome_as_step(intent: str, nodes: dict[str, str], edges: set[tuple[str, str]]) -> None:
    """ "CI result: pass → deploy; fail → notify": an outcome word that starts the graph (drawn with
    edges out and none in), after a "<subject>:" heading whose sentence lists two or more outcomes
    before arrows, is the subject's condition; drawn as a step it loses the subject and the branch.
    ("Invoice states: approved -> paid -> archived" lists one: a first state, left alone.)"""
    heads = {head for _, head in edges}
    tails = {tail for tail, _ in edges}
    for key, label in nodes.items():
        if key not in OUTCOME_WORDS or key in heads or key not in tails:
            continue
        for found in re.finditer(rf"(?<!\w){re.escape(key)}(?!\w)", intent, re.IGNORECASE):
            before = _sentence_before(intent, found.start())
            heading = re.search(r"(?P<subject>[^:;,]{1,40}?)\s*:(?P<listed>[^:]*)$", before)
            if heading is None or re.search(r"\d$", heading.group("subject")):  # (a time "14:02" is no heading)
                continue
            if _outcomes_before_arrows(heading.group("listed") + _sentence_after(intent, found.start())) >= 2:
                subject = heading.group("subject").strip()
                raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' is an outcome of '{subject}', not a "
                                                            "step. Draw the outcome on the connection, e.g. "
                                                            f"'{subject} -> <next step> if {key}'.")


def refuse_glued_qualifier(intent: str, nodes: dict[str, str]) -> None:
    """ "prod only if approved" drawn as "prod only": the qualifier opens the condition after it."""
    for key, label in nodes.items():
        words = key.split()
        if len(words) < 2 or words[-1] not in _QUALIFIERS:
            continue
        said = r"[^\w.;!?\n]+".join(re.escape(w) for w in words)
        if re.search(rf"(?<!\w){said}[^\w.;!?\n]+{_CONDITION_OPENERS}\b", intent, re.IGNORECASE):
            name = " ".join(words[:-1])
            raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' keeps '{words[-1]}', which belongs to "
                                                        f"the condition after it ('{words[-1]} if …'). Name the step "
                                                        f"alone, e.g. '{name}', with the condition on the connection.")


def refuse_actor_clause(nodes: dict[str, str]) -> None:
    """ "customer is calling to support agent" beside "agent is opening ticket …": a label that is a
    clause (subject, "is", -ing verb) naming another actor of the drawing is a message between two
    actors drawn as one step; and "is fixing and is answering" is two actions in one node."""
    subjects = {m.group("subject").split()[-1] for key in nodes if (m := _PROGRESSIVE_RE.match(key))}
    for key, label in nodes.items():
        if _TWO_ACTIONS_RE.search(key):
            raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' holds two actions joined by 'and'; each "
                                                       "action is a step of its own. Say them one by one, e.g. "
                                                       "'fix the bug, then answer the agent'.")
        clause = _PROGRESSIVE_RE.match(key)
        if clause is None:
            continue
        own = clause.group("subject").split()[-1]
        rest = key[clause.end():].split()
        other = next((w for w in rest if w in subjects and w != own), None)
        if other is not None:
            raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' is a sentence between two actors "
                                                       f"('{own}' … '{other}'), not a step. Say each message on a line "
                                                       f"of its own as '{own} -(<message>)-> {other}'.")
