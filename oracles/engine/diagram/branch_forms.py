"""The drafter's reading of two branch idioms, rewritten to the wording the sentence reader reads
(reading.py). The check reads them on its own (branch_normal.py).

- Two "if"s in one sentence joined by "and" / "but" / a comma, after an optional moment ("when the
  scan finishes, if it is clean we archive it, and if it is infected we quarantine it") → sibling
  branches of one step: "the scan finishes. if …; if …" ("after X, if …" alike).
  Only a sentence that opens with its "if" (after the moment) is split: "A checks B, and if …"
  is left whole; and only conditions about the same thing (same opening word, or comparisons):
  "if above 5 bar, open valve, if it sticks, …" may nest.
- An optional step after one "if": "then, with or without a coupon, take payment", "then deploy
  (with or without migrations)" → "then either way, take payment" (the next step follows the
  branch's step and the way around it)."""

from __future__ import annotations

import re

from .flows import comma_after_condition

# a sentence: up to its full stop, semicolon or line end
_SENTENCE_RE = re.compile(r"[^.;\n]+")
_MOMENT_IF_RE = re.compile(
    r"^(?P<space>\s*(?:[^:,;]{1,40}:\s+)?)(?P<kw>when|whenever|once|after)\s+(?P<moment>[^,:;]{3,60}?)\s*,\s+(?P<rest>if\s.+)$", re.IGNORECASE
)
_NEXT_IF_RE = re.compile(r"\s*,?\s+(?:and|but)\s+(?=if\s)|\s*,\s+(?=if\s)", re.IGNORECASE)

WITH_OR_WITHOUT_RE = re.compile(r"\bthen\s*,?\s*with\s+or\s+without\s+[^,;.()\n]{1,30}?\s*,\s*", re.IGNORECASE)
WITH_OR_WITHOUT_NOTE_RE = re.compile(
    r"\bthen\s+(?P<step>[^,;.()\n→>]{1,40}?)\s*\(\s*with\s+or\s+without\s+[^()\n]{1,30}\)", re.IGNORECASE
)


_COMPARING = frozenset("over under above below more less fewer at least most between".split())


def _same_subject(pieces: list[str]) -> bool:
    """Whether every condition speaks of the same thing: the same first word ("if it is damaged … if it
    is fine", "if they have the key … if they don't") or a comparison each ("if over 100 kg … if under")."""
    words = [re.findall(r"[\w'’]+", piece.lower()) for piece in pieces]
    firsts = [re.sub(r"['’]s$", "", w[1]) if len(w) > 1 else "" for w in words]
    return len(set(firsts)) == 1 and firsts[0] != "" or all(first in _COMPARING for first in firsts)


def _sibling_ifs(match: re.Match[str]) -> str:
    sentence = match.group(0)
    moment = _MOMENT_IF_RE.match(sentence)
    body = moment.group("rest") if moment else sentence.lstrip()
    if not re.match(r"if\s", body, re.IGNORECASE) or len(re.findall(r"\bif\s", body, re.IGNORECASE)) < 2:
        return sentence
    if re.search(r"\b(?:else|otherwise|then)\b", body, re.IGNORECASE):
        return sentence  # chains with "otherwise" / "then" are read by the branch reader as they are
    pieces = [comma_after_condition(piece) for piece in _NEXT_IF_RE.split(body)]
    if not _same_subject(pieces):
        return sentence  # "if above 5 bar, open valve, if it sticks, …": the second may be about the valve
    if any("," not in piece for piece in pieces):
        return sentence  # "if it is late and if it is urgent, call": one condition of two parts, not two branches
    body = "; ".join(pieces)
    if moment is None:
        return sentence[: len(sentence) - len(sentence.lstrip())] + body
    # "after weigh-in, if …", "when the scan finishes, if …": the moment is the step the branches leave
    return f"{moment.group('space')}{moment.group('moment')}. {body}"


def sibling_ifs(text: str) -> str:
    """ "When X, if A …, and if B …" → "X. if A, …; if B, …"."""
    return _SENTENCE_RE.sub(_sibling_ifs, text)


def either_way(text: str) -> str:
    """ "…; then, with or without a coupon, take payment" → "…; then either way, take payment"."""
    text = WITH_OR_WITHOUT_RE.sub("then either way, ", text)
    return WITH_OR_WITHOUT_NOTE_RE.sub(lambda m: f"then either way, {m.group('step')}", text)
