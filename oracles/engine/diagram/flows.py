"""Flow grammar the sentence reader shares: where a statement ends when agents write in lower
case ("check permissions. allowed → unlock door"), and case rows — conditions written before
the step they lead to, one row per branch ("< 1 kg → letter rate; 1–5 kg → parcel rate").

Case rows branch from the step named just before them (the decider). A row's condition is only
read as a condition when it cannot be a step: it reads as a condition (a comparison, a quantity,
an answer) or it is one of two or more rows in a row whose conditions are named nowhere else."""

from __future__ import annotations

import os
import re

from .vocabulary import PARALLEL_IDIOM

# A statement ends at a newline, a semicolon, a full stop before the next word (upper or lower
# case; before lower case not after a short abbreviation, "e.g. the cart", nor a list number, "2. in"), or a question mark before a capital or
# a lower-case answer ("manager approves? yes → pay").
SENTENCE_BREAK_RE = re.compile(
    r"\n+|;\s*|(?<=[A-Za-z0-9)\]\"'’”`])\.\s+(?=[A-Z\"'(])|"
    r"(?<=[A-Za-z)\]\"'’”`])(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)(?<!\bapprox)(?<!\bno)"
    r"(?<!\b[A-Za-z])\.\s+(?=[a-z0-9<>≤≥])|\.\s*$|(?<=\?)\s+(?=[A-Z]|(?:yes|no)\b)"
)

# A row's condition: a comparison or a number ("score ≥ 700", "< 1 kg", "600–699", "under 50"),
# a condition word ("if …", "on …", "after …"), an answer, or one past participle ("allowed",
# "denied"). A bare noun ("cron → worker") is a step of its own, never a condition.
CASE_CONDITION_RE = re.compile(
    r"^(?:[<>≤≥=]|(?:under|over|below|above|less|more|fewer|at\s+least|at\s+most|up\s+to|between|from)\s+\d|"
    r"(?:if|when|whenever|on|after|once|upon|unless|for|yes|no|else\s+if|elif|otherwise\s+if)\b)|[<>≤≥=]|(?<![\w.])\d",
    re.IGNORECASE,
)
PARTICIPLE_RE = re.compile(r"^[a-z]{2,}(?<!e)ed$", re.IGNORECASE)  # "allowed", "denied"; not "need", "red"
CASE_ROW_RE = re.compile(r"^(?P<cond>[^\n:]{1,40}?)\s*(?:-{1,2}>|—>|–>|=>|→|⟶|➜|➔|⇒|:(?=\s))\s*(?P<rest>\S.*)$")
OTHERWISE_ROW_RE = re.compile(r"^(?P<alt>otherwise|else)\s*(?::|,|-{1,2}>|—>|–>|=>|→)?\s*(?!if\b)(?P<rest>\S.*)$", re.IGNORECASE)
CASE_CONDITION_MAX_WORDS = 5


def case_condition(text: str) -> bool:
    """Whether the text before a row's arrow can only be a condition, not a step."""
    words = text.split()
    if not words or len(words) > CASE_CONDITION_MAX_WORDS or re.search(r"[—\[\](){}|]", text):
        return False  # "request —[amount > 500]": a step with a label inside its arrow
    return bool(CASE_CONDITION_RE.search(text)) or (len(words) == 1 and bool(PARTICIPLE_RE.match(text)))


def split_case_row(statement: str) -> tuple[str, str] | None:
    """ "< 1 kg → letter rate" → ("< 1 kg", "letter rate"); None unless the row starts with a condition."""
    row = CASE_ROW_RE.match(statement.strip())
    if row is None or not case_condition(row.group("cond")):
        return None
    return row.group("cond").strip(), row.group("rest")


# Chatty openers before a bare first step ("so first we weigh the package."): not the step's name.
LEADING_FILLER_RE = re.compile(r"^(?:(?:so|ok|okay|well|first(?:ly)?|we|you|i)\b\s*,?\s*)+", re.IGNORECASE)

