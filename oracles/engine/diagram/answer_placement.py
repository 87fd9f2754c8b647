"""The check's own placing of branch answers: which question each "Yes:" / "no ->" / "If no," answers.

Read from the intent's tokens and the drawn phrases placed on them, never from the drafter's
reading. An answer opens a clause (after a question mark, a full stop, a semicolon, a comma, a new
line, a list marker or an arrow) and is followed by a colon, an arrow, a comma or a dash
("Yes: ship", "no -> retry", "If no, notify"). It answers the nearest open question before it: in a
tree written on one line, the innermost question not yet answered on that side ("Is it raining? Yes
-> umbrella. No -> Is it cold? Yes -> coat. No -> go out": the second pair answers "Is it cold?").
A question is a drawn name followed by "?", or the step an arrow leads from straight into an answer
("validate → yes: save"); with no question open, the last step named before the answer asks it
("check the date. If yes, refund").

When the text does not settle it, the answer is placed nowhere (question None) and a drawing that
hangs it anywhere is refused: "Q1? Yes: Q2? Yes: A. No: B." — "No" may answer either question.
The answer's step is the first drawn name after it in its clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..contracts import EngineRefusal
from .vocabulary import _INNER_PUNCT, Span, Token

# Each answer word and the side of its question it takes ("true" is the "yes" way out).
SIDES = {"yes": "yes", "true": "yes", "no": "no", "false": "no"}
IF_SIDES = {"so": "yes", "not": "no"}  # "if so", "if not": answers only after "if"
# "otherwise: …" after a question is its other way: the "no" side
ELSE_WORDS = frozenset({"otherwise", "else"})
_CONDITION_WORDS = frozenset({"if", "when", "whenever", "unless", "once"})
# What may stand before an answer that opens a clause, and right after it.
_OPENERS = frozenset({".", ";", "!", "?", ",", ":"})
_AFTER = frozenset({":", ",", "-", "—", "–", "=", ";"})
_CLAUSE_ENDS = frozenset({".", ";", "!", "?"})
_DASHES = frozenset({"-", "—", "–"})


@dataclass
class PlacedAnswer:
    side: str  # "yes" | "no"
    written: str  # the answer as the intent writes it ("No")
    index: int  # the answer word's token index
    question: str | None  # the key of the question it answers; None: the intent does not settle it
    head: str | None  # the key of the first drawn name after it in its clause
    asked: bool = False  # the question is written with its "?" ("2FA on?"), not a step an arrow leaves


@dataclass
class _Question:
    key: str
    asked: bool = False
    conditions: int = 0  # how many conditions the intent had opened when it was asked
    answered: set[str] = field(default_factory=set)
    passed: list[tuple[str, int]] = field(default_factory=list)  # (side, placement) it was passed over for


def _skip_back(tokens: list[Token], index: int) -> int:
    while index >= 0 and tokens[index].kind == "punct" and tokens[index].text in _INNER_PUNCT:
        index -= 1
    return index


def _skip_on(tokens: list[Token], index: int) -> int:
    while index < len(tokens) and tokens[index].kind == "punct" and tokens[index].text in _INNER_PUNCT:
        index += 1
    return index


def _clause_start(tokens: list[Token], before: int) -> bool:
    """Whether the token at before (-1: none) ends what comes before a clause."""
    if before < 0:
        return True
    token = tokens[before]
    return token.kind in ("nl", "marker", "arrow") or (token.kind == "punct" and token.text in _OPENERS)


def _opens_clause(tokens: list[Token], index: int) -> int | None:
    """The token index just before an answer that opens a clause, -1 at the start; None when the
    word at index is not such an answer ("no ack within 10 min" is a condition, "-- Yes -->" and
    "-(yes)->" label an arrow whose tail is written)."""
    before = _skip_back(tokens, index - 1)
    iffed = before >= 0 and tokens[before].kind == "word" and tokens[before].text.casefold() == "if"
    if not iffed and tokens[index].text.casefold() in IF_SIDES:
        return None  # "so", "not" answer only after "if"
    if iffed:
        before = _skip_back(tokens, before - 1)
    bracketed = before >= 0 and tokens[before].text == "(" and not iffed
    if bracketed:
        before = _skip_back(tokens, before - 1)
    after = _skip_on(tokens, index + 1)
    following = tokens[after] if after < len(tokens) else None
    if bracketed:
        if following is None or following.text != ")":
            return None
    elif following is None or not (following.kind == "arrow" or (following.kind == "punct" and following.text in _AFTER)
                                   or (iffed and following.kind == "word" and following.text.casefold() == "then")):
        return None
    if before < 0:
        return -1
    token = tokens[before]
    if _clause_start(tokens, before):
        return before
    if token.kind == "punct" and token.text in _DASHES and before and tokens[before - 1].text == "?" and not bracketed:
        # ("Over 2 kg? -(no)-> letter post" is an arrow with its label inside: the tail is written)
        return before  # "Rate limited? — if yes: wait": a dash after a question leads into its answers
    return None


def _asked(tokens: list[Token], end: int) -> bool:
    """Whether a "?" follows the drawn name that ends at end."""
    after = _skip_on(tokens, end)
    return after < len(tokens) and tokens[after].kind == "punct" and tokens[after].text == "?"


# "If yes, continue." at the end of a list item: the way on is the next item
GO_ON = frozenset({("continue",)})


def _head(tokens: list[Token], index: int, nodes_at: dict[int, Span]) -> str | None:
    """The first drawn name after the answer at index, in the same clause; for "If yes, continue."
    that ends a list item, the next item's name."""
    words: list[str] = []
    for position in range(index + 1, len(tokens)):
        if position in nodes_at:
            return nodes_at[position].key
        token = tokens[position]
        if token.kind in ("nl", "marker") or (token.kind == "punct" and token.text in _CLAUSE_ENDS):
            return _next_item(tokens, position, nodes_at) if tuple(words) in GO_ON else None
        if token.kind == "word":
            words.append(token.text.casefold())
    return None


