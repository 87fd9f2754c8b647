"""The check's normal form for fan-outs and joins said in words other than "in parallel: a, b. Once
all are done, d" (applied by normal_forms.normal_form, before parallel_normal.py). Written apart from
the drafter's reader (parallel_join_forms.py); only the wording list (vocabulary.PARALLEL_IDIOM) is
shared.

- a group inside an arrow chain: "→ A and B (in parallel) →", "→ A and B happen in parallel →",
  "→ (A, B in parallel) →", "→ in parallel: A, B →" → "→ (A, B) →"; a wait right after such a group
  ("→ when both done →", "→ both must pass →") is dropped, when its count is the group's
- a step that starts the group: "P fans out to A, B and C (run concurrently)", "P kicks off three
  extracts in parallel — A, B and C", "P triggers A and B in parallel", "P goes to A and B at the
  same time", "P, then it goes to A and B in parallel", "after P we kick off A and B in parallel", "After P, A, B and C run concurrently" →
  "P, then in parallel: A, B and C"
- "pipeline is A -> B": the chain's heading, "pipeline: A -> B"; "It starts with A, then …" → "A, then …";
  "A + B + C run in parallel" → "A, B and C run in parallel"
- the join: "when all 3 are green, D", "once both pass → D", "when both approve, D", "all three join
  at D", "all three feed into D", "D waits for all three", "D follows once both are complete", "both
  must pass before D", "then D when both pass" → "once all three are done, D" (the count is kept:
  the glue refuses a count that is not the group's)

A fan-out verb without a word that says the steps run at once ("P triggers A and B") is left as
written: it may be one step after the other. So is a count that is not the number of names listed.
"""

from __future__ import annotations

import re

from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS
from .vocabulary import PARALLEL_IDIOM

_NUMBER = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_WORD = {count: word for word, count in _NUMBER.items()}
_N = r"(?:two|three|four|five|six|seven|eight|[2-8])"
# "same time" without "at the" is how many people say it ("we make Electric and Plumbing same time")
_AT_ONCE = rf"(?:{PARALLEL_IDIOM}|(?:at\s+)?(?:the\s+)?same\s+time)"
_RUN = r"(?:(?:can\s+|should\s+|will\s+)?(?:all\s+)?(?:happen|run|go|start|proceed|execute|are\s+done|get\s+done|kick\s+off)(?:s|ning)?\s+)?"
# who is waited for: "both", "all three", "all 3", "all of them", "all of those", "they all", "the three"
_WHO = rf"(?:both(?:\s+of\s+them)?|all(?:\s+{_N}|\s+of\s+(?:them|those|these))?|they\s+all|they|those|these|the\s+{_N})"
_FINISHED = (r"(?:done|finished|finish|complete|completed|green|pass|passed|succeed|succeeded|ready|approve|approved|"
             r"wrap(?:ped)?\s+up)")
_WAIT = (rf"(?:when|once|after)\s+(?:(?P<who>{_WHO})\s+(?:(?:are|have|have\s+been)\s+)?(?:all\s+)?"
         rf"|all\s+of\s+(?:that|this)(?:['’]s|\s+is)\s+){_FINISHED}")  # "when all of that's done"


def _said_count(who: str) -> int | None:
    words = who.lower().split()
    if "both" in words:
        return 2
    for word in words:
        if word.isdigit():
            return int(word)
        if word in _NUMBER:
            return _NUMBER[word]
    return None


def _names(items: str) -> list[str]:
    """The steps of a list; none when they may share the last one's noun ("unit and integration tests")."""
    names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*[+&]\s*", items.strip()) if n.strip()]
    *firsts, last = names or [""]
    last_words = last.lower().split()
    if firsts and len(last_words) > 1 and last_words[-1] in SHARED_HEAD_NOUNS and \
            all(len(n.split()) == 1 and n.strip().lower() not in STANDALONE_STEPS for n in firsts):
        return []
    return names


