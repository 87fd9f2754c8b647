"""Numbered steps that point back at each other: "3. Legal check — if it fails, return to step 2",
"5. go back to step 1". Items are a sequence; a condition after an item's name with a way back
("return to step 2", "go back to Edit") is a labelled edge from that item to the one it names, by
number or by name. An item that is only a way back closes a loop from the item before it.

The reader claims an intent only when it is exactly such a list and at least one item points
back; anything else in an item ("3. Legal check — if it passes, publish") leaves it to the rest of
the cascade, which reads or refuses it.

An item that asks ("3. Needs changes? If yes, go back to step 1") is a question: the way back carries
its answer, and the next item follows on the other; it may say where both answers go ("3. PIN correct?
Yes: go to step 4. No: go back to step 2"), one of them to the next item. A way back may pass one step of its own ("2. If
the patch fails, revert it and go back to step 1"), and name its item by a bare number ("go back to
2") when the list is numbered."""

from __future__ import annotations

import re

from .model import Graph, clean_label, node_key
from .vocabulary import ORDINALS, ordinal_marks

# "1. ", "2) ", "(3) ", "Step 3: ", "Step 3 - " at a line start or after a space — not "to step 2." (a reference);
# and lettered items, "(a) ", "Step B: " (a letter alone, "a) ", is too often a word to be a mark)
_MARK_RE = re.compile(r"(?:^|(?<=\s))(?:(?:step\s+)?\(?(?P<n>\d{1,2})[.):]|step\s+(?P<d>\d{1,2})[ \t]*[-–—]|"
                      r"\((?P<a>[a-z])\)|step\s+(?P<b>[a-z])[.):])\s+",
                      re.IGNORECASE)
_REFERENCE_MARK_RE = re.compile(r"\b(?:to|from|at)\s+(?:step\s+)?$", re.IGNORECASE)
_BACK = (r"(?:(?:and\s+|then\s+)*(?:go(?:es)?\s+back|loops?\s+back|jumps?\s+back|returns?|go(?:es)?|jumps?|back|"
         r"repeat\s+from|start\s+over\s+from))")
# "<name> — if it fails, return to step 2", "<name> (if rejected, go back to step 1)"; an item that
# asks ("Needs changes? If yes, go back to step 1") is its question, answered on the way back; a
# condition asked as a question ("Check space. Under 20% free? Go back to step 2", "enter code (wrong
# code? go back to step 3)") is the way back's condition
_TARGET = r"(?P<target>(?:step\s+\d{1,2}|\(\d{1,2}\)|[^,;()]+?))"
_CONDITIONAL_BACK_RE = re.compile(
    rf"^(?:(?P<name>[^—–;:,.()?]+?)\s*(?:—|–|\s-\s|[;:,.(])|(?P<question>[^—–;:,.()?]+?\?)(?:\s*(?:—|–|\s-\s|[;:,(]))?)\s*"
    rf"(?:(?P<kw>if|when|once|unless|on)\s+(?P<cond>[^,;()?]+?)\s*[,;]?|(?P<asked>[^,;()?]+?)\?)\s*"
    rf"(?:then\s+)?{_BACK}\s+(?:to\s+)?{_TARGET}(?:\s+again|\s+once\s+more)?\s*\)?[.!]?$",
    re.IGNORECASE,
)
# "go back to step 1", "repeat from step 2": an item that is only the way back; "if it fails, restore
# the snapshot and go back to step 1": through one step of its own on the way
_ONLY_BACK_RE = re.compile(rf"^(?:(?P<kw>if|when|once|unless)\s+(?P<cond>[^,;()]+?)\s*,\s*(?:then\s+)?)?"
                           rf"(?:(?P<via>[^,;()]+?)\s+and\s+(?:then\s+)?(?=(?:go|loop|jump|return|back|repeat|start)))?"
                           rf"{_BACK}\s+(?:to\s+)?(?P<target>step\s+\d{{1,2}}|\(\d{{1,2}}\)|[^,;()]+?)(?:\s+again|\s+once\s+more)?[.!]?$", re.IGNORECASE)