def _next_item(tokens: list[Token], position: int, nodes_at: dict[int, Span]) -> str | None:
    """The name opening the next list item, when only the clause's end and a new line or a list
    marker come first ("… If yes, continue.\n3. Unload the tray")."""
    marked = False
    while position < len(tokens) and position not in nodes_at:
        token = tokens[position]
        if token.kind == "marker":
            marked = True
        elif not (token.kind == "nl" or (token.kind == "punct" and token.text in _CLAUSE_ENDS | _INNER_PUNCT)):
            return None
        position += 1
    return nodes_at[position].key if marked and position in nodes_at else None


def placed_answers(tokens: list[Token], spans: list[Span]) -> list[PlacedAnswer]:
    """Every answer that opens a clause, with the question the intent puts it after."""
    nodes_at = {span.start: span for span in spans if span.kind == "node"}
    stack: list[_Question] = []
    asked: set[str] = set()  # every question opened so far: a later "→ Paid?" goes back to it
    questions: list[_Question] = []
    placed: list[PlacedAnswer] = []
    last: Span | None = None
    labels_at = {span.start: span for span in spans if span.kind == "label"}
    conditions = 0  # conditions opened so far ("if urgent: …", "critical → …"): an "otherwise" may be theirs
    index = 0
    while index < len(tokens):
        span = nodes_at.get(index)
        if span is not None:
            if _asked(tokens, span.end) and span.key not in asked:
                asked.add(span.key)
                questions.append(_Question(span.key, asked=True, conditions=conditions))
                stack.append(questions[-1])
            last = span
            index = span.end
            continue
        token = tokens[index]
        word = token.text.casefold() if token.kind == "word" else ""
        side = (SIDES.get(word) or IF_SIDES.get(word)) if word else None
        before = _opens_clause(tokens, index) if side else None
        if side is None or before is None:
            starts = _clause_start(tokens, _skip_back(tokens, index - 1))
            if starts and word in ELSE_WORDS:
                _place_else(tokens, index, stack, conditions, placed, nodes_at)
            elif starts and word == "if" and _answer_follows(tokens, index):
                pass  # "If yes, file it": the "if" of an answer, not a condition of its own
            elif starts and (word in _CONDITION_WORDS or (index in labels_at and not _label_side(labels_at[index].key))):
                conditions += 1  # "if urgent: notify", "critical → page": a condition, not an answer
            index += 1
            continue
        if word == "not" and conditions and not any(side not in q.answered for q in stack):
            # "If paid, ship; if not, remind": with no question open, "if not" is the other way of the
            # condition said before it (an "otherwise"), left to the glue reading; not an answer to 'ship'
            index += 1
            continue
        # "validate → yes: save": the step an arrow leads from straight into an answer asks it
        from_arrow = before >= 0 and tokens[before].kind == "arrow" and last is not None \
            and _skip_back(tokens, before - 1) in (last.end - 1, last.end)
        if (from_arrow or not stack) and last is not None and last.key not in asked:
            asked.add(last.key)
            questions.append(_Question(last.key))
            stack.append(questions[-1])
        open_ones = [q for q in reversed(stack) if side not in q.answered]
        if from_arrow and last is not None:
            # "… → Q2? → yes: ship": the arrow names the question it answers; no outer one is passed over
            open_ones = [q for q in stack if q.key == last.key][:1] or open_ones
        question: str | None = None
        asked_one = False
        if open_ones and word in IF_SIDES and open_ones[0].conditions != conditions:
            # "Complete? If urgent, call; if not, file it": "not urgent" or "not complete"? A condition
            # opened since the question was asked may be what "if not" / "if so" answers: placed nowhere
            open_ones = []
        if open_ones:
            chosen = open_ones[0]
            del stack[stack.index(chosen) + 1:]  # an outer question answered closes the ones inside
            for outer in open_ones[1:]:
                outer.passed.append((side, len(placed)))
            chosen.answered.add(side)
            question, asked_one = chosen.key, chosen.asked
        iffed = _skip_back(tokens, index - 1)
        written = f"{tokens[iffed].text} {token.text}" if iffed >= 0 and tokens[iffed].text.casefold() == "if" else token.text
        placed.append(PlacedAnswer(side, written, index, question, _head(tokens, index, nodes_at), asked_one))
        index += 1
    for question in questions:
        for side, number in question.passed:
            if side not in question.answered:
                placed[number].question = None  # "Q1? Yes: Q2? Yes: A. No: B.": which one's "No"?
    return placed


