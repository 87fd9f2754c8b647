"""The drafter's reading of fan-outs and joins said in other words than the sentence reader's "P,
then in parallel: a, b and c. Once all are done, d" (applied before parallel_forms.py).

- a chain's group with its note: "→ A and B (in parallel) →", "→ A and B happen in parallel →",
  "→ (A, B in parallel) →", "→ in parallel: A, B →" → "→ (A, B) →"; the wait said next in the
  chain ("→ when both done →", "→ both must pass →") is the group's own arrows: dropped
- the step that starts them: "P fans out to A, B and C (run concurrently)", "P kicks off three
  extracts in parallel — A, B, C", "P triggers / goes to A and B at the same time", "P, then it goes to A and B in parallel", "after P we kick
  off A and B in parallel", "After P, A, B and C run concurrently" → "P, then in parallel: A, B and C";
  "After that, three things happen at the same time — A, B, C." → "then in parallel: A, B, C."
- "pipeline is A -> B" → "pipeline: A -> B" (what the chain is, said before it); "It starts with A, then …" →
  "A, then …"; "A + B + C run in parallel" → "A, B and C run in parallel"
- the join: "when all 3 are green, D", "once both pass → D", "when both approve, D", "When A and B
  both finish, we D" (A and B the group's steps), "all three join at / feed into D", "D follows once
  both are complete", "both must pass before D", "then D when both pass" → "Once all are done, D"
  ("D waits for all three" the sentence reader reads as it is); and "Once all are done, D, then E" → "Once all are done, D → E"

A fan-out verb with no word that says the steps run at once, a count that is not the list's, and a
join that names other steps than the group's are left as written (the check refuses them). The check
reads these on its own (parallel_join_normal.py); only the wording list is shared.
"""

from __future__ import annotations

import re

from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS
from .vocabulary import PARALLEL_IDIOM

_COUNT_WORDS = ("two", "three", "four", "five", "six", "seven", "eight")
_COUNT = r"(?:two|three|four|five|six|seven|eight|[2-8])"
_SAME_TIME = rf"(?:{PARALLEL_IDIOM}|(?:at\s+)?(?:the\s+)?same\s+time)"  # "we make Electric and Plumbing same time"
_HOW = (r"(?:(?:can|should|will)\s+)?(?:all\s+)?(?:(?:happen|run|go|start|proceed|execute|kick\s+off)(?:s|ning)?|"
        r"(?:are|get)\s+done)\s+")
_WAITED = rf"(?:both(?:\s+of\s+them)?|all(?:\s+{_COUNT}|\s+of\s+(?:them|those|these))?|they(?:\s+all)?|those|these|the\s+{_COUNT})"
_DONE_WORDS = (r"(?:done|finished|finish|complete|completed|green|pass|passed|succeed|succeeded|ready|approve|approved|"
               r"wrap(?:ped)?\s+up)")
_ARROW = r"(?:->|→|=>)"
_STOP = r"[.;!?\n]"