# "step 2", "(2)", "step B": an item named by its mark
# "…, go to (1) again; if it passes, (5) notify": the way on to the next item, said after the way back
_ONWARD_RE = re.compile(r"\s*[;,]\s*(?P<cond>(?:if|when|once)\s+[^,;()]+?|otherwise|else)\s*,?\s*$", re.IGNORECASE)
# "…, go back to step 1. If yes, continue.": the way on to the next item, said as its own sentence
_CONTINUE_RE = re.compile(r"\s*[.;,]\s*(?P<cond>(?:if|when|once)\s+[^,;()]+?|otherwise|else)\s*,?\s*"
                          r"(?:continue|proceed|carry\s+on|move\s+on|go\s+on)(?:\s+to\s+the\s+next\s+step)?\s*[.!]?\s*$",
                          re.IGNORECASE)
# "PIN correct? Yes: go to step 4. No: go back to step 2.", "Valid? If yes, go to step 3; if no, return
# to step 1", "Approved? No → go back to 1. Yes → step 4": a question item whose two answers each say
# where to go; one of them may be the next item, the other goes anywhere in the list
_GO = r"(?:(?:go(?:es)?|jump|continue|proceed|move\s+on|skip)(?:\s+back)?\s+to|(?:go(?:es)?\s+)?back\s+to|return\s+to|repeat)"
_ANSWER = r"(?:if\s+)?(?:yes|no)"
_TO = r"\s*(?::|,|->|→|=>|—|–|\s-\s)?\s*"
_ANSWERED_RE = re.compile(
    rf"^(?P<question>[^?;:,.()]+\?)\s*(?P<a1>{_ANSWER}){_TO}(?:{_GO}\s+)?(?P<t1>step\s+\d{{1,2}}|\(?\d{{1,2}}\)?)\s*[.;,]\s*"
    rf"(?P<a2>{_ANSWER}){_TO}(?:{_GO}\s+)?(?P<t2>step\s+\d{{1,2}}|\(?\d{{1,2}}\)?)\s*[.!]?$",
    re.IGNORECASE,
)
_STEP_NUMBER_RE = re.compile(r"^(?:(?:step\s+)?(?P<n>\d{1,2})|\((?P<p>\d{1,2})\)|step\s+(?P<l>[a-z])|"
                             rf"(?:the\s+)?(?P<o>{'|'.join(ORDINALS)})\s+(?:step|one))$", re.IGNORECASE)


def _ordinal(mark: re.Match[str]) -> int:
    """A mark's place in its list: 3 for "3." and "(3)", 3 for "(c)" and "Step C:"; letters count
    apart from numbers (negative), so a list never mixes the two."""
    if mark.group("n") or mark.group("d"):  # "3.", "(3)", "Step 3:", "Step 3 -"
        return int(mark.group("n") or mark.group("d"))
    return -(ord((mark.group("a") or mark.group("b")).lower()) - ord("a") + 1)


def item_marks(intent: str) -> list[re.Match[str]] | None:
    """The marks of "1. … 2. …", "(1) … (2) …", "(a) … (b) …", "Step A: … Step B: …" or "first …,
    second …, third …", in order; None unless they count 1..n (or a..n) with nothing skipped."""
    marks = [m for m in _MARK_RE.finditer(intent) if not _REFERENCE_MARK_RE.search(intent[: m.start()])]
    ordinals = [abs(_ordinal(m)) for m in marks]
    if len(marks) < 2 or ordinals != list(range(1, len(marks) + 1)) or len({_ordinal(m) > 0 for m in marks}) > 1:
        return ordinal_marks(intent)
    return marks


_SUBJECT_RE = re.compile(r"^(?:you|we|they|i)\s+(?=\w)", re.IGNORECASE)
# after the last item, a blank line ends the list: what follows is a remark, not the item's name
_PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")