def _answer_follows(tokens: list[Token], index: int) -> bool:
    """Whether the "if" at index opens an answer ("If yes, …", "if not: …")."""
    after = _skip_on(tokens, index + 1)
    if after >= len(tokens) or tokens[after].kind != "word":
        return False
    word = tokens[after].text.casefold()
    return bool(SIDES.get(word) or IF_SIDES.get(word)) and _opens_clause(tokens, after) is not None


def _place_else(tokens: list[Token], index: int, stack: list[_Question], conditions: int,
                placed: list[PlacedAnswer], nodes_at: dict[int, Span]) -> None:
    """ "Paid? → yes: ship; otherwise: send reminder": the other way of the innermost open question
    without its "no" — unless a condition opened since it was asked ("… → if urgent: notify;
    otherwise: …" may be the condition's other way: placed nowhere). With no such question open the
    "otherwise" is a condition's, which this placing leaves to the glue reading."""
    after = _skip_on(tokens, index + 1)
    if after < len(tokens) and tokens[after].kind == "word" and tokens[after].text.casefold() in _CONDITION_WORDS:
        return  # "otherwise, if …": the next condition of a chain
    open_ones = [q for q in reversed(stack) if "no" not in q.answered]
    if not open_ones:
        return
    chosen = open_ones[0]
    question = chosen.key if chosen.conditions == conditions else None
    if any("yes" not in inner.answered for inner in stack[stack.index(chosen) + 1:]):
        # "Q1? … Q2? If no, cancel; otherwise charge": the other way of Q2's "no", or Q1's? unsettled
        question = None
    if question is not None:
        del stack[stack.index(chosen) + 1:]
        for outer in open_ones[1:]:
            outer.passed.append(("no", len(placed)))  # "Q1? yes: Q2? yes: a; otherwise: b": whose?
        chosen.answered.add("no")
    placed.append(PlacedAnswer("no", tokens[index].text, index, question, _head(tokens, index, nodes_at), chosen.asked))


