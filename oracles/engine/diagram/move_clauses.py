"""Moves between states said with a modal or with a second target sharing the verb:

- "resolved can go back to in progress if customer reopens", "Active may also move to Frozen" →
  "resolved goes back to in progress if …", "Active moves to Frozen": a move that is allowed is a move
  of the diagram, the same arrow;
- "new goes straight to closed" → "new goes to closed": the arrow skips the states between by itself;
- "Pending goes to Paid when the payment succeeds, or to Cancelled if the customer cancels" →
  "Pending goes to Paid when the payment succeeds. Pending goes to Cancelled if the customer cancels":
  the second target's move starts from the same state, with its own condition.

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). Only a clause that opens a sentence (or a ";"-part, a line, a bullet) with
a short subject (at most four words, no verb or condition word in it) is rewritten; the second target
must be the rest of its sentence. Anything else is left as written, to be read or refused as before.
"""

from __future__ import annotations

import re

_VERBS = {"go": "goes", "move": "moves", "transition": "transitions", "switch": "switches", "return": "returns"}
# words that never stand in a state's name: a pronoun, a condition, a conjunction, a verb ("After Review it
# either goes to …" has no subject state)
_NOT_NAME = (r"(?:it|its|they|we|you|this|that|he|she|there|then|also|and|or|but|if|when|once|after|before|either|neither|"
             r"both|from|so|until|unless|while|can|may|will|could|might|goes|moves|go|move|to|on|is|are)")
_SUBJECT = rf"(?P<subject>(?!{_NOT_NAME}\b)[\w`'-]+(?:[ \t]+(?!{_NOT_NAME}\b)[\w`'-]+){{0,3}})"
# (an "also" / "and" / "then" opening the clause says nothing of the move: left out with the rewrite)
_LEAD = r"(?P<lead>(?:^|(?<=[.;!?\n])|(?<=:))[ \t]*(?:[-*•][ \t]+)?)(?:(?:also|and|then)[ \t]+)?"
MODAL_RE = re.compile(
    rf"{_LEAD}{_SUBJECT}[ \t]+(?:can|may|will|could|might)[ \t]+(?:(?:also|then|always|only|later|eventually)[ \t]+)?"
    rf"(?P<verb>{'|'.join(_VERBS)})(?=[ \t]+(?:(?:back|straight|directly)[ \t]+)?to\b)",
    re.IGNORECASE | re.MULTILINE,
)
# "new goes straight to closed": the arrow skips the states between by itself
STRAIGHT_RE = re.compile(
    rf"{_LEAD}{_SUBJECT}[ \t]+(?P<verb>goes|moves|transitions|switches|returns)[ \t]+(?:straight|directly)[ \t]+"
    r"(?=(?:back[ \t]+)?to\b)",
    re.IGNORECASE | re.MULTILINE,
)
_NAME = r"(?:(?!\b(?:or|and|either|then)\b)[^,.;:\n()])+?"  # one state: "to Approve or Reject" is a choice
_COND = r"(?:[ \t]+(?:when|if|on|after|once|unless|until)[ \t]+[^,.;:\n]+?|[ \t]*\([^()\n]{1,60}\))?"
SECOND_TARGET_RE = re.compile(
    rf"{_LEAD}{_SUBJECT}[ \t]+(?P<verb>goes|moves|transitions|switches|returns)[ \t]+(?P<first>(?:back[ \t]+)?to[ \t]+{_NAME}{_COND})"
    rf"[ \t]*,[ \t]*(?:or|and)[ \t]+(?:(?:else|otherwise|also)[ \t]+)?(?P<second>(?:back[ \t]+)?to[ \t]+{_NAME}{_COND})"
    r"[ \t]*(?P<end>[.;!?]|\n|$)",
    re.IGNORECASE | re.MULTILINE,
)


def _said_plainly(match: re.Match[str]) -> str:
    verb = match.group("verb").casefold()
    return f"{match.group('lead')}{match.group('subject')} {_VERBS[verb]}"


def _two_moves(match: re.Match[str]) -> str:
    subject, verb = match.group("subject"), match.group("verb")
    end = match.group("end") or "."
    return (f"{match.group('lead')}{subject} {verb} {match.group('first').strip()}. "
            f"{subject} {verb} {match.group('second').strip()}{end}")


def move_clauses_plainly(intent: str) -> str:
    """Modal moves said as moves, and a second target said as its own move from the same state."""
    plain = MODAL_RE.sub(_said_plainly, intent)
    plain = STRAIGHT_RE.sub(lambda m: f"{m.group('lead')}{m.group('subject')} {m.group('verb')} ", plain)
    return SECOND_TARGET_RE.sub(_two_moves, plain)