def item_texts(intent: str) -> list[str] | None:
    """The items' texts, in order, each without the words that join it to the next."""
    marks = item_marks(intent)
    if marks is None:
        return None
    items = [intent[m.end() : n.start() if n else len(intent)] for m, n in zip(marks, [*marks[1:], None], strict=True)]
    items[-1] = _PARAGRAPH_RE.split(items[-1].strip(), maxsplit=1)[0]
    items = [re.sub(r"\s+", " ", item).strip(" .,;\n") for item in items]
    items = [re.sub(r"[\s,]+(?:and|then|and\s+then)$", "", item, flags=re.IGNORECASE) for item in items]
    return [_SUBJECT_RE.sub("", item) for item in items]  # "second, you bring the forms": the step is "bring the forms"


def numbered_items(intent: str) -> list[str] | None:
    """The texts of "1. … 2. … 3. …" (one a line or inline), in order; None unless numbered 1..n."""
    return item_texts(intent)


def read_step_references(intent: str) -> Graph | None:
    intent = _nested_answers_inline(intent)  # "3. More items?\n   - yes → back to step 1\n   - no → Stop"
    items = numbered_items(intent)
    if items is None:
        return None
    names: list[str | None] = []
    backs: list[tuple[str | None, str]] = []  # (condition, target text) per item, or (None, "") for none
    onward: list[str | None] = []  # the condition on the way from an item to the next
    vias: list[str | None] = []  # a step of its own on the way back ("restore the snapshot and go back to step 1")
    answered_items: list[int] = []  # questions that say where both answers go
    end: tuple[str, str] | None = None  # (answer, step) of the last item's answer that ends the flow
    for index, text in enumerate(items):
        text = _without_restated_name(text, names)  # "go back to step 1 (Write proposal)": item 1 named again
        if text is None:
            return None
        ended = _answered_with_an_end(text, index) if index == len(items) - 1 else None
        if ended is not None:  # "More items? yes → back to step 1; no → Shut down worker": the list's last item
            question, back, end = ended
            answered_items.append(index)
            names.append(question)
            onward.append(None)
            backs.append(back)
            vias.append(None)
            continue
        answered = _answered_question(text, index, len(items))
        if answered is not None:  # "PIN correct? Yes: go to step 4. No: go back to step 2."
            name, way_on_label, back = answered
            answered_items.append(index)
            names.append(name)
            onward.append(way_on_label)
            backs.append(back)
            vias.append(None)
            continue
        way_on = _CONTINUE_RE.search(text) or _ONWARD_RE.search(text)
        if way_on and (_CONDITIONAL_BACK_RE.match(text[: way_on.start()]) or _ONLY_BACK_RE.match(text[: way_on.start()])):
            text = text[: way_on.start()]
        else:
            way_on = None
        conditional = _CONDITIONAL_BACK_RE.match(text)
        question = conditional.group("question") if conditional else None
        onward.append(_answer_or_condition(question, way_on.group("cond")) if way_on else None)
        only = _ONLY_BACK_RE.match(text) if index else None
        if conditional:
            names.append(conditional.group("name") or question)
            said = conditional.group("asked") or f"{conditional.group('kw')} {conditional.group('cond')}"
            backs.append((_answer_or_condition(question, said), conditional.group("target")))
            vias.append(None)
        elif only:  # "5. If there are bubbles, go back to step 2": from the item before
            names.append(None)
            condition = _condition(f"{only.group('kw')} {only.group('cond')}") if only.group("kw") else None
            backs.append((condition, only.group("target")))
            vias.append(only.group("via"))
        else:
            names.append(text)
            backs.append((None, ""))
            vias.append(None)
    if not any(target for _, target in backs) or not all(names[i] for i in range(len(names)) if backs[i][1] == ""):
        return None
    graph = Graph(flow=True)
    keys = [graph.node(name) if name else None for name in names]
    graph.decisions.update(keys[i] for i in answered_items if keys[i] is not None)  # both answers said: a decision
    previous: str | None = None
    for index, key in enumerate(keys):
        condition, target = backs[index]
        if key is not None and previous is not None:
            graph.edge(previous, key, onward[index - 1] if index else None)
        if target:
            head = _target(target, keys)
            tail = key if key is not None else previous
            if head is None or tail is None:
                return None
            via = vias[index]
            if via:  # "if it fails, restore the snapshot and go back to step 1": through that step
                step = graph.node(via)
                graph.edge(tail, step, condition)
                graph.edge(step, head, None)
            else:
                graph.edge(tail, head, condition)
        # after an item that only goes back, the next item follows the last step when the way back
        # was conditional (the other way), and nothing when it was not (the loop)
        previous = key if key is not None else previous if condition else None
    if end is not None and keys[-1] is not None:  # the other answer of the last question: its own step, where the flow ends
        graph.edge(keys[-1], graph.node(end[1]), end[0])
    return graph