def answer_side(label_key: str) -> str | None:
    """The side a drawn edge label answers ("yes", "If no" → "no", "if not" → "no"); None for any other label."""
    words = label_key.split()
    if words[:1] == ["if"]:
        words = words[1:]
        return (SIDES.get(words[0]) or IF_SIDES.get(words[0])) if len(words) == 1 else None
    return SIDES.get(words[0]) if len(words) == 1 else None


def _label_side(label_key: str) -> str | None:
    """The side a drawn label takes: an answer's, or "no" for the other way ("otherwise", "or else")."""
    words = label_key.split()
    if words and set(words) <= ELSE_WORDS | {"or"} and words[-1] in ELSE_WORDS:
        return "no"
    return answer_side(label_key)


def refuse_misplaced_answers(placed: list[PlacedAnswer], nodes: dict[str, str],
                             labelled: list[tuple[str, str, str]], drawn: set[tuple[str, str]]) -> None:
    """An answer-labelled edge leaves the question the intent puts the answer after, and every
    answer the intent places is drawn on the way from its question to its step."""
    given = {(p.question, p.side): p for p in placed if p.question is not None}
    for tail, head, label in labelled:
        side = _label_side(label)
        said = [p for p in placed if p.side == side and p.head == head] if side else []
        other = given.get((tail, side or ""))
        if not said and other is not None and other.head != head:
            # "Delivered? → yes: close; no: chase; otherwise: remind": a question answered both ways
            # has no other way left; its "no" leads to another step
            raise EngineRefusal("EDGE_LABEL_WRONG", f"The label '{label}' is on '{nodes.get(tail, tail)}' → "
                                                    f"'{nodes.get(head, head)}', but the intent answers "
                                                    f"'{nodes.get(tail, tail)}' '{other.written}' with "
                                                    f"'{nodes.get(other.head or '', other.head)}'.")
        if not said:
            continue  # an answer written inside its arrow ("B -- Yes --> C") names its own tail
        if any(p.question == tail for p in said):
            continue
        unsettled = next((p for p in said if p.question is None), None)
        if unsettled is not None:
            raise EngineRefusal("UNREADABLE_RELATION", f"I could not tell which question the answer '{unsettled.written}' "
                                                       f"before '{nodes.get(head, head)}' answers. Name the question in "
                                                       "each answer, e.g. 'Is it cold? yes: wear a coat; Is it cold? no: "
                                                       "go out', or write the tree as nested bullets.")
        asked = nodes.get(said[0].question or "", said[0].question)
        raise EngineRefusal("EDGE_LABEL_WRONG", f"The answer '{said[0].written}' is drawn on '{nodes.get(tail, tail)}' → "
                                                f"'{nodes.get(head, head)}', but the intent puts it after the question "
                                                f"'{asked}'; it belongs on '{asked}' → '{nodes.get(head, head)}'.")
    answered = {(tail, head): label for tail, head, label in labelled}
    for p in placed:
        if p.question is None or p.head is None:
            continue
        if (p.question, p.head) not in drawn:
            raise EngineRefusal("EDGE_MISSING", f"The intent answers '{nodes.get(p.question, p.question)}' with "
                                                f"'{p.written}' leading to '{nodes.get(p.head, p.head)}', but the "
                                                "diagram does not connect them.")
        drawn_side = _label_side(answered.get((p.question, p.head), "") or "-")
        if drawn_side is not None and drawn_side != p.side:  # "yes" and "no" swapped
            raise EngineRefusal("EDGE_LABEL_WRONG", f"The way from '{nodes.get(p.question, p.question)}' to "
                                                    f"'{nodes.get(p.head, p.head)}' is labelled "
                                                    f"'{answered[(p.question, p.head)]}', but the intent answers "
                                                    f"'{p.written}' there.")
        if drawn_side != p.side:
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place the answer '{p.written}' on the way from "
                                                      f"'{nodes.get(p.question, p.question)}' to "
                                                      f"'{nodes.get(p.head, p.head)}'. Draw it as that edge's label.")