def _done(who: str) -> str:
    """ "all 3", "both of them", "they all" → the words the glue reads before "are done"."""
    count = _said_count(who)
    if count == 2 and "both" in who.lower():
        return "both"
    return f"all {_WORD[count]}" if count in _WORD else "all"  # "all 3" → "all three": the glue reads a count word


# --- groups inside an arrow chain -------------------------------------------------------------
_ARROW_RE = re.compile(r"\s*(?:->|→|=>)\s*")
_BRACKETED_RE = re.compile(rf"^[\[({{](?P<items>[^\[\](){{}}]+?)(?:\s*,?\s*(?:all\s+)?{_RUN}{_AT_ONCE})?[\])}}]"
                           rf"(?P<after>\s*,?\s*(?:all\s+)?{_RUN}{_AT_ONCE})?$", re.IGNORECASE)
_OPENED_RE = re.compile(rf"^(?:then\s+)?{PARALLEL_IDIOM}\s*:\s*(?P<items>.+)$", re.IGNORECASE)
_NOTED_RE = re.compile(rf"^(?P<items>[^()\[\]{{}}]+?)\s*(?:\(\s*(?:all\s+)?{_RUN}{_AT_ONCE}\s*\)|,?\s+(?:all\s+)?{_RUN}{_AT_ONCE})$",
                       re.IGNORECASE)
_GATE_RE = re.compile(rf"^(?:{_WAIT}|(?P<must>both|all(?:\s+{_N})?)\s+(?:must|need\s+to|have\s+to)\s+"
                      r"(?:pass|finish|succeed|complete|be\s+done))$", re.IGNORECASE)


def _chain_group(segment: str) -> list[str] | None:
    """The names of a chain's segment that says its steps run at once, or None."""
    bracketed = _BRACKETED_RE.match(segment)
    if bracketed is not None:
        if not re.search(_AT_ONCE, segment, re.IGNORECASE):
            return None  # "(a, b)" alone is already a group
        names = _names(bracketed.group("items"))
    else:
        said = _OPENED_RE.match(segment) or _NOTED_RE.match(segment)
        if said is None:
            return None
        names = _names(said.group("items"))
    if len(names) < 2 or any(re.search(r"\bthen\b|[:()]", n, re.IGNORECASE) for n in names):
        return None
    return names


def _chain_groups(line: str) -> str:
    segments = _ARROW_RE.split(line)
    if len(segments) < 3:
        return line
    out, group = [segments[0]], 0
    changed = False
    for index, segment in enumerate(segments[1:], start=1):
        inner = index < len(segments) - 1
        names = _chain_group(segment.strip()) if inner else None
        if names is not None:
            opened = _OPENED_RE.match(segment.strip()) is not None  # "→ in parallel: a, b →" the glue reads as it is
            out.append(segment if opened else f"({', '.join(names)})")
            group, changed = len(names), changed or not opened
            continue
        gate = _GATE_RE.match(segment.strip()) if inner and group else None
        if gate is not None and _said_count(gate.group("who") or gate.group("must") or "") in (None, group):
            changed = True  # "(a, b) → when both done → c": the group's arrows are the wait
            continue
        out.append(segment)
        group = 0
    return " -> ".join(out) if changed else line


# --- the step that starts a group ---------------------------------------------------------------
_LEAD = r"(?P<lead>^|[.;:!?]\s+|\n[ \t]*)"
_FAN_VERB = (r"(?P<verb>fans?\s+out\s+(?:to|into)|kicks?\s+off|triggers?|starts?|goes\s+to|go\s+to|splits?\s+into|"
             r"branch(?:es)?\s+(?:out\s+)?(?:in)?to)")