# "employee fixes it and goes back to submit expense": a step, then a back edge to a named step.
BACK_EDGE_RE = re.compile(
    r"\s*,?\s+(?:and\s+(?:then\s+)?|then\s+)(?=(?:go(?:es)?|loops?|jumps?|returns?|comes?|falls?)\s+"
    r"(?:back\s+)?to\s+\S)",
    re.IGNORECASE,
)


# "run tests again, until no bugs are left, then sign off": the loop's step again, and its way out
# with the condition on the edge.
LOOP_EXIT_RE = re.compile(r"\s+again\s*,?\s+(?P<cond>until\s+[^,>→-]{1,60}?)\s*,\s*(?:and\s+)?then\s+(?=\S)", re.IGNORECASE)
AGAIN_RE = re.compile(r"\s+again(?=\s*(?:$|,|;|->|→|=>|\((?:loop|repeat|forever)))", re.IGNORECASE)
# "process jobs → wait 5 s again (loop forever)": a note after the repeated step that says it loops
LOOP_NOTE_RE = re.compile(r"(?<=\bagain)\s*\((?:(?:loops?|repeats?|forever|and|so|on)\s*)+\)", re.IGNORECASE)


# "Idle -(coin)-> Ready", "request —[amount ≤ 500]→ team lead": a label written inside the arrow.
INLINE_LABEL_ARROW_RE = re.compile(r"\s*(?:-{1,2}|—|–)\s*[(\[](?P<label>[^()\[\]|\n]{1,60})[)\]]\s*(?:-{1,2}>|→|⟶)\s*")
BACK_EDGE_PRONOUN_RE = re.compile(
    r"(\s+and\s+)(?:it|we|they)\s+(?=(?:go(?:es)?|loops?|jumps?|returns?|comes?|falls?)\s+back\s+to\s)", re.IGNORECASE
)


# "collect → in parallel: resize, compress → upload": the parallel steps as a group in the chain.
PARALLEL_IN_CHAIN_RE = re.compile(
    r"(?P<arrow>->|→|=>)\s*(?:in\s+parallel|simultaneously|concurrently)\s*:\s*(?P<names>[^→>()\n]+?)\s*(?=->|→|=>|$)",
    re.IGNORECASE,
)


# "checkout → lint, test (in parallel) → deploy": the note after the names makes them a group.
PARALLEL_NOTE_IN_CHAIN_RE = re.compile(
    r"(?P<arrow>->|→|=>)\s*(?P<names>[^→>()\n]+?)\s*\((?:all\s+|run\s+|running\s+)?(?:in\s+parallel|simultaneously|"
    r"concurrently|at\s+the\s+same\s+time)\)\s*(?=->|→|=>|$)",
    re.IGNORECASE,
)


def group_parallel_steps(chain: str) -> str:
    """ "collect → in parallel: resize, compress → upload" → "collect → (resize, compress) → upload"."""
    chain = PARALLEL_NOTE_IN_CHAIN_RE.sub(lambda m: f"{m.group('arrow')} ({m.group('names')}) ", chain)
    return PARALLEL_IN_CHAIN_RE.sub(lambda m: f"{m.group('arrow')} ({m.group('names')}) ", chain)


def normalise_chain(chain: str) -> str:
    """A chain as the chain reader reads it: "Also a → b" → "a → b", "a -(coin)-> b" → "a -->|coin| b",
    "fix it and goes back to submit" → "fix it -> goes back to submit" (the chain reader drops the
    "goes back to" before an existing step); "run tests again, until C, then sign off" → "run tests
    --until C--> sign off"."""
    chain = re.sub(r"^\s*(?:and\s+)?also\s*,?\s+", "", chain, flags=re.IGNORECASE)  # "Also pending → cancelled"
    chain = group_parallel_steps(chain)
    chain = INLINE_LABEL_ARROW_RE.sub(lambda m: f" -->|{m.group('label').strip()}| ", chain)
    chain = BACK_EDGE_PRONOUN_RE.sub(r"\1", chain)  # "… and it goes back to CI runs"
    chain = LOOP_EXIT_RE.sub(lambda m: f" --{m.group('cond')}--> ", chain)
    return AGAIN_RE.sub("", BACK_EDGE_RE.sub(" -> ", LOOP_NOTE_RE.sub("", chain)))


