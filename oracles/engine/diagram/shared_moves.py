"""One move said for several states at once: "Idle, Walking and Running all go to Jumping on jump",
"Pending and Paid can both go to Cancelled on cancel", "`open` and `approved` → `closed` on close",
"Walking, Running or Jumping -> Dead when HP reaches 0" → one arrow from each state, each with the
rest of the clause ("Idle -> Jumping on jump; Walking -> Jumping on jump; …").

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). Only a clause made of nothing else is rewritten (a bullet row, or a
sentence or ";"-part of one), and only when every state it names is named elsewhere in the intent
too, as a whole word, and the clause says each state moves on its own ("all", "both", "each", or
"or" between the states): "`open` and `approved` → `closed`" may be a join, and "Salt and pepper ->
season" names no states; both are left as written.
"""

from __future__ import annotations

import re

_STOP = (r"and|or|all|both|each|either|can|may|will|also|then|go|goes|move|moves|transition|transitions|"
         r"lead|leads|switch|switches|to|the|a|an|it|they|we|when|if|on|from")
_WORD = rf"(?!(?:{_STOP})\b)[A-Za-z][\w-]*"
_NAME = rf"`?{_WORD}(?:\s+{_WORD}){{0,2}}`?"
_SOURCES = rf"(?:(?:both|either)\s+)?(?P<srcs>{_NAME}(?:\s*,\s*{_NAME})*\s*,?\s+(?:and|or|&)\s+{_NAME})"
_VERB = (r"\s+(?:(?:all|both|each)\s+)?(?:(?:can|may|will)\s+)?(?:(?:also|all|both|each)\s+){0,2}"
         r"(?:go(?:es)?|moves?|transitions?|leads?|switch(?:es)?)\s+(?:back\s+)?to\s+")
_ARROW = r"\s*(?P<arrow>->|→|=>)\s*"
CLAUSE_RE = re.compile(rf"(?P<lead>(?:^|(?<=[.;:!?]\s)|(?<=[.;:!?]))[ \t]*(?:[-*•][ \t]+)?){_SOURCES}"
                       rf"(?:{_VERB}|{_ARROW})(?P<rest>[^.;\n]*[^.;\s])(?=\s*(?:[.;!?]|$))",
                       re.IGNORECASE | re.MULTILINE)


def _names(sources: str) -> list[str]:
    return [name.strip() for name in re.split(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+", sources) if name.strip()]


def _named_elsewhere(name: str, text: str) -> bool:
    bare = name.strip("`")
    return re.search(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", text) is not None


def shared_moves_as_arrows(intent: str) -> str:
    """Every clause "A, B and C (all) go to X …" / "A and B -> X …" written as one arrow per state."""
    def written_out(match: re.Match[str]) -> str:
        if not re.search(r"\b(?:all|both|each|either|or)\b", match.group(0)[:match.start("rest") - match.start()], re.IGNORECASE):
            return match.group(0)  # "A and B -> C" may be a join (both done, then C) or one step's name
        names = _names(match.group("srcs"))
        elsewhere = intent[:match.start()] + " " + intent[match.end():]
        if re.search(r"->|→|=>|,|\b(?:and|or)\b", match.group("rest"), re.IGNORECASE):
            return match.group(0)  # "A and B go to C and D", "A and B -> C -> D": more than one move
        if len(names) < 2 or len(set(names)) != len(names) or not all(_named_elsewhere(n, elsewhere) for n in names):
            return match.group(0)
        arrow, rest, lead = match.group("arrow") or "->", match.group("rest").strip(), match.group("lead")
        if lead.strip():  # a bullet row: one row per state
            return "\n".join(f"{lead}{name} {arrow} {rest}" for name in names)
        return lead + "; ".join(f"{name} {arrow} {rest}" for name in names)

    return CLAUSE_RE.sub(written_out, intent)