_FAN_OUT_RE = re.compile(
    rf"{_LEAD}(?P<source>(?!(?:when|once|after|if|then|and|but|so)\b)[^.;:!?\n,—–()]{{2,60}}?)\s+{_FAN_VERB}\s+"
    rf"(?:(?P<count>{_N})\s+[\w-]+\s+)?(?P<idiom_before>{_AT_ONCE}\s*)?(?:[—–:]\s*|-\s+)?"
    rf"(?P<items>[^.;:!?\n—–()]+?)"
    rf"(?P<idiom_after>\s*\(\s*(?:all\s+)?{_RUN}{_AT_ONCE}\s*\)|,?\s+(?:all\s+)?{_RUN}{_AT_ONCE})?"
    r"(?=\s*(?:[.;!?\n]|,\s*(?:and\s+)?(?:once|when|after)\b|$))",
    re.IGNORECASE,
)
_AFTER_STEP_RE = re.compile(
    rf"{_LEAD}after\s+(?P<source>(?!that\b|this\b|it\b|them\b|both\b|all\b)[^.;:!?\n,—–()]{{2,50}}?)(?:\s*,\s*|\s+(?=we\s+(?:kick\s+off|run|start|begin)\b))"
    # "after P we make A and B at the same time": "make" may belong to every name or to none; left as written
    r"(?:we\s+(?:kick\s+off|run|start|begin)\s+|(?:then\s+)?)?(?!we\b)"
    rf"(?:(?:the\s+)?(?P<count>{_N})\s+[\w-]+\s+{_RUN}{_AT_ONCE}\s*[:—–]\s*(?P<listed>[^.;:!?\n—–()]+?)"
    rf"|(?P<items>[^.;:!?\n—–()]+?),?\s+(?:all\s+)?{_RUN}{_AT_ONCE})"
    r"(?=\s*(?:[.;!?\n]|,\s*(?:and\s+)?(?:once|when|after)\b|$))",
    re.IGNORECASE,
)


# "Draft offer, then it goes to A and B in parallel": "it" is the step just said
_IT_GOES_RE = re.compile(rf"(?P<lead>,\s*|[.;]\s+)(?:and\s+)?then\s+(?:it|this|that)\s+(?:goes|is\s+sent|moves|passes)\s+(?:on\s+)?to\s+"
                         rf"(?P<items>[^.;:!?\n—–()]+?),?\s+(?:all\s+)?{_AT_ONCE}"
                         r"(?=\s*(?:[.;!?\n]|,\s*(?:and\s+)?(?:once|when|after)\b|$))", re.IGNORECASE)


def _it_goes(match: re.Match[str]) -> str:
    names = _names(match.group("items"))
    if len(names) < 2:
        return match.group(0)
    return f"{match.group('lead')}then in parallel: {match.group('items').strip()}"


def _fan_out(match: re.Match[str]) -> str:
    items = match.group("items")
    names = _names(items)
    verb = re.sub(r"\s+", " ", match.group("verb").lower())
    if len(names) < 2 or any(re.search(r"\bthen\b", n, re.IGNORECASE) for n in names):
        return match.group(0)
    if not (match.group("idiom_before") or match.group("idiom_after") or verb.startswith("fan")):
        return match.group(0)  # "P triggers A and B": maybe one after the other
    count = match.group("count")
    if count and _said_count(count) != len(names):
        return match.group(0)
    return f"{match.group('lead')}{match.group('source').strip()}, then in parallel: {items.strip()}"


def _after_step(match: re.Match[str]) -> str:
    items = match.group("listed") or match.group("items")
    names = _names(items)
    count = match.group("count")
    if len(names) < 2 or (count and _said_count(count) != len(names)) or \
            any(re.search(r"\bthen\b", n, re.IGNORECASE) for n in names):
        return match.group(0)
    return f"{match.group('lead')}{match.group('source').strip()}, then in parallel: {items.strip()}"


# --- the join ------------------------------------------------------------------------------------
_JOIN_VERB = (r"(?:join\s+(?:at|in|into)|feed(?:\s+into)?|go\s+(?:in)?to|lead\s+(?:in)?to|flow\s+into|converge\s+(?:on|at|into)|"
              r"merge\s+(?:into|at))")
_ALL_JOIN_RE = re.compile(rf"{_LEAD}(?P<who>all\s+{_N}|all\s+of\s+them|both(?:\s+of\s+them)?|the\s+{_N})\s+(?:then\s+)?{_JOIN_VERB}\s+",
                          re.IGNORECASE)