# "manager approves?" on its own: a decision step its answers ("yes → …") branch from.
QUESTION_STEP_RE = re.compile(r"^(?P<q>(?:\S+\s+){0,5}[^\s?]+\?)$")

# "From any of the three, a power fault switches to flashing yellow", "from any state, on reset go
# to idle": a transition from every state named so far.
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
FROM_ANY_RE = re.compile(
    r"^from\s+(?:any|every|all|each)(?:\s+(?:states?|steps?|stages?|of|them|these|those|other|the|"
    r"(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+)))*\s*,?\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_MOVE = r"(?:switches|switch|goes|go|leads|moves|move|transitions|transition|falls\s+back|fall\s+back|returns|return)"
FROM_ANY_EVENT_RE = re.compile(
    rf"^(?:(?:on|after|when|if|upon)\s+)?(?P<cond>.+?)\s*,?\s+(?:we\s+|it\s+)?{_MOVE}\s+"
    r"(?:back\s+)?to\s+(?P<dst>.+)$",
    re.IGNORECASE,
)
FROM_ANY_ARROW_RE = re.compile(r"^(?P<cond>[^→>-]{1,40}?)\s*(?:->|→|=>)\s*(?P<dst>.+)$")


def from_any(statement: str) -> tuple[int, str, str] | None:
    """ "From any of the three, a power fault switches to flashing yellow" → (3, "a power fault",
    "flashing yellow"); the count is 0 when none is named. None when the statement is not that."""
    match = FROM_ANY_RE.match(statement.strip())
    if match is None:
        return None
    rest = match.group("rest").strip()
    move = FROM_ANY_EVENT_RE.match(rest) or FROM_ANY_ARROW_RE.match(rest)
    if move is None:
        return None
    count = match.group("count")
    number = 0 if count is None else int(count) if count.isdigit() else _COUNT_WORDS[count.lower()]
    condition = (
        re.sub(r"^(?:on|after|when|if|upon)\s+", "", move.group("cond"), flags=re.IGNORECASE)
        if move.re is FROM_ANY_EVENT_RE
        else move.group("cond")
    )
    return number, condition, move.group("dst")


# "then in parallel: lint, unit tests, build image": a fan-out written as a list after a colon.
PARALLEL_LIST_RE = re.compile(
    r"^(?:(?:and\s+)?then\s+|and\s+)?(?:in\s+parallel|simultaneously|concurrently|"
    r"at\s+the\s+same\s+time)\s*[:—–]\s*(?P<names>\S.*)$",
    re.IGNORECASE,
)
# "deploy to staging (needs all three)": a fan-in's wait, written after the step.
FAN_IN_NOTE_RE = re.compile(
    r"\s*(?P<open>\()?(?(open)(?:needs|requires|waits\s+for|after)|\s(?:needs|requires|waits\s+for))\s+(?:all|both)(?:\s+(?:of\s+them|"
    r"(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+)))?(?(open)\))\s*$",
    re.IGNORECASE,
)  # "gate release waits for both": the same wait written without brackets
BARE_STEP_MAX_WORDS = 8
FAN_IN_LEAD_RE = re.compile(
    r"^(?:(?:and\s+)?then|after\s+that|next|finally|(?:once|when|after)\s+(?:all|both|they|these|those)(?:\s+of\s+(?:them|that|this|these|those)|"
    r"\s+(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d+))?(?:['’]s\s+|\s+(?:are\s+|is\s+|have\s+)?)(?:done|finished|"
    r"complete|completed|ready|succeeded))\s*(?P<join>,|:|->|→)?\s+",
    re.IGNORECASE,
)


def fan_in_step(statement: str, sources: int) -> tuple[str | None, str | None]:
    """The step of a statement that follows a fan-out ("deploy to staging (needs all three)", "then
    sign-off", "once all three are done → sign-off → submit") and the chain after it; (None, None)
    when the statement is more than that or its count is not the fan-out's."""
    lead = FAN_IN_LEAD_RE.match(statement)
    if lead:  # "then internal sign-off", "once all three are done → open for business"
        count = lead.group("count")
        if count and (int(count) if count.isdigit() else _COUNT_WORDS[count.lower()]) != sources:
            return None, None
        statement = statement[lead.end() :]
    step, *chain = re.split(r"\s*(?:-{1,2}>|→|=>)\s*", statement, maxsplit=1)
    return _bare_step(step, sources), chain[0] if chain else None


def _bare_step(statement: str, sources: int) -> str | None:
    note = FAN_IN_NOTE_RE.search(statement)
    step = statement[: note.start()] if note else statement
    if note and (note.group("count") or re.search(r"\bboth\b", note.group(0), re.IGNORECASE)):
        count = note.group("count") or "two"
        if (int(count) if count.isdigit() else _COUNT_WORDS[count.lower()]) != sources:
            return None
    if not step.strip() or len(step.split()) > BARE_STEP_MAX_WORDS or re.search(r"[,:;()→>]", step):
        return None
    return step


# "if it's a 4xx we log it": a condition ended by the subject of its step, no comma written.
CONDITION_THEN_SUBJECT_RE = re.compile(
    r"^(?P<cond>(?:and\s+|then\s+|but\s+)?(?:if|when|once)\s+[^,;]+?)\s+"
    r"(?P<subject>we|you|they)\s+(?=\w)",
    re.IGNORECASE,
)


# "if over 100 kg go to heavyweight": a move to a step ends the condition before it
CONDITION_THEN_MOVE_RE = re.compile(
    r"^(?P<cond>(?:and\s+|then\s+|but\s+)?(?:if|when|once)\s+[^,;]+?)\s+"
    r"(?=(?:go|goes|proceed|jump|skip|move|head)\s+(?:back\s+|straight\s+|directly\s+)?to\s)",
    re.IGNORECASE,
)


def comma_after_condition(statement: str) -> str:
    """ "if it's a 4xx we log it" → "if it's a 4xx, we log it"; "if over 100 kg go to heavyweight" →
    "if over 100 kg, go to heavyweight"."""
    statement = CONDITION_THEN_MOVE_RE.sub(lambda m: f"{m.group('cond')}, ", statement, count=1)
    return CONDITION_THEN_SUBJECT_RE.sub(lambda m: f"{m.group('cond')}, {m.group('subject')} ", statement, count=1)


# "When a webhook delivery fails: if it's a 4xx, …": the event that starts the flow, then its branches.
TRIGGER_HEADING_RE = re.compile(
    r"^(?:when|whenever|once|after)\s+(?P<event>[^:,;]{3,60}?):\s+(?P<rest>(?:if|when)\s.+)$", re.IGNORECASE
)

# "Incident response steps in order: detect, triage, mitigate", "Post-mortem timeline (each step
# caused the next): disk filled up; replication stopped; …": a heading that says the items are in
# order, then the items — a sequence.
SEQUENCE_HEADING_WORDS = frozenset("order steps sequence timeline stages phases sequentially chronological "
    # a procedure is its steps in order ("lab protocol: thaw, spin, pipette"), and so is a flow's list
    # ("flowchart: boil water, add pasta, drain"; not "flow": "draw a flow: first …, then …" is a request
    # over sentences; a "pipeline" or "workflow" list may name its stages or jobs, read by their readers)
    "procedure protocol routine checklist runbook flowchart".split())
LISTED_STEPS_RE = re.compile(r"^(?P<head>[^:\n]{3,120}):\s*(?P<body>[^:\n]+?)[.!]?\s*$")
LISTED_STEPS_MIN = 3


def listed_steps(intent: str) -> list[str] | None:
    """The items of a sequence heading's list, in order; None unless the intent is exactly that."""
    match = LISTED_STEPS_RE.match(intent.strip())
    if match is None or not set(re.findall(r"[a-z]+", match.group("head").lower())) & SEQUENCE_HEADING_WORDS:
        return None
    if re.search(PARALLEL_IDIOM, intent, re.IGNORECASE):
        return None  # "routine: wake up, then boil water and shower at the same time, …": not one step after another
    body = match.group("body")
    separator = r"\s*;\s*(?:and\s+|then\s+)?" if ";" in body else r"\s*,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?"
    items = [item.strip() for item in re.split(separator, body)]
    if len(items) < LISTED_STEPS_MIN or any(
        not item or len(item.split()) > BARE_STEP_MAX_WORDS or re.search(r"->|→|=>|[()\[\]]", item)
        # "pick items, if heavy use freight, print label": a branch in a list is no step of the sequence
        or re.match(r"(?:if|when|unless|otherwise|else|or)\b", item, re.IGNORECASE) for item in items
    ):
        return None
    return items


# "- kickoff\n- in parallel:\n  - design mockups\n  - write API spec\n- integration (after all three)":
# a step list with a parallel block: the block fans out from the item before and into the item after.
PARALLEL_OPENER_RE = re.compile(
    r"^(?:(?:and\s+)?then\s*,?\s*)?(?:in\s+parallel|simultaneously|concurrently|"
    r"at\s+the\s+same\s+time)\s*:?$",
    re.IGNORECASE,
)
_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*•+]|\d{1,2}[.)])[ \t]+(?P<text>\S.*?)\s*$")