# "step 1 (Write proposal)": an item referred to by its number, with a name in brackets after it
_NAMED_REFERENCE_RE = re.compile(r"\b(?P<ref>step\s+(?P<n>\d{1,2}))\s*\((?P<name>[^()]{1,80})\)", re.IGNORECASE)


def _without_restated_name(text: str, names: list[str | None]) -> str | None:
    """The item's text with "(Write proposal)" dropped after "step 1" when item 1, said before, is named so;
    None when a bracket after "step N" names anything else, or an item not yet read (which step is meant
    would be a guess)."""
    def drop(reference: re.Match[str]) -> str:
        index = int(reference.group("n")) - 1
        said = names[index] if 0 <= index < len(names) else None
        if said is None or node_key(clean_label(reference.group("name"))) != node_key(clean_label(said)):
            raise ValueError(reference.group(0))
        return reference.group("ref")

    try:
        return _NAMED_REFERENCE_RE.sub(drop, text)
    except ValueError:
        return None


# "3. More items in queue?" over its two answers nested under it, the list's last item: one line
_NESTED_ANSWERS_RE = re.compile(r"\?[ \t]*\n(?P<indent>[ \t]+)[-*•][ \t]+(?P<first>(?:yes|no)\b[^\n]*)\n"
                                r"(?P=indent)[-*•][ \t]+(?P<second>(?:yes|no)\b[^\n]*?)\s*$", re.IGNORECASE)
# "More items? yes → back to step 1; no → Shut down worker": one answer goes back by number, the other to a step
_ENDED_RE = re.compile(r"^(?P<question>[^?;:,.()]+\?)\s*(?P<a1>yes|no)\s*(?:->|→|=>|:)\s*(?P<t1>[^;]+?)\s*;\s*"
                       r"(?P<a2>yes|no)\s*(?:->|→|=>|:)\s*(?P<t2>[^;]+?)\s*[.!]?$", re.IGNORECASE)
_BACK_BY_NUMBER_RE = re.compile(r"(?:(?:go(?:es)?\s+|loop\s+|jump\s+)?back\s+to|return\s+to|repeat\s+from)\s+"
                                r"(?:step\s+)?(?P<n>\d{1,2})", re.IGNORECASE)
# what the step an answer ends on never holds: an arrow, a way back, a number's step, a condition, a second step
_NOT_AN_END_RE = re.compile(r"->|→|=>|[()\[\]:]|\b(?:back|return|returns|again|repeat|step|if|when|unless|then|and|or|"
                            r"otherwise|else|continue|proceed|go|goes|next)\b|^\s*\d+\s*$", re.IGNORECASE)


def _nested_answers_inline(intent: str) -> str:
    """ "3. More items in queue?\n   - yes → back to step 1\n   - no → Shut down worker" at the end of a
    list → "3. More items in queue? yes → back to step 1; no → Shut down worker"."""
    nested = _NESTED_ANSWERS_RE.search(intent)
    if nested is None:
        return intent
    return f"{intent[: nested.start()]}? {nested.group('first').strip()}; {nested.group('second').strip()}"


