"""The drafter's reading of a move whose subject is a state said of the machine's thing:

    "Paid orders move to Shipped once the label is printed."    → "Paid moves to Shipped once the label is printed."
    "A Paid order becomes Shipped when dispatched."             → "Paid becomes Shipped when dispatched."
    "Delivered orders can move to Returned within 30 days, and a Returned order becomes Refunded once …"
                                                                → "Delivered moves to Returned …, and Returned becomes …"
    "Tickets in Open go to Pending when we wait on the customer."  → "Open goes to Pending when …"

The state's name stands before the thing's noun ("Paid orders", "an Active account") or after it and "in" ("orders
in Paid"), and the sentence is the
move from that state, read by the move readers like "Paid moves to Shipped". Read only when the intent says
it draws states ("states", "lifecycle", "status", …), the state is named elsewhere in the intent as written
(a listed state, a move's end), the noun names the thing elsewhere too ("our order lifecycle", "An order starts
as Pending"), and the verb of the move follows the noun at once (after "can"/"may" at most). "a Paid one",
"Running all go to …", a state said only here, or anything between the noun and the verb ("Paid orders over
$100 go to Review") is left as written, and refused as before. The check reads it its own way
(state_subject_normal.py).
"""

from __future__ import annotations

import re

from .state_subject_words import (
    DETERMINERS,
    MODAL_ADVERBS,
    MODALS,
    MOVE_VERBS,
    NAME_FOLLOWERS,
    NAMING_VERBS,
    NOT_A_THING,
    STATE_CUES,
    STATE_MAX_WORDS,
    VERB_PARTICLES,
)

_CUE_RE = re.compile(rf"(?<![\w-])(?:{'|'.join(re.escape(c) for c in STATE_CUES)})(?![\w-])", re.IGNORECASE)
_WORD = r"[A-Z][\w'-]*"
_SUBJECT_RE = re.compile(
    rf"(?P<lead>(?:^|(?<=[.;!?:])|(?<=\n))[ \t]*(?:[-*•][ \t]+)?|,?[ \t]+and[ \t]+(?=(?i:{'|'.join(DETERMINERS)})[ \t]))"
    rf"(?P<subject>(?:(?i:{'|'.join(DETERMINERS)})[ \t]+)?(?P<state>{_WORD}(?:[ \t]+{_WORD}){{0,{STATE_MAX_WORDS - 1}}})"
    rf"[ \t]+(?P<thing>[a-z][a-z-]*))[ \t]+"
    rf"(?P<modal>(?:{'|'.join(MODALS)})[ \t]+(?:(?:{'|'.join(MODAL_ADVERBS)})[ \t]+)?)?"
    rf"(?P<verb>{'|'.join(MOVE_VERBS)})\b",
)
# "Orders in Paid move to Shipped", "a ticket in Open goes to Pending": the thing, then the state it is in
_SUBJECT_IN_RE = re.compile(
    rf"(?P<lead>(?:^|(?<=[.;!?:])|(?<=\n))[ \t]*(?:[-*•][ \t]+)?|,?[ \t]+and[ \t]+(?=(?i:{'|'.join(DETERMINERS)})[ \t]))"
    rf"(?P<subject>(?:(?i:{'|'.join(DETERMINERS)})[ \t]+)?(?P<thing>(?i:[a-z][a-z-]*))[ \t]+in[ \t]+"
    rf"(?P<state>{_WORD}(?:[ \t]+{_WORD}){{0,{STATE_MAX_WORDS - 1}}}))[ \t]+"
    rf"(?P<modal>(?:{'|'.join(MODALS)})[ \t]+(?:(?:{'|'.join(MODAL_ADVERBS)})[ \t]+)?)?"
    rf"(?P<verb>{'|'.join(MOVE_VERBS)})\b",
)
_TO_RE = re.compile(rf"[ \t]+(?:(?:{'|'.join(VERB_PARTICLES)})[ \t]+)?(?:to|into)\b")
_NAMED_RE = re.compile(r"[ \t]+[A-Z]")


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


def _named_alone(state: str, text: str) -> bool:
    """Whether `text` names the state as a whole name: no capitalised word glued before it, and after it only
    punctuation, an arrow, the end, or a verb or joining word ("Express" of "Express lane" is no state named)."""
    for found in re.finditer(rf"(?<![\w'-]){re.escape(state)}(?![\w'-])", text):
        if re.search(r"[A-Z][\w'-]*[ \t]+$", text[: found.start()]):
            continue
        following = re.match(r"[ \t]+([A-Za-z][\w'-]*)", text[found.end():])
        if following is None or following.group(1).casefold() in NAME_FOLLOWERS:
            return True
    return False


def state_subjects_plainly(intent: str) -> str:
    """Each "<State> <thing> moves to …" as "<State> moves to …"; the intent unchanged when none is read."""
    if not _CUE_RE.search(intent):
        return intent
    matches = sorted([*_SUBJECT_RE.finditer(intent), *_SUBJECT_IN_RE.finditer(intent)], key=lambda m: m.start())
    found = [m for m in matches
             if m.group("thing").casefold() not in NOT_A_THING and m.group("state").split()[0].casefold() not in DETERMINERS
             and (_TO_RE.match(intent, m.end()) or (m.group("verb") in NAMING_VERBS and _NAMED_RE.match(intent, m.end())))]
    if not found:
        return intent
    rest = intent
    for match in reversed(found):  # the intent without the subjects: where the states and the thing are named again
        rest = rest[: match.start("subject")] + " " + rest[match.end("subject"):]
    out = intent
    for match in reversed(found):
        state, thing = match.group("state"), _singular(match.group("thing").casefold())
        if not _named_alone(state, rest):
            continue
        if not re.search(rf"(?<![\w'-]){re.escape(thing)}s?(?![\w'-])", rest, re.IGNORECASE):
            continue
        said = f"{match.group('lead')}{state} {MOVE_VERBS[match.group('verb')]}"
        out = out[: match.start()] + said + out[match.end():]
    return out