def parallel_outline(intent: str) -> list[tuple[str, list[str] | None]] | None:
    """The items of a step list with parallel blocks, in order: (step, None) for a step, (opener,
    [steps]) for a block. None unless the intent is exactly such a list."""
    lines = [line for line in intent.splitlines() if line.strip()]
    # a heading over the list: "CI plan:", or a Markdown heading on its own line ("## Morning pipeline")
    if lines and not _ITEM_RE.match(lines[0]) and (lines[0].rstrip().endswith(":") or lines[0].lstrip().startswith("#")):
        lines = lines[1:]
    items = [_ITEM_RE.match(line) for line in lines]
    if not items or not all(items):
        return None
    levels = [len(m.group("indent").expandtabs(4)) for m in items if m]
    top = min(levels)
    out: list[tuple[str, list[str] | None]] = []
    for match, level in zip(items, levels, strict=True):
        text = match.group("text") if match else ""
        if level == top:
            out.append((text, [] if PARALLEL_OPENER_RE.match(text) else None))
        elif out and out[-1][1] is not None:
            out[-1][1].append(text)
        else:
            return None
    blocks = [steps for _, steps in out if steps is not None]
    if (
        not blocks
        or any(len(steps) < 2 for steps in blocks)
        or any(re.search(r"->|→|=>|(?<!\d):(?!\d\d)|;", fan_in_item(text) if after else text)
               for (text, steps), (_, after) in zip(out, [(None, None), *out], strict=False) if steps is None)
    ):
        return None
    return out


