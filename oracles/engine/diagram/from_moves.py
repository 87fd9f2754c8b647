"""Moves between states said from their source, the verb said once: "From Green it transitions to
Yellow, from Yellow to Red, and from Red back to Green", "from Created it can also go to Cancelled,
and from Paid to Refunded" → "Green -> Yellow; Yellow -> Red; Red -> Green".

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). Only a sentence made of nothing else is rewritten: its first move names
its subject with a pronoun ("it", "we", "they") and its verb ("goes", "moves", "transitions",
"switches", "returns", with "can"/"may" and "also"), every later one is "from A (back) to B", and
every name is short and holds no condition or verb ("from Red to Green after 20 s" is left as it is,
and so refused or read as before).
"""

from __future__ import annotations

import re

_NAME = r"[^\s,.;:!?()\[\]{}'\"→>-][^,.;:!?()\[\]{}\n→>]*?"
_VERB = (r"(?:it|we|they)\s+(?:(?:can|may|will|then|also|always|eventually)\s+){0,3}"
         r"(?:go(?:es)?|moves?|transitions?|switch(?:es)?|returns?|falls?)")
_FIRST = rf"from\s+(?P<a>{_NAME})\s*,?\s+{_VERB}\s+(?:straight\s+|directly\s+)?(?:back\s+)?to\s+(?P<b>{_NAME})"
_NEXT = rf"\s*,\s*(?:and\s+)?(?:then\s+)?from\s+{_NAME}\s+(?:(?:straight|directly)\s+)?(?:back\s+)?to\s+{_NAME}"
SENTENCE_RE = re.compile(rf"(?P<lead>^|(?<=[.;:!?\n])\s*)(?P<moves>{_FIRST}(?:{_NEXT})+)\s*(?P<end>[.;!?]|\n|$)",
                         re.IGNORECASE)
_PAIR_RE = re.compile(rf"(?:^|,)\s*(?:and\s+)?(?:then\s+)?from\s+(?P<a>{_NAME})\s*,?\s+(?:{_VERB}\s+)?"
                      rf"(?:(?:straight|directly)\s+)?(?:back\s+)?to\s+(?P<b>{_NAME})\s*(?=,|$)", re.IGNORECASE)
_NAME_MAX_WORDS = 4
# a word that says when, how or who: a condition or a clause of its own, not part of a state's name
_NOT_NAME_RE = re.compile(r"\b(?:when|whenever|after|before|on|once|upon|if|unless|until|with|within|while|in|"
                          r"it|we|they|then|and|or|but|goes|go|moves?|transitions?|switch(?:es)?|returns?|"
                          r"is|are|can|may|will|again|via|by)\b", re.IGNORECASE)


def _pairs(moves: str) -> list[tuple[str, str]] | None:
    pairs, at = [], 0
    for match in _PAIR_RE.finditer(moves):
        if match.start() != at:
            return None
        at = match.end()
        pair = (match.group("a").strip(), match.group("b").strip())
        if any(len(name.split()) > _NAME_MAX_WORDS or _NOT_NAME_RE.search(name) for name in pair):
            return None
        pairs.append(pair)
    return pairs if at == len(moves) and len(pairs) > 1 else None


def from_moves_as_arrows(intent: str) -> str:
    """Every sentence of "from A <verb> to B, from C to D, …" moves written as "A -> B; C -> D"."""
    def written_out(match: re.Match[str]) -> str:
        pairs = _pairs(match.group("moves"))
        if pairs is None:
            return match.group(0)
        return match.group("lead") + "; ".join(f"{a} -> {b}" for a, b in pairs) + match.group("end")

    return SENTENCE_RE.sub(written_out, intent)
