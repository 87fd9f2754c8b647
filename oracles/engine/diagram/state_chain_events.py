"""The check's own reading of a chain of states with each event in brackets after the state it leads to:
"Order states: pending → paid (payment received) → shipped (label printed) → delivered (carrier scan)."

In a flow, "A → B (x) → C" is ambiguous: "(x)" may be a note on B or the condition of B → C, so the
check reads it as the condition of the edge it stands before and a drafter that disagrees is refused.
A list of STATES is written the other way round: the event follows the state it leads to, and the
chain says so itself when its LAST state carries a bracket too (no edge leaves it, so that bracket can
only be the event into it). The chain is read that way only when all of these hold:
- the intent says it draws states ("states", "state machine", "state diagram", "lifecycle", ...);
- the clause (between ".", ";", "?", "!" or a line break) has at least two arrows, its first state carries no
  bracket, and every later state carries exactly one bracket and nothing else;
- no bracket is a note about the state ("final", "terminal", "optional", a bare number).
Such a chain becomes "pending -(payment received)-> paid -(label printed)-> shipped …", the labelled
arrow every reader of the check already reads. Any other chain is left as written (and so refused
when a drafter puts the brackets on the edges into the states).
"""

from __future__ import annotations

import re

_STATES_CUE_RE = re.compile(
    r"\bstates\b|\bstate[\s-]+(?:machine|diagram|chart)s?\b|\blife[\s-]?cycles?\b|\bstatuses\b|\btransitions\b",
    re.IGNORECASE)
_ARROW_RE = re.compile(r"\s*(?:→|⟶|-{1,2}>|=>)\s*")
_CLAUSE_RE = re.compile(r"[^.;!?\n]+")
_TARGET_RE = re.compile(r"\s*(?P<name>[^()\[\]{}<>:,]+?)\s*\((?P<event>[^()\[\]\n]{1,60})\)\s*")
# a bracket that describes the state rather than the move into it
_STATE_NOTE_RE = re.compile(
    r"(?:the\s+)?(?:final|terminal|initial|start(?:ing)?|end(?:ing)?|default|optional|rare|deprecated|"
    r"same|again|loop|self[\s-]?loop)(?:\s+state)?|\d+|e\.g\b.*|i\.e\b.*|see\b.*|note\b.*",
    re.IGNORECASE)


def _as_labelled_arrows(clause: str) -> str:
    pieces = _ARROW_RE.split(clause)
    if len(pieces) < 3 or pieces[0].rstrip().endswith((")", "]")) or not pieces[0].strip():
        return clause
    if _STATES_CUE_RE.search(pieces[0].rsplit(":", 1)[-1]):  # "Document states - draft -> …": heading and state unparted
        return clause
    targets = [_TARGET_RE.fullmatch(piece) for piece in pieces[1:]]
    if not all(targets):
        return clause
    if any(_STATE_NOTE_RE.fullmatch(t.group("event").strip()) for t in targets):  # type: ignore[union-attr]
        return clause
    trailing = clause[len(clause.rstrip()):]
    moves = "".join(f" -({t.group('event').strip()})-> {t.group('name')}" for t in targets)  # type: ignore[union-attr]
    return pieces[0].rstrip() + moves + trailing


def state_chain_events_as_labels(intent: str) -> str:
    """Chains of states with each event in brackets after its state, as labelled arrows."""
    if not _STATES_CUE_RE.search(intent):
        return intent
    return _CLAUSE_RE.sub(lambda m: _as_labelled_arrows(m.group(0)), intent)
