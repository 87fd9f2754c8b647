"""The drafter's reading of a step said again by its first words: "check the starter … If not doubled, wait
another hour and check again", "reconcile against the ledger … investigate the discrepancy and reconcile
again". "check again" is the way back to the one step said before that opens with "check".

A way back said so ("AP clerk resolves -> back to 3-way match" after "3-way match with PO and receipt") is
read alike, with two words at least after "back to".

Read only when exactly one step named before opens with the words said before "again" and says more than
them; "test again" after "run the tests" (not its first words) or after two steps opening with "check" is
left to the rest of the cascade, which refuses it. The check reads the same phrasing on its own
(again_normal.py)."""

from __future__ import annotations

from .again_words import LOOSE_ENDS
from .model import clean_label

_MAX_WORDS = 3  # "check", "reconcile", "try to reproduce": a step's opening words, never a clause
# after "back to", one word is too often a place of its own ("back to work", "back to start"): two at least
BACK_MIN_WORDS = 2


def shortened_again_target(labels: dict[str, str], short: str, fewest: int = 1) -> str | None:
    """The one step named before (a label of `labels`) whose opening words are `short` ("check" of
    "check the starter"); None when no step or several open so, or `short` is no step's opening."""
    words = clean_label(short).casefold().split()
    if not fewest <= len(words) <= _MAX_WORDS or words[-1] in LOOSE_ENDS:
        return None
    owners = [label for label in labels.values()
              if len(label.split()) > len(words) and label.casefold().split()[: len(words)] == words]
    return owners[0] if len(owners) == 1 else None