def _answered_with_an_end(text: str, index: int) -> tuple[str, tuple[str, str], tuple[str, str]] | None:
    """(question, (answer, "step N") of the way back, (answer, step) of the way that ends) for the list's last
    item when it asks and one answer goes back to an item before it by number, the other to a step of its own;
    None for any other item (two ways back, the same answer twice, a step that holds more than its name)."""
    asked = _ENDED_RE.match(text)
    if asked is None or asked.group("a1").casefold() == asked.group("a2").casefold():
        return None
    ways = [(asked.group(a).lower(), asked.group(t).strip()) for a, t in (("a1", "t1"), ("a2", "t2"))]
    backs = [(answer, _BACK_BY_NUMBER_RE.fullmatch(target)) for answer, target in ways]
    back = [(answer, match) for answer, match in backs if match is not None]
    ends = [(answer, target) for (answer, target), (_, match) in zip(ways, backs, strict=True) if match is None]
    if len(back) != 1 or len(ends) != 1 or _NOT_AN_END_RE.search(ends[0][1]) or not clean_label(ends[0][1]):
        return None
    number = int(back[0][1].group("n"))
    if not 1 <= number <= index:  # back to an item before this one, never to itself or on
        return None
    return asked.group("question"), (back[0][0], f"step {number}"), ends[0]


def _answered_question(text: str, index: int, count: int) -> tuple[str, str, tuple[str, str]] | None:
    """(question, the answer that goes on to the next item, (the other answer, where it goes)) for an
    item that asks and says where each answer goes; None for any other item, and for two answers
    that are the same, or that both leave the list's order (two ways back: not one shape to draw)."""
    asked = _ANSWERED_RE.match(text)
    if asked is None:
        return None
    answers = [_answer_or_condition(asked.group("question"), asked.group(a)) for a in ("a1", "a2")]
    targets = [_step_number(asked.group(t)) for t in ("t1", "t2")]
    if answers[0] == answers[1] or None in targets or any(not 1 <= t <= count for t in targets):
        return None
    following = index + 2  # the next item's own number
    if targets.count(following) != 1 or index + 1 in targets:  # exactly one answer goes on; none to itself
        return None
    on = targets.index(following)
    return asked.group("question"), answers[on], (answers[1 - on], f"step {targets[1 - on]}")


def _step_number(text: str) -> int | None:
    number = re.fullmatch(r"(?:step\s+)?\(?(\d{1,2})\)?", text.strip(), re.IGNORECASE)
    return int(number.group(1)) if number else None


def _answer_or_condition(question: str | None, said: str) -> str:
    """The label of a way from an item: "yes" for "If yes" after the item's own question ("Needs
    changes? If yes, …"), else the condition as said ("if it fails", "under 20% free")."""
    answer = re.fullmatch(r"(?:if\s+)?(?P<answer>yes|no)", said.strip(), re.IGNORECASE)
    if question and answer:
        return answer.group("answer").lower()
    return _condition(said)


def _condition(text: str) -> str:
    """A condition as its edge reads it, articles kept ("if the weight is off")."""
    keyword, _, rest = re.sub(r"\s+", " ", text).strip(" .,;:!").partition(" ")
    return f"{keyword.lower()} {rest}".strip()


def _target(text: str, keys: list[str | None]) -> str | None:
    """The item a way back names: "step 2" by its number, or an item's own name."""
    number = _STEP_NUMBER_RE.match(text.strip())
    if number:
        if number.group("o"):
            index = ORDINALS.index(number.group("o").casefold())
        else:
            index = int(number.group("n") or number.group("p") or ord(number.group("l").lower()) - ord("a") + 1) - 1
        return keys[index] if 0 <= index < len(keys) else None
    key = node_key(clean_label(text))
    return key if key in keys else None