def _split_names(listed: str) -> list[str]:
    return [part for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*[+&]\s*", listed.strip()) if part.strip()]


def _number(said: str | None) -> int | None:
    """ "all three" → 3, "both" → 2, "all" → None."""
    for word in (said or "").lower().split():
        if word == "both":
            return 2
        if word.isdigit():
            return int(word)
        if word in _COUNT_WORDS:
            return _COUNT_WORDS.index(word) + 2
    return None


def _shared_head(names: list[str]) -> bool:
    """ "Design & Legal review": the single words before the last step may take its last word too."""
    head = names[-1].lower().split()
    singles = [name.strip().lower() for name in names[:-1]]
    return len(head) > 1 and head[-1] in SHARED_HEAD_NOUNS and \
        all(" " not in name and name not in STANDALONE_STEPS for name in singles)


def _steps_ok(names: list[str], said: str | None = None) -> bool:
    count = _number(said)
    return len(names) >= 2 and (count is None or count == len(names)) and not _shared_head(names) and \
        not any(re.search(r"\bthen\b|[:()]", name, re.IGNORECASE) for name in names)


# --- a group inside a chain ----------------------------------------------------------------------
_GROUP_NOTE_RES = [
    # "(A, B in parallel)", "{A, B} in parallel", "[A, B], all at the same time"
    re.compile(rf"^[\[({{](?P<steps>[^\[\](){{}}]+?)(?P<inner>\s*,?\s*(?:all\s+)?(?:{_HOW})?{_SAME_TIME})?[\])}}]"
               rf"(?P<outer>\s*,?\s*(?:all\s+)?(?:{_HOW})?{_SAME_TIME})?$", re.IGNORECASE),
    re.compile(rf"^(?:then\s+)?{PARALLEL_IDIOM}\s*:\s*(?P<steps>.+)$", re.IGNORECASE),  # "in parallel: A, B"
    # "A and B (in parallel)", "A and B happen in parallel"
    re.compile(rf"^(?P<steps>[^()\[\]{{}}]+?)\s*(?:\(\s*(?:all\s+)?(?:{_HOW})?{_SAME_TIME}\s*\)|,?\s+(?:all\s+)?(?:{_HOW})?{_SAME_TIME})$",
               re.IGNORECASE),
]
_CHAIN_WAIT_RE = re.compile(
    rf"^(?:(?:when|once|after)\s+(?P<waited>{_WAITED})\s+(?:(?:are|have|have\s+been)\s+)?(?:all\s+)?{_DONE_WORDS}"
    rf"|(?P<must>both|all(?:\s+{_COUNT})?)\s+(?:must|need\s+to|have\s+to)\s+(?:pass|finish|succeed|complete|be\s+done))$",
    re.IGNORECASE)


def _group_steps(piece: str) -> list[str] | None:
    piece = piece.strip()
    for index, pattern in enumerate(_GROUP_NOTE_RES):
        found = pattern.match(piece)
        if found is None:
            continue
        if index == 0 and not (found.group("inner") or found.group("outer")):
            return None  # "(A, B)": already the group form
        names = _split_names(found.group("steps"))
        return names if _steps_ok(names) else None
    return None


def _chain_line(line: str) -> str:
    pieces = re.split(rf"\s*{_ARROW}\s*", line)
    if len(pieces) < 3:
        return line
    kept: list[str] = [pieces[0]]
    size = 0  # the group just written, for the wait after it
    for piece in pieces[1:-1]:
        names = _group_steps(piece)
        if names is not None:
            kept.append("(" + ", ".join(names) + ")")
            size = len(names)
            continue
        wait = _CHAIN_WAIT_RE.match(piece.strip()) if size else None
        if wait is not None and _number(wait.group("waited") or wait.group("must")) in (None, size):
            continue  # "(A, B) → when both done → C": the group's arrows already wait
        kept.append(piece)
        size = 0
    kept.append(pieces[-1])
    return " → ".join(kept) if len(kept) != len(pieces) or kept != pieces else line


# --- the step that starts them --------------------------------------------------------------------
_OPEN = r"(?P<open>^|[.;:!?]\s+|\n[ \t]*)"
_UNTIL_END = rf"(?=\s*(?:{_STOP}|,\s*(?:and\s+)?(?:once|when|after)\b|$))"
_STARTS_RE = re.compile(
    rf"{_OPEN}(?P<first>(?!(?:when|once|after|if|then|and|but|so)\b)[^.;:!?\n,—–()]{{2,60}}?)\s+"
    r"(?P<verb>fans?\s+out\s+(?:to|into)|kicks?\s+off|triggers?|starts?|goes\s+to|go\s+to|splits?\s+into|"
    r"branch(?:es)?\s+(?:out\s+)?(?:in)?to)\s+"
    rf"(?:(?P<said>{_COUNT})\s+[\w-]+\s+)?(?P<note_before>{_SAME_TIME}\s*)?(?:[—–:]\s*|-\s+)?"
    r"(?P<steps>[^.;:!?\n—–()]+?)"
    rf"(?P<note_after>\s*\(\s*(?:all\s+)?(?:{_HOW})?{_SAME_TIME}\s*\)|,?\s+(?:all\s+)?(?:{_HOW})?{_SAME_TIME})?{_UNTIL_END}",
    re.IGNORECASE,
)
_AFTER_RE = re.compile(
    rf"{_OPEN}after\s+(?P<first>(?!(?:that|this|it|them|both|all)\b)[^.;:!?\n,—–()]{{2,50}}?)(?:\s*,\s*|\s+(?=we\s+(?:kick\s+off|run|start|begin)\b))"
    # "we make A and B same time": the verb may be each name's or none's; left as written
    r"(?:we\s+(?:kick\s+off|run|start|begin)\s+|(?:then\s+)?)?(?!we\b)"
    rf"(?:(?:the\s+)?(?P<said>{_COUNT})\s+[\w-]+\s+(?:{_HOW})?{_SAME_TIME}\s*[:—–]\s*(?P<listed>[^.;:!?\n—–()]+?)"
    rf"|(?P<steps>[^.;:!?\n—–()]+?),?\s+(?:all\s+)?(?:{_HOW})?{_SAME_TIME}){_UNTIL_END}",
    re.IGNORECASE,
)
_AFTER_THAT_RE = re.compile(
    rf"(?P<open>[.;!?]\s+|\n[ \t]*)(?:after\s+that|afterwards|then|next)\s*,?\s+(?:(?:the|these)\s+)?(?:(?P<said>{_COUNT})\s+[\w-]+\s+)?"
    rf"(?:{_HOW})?{_SAME_TIME}\s*[:—–]\s*(?P<steps>[^.;:!?\n—–()]+?)(?=\s*(?:{_STOP}|$))",
    re.IGNORECASE,
)


_PASSED_ON_RE = re.compile(
    rf"(?P<open>,\s*|[.;]\s+)(?:and\s+)?then\s+(?:it|this|that)\s+(?:goes|is\s+sent|moves|passes)\s+(?:on\s+)?to\s+"
    rf"(?P<steps>[^.;:!?\n—–()]+?),?\s+(?:all\s+)?{_SAME_TIME}{_UNTIL_END}", re.IGNORECASE)  # "then it goes to A and B in parallel"


def _passed_on(found: re.Match[str]) -> str:
    if not _steps_ok(_split_names(found.group("steps"))):
        return found.group(0)
    return f"{found.group('open')}then in parallel: {found.group('steps').strip()}"


def _starts(found: re.Match[str]) -> str:
    steps = found.group("steps")
    fans = found.group("verb").lower().startswith("fan")
    if not (fans or found.group("note_before") or found.group("note_after")) or \
            not _steps_ok(_split_names(steps), found.group("said")):
        return found.group(0)
    return f"{found.group('open')}{found.group('first').strip()}, then in parallel: {steps.strip()}"


def _after(found: re.Match[str]) -> str:
    steps = found.group("listed") or found.group("steps")
    if not _steps_ok(_split_names(steps), found.group("said")):
        return found.group(0)
    return f"{found.group('open')}{found.group('first').strip()}, then in parallel: {steps.strip()}"


def _after_that(found: re.Match[str]) -> str:
    steps = found.group("steps")
    if not _steps_ok(_split_names(steps), found.group("said")):
        return found.group(0)
    return f"{found.group('open')}then in parallel: {steps.strip()}"


# --- the join ---------------------------------------------------------------------------------------
_JOINED = "Once all are done, "
_JOIN_AT_RE = re.compile(
    rf"{_OPEN}(?:all\s+{_COUNT}|all\s+of\s+them|both(?:\s+of\s+them)?|the\s+{_COUNT})\s+(?:then\s+)?"
    r"(?:join\s+(?:at|in|into)|feed(?:\s+into)?|go\s+(?:in)?to|lead\s+(?:in)?to|flow\s+into|converge\s+(?:on|at|into)|"
    r"merge\s+(?:into|at))\s+", re.IGNORECASE)
_FOLLOWS_RE = re.compile(
    rf"{_OPEN}(?P<step>(?!(?:when|once|after|if|then)\b)[^.;:!?\n,]{{2,60}}?)\s+(?:follows|comes\s+next|happens|starts|runs)\s+"
    rf"(?:only\s+)?(?:once|when|after)\s+{_WAITED}\s+(?:(?:are|have|have\s+been)\s+)?(?:all\s+)?{_DONE_WORDS}(?=\s*(?:{_STOP}|$))",
    re.IGNORECASE)
_MUST_BEFORE_RE = re.compile(
    rf"{_OPEN}(?:and\s+)?(?:both|all(?:\s+{_COUNT})?)\s+(?:must|need\s+to|have\s+to)\s+(?:pass|finish|succeed|complete|be\s+done)\s+before\s+",
    re.IGNORECASE)
_THEN_WHEN_RE = re.compile(
    rf",?\s+then\s+(?P<step>[^,.;:!?\n]{{2,60}}?)\s+(?:when|once|after)\s+{_WAITED}\s+(?:(?:are|have|have\s+been)\s+)?"
    rf"(?:all\s+)?{_DONE_WORDS}(?=\s*(?:{_STOP}|$))", re.IGNORECASE)
_WAIT_RE = re.compile(
    rf"(?P<open>(?:^|{_STOP}|,|{_ARROW})\s*(?:and\s+)?(?:only\s+)?)(?:when|once|after)\s+(?:(?P<waited>{_WAITED})|(?P<named>[^,.;:!?\n]+?)\s+(?:both|all))\s+"
    rf"(?:(?:are|have|have\s+been)\s+)?(?:all\s+)?{_DONE_WORDS}\s*(?:,|:|{_ARROW})?\s*(?:we\s+do\s+|we\s+(?=\w)|then\s+)?",
    re.IGNORECASE)
_LAST_GROUP_RE = re.compile(r"in\s+parallel:\s*(?P<listed>[^.;:!?\n]+)|\((?P<grouped>[^()]+)\)", re.IGNORECASE)


def _wait(found: re.Match[str]) -> str:
    if found.group("named"):  # "When Electric and Plumbing both finish": the group's own steps, named again
        groups = list(_LAST_GROUP_RE.finditer(found.string, 0, found.start()))
        if not groups:
            return found.group(0)
        group = groups[-1].group("listed") or groups[-1].group("grouped")

        def names(text: str) -> set[str]:
            return {name.strip().strip("'\"").lower() for name in _split_names(text)}
        if names(found.group("named")) != names(group):
            return found.group(0)
    opened = found.group("open")
    return (". " if opened.strip().startswith(",") else opened) + _JOINED


# "Once all are done, D, then E": the join's step, then a chain from it
_JOINED_THEN_RE = re.compile(r"(?P<join>Once all are done, [^,.;:!?\n→]+?)(?P<chain>(?:\s*,\s*(?:and\s+)?then\s+[^,.;:!?\n→]+?)+)"
                             r"(?=\s*(?:[.;!?\n]|$))")


# "pipeline is lint -> test": a heading said with "is" before the chain
_HEADING_IS_RE = re.compile(rf"^(?P<heading>\s*(?:(?:the|our|my)\s+)?(?:pipeline|flow|process|workflow|sequence|order))\s+is\s+"
                            rf"(?=[^\n.;:]*{_ARROW})", re.IGNORECASE)


_BEGINS_WITH_RE = re.compile(rf"{_OPEN}(?:it|this|the\s+(?:process|flow|pipeline|workflow))\s+(?:starts|begins)\s+with\s+"
                             r"(?P<first>[^,.;:!?\n]{2,60}?)\s*,\s*(?=then\s)", re.IGNORECASE)  # "It starts with A, then …"
_PLUSES_RE = re.compile(rf"(?P<steps>[^.;:!?\n,+→>]+?(?:\s\+\s[^.;:!?\n,+→>]+?)+)(?=,?\s+(?:all\s+)?(?:{_HOW})?{_SAME_TIME})",
                        re.IGNORECASE)  # "A + B + C run in parallel"


def _plus_list(found: re.Match[str]) -> str:
    steps = found.group("steps")
    *rest, last = [s.strip() for s in steps.split(" + ")]
    return steps[: len(steps) - len(steps.lstrip())] + ", ".join(rest) + " and " + last


def parallel_joins(text: str) -> str:
    """The intent with its fan-outs as "P, then in parallel: …" and its joins as "Once all are done, D"."""
    text = _HEADING_IS_RE.sub(lambda m: m.group("heading") + ": ", text)
    if not re.search(rf"{_SAME_TIME}|fans?\s+out", text, re.IGNORECASE):
        return text
    text = _BEGINS_WITH_RE.sub(lambda m: m.group("open") + m.group("first").strip() + ", ", text)
    text = _PLUSES_RE.sub(_plus_list, text)
    text = "\n".join(_chain_line(line) for line in text.split("\n"))
    text = _PASSED_ON_RE.sub(_passed_on, text)
    text = _STARTS_RE.sub(_starts, text)
    text = _AFTER_RE.sub(_after, text)
    text = _AFTER_THAT_RE.sub(_after_that, text)
    text = _JOIN_AT_RE.sub(lambda m: m.group("open") + _JOINED, text)
    text = _FOLLOWS_RE.sub(lambda m: f"{m.group('open')}{_JOINED}{m.group('step').strip()}", text)
    text = _MUST_BEFORE_RE.sub(lambda m: m.group("open") + _JOINED, text)
    text = _THEN_WHEN_RE.sub(lambda m: f". {_JOINED}{m.group('step').strip()}", text)
    text = _WAIT_RE.sub(_wait, text)
    return _JOINED_THEN_RE.sub(lambda m: m.group("join") + re.sub(r"\s*,\s*(?:and\s+)?then\s+", " → ", m.group("chain")), text)