_LABELLED_ARROW_RE = re.compile(r"\??-+\(\w+\)-*>")


def refuse_unstated_self_loops(tokens: list[Token], spans: list[Span], nodes: dict[str, str],
                               drawn: set[tuple[str, str]]) -> None:
    """An edge from a step to itself is drawn only when the intent states one: the step named twice
    with only a relation between, in one clause ("Locked | push | Locked", "retry -> retry"). "…
    Dashboard; no: Dashboard" names it twice, but an answer between opens a new way in."""
    loops = {tail for tail, head in drawn if tail == head}
    if not loops:
        return
    ordered = [span for span in spans if span.kind == "node"]
    stated: set[str] = set()
    for first, second in zip(ordered, ordered[1:], strict=False):
        if first.key != second.key or first.key not in loops:
            continue
        between = tokens[first.end:second.start]
        breaks = any(t.kind in ("nl", "marker") or (t.kind == "punct" and t.text in _CLAUSE_ENDS) for t in between)
        # "Risen enough? -(no)-> Risen enough?": an answer written inside the arrow is its label
        if _LABELLED_ARROW_RE.fullmatch("".join(t.text for t in between)):
            stated.add(first.key)  # (the "?" before it ends the question's name, not a clause)
            continue
        answers = any(
            t.kind == "word" and t.text.casefold() in SIDES and _opens_clause(tokens, first.end + i) is not None
            for i, t in enumerate(between))
        if not breaks and not answers:
            stated.add(first.key)
    for key in sorted(loops - stated):
        itself = any(t.kind == "word" and t.text.casefold() == "itself" for t in tokens)
        if itself:
            continue  # "… retries itself": a loop said in words, left to the glue reading
        raise EngineRefusal("EDGE_NOT_IN_INTENT", f"The diagram connects '{nodes.get(key, key)}' to itself, which the "
                                                  "intent does not say. Write a loop as the step, an arrow and the "
                                                  "step again, e.g. 'retry -> retry'.")


# "yes: Home / no: Show error → Enter credentials": answers listed with "/" or "|", then an arrow.
_ANSWER = r"(?:yes|no|true|false|y|n)"
_ANSWER_LIST_THEN_ARROW_RE = re.compile(
    rf"\b{_ANSWER}\s*[:=]\s*[^/|\n→>:;.]+?[/|]\s*{_ANSWER}\s*[:=]\s*(?P<last>[^/|\n→>:;.]+?)\s*(?:→|->|=>)\s*(?P<next>[^/|\n→>;.]+)",
    re.IGNORECASE)


def refuse_arrow_after_answer_list(intent: str) -> None:
    """An arrow after the last of a "/"-separated list of answers may lead on from that answer only or
    from every answer; which one is meant is not written, so the drawing is refused either way."""
    found = _ANSWER_LIST_THEN_ARROW_RE.search(intent)
    if found:
        last, after = found.group("last").strip(), found.group("next").strip()
        raise EngineRefusal("CONTENT_NOT_PLACED", (
            f"I could not tell whether '→ {after}' follows only '{last}' or every answer before it. Write each "
            f"answer on its own, e.g. 'no: {last} → {after}; yes: …'."))