_WAIT_CLAUSE_RE = re.compile(rf"(?P<open>(?:^|[.;!?\n]|,|→|->)\s*(?:[-*•+]\s+)?(?:and\s+)?(?:only\s+)?){_WAIT}\s*(?:,|:|→|->)?\s*"
                             r"(?:we\s+do\s+|we\s+(?=\w)|then\s+)?", re.IGNORECASE)
_WAITS_FOR_RE = re.compile(rf"{_LEAD}(?P<step>(?!(?:when|once|after|if|then)\b)[^.;:!?\n,]{{2,60}}?)\s+"
                           rf"(?:waits\s+for|needs)\s+(?P<who>all\s+{_N}|all\s+of\s+them|both(?:\s+of\s+them)?)"
                           r"(?=\s*(?:[.;!?\n]|$))", re.IGNORECASE)
_FOLLOWS_RE = re.compile(rf"{_LEAD}(?P<step>(?!(?:when|once|after|if|then)\b)[^.;:!?\n,]{{2,60}}?)\s+"
                         r"(?:follows|comes\s+next|happens|starts|runs)\s+(?:only\s+)?(?:once|when|after)\s+"
                         rf"(?P<who>{_WHO})\s+(?:(?:are|have|have\s+been)\s+)?(?:all\s+)?{_FINISHED}(?=\s*(?:[.;!?\n]|$))",
                         re.IGNORECASE)
_MUST_RE = re.compile(rf"{_LEAD}(?:and\s+)?(?P<who>both|all(?:\s+{_N})?)\s+(?:must|need\s+to|have\s+to)\s+"
                      r"(?:pass|finish|succeed|complete|be\s+done)\s+before\s+", re.IGNORECASE)
_THEN_WHEN_RE = re.compile(rf",?\s+then\s+(?P<step>[^,.;:!?\n]{{2,60}}?)\s+{_WAIT}(?=\s*(?:[.;!?\n]|$))", re.IGNORECASE)


_AFTER_THAT_RE = re.compile(
    rf"(?P<lead>[.;!?]\s+|\n[ \t]*)(?:after\s+that|afterwards|then|next)\s*,?\s+(?:(?:the|these)\s+)?(?:(?P<count>{_N})\s+[\w-]+\s+)?"
    rf"{_RUN}{_AT_ONCE}\s*[:—–]\s*(?P<items>[^.;:!?\n—–()]+?)(?=\s*(?:[.;!?\n]|$))",
    re.IGNORECASE,
)


def _after_that(match: re.Match[str]) -> str:
    names = _names(match.group("items"))
    count = match.group("count")
    if len(names) < 2 or (count and _said_count(count) != len(names)):
        return match.group(0)
    return f"{match.group('lead')}then in parallel: {match.group('items').strip()}"


# "When Electric and Plumbing both finish": the join names the group's steps again
_NAMED_WAIT_RE = re.compile(rf"(?P<open>(?:^|[.;!?\n]|,)\s*(?:and\s+)?)(?:when|once|after)\s+(?P<names>[^,.;:!?\n]+?)\s+"
                            rf"(?:both|all)\s+(?:(?:are|have)\s+)?{_FINISHED}\s*,?\s*(?:we\s+do\s+|we\s+(?=\w)|then\s+)?",
                            re.IGNORECASE)
_GROUP_SAID_RE = re.compile(r"in\s+parallel:\s*(?P<items>[^.;:!?\n]+)|\((?P<bracketed>[^()]+)\)", re.IGNORECASE)


def _named_wait(match: re.Match[str]) -> str:
    groups = list(_GROUP_SAID_RE.finditer(match.string, 0, match.start()))
    if not groups:
        return match.group(0)
    last = groups[-1]
    group = {n.strip().strip("'\"").casefold() for n in _names(last.group("items") or last.group("bracketed"))}
    named = {n.strip().strip("'\"").casefold() for n in _names(match.group("names"))}
    if named != group:
        return match.group(0)  # other names than the group's: not this reading's join
    opening = ". " if match.group("open").strip().startswith(",") else match.group("open")
    return f"{opening}once {'both' if len(group) == 2 else f'all {_WORD.get(len(group), len(group))}'} are done, "