def fan_in_item(text: str) -> str:
    """An item right after a parallel block without the fan-in it opens with: "when all three are done →
    announce" → "announce" (the lead's count is checked against the block by fan_in_step)."""
    lead = FAN_IN_LEAD_RE.match(text)
    return text[lead.end() :] if lead and lead.group("join") else text


def case_outline(intent: str) -> list[tuple[str, list[tuple[str, str]]]] | None:
    """ "- check severity\n  - critical → page on-call\n  - warning → create ticket": steps in order, the
    last one with nested case rows (condition, step) that branch from it. None unless exactly that."""
    lines = [line for line in intent.splitlines() if line.strip()]
    # a heading over the list: "CI plan:", or a Markdown heading on its own line ("## Morning pipeline")
    if lines and not _ITEM_RE.match(lines[0]) and (lines[0].rstrip().endswith(":") or lines[0].lstrip().startswith("#")):
        lines = lines[1:]
    items = [_ITEM_RE.match(line) for line in lines]
    if len(items) < 3 or not all(items):
        return None
    levels = [len(m.group("indent").expandtabs(4)) for m in items if m]
    top = min(levels)
    if len(set(levels) - {top}) > 1:
        return None  # a row under a row answers that row's step: a decision tree (decision_outline.py)
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for match, level in zip(items, levels, strict=True):
        text = match.group("text") if match else ""
        if level == top:
            if out and out[-1][1] or re.search(r"->|→|=>|[:;]", text):
                return None  # only the last step branches; a step states no relation of its own
            out.append((text, []))
            continue
        row = re.match(r"^(?P<cond>[^:→>\n]{1,40}?)\s*(?:->|→|=>|:)\s*(?P<step>[^:→>\n]+)$", text)
        if not out or row is None or len(row.group("cond").split()) > CASE_CONDITION_MAX_WORDS:
            return None
        out[-1][1].append((row.group("cond").strip(), row.group("step").strip()))
    return out if len(out[-1][1]) >= 2 else None