def _joins(text: str) -> str:
    text = _AFTER_THAT_RE.sub(_after_that, text)
    text = _NAMED_WAIT_RE.sub(_named_wait, text)
    text = _ALL_JOIN_RE.sub(lambda m: f"{m.group('lead')}once {_done(m.group('who'))} are done, ", text)
    text = _WAITS_FOR_RE.sub(lambda m: f"{m.group('lead')}once {_done(m.group('who'))} are done, {m.group('step').strip()}", text)
    text = _FOLLOWS_RE.sub(lambda m: f"{m.group('lead')}once {_done(m.group('who'))} are done, {m.group('step').strip()}", text)
    text = _MUST_RE.sub(lambda m: f"{m.group('lead')}once {_done(m.group('who'))} are done, ", text)
    text = _THEN_WHEN_RE.sub(lambda m: f". once {_done(m.group('who') or 'all')} are done, {m.group('step').strip()}", text)
    return _WAIT_CLAUSE_RE.sub(_wait_clause, text)


def _wait_clause(match: re.Match[str]) -> str:
    opening = match.group("open")
    if opening.strip().startswith(","):
        opening = ". "  # ", and once both are done, d": its own statement
    return f"{opening}once {_done(match.group('who') or 'all')} are done, "


# "pipeline is lint -> (unit, integration) -> build": what the chain is, said before it, is its heading
_CHAIN_IS_RE = re.compile(r"^(?P<what>\s*(?:(?:the|our|my)\s+)?(?:pipeline|flow|process|workflow|sequence|order))\s+is\s+"
                          r"(?=[^\n.;:]*(?:->|→|=>))", re.IGNORECASE)


# "It starts with Offer Accepted, then …": the first step, said as where the flow starts
_STARTS_WITH_RE = re.compile(r"(?P<lead>^|[.;:!?]\s+|\n[ \t]*)(?:it|this|the\s+(?:process|flow|pipeline|workflow))\s+(?:starts|begins)\s+"
                             r"with\s+(?P<first>[^,.;:!?\n]{2,60}?)\s*,\s*(?=then\s)", re.IGNORECASE)
# "Unit tests + Lint + Security scan run in parallel": a list joined by plus signs
_PLUS_LIST_RE = re.compile(rf"(?P<items>[^.;:!?\n,+→>]+?(?:\s\+\s[^.;:!?\n,+→>]+?)+)(?=,?\s+(?:all\s+)?{_RUN}{_AT_ONCE})",
                           re.IGNORECASE)


def _as_and_list(items: str) -> str:
    names = [n.strip() for n in items.split(" + ")]
    lead = items[: len(items) - len(items.lstrip())]
    return lead + ", ".join(names[:-1]) + " and " + names[-1]


def parallel_join_normal_form(intent: str) -> str:
    """The intent with its fan-outs as "P, then in parallel: …" and its joins as "once all N are done, D"."""
    intent = _CHAIN_IS_RE.sub(lambda m: m.group("what") + ": ", intent)
    if not re.search(rf"{_AT_ONCE}|fans?\s+out", intent, re.IGNORECASE):
        return intent  # no group said: a "when both …" is some other wait
    intent = _STARTS_WITH_RE.sub(lambda m: f"{m.group('lead')}{m.group('first').strip()}, ", intent)
    intent = _PLUS_LIST_RE.sub(lambda m: _as_and_list(m.group("items")), intent)
    intent = "\n".join(_chain_groups(line) for line in intent.split("\n"))
    intent = _IT_GOES_RE.sub(_it_goes, intent)
    intent = _FAN_OUT_RE.sub(_fan_out, intent)
    intent = _AFTER_STEP_RE.sub(_after_step, intent)
    return _joins(intent)