def step_named_in(condition: str, labels: dict[str, str]) -> str | None:
    """The key of the step a condition is about ("pick fails" → "pick"): the longest step name that
    opens the condition; None when it names none."""
    words = re.findall(r"[\w'-]+", condition.casefold())
    for size in range(len(words), 0, -1):
        key = " ".join(words[:size])
        if key in labels:
            return key
    return None


def _same_stem(a: str, b: str) -> bool:
    """"tests" and "test", "reviewer" and "review": one word grown from the other."""
    common = len(os.path.commonprefix([a, b]))
    return common >= 4 and common >= min(len(a), len(b)) - 2


def steps_the_condition_is_about(condition: str, labels: dict[str, str]) -> list[str]:
    """Keys of the steps whose words the condition uses in another form ("if tests fail" → "test",
    "if the reviewer requests changes" → "peer review")."""
    said = [w for w in re.findall(r"[^\W\d_]+", condition.casefold()) if len(w) >= 4]
    return [key for key in labels if any(_same_stem(w, s) for w in said for s in re.findall(r"[^\W\d_]+", key) if len(s) >= 4)]


# "if above 5 bar then open valve": "then" ends the condition when no comma does
# (not "if it's a 4xx we log it and then drop it": "and then" goes on from a step, the condition ended before)
_IF_THEN_RE = re.compile(r"\b(?P<kw>if|when)\s+(?P<cond>[^,;]+?)(?<!\band)\s+then\s+(?=\S)", re.IGNORECASE)
# ", if between 3 and 5 bar, …", ", else …": where the next branch of a chain begins in one sentence
_NEXT_BRANCH_RE = re.compile(r",\s*(?=(?:(?:else|otherwise)\s*,?\s*)?if\b|(?:else|otherwise)\b)", re.IGNORECASE)


def split_branch_clauses(statement: str) -> list[str]:
    """ "if A then X, if B then Y, else Z" → ["if A, X", "if B, Y", "else Z"]: two or more if-clauses in
    one sentence are a chain of branches, one statement each; any other statement is left whole."""
    text = _IF_THEN_RE.sub(lambda m: f"{m.group('kw')} {m.group('cond')}, ", statement)
    if len(re.findall(r"\bif\b", text, re.IGNORECASE)) < 2 or not re.match(r"^\s*(?:and\s+|then\s+)?if\b", text, re.IGNORECASE):
        return [statement if text == statement or not re.match(r"^\s*(?:if|when)\b", text, re.IGNORECASE) else text]
    return [part for part in _NEXT_BRANCH_RE.split(text) if part.strip()]
