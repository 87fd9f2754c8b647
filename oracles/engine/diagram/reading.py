"""The diagram drafter's reader: a cascade (READERS) of outline lists, inline numbered steps,
Mermaid-style flowcharts and sentences. Sentences are read statement by statement: arrow chains
(with conditions after a step, "X → Y when C"), branches ("if C, X; else if D, Y; otherwise Z",
"Yes → …" after a question), rejoins, fan-out/fan-in, "then" sequences and relation sentences
(relations.py) → nodes and edges."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..contracts import EngineRefusal
from .again_forms import BACK_MIN_WORDS, shortened_again_target
from .angle_arrows import angle_brackets_as_arrows
from .answer_forms import ANSWER_RE, answer_clauses, answer_label, answer_side, dashed_answers
from .answer_to_forms import loose_replies_as_arrows
from .architecture_forms import architecture_plain, spec_block_up
from .arrow_captions import without_arrow_explanation, without_tree_shape_explanation
from .arrow_list_forms import arrow_lists_apart
from .bracket_event_forms import bracket_events_as_arrows
from .branch_forms import either_way, sibling_ifs
from .case_lists import case_list
from .closing_forms import without_closing_remark
from .clusters import read_grouped
from .code_branch_forms import read_code_branches
from .condition_after_forms import conditions_after_steps
from .condition_first_forms import condition_first_moves_plainly
from .decision_outline import read_decision_outline
from .declared_moves import declared_moves_as_arrows
from .denied_dependencies import denied_dependencies_as_parts, denied_parts
from .dependency_data import dependency_edges
from .dependency_prose_forms import dependency_prose
from .dependency_table_forms import read_dependency_map, read_dependency_table
from .edge_tables import read_adjacency, read_colon_adjacency, read_edge_table, read_json_graph
from .fan_in_forms import trailing_parallel
from .flows import (
    LEADING_FILLER_RE,
    OTHERWISE_ROW_RE,
    PARALLEL_LIST_RE,
    QUESTION_STEP_RE,
    SENTENCE_BREAK_RE,
    TRIGGER_HEADING_RE,
    case_outline,
    comma_after_condition,
    fan_in_step,
    from_any,
    group_parallel_steps,
    listed_steps,
    normalise_chain,
    parallel_outline,
    split_branch_clauses,
    split_case_row,
    step_named_in,
    steps_the_condition_is_about,
)
from .follow_up_forms import follow_up_branches
from .framing import without_framing
from .from_moves import from_moves_as_arrows
from .hierarchy import read_reporting_lines, read_tree_drawing
from .list_branches import list_branches_as_sentences
from .listed_messages import read_listed_messages
from .loop_exits import EXIT_RE, without_retry_limits
from .message_label_forms import plain_message_label
from .model import CONTROL_CHARS_RE, EXAMPLE, Graph, clean_label, node_key
from .move_clauses import move_clauses_plainly
from .notation_reader import read_notation_graph
from .outcome_forms import outcome_branch, outcome_label
from .outline import read_outline
from .parallel_forms import parallel_openers
from .parallel_join_forms import parallel_joins
from .parallel_note_forms import noted_parallel_blocks
from .parallel_then_forms import parallel_then_groups
from .participant_lists import without_participant_list
from .particle_forms import particle_verbs_as_arrows
from .passive_forms import passive_relations_active
from .passive_story_forms import pronoun_steps_plain
from .people_table_forms import read_people_table
from .pipelines import read_job_graph
from .rejoin_forms import rejoin_arrow_dropped, rejoin_openers, rejoin_passive_then, rejoin_then_apart
from .relations import PREAMBLE_RE, REPLY_RE, REVERSED_VERB_RE, VERB_RE, read_relations, split_names
from .relative_clauses import relative_clauses_apart
from .reply_forms import answers_as_replies
from .routing_forms import routed_cases_as_list
from .sequences import numbered_messages, read_sequence
from .shared_moves import shared_moves_as_arrows
from .state_story_forms import state_story_as_arrows
from .state_subject_forms import state_subjects_plainly
from .step_refs import item_texts, read_step_references
from .table_headings import header_out_of_heading
from .tree_caption_forms import without_tree_captions
from .vocabulary import gerunds
from .wrapped_prose import wrapped_prose

__all__ = ["ARROW_RE", "CONTROL_CHARS_RE", "Graph", "clean_label", "node_key", "read_graph"]

# An arrow, and the label written inside or beside it: "-->|yes|", "-> |valid|", "-- yes -->",
# "=yes=>", "—checkout→", "-start->", "→ (battery low) →" (a bracketed aside between arrows is a condition, unless
# every step of the chain is bracketed alike). A label's syntax is read as a label, never as a node.
ARROW_RE = re.compile(r"\s*(?:-+>?\|(?P<label>[^|\n]{1,60})\|\s*|"
                      r"(?:-{1,2}>|→|=>)\s*\|(?P<label2>[^|\n]{1,60})\|\s*|"
                      r"--\s*(?P<label3>[^->\n]{1,60}?)\s*-->\s*|"
                      r"(?<!\S)=(?P<label4>[^\s=>][^=>\n]{0,58}?)=>|"
                      r"(?<!\S)[—–](?P<label5>[^\s—–→>][^—–→>\n]{0,58}?)(?:→|-{1,2}>)|"
                      r"(?:->|→|=>)\s*\((?P<label6>[^()\[\]|,&‖\n]{1,60})\)\s*(?:-{1,2}>|→|=>)|"
                      r"(?<!\S)-(?P<label7>[^\s\-<>(\[|=][^-<>|\n]{0,58}?)(?<!\s)->|"
                      r"-{1,2}>|—>|–>|=>|→|⟶|➜|➔|⇒|↦)\s*")
ARROW_LABELS = ("label", "label2", "label3", "label4", "label5", "label6", "label7")
# Arrow or Mermaid shape syntax left in a node's name ("check form =yes", "db[(Postgres)]",
# "|valid| transform"): the notation was not read, so the name is not one the intent states.
NOTATION_LEFTOVER_RE = re.compile(r"^[-=—–|>]|[-=—–|<]$|\[\(|\)\]|\(\(|\)\)|\{\{|\}\}|(?:^|\s)=[^\s=]|[^\s=]=(?:\s|$)|"
                                  r"^[A-Za-z_]\w*[\[({][^\])}]+[\])}]$")
# Relation verbs, subject → object. Each may carry a short object noun ("forwards requests to").
HIERARCHY_RE = re.compile(r"\b(?:manages|supervises|oversees|reports\s+to|is\s+managed\s+by|works\s+for|"
                          r"org(?:anis|aniz)?ation(?:al)?\s+chart|org\s+chart|hierarchy|tree|parent|child)\b", re.IGNORECASE)
BARE_STEP_MAX_WORDS = 6
WHAT_FLOWS_RE = re.compile(r"^\s*(?:the\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?\s+(?:flows|moves|travels)\s+(?:through\s+|from\s+)?(?=\S)",
                           re.IGNORECASE)
# "approve or reject", "yes | no", "save / discard": alternatives after one step.
ALTERNATIVES_RE = re.compile(r",?\s+or\s+|\s*\|\s*|\s+/\s+")
EVENT_ROW_RE = re.compile(r"^(?P<event>[^:→>\-\n]{1,40}?)\s*:\s+(?P<a>[^:→>\n]+?)\s*(?:->|→|=>)\s*(?P<b>[^:→>\n]+?)$")
EVENT_ROWS_MIN = 2
BULLET_RE = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+")


# "For a refund request, check the purchase date. …": the case the flow is about, said first with
# "a"/"an" and a comma before a lower-case step, sets the scene; it is no step ("for each …" loops)
TOPIC_RE = re.compile(r"^\s*for\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*,\s*(?=[a-z])", re.IGNORECASE)


# "…; otherwise queue it, and both paths lead to close": the rejoin said after the last branch's step
# in its sentence is a statement of its own
REJOIN_AFTER_COMMA_RE = re.compile(r",\s+and\s+(?=(?:then\s+)?(?:both|everyone|everybody|everything|either\s+way|in\s+(?:both|either|any|all)\s+cases?|"
                                   r"the\s+(?:two|three|four)\s+(?:paths|branches|routes))\b)", re.IGNORECASE)


def _statements(text: str) -> list[str]:
    # a question ends a statement ("Could you draw our process? First …", "is the card valid? Yes → …")
    parts = [piece for part in re.split(SENTENCE_BREAK_RE, text) if part for piece in REJOIN_AFTER_COMMA_RE.split(part)]
    statements = [BULLET_RE.sub("", p).strip() for p in parts if p and p.strip()]
    return [answer for statement in statements for clause in split_branch_clauses(statement)
            for answer in answer_clauses(clause)]


def read_graph(intent: str) -> Graph:
    """Nodes and edges named in the intent: the first reader of READERS that claims it.

    The cascade's contract: a reader returns None when the intent is not in its form, a Graph
    when it is, and raises EngineRefusal when it is in its form but cannot be read."""
    # "Routes (arrow from origin to destination): …", "(keys are units, values are their sub-units): {…}";
    # "Hi Jo, … Could you turn that into a flowchart for the wiki? Thanks, Mara": the message's frame
    intent = spec_block_up(intent)  # "spec: |" over indented sentences: the sentences (architecture_forms.py)
    intent = wrapped_prose(intent) or intent  # {"tool": "draw", "args": {"description": "…"}}: the prose it carries
    intent = angle_brackets_as_arrows(without_tree_shape_explanation(without_arrow_explanation(without_framing(intent))))  # "a > b > c"
    intent = without_closing_remark(intent)  # "… closed → open on reopen. that's it" (closing_forms.py)
    intent = architecture_plain(intent)  # "reads/writes X", "Both application servers call …" (architecture_forms.py)
    intent = without_tree_captions(intent)  # "Org chart (indent = reports to the line above):" over a nested list
    intent = without_retry_limits(intent)  # "go back to X (retry at most 3 times); after the third failure, …"
    intent = without_participant_list(intent)  # "… between A, B and C: A sends …" (participant_lists.py)
    intent = list_branches_as_sentences(intent)  # "1. check\n2. If C, X; otherwise Y\n3. verify" (list_branches.py)
    intent = follow_up_branches(intent)  # "If C, A. If still C, B." → "… A -> B: if still C." (follow_up_forms.py)
    intent = routed_cases_as_list(intent)  # "detect X; a goes to A, b to B" → "detect X: a -> A, b -> B" (routing_forms.py)
    intent = pronoun_steps_plain(intent)  # "X is picked by A, then it's packed by B": one thing (passive_story_forms.py)
    intent = relative_clauses_apart(intent)  # "The pump, which the PLC controls, feeds …" (relative_clauses.py)
    intent = state_story_as_arrows(intent)  # "It starts Idle. When called it goes to Moving." (state_story_forms.py)
    intent = bracket_events_as_arrows(intent)  # "(event in brackets): A -> B [x]" → "A -[x]-> B" (bracket_event_forms.py)
    intent = condition_first_moves_plainly(intent)  # "If x, A goes to B." → "A goes to B if x." (condition_first_forms.py)
    intent = state_subjects_plainly(intent)  # "Paid orders move to Shipped …" → "Paid moves to Shipped …" (state_subject_forms.py)
    intent = from_moves_as_arrows(intent)  # "From A it goes to B, from B to C" → "A -> B; B -> C" (from_moves.py)
    intent = header_out_of_heading(intent)  # "Order states (from | event | to):" over its rows (table_headings.py)
    intent = move_clauses_plainly(intent)  # "A can go back to B", "A goes to B when x, or to C if y" (move_clauses.py)
    intent = declared_moves_as_arrows(intent)  # "States: A, B. Transitions: A to B; B to A" (declared_moves.py)
    intent = loose_replies_as_arrows(intent)  # "Server answer to Client." → "… replies to Client with …" (answer_to_forms.py)
    denied = denied_parts(intent)
    intent = denied_dependencies_as_parts(intent)  # "CS101 has no dependencies." → "CS101." (denied_dependencies.py)
    intent = shared_moves_as_arrows(intent)  # "A and B both go to C on x" → "A -> C on x; B -> C on x" (shared_moves.py)
    intent = parallel_then_groups(intent)  # "A and B in parallel, then C" (parallel_then_forms.py)
    intent = noted_parallel_blocks(intent)  # "2a. …\n2b. …\n(2a and 2b run in parallel)" (parallel_note_forms.py)
    if read_adjacency(intent) is None:  # ("Cars → Sedan, SUV; …" is read whole by the adjacency reader)
        intent = arrow_lists_apart(intent)  # "LB → web-1, web-2", "app-1 and app-2 -> redis" (arrow_list_forms.py)
    for reader in READERS:
        graph = reader(intent)
        if graph is not None:
            for name in denied:  # a part said to depend on nothing is drawn, under the name it was given there
                graph.name_in_full(name)
            return graph
    raise EngineRefusal("UNREADABLE_INTENT", f"I could not find any connections between steps or parts. {EXAMPLE}, "
                                              "or as numbered steps, e.g. '1. Receive ticket 2. Triage 3. Resolve'.")


def read_inline_steps(intent: str) -> Graph | None:
    """"1. Receive ticket 2. Triage 3. Assign": numbered steps on one line are a flow."""
    steps = _numbered_steps(intent)
    if not steps:
        return None
    graph = Graph(hierarchy=bool(HIERARCHY_RE.search(intent)), flow=True)
    _read_chain_nodes(graph, steps, None)
    return graph


_STATES_LIST_RE = re.compile(r"^[^:\n]{0,40}\b(?:states|statuses)\s*:\s*[^,:]+,", re.IGNORECASE)
# "connection states for the docs:", "order status state machine pls:" over transition rows: the title of the
# states, never a step the rows branch from as cases ("Weigh package:" over "< 1 kg → letter rate" is one)
_STATES_HEADING_RE = re.compile(r"^[^:\n]{0,60}\b(?:states|state[\s-]+(?:machine|diagram)|life[\s-]?cycle|transitions)\b"
                                r"[^:\n]{0,30}:$", re.IGNORECASE)


def read_sentences(intent: str) -> Graph | None:
    """Arrows, branches, "then" sequences and relation sentences, statement by statement."""
    graph = Graph(hierarchy=bool(HIERARCHY_RE.search(intent)))
    last: str | None = None
    # "three things happen in parallel: …", "when X, if A …, and if B …", "then, with or without X, …"
    statements = _statements(sibling_ifs(either_way(rejoin_passive_then(rejoin_then_apart(rejoin_openers(rejoin_arrow_dropped(conditions_after_steps(trailing_parallel(parallel_openers(
        parallel_joins(TOPIC_RE.sub("", dashed_answers(answers_as_replies(particle_verbs_as_arrows(passive_relations_active(intent)))), count=1))))))))))))
    # "Start button: idle → filling. Water full: filling → washing.": two or more rows of one
    # transition after its event — a heading is said once, events row after row
    # ("Yes: bill insurer → discharge" is an answer's branch, not an event row)
    graph.event_rows = sum(bool(EVENT_ROW_RE.match(s)) and not ANSWER_RE.match(s) for s in statements) >= EVENT_ROWS_MIN
    for statement in statements:
        before = len(graph.edges)
        last = _read_statement(graph, statement, last)
        if len(graph.edges) == before and last is None and not graph.fan_out:
            # "read the alert." before "If it is a page, …": a bare step the next branch starts from
            step = clean_label(LEADING_FILLER_RE.sub("", PREAMBLE_RE.sub("", statement)))
            # "States: Closed, Listen, Open." names states, no step; "Connection states:" titles them
            listed = _STATES_LIST_RE.match(statement) or _STATES_HEADING_RE.match(statement.strip())
            graph.pending_step = step if step and len(step.split()) <= BARE_STEP_MAX_WORDS and not listed else None
        else:
            graph.pending_step = None
    unsettled = graph.questions.unsettled()
    if unsettled is not None:  # "Q1? Yes: Q2? Yes: A. No: B.": Q2's "No", or Q1's?
        question, side = unsettled
        raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell whether a '{side}' answers '{graph.labels[question]}' "
                                                 "or a question asked inside its branch. Give every question both "
                                                 "answers in order, e.g. 'Q1? yes: Q2? yes: A. no: B. no: C', or write "
                                                 "the tree as nested bullets.")
    return graph if graph.edges else None


def _numbered_steps(intent: str) -> list[str] | None:
    """"1. Receive ticket 2. Triage 3. Assign": numbered steps, in order, are a flow — when they
    are plain steps (no arrows or relation verbs of their own)."""
    steps = item_texts(intent)
    if steps is None:
        return None
    if not all(steps) or any(ARROW_RE.search(s) or VERB_RE.search(" " + s + " ") or REVERSED_VERB_RE.search(" " + s + " ")
                             or PARALLEL_LIST_RE.match(s) for s in steps):
        return None
    return steps


# "X → Y when C", "X → Y on C", "X → Y (C)": a condition written after the step it leads to.
# (a bracket holding "=" is attribute syntax, "[color=red]", never a condition: it stays text;
# "work on it": a pronoun after "on" is the step's object, no condition)
TAIL_CONDITION_RE = re.compile(r"^(?P<node>.+?)\s+(?:(?P<cond>(?:when|on(?!\s+(?:it|them|this|that)$)|after|once|upon|if|unless|until)"
                               r"\s+\S.*)|"
                               r"\((?P<paren>[^()]{1,60})\)|\[(?P<bracket>[^\[\]=]{1,60})\])$", re.IGNORECASE)
LEADING_CONDITION_RE = re.compile(r"^(?P<cond>(?:after|on|when|once|upon)\s[^,]+),\s*(?P<rest>.+)$", re.IGNORECASE)
AFTER_STEP_RE = re.compile(r"^(?:and\s+)?(?:then\s+)?(?:after|following)\s+(?P<x>[^,:;]+?)\s*[,:]\s*(?:then\s+)?(?P<rest>\S.*)$",
                           re.IGNORECASE)
FROM_STATE_RE = re.compile(r"^from\s+(?P<src>[^,]+?),?\s+(?:(?P<cond>(?:after|on|when|once|upon|if)\s.+?),?\s+)?"
                           r"(?:(?:go(?:es)?|falls?|loops?|jumps?|moves?)\s+back|returns?|go(?:es)?|moves?|transitions?|"
                           r"jumps?)\s+to\s+(?P<dst>.+)$", re.IGNORECASE)
_COND = r"(?:[^,]|(?<=\d),(?=\d{3}\b))"  # a condition runs to its comma; "10,000" holds one of its own
SINGLE_BRANCH_RE = re.compile(rf"^(?:and\s+|then\s+|but\s+)?(?P<kw>if|when|once)\s+(?P<cond>{_COND}+?),(?!\d{{3}}\b)\s*(?:then\s+)?(?P<body>.+)$",
                              re.IGNORECASE)
ELSE_IF_RE = re.compile(rf"^(?P<kw>(?:else|otherwise)\s*,?\s*if)\s+(?P<cond>{_COND}+),(?!\d{{3}}\b)\s*(?:then\s+)?(?P<body>.+)$", re.IGNORECASE)
_REJOIN_VERBS = r"(?:continue|go|lead|end|proceed|move|join|meet|feed|flow|converge|merge|arrive|land|pass)(?:e?s)?"
# "both then continue to ship", "both paths end at verify", "either way, update the dashboard",
# "both then feed into reporting", "both then → send receipt", "all three then go to C", "everyone meets at
# the debrief": after every branch's last step
REJOIN_RE = re.compile(r"^(?:and\s+)?(?:then\s+)?(?:both|all(?:\s+(?:two|three|four|five))?|everyone|everybody|everything|either\s+way|in\s+(?:both|either|any|all)\s+cases?|"
                       r"the\s+(?:two|three|four)(?=\s+(?:paths|branches|routes)))"
                       r"(?:\s+(?:paths|branches|routes|of\s+them))?,?(?:\s+then)?\s*"
                       rf"(?:{_REJOIN_VERBS}\s+(?:on\s+|up\s+|back\s+)?(?:to|at|with|in|into|on)\s+|(?:->|→|=>)\s*)?"
                       r"(?P<x>\S.*)$", re.IGNORECASE)
# "either way, …", "in any case, …": a rejoin said without counting the branches (after one "if", the
# branch's step and the way around it)
REJOIN_ONLY_RE = re.compile(r"^(?:and\s+)?(?:then\s+)?(?:either\s+way|in\s+(?:both|either|any|all)\s+cases?)\b", re.IGNORECASE)
ELSE_RE = re.compile(r"^(?P<alt>otherwise|else|if\s+not)\s*,?\s+(?P<body>.+)$", re.IGNORECASE)
FAN_IN_RE = re.compile(r"^(?:all|both|all\s+\w+|everything|they|these|those)(?:\s+(?:are|is|have|has))?\s+"
                       r"(?:done|finished|finish|complete|completed|ready|succeeded|succeed)$", re.IGNORECASE)
# "in parallel, a and b", "then a and b run in parallel", "a, b and c, all at the same time"
PARALLEL_RE = re.compile(r"^(?:then\s+)?(?:in\s+parallel|simultaneously|concurrently|at\s+the\s+same\s+time)\s*,?\s*(?P<a>.+)$|"
                         r"^(?:(?:and\s+)?then\s+)?(?P<b>.+?)\s*,?\s+(?:all\s+)?(?:(?:run|are\s+run|go)\s+)?"
                         r"(?:in\s+parallel|simultaneously|concurrently|at\s+the\s+same\s+time)$",
                         re.IGNORECASE)
# "go back to X", "come back to X", "round again to X", "repeat from X", "return to X": the
# existing step X a loop goes back to
GO_TO_RE = re.compile(r"^(?:(?:go(?:es)?|loops?|falls?|jumps?|comes?|cycles?|circles?|heads?)\s+)?(?:straight\s+|directly\s+)?"
                      r"(?:back\s+|a?round\s+(?:again\s+)?|again\s+)?to\s+|^returns?\s+to\s+|"
                      r"^(?:repeat|start\s+over|restart)\s+(?:from|at|with)\s+",
                      re.IGNORECASE)
BACK_WORDS_RE = re.compile(r"\b(?:back|round|around|again|repeat|restart|over|returns?|comes?)\b", re.IGNORECASE)
# "<step> fails → …", "<step> passes → …": a named step's outcome, then where it leads
OUTCOME_ROW_RE = re.compile(r"^(?P<step>[^→>:;,]{1,40}?)\s+(?P<cond>fails|failed|passes|passed|succeeds|succeeded|"
                            r"times\s+out|timed\s+out|is\s+(?:approved|rejected|declined|accepted|denied))"
                            r"\s*(?:->|→|=>)\s*(?P<rest>\S.*)$", re.IGNORECASE)
# "try again", "retry it at most twice", "retry (up to 3 times)": a retry of a step it does not name
# ("retry it" alone may be a step of its own)
RETRY_RE = re.compile(r"^(?:try|retry|redo|re-?attempt|attempt)(?:\s+(?:it|that))?(?:\s+again|\s+once\s+more|"
                      r"\s*[(,]?\s*(?:at\s+most|up\s+to|max(?:imum)?|no\s+more\s+than)\b[^()]*\)?){1,2}[.!]?$", re.IGNORECASE)
SUBJECT_PRONOUN_RE = re.compile(r"^(?:we|they|you|i|he|she)\s+(?=\w)", re.IGNORECASE)


def _step_text(text: str) -> str:
    """A step as a sequence names it: "we triage the alert" → "triage the alert",
    "go straight to take payment" → "take payment"."""
    text = SUBJECT_PRONOUN_RE.sub("", text.strip())
    return GO_TO_RE.sub("", text)


def _named_by_gerund(graph: Graph, text: str) -> str | None:
    """The label of the one step said before whose verb the text names in its -ing form."""
    first, _, rest = clean_label(text).partition(" ")
    found = [label for label in graph.labels.values()
             if (parts := label.split(" ", 1)) and len(parts) == 2 and node_key(parts[1]) == node_key(rest)
             and first.casefold() in gerunds(parts[0])]
    return found[0] if len(found) == 1 else None


def _relabel_since(graph: Graph, start: int, label: str) -> None:
    """Put a condition read before its statement ("After 30 s of silence, …") on the edges the
    statement drew."""
    for index in range(start, len(graph.edges)):
        tail, head, old = graph.edges[index]
        graph.edges[index] = (tail, head, old or label)


def _labelled_arrow(statement: str) -> bool:
    return any(any(arrow.group(g) for g in ARROW_LABELS) for arrow in ARROW_RE.finditer(statement))


_ANSWER_THEN_RE = re.compile(r"(?:,|\s+and)\s+then\s+(?=\S)", re.IGNORECASE)


def _read_answer(graph: Graph, rest: str, label: str, decision: str) -> str:
    """"Yes → charge the card", "otherwise: show an error": a branch from the question it answers, the
    answer on its first edge."""
    graph.decider = decision
    graph.decisions.add(decision)
    start = len(graph.edges)
    # "Yes: open the gate, then count the passenger": the answer's way goes on, step by step
    rest = _ANSWER_THEN_RE.sub(" -> ", rest)
    end = _read_chain(graph, "-> " + rest, decision)
    if len(graph.edges) == start:  # "yes -> Reimburse employee; no -> Return to employee": the way is one drawn already
        raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell where '{label}' goes: '{rest.strip()}' leads to a step "
                                                 "the question already reaches. Name each answer's step in full, e.g. "
                                                 "'Approved? yes -> Pay; no -> Send back to the employee'.")
    tail, head, _ = graph.edges[start]
    graph.edges[start] = (tail, head, label)
    if end and end != decision:  # "… No: call the ISP. In both cases, log the outcome": the answers' paths may rejoin
        graph.branch_ends.append(end)
    return decision


def _read_statement(graph: Graph, statement: str, last: str | None) -> str | None:
    statement = comma_after_condition(statement)
    trigger = TRIGGER_HEADING_RE.match(statement)
    if trigger and not last:  # "When a webhook delivery fails: if it's a 4xx, …": the event starts the flow
        last = graph.node(_step_text(trigger.group("event")))
        graph.flow = True
        statement = trigger.group("rest")
    event = EVENT_ROW_RE.match(statement) if graph.event_rows and not ANSWER_RE.match(statement) else None
    if event:
        tail, head = graph.node(event.group("a")), graph.node(event.group("b"))
        # "open event: Closed -> Open": "event" says what the name before it is; the event is "open"
        graph.edge(tail, head, clean_label(re.sub(r"\s+event$", "", event.group("event").strip(), flags=re.IGNORECASE)))
        graph.flow = True
        return head
    exit_ = EXIT_RE.match(statement) if graph.loop_from else None
    if exit_:  # "…, go back to fetch; after the third failure, alert ops": out of the loop from the step that failed
        start = len(graph.edges)
        end = _read_chain(graph, "-> " + exit_.group("rest"), graph.loop_from)
        tail, head, _ = graph.edges[start]
        graph.edges[start] = (tail, head, clean_label(exit_.group("exit")))
        graph.loop_from = None
        return end
    # "check form =no=> show errors": a labelled arrow is an edge of its own, not a case row of the
    # step before; "once all three are done → X" joins a fan-out
    outcome = OUTCOME_ROW_RE.match(statement) if last and not graph.fan_out else None
    if outcome and graph.known(outcome.group("step")) in (last, graph.case_decider):
        # "… → test; test fails → notify Slack; test passes → deploy": the outcome of the step just
        # named, a branch from it with the outcome on its edge
        return _read_case_row(graph, graph.known(outcome.group("step")) or last, outcome.group("cond"), outcome.group("rest"))
    answer = ANSWER_RE.match(statement)
    asked = graph.questions.answer(answer_side(answer_label(answer)) or "") if answer else None
    if answer and asked:  # "No: backorder" after "In stock? → Yes: ship → end": the question, not "end"
        return _read_answer(graph, answer.group("rest"), answer_label(answer), asked)
    other = OTHERWISE_ROW_RE.match(statement)
    asked = graph.questions.otherwise() if other else None
    if other and asked:  # "otherwise: send reminder" after "Paid? → yes: ship": the question's other way
        return _read_answer(graph, other.group("rest"), other.group("alt").lower(), asked)
    # ("if it passes, implement → release": a branch whose body is a chain, not a row whose condition
    # runs to the arrow)
    row = None if _labelled_arrow(statement) or graph.fan_out or SINGLE_BRANCH_RE.match(statement) \
        else split_case_row(statement)
    if row and node_key(clean_label(row[0])) not in graph.labels:
        decider = graph.case_decider or last or (graph.node(graph.pending_step) if graph.pending_step else None)
        if decider:  # "weigh package; < 1 kg → letter rate; …"
            return _read_case_row(graph, decider, *row)
    outcome = outcome_branch(statement) if not graph.fan_out else None
    decider = graph.case_decider or graph.decider or last or (graph.node(graph.pending_step) if outcome and graph.pending_step else None)
    if outcome and decider:  # "… go back to Run job. On success, Mark job done.": a branch from the step
        return _read_case_row(graph, decider, *outcome)
    otherwise = OTHERWISE_ROW_RE.match(statement) if graph.case_decider else None
    if otherwise:  # "otherwise: deliver to inbox" after case rows
        return _read_case_row(graph, graph.case_decider, otherwise.group("alt").lower(), otherwise.group("rest"))
    graph.case_decider = None
    fan_out, graph.fan_out = graph.fan_out, []
    # "For my recipe blog I'd like a little diagram: in parallel: …": a heading before the first step's list
    parallel_list = PARALLEL_LIST_RE.match(re.sub(r"^[^:\n]{1,80}:\s*(?=in\s+parallel\s*:)", "", statement) if last is None else statement)
    if parallel_list:  # "then in parallel: lint, unit tests, build image"
        return _read_parallel_list(graph, parallel_list.group("names"), last)
    fan_in, chain = fan_in_step(statement, len(fan_out)) if fan_out else (None, None)
    if fan_in and not VERB_RE.search(" " + fan_in + " "):  # "- deploy to staging (needs all three)"
        head = graph.node(_step_text(fan_in))
        for tail in fan_out:
            graph.edge(tail, head)
        # "once all three are done → sign-off → submit": the chain goes on from the step they wait for
        return _read_chain(graph, "-> " + chain, head) if chain else head
    every = from_any(statement)
    if every:  # "from any of the three, a power fault switches to flashing yellow"
        return _read_from_any(graph, *every)
    decision = graph.decider or (last if last and graph.labels.get(last, "").endswith("?") else None)
    if answer and decision and not answer.group("if") and not answer.group("iffed"):
        return _read_answer(graph, answer.group("rest"), answer_label(answer), decision)  # "Yes → charge the card"
    question = re.match(r"^(?:[\w ]{1,30}:\s*)?(?P<q>(?:is|are|does|do|did|has|have|was|were|can|should|will)\s+[^?]+\?)$",
                        statement, re.IGNORECASE) or (
        None if ARROW_RE.search(statement) else QUESTION_STEP_RE.match(re.sub(r"^[\w ]{1,30}:\s+", "", statement)))
    if question and not re.search(r"\byou\b", question.group("q"), re.IGNORECASE):
        decision = graph.node(question.group("q"))  # "Decision: is the card valid?" — answered next
        graph.decider = decision
        graph.decisions.add(decision)
        last = last or (graph.node(graph.pending_step) if graph.pending_step else None)  # "submit. approved?"
        if last and last != decision:  # "… -> Approved?; Approved? yes -> …": the question said again, no loop
            graph.edge(last, decision)
        return decision
    if _routes(graph, statement, last):
        return None
    graph.route_from = None
    reply = REPLY_RE.match(statement)
    if reply and not re.search(r"(?:^|\s)(?:to|into)\s", reply.group("msg")) and not ARROW_RE.search(statement):
        subject = graph.node(reply.group("subj"))
        if subject in graph.senders:  # "the API responds with a token": back to whoever asked
            graph.edge(subject, graph.senders[subject], clean_label(reply.group("msg")))
            return subject
    result = _read_branching(graph, statement, last)
    if result is not False:
        return result  # type: ignore[return-value]
    graph.decider = None
    after = AFTER_STEP_RE.match(statement)
    tail = graph.known(after.group("x")) if after else None
    if after and tail is not None:  # "After finance review: pay out": on from a step named before
        rest = after.group("rest")
        if ARROW_RE.search(rest):
            return _read_chain(graph, "-> " + rest, tail)
        head = graph.node(_step_text(rest))
        graph.edge(tail, head)
        graph.flow = True
        return head
    leading = LEADING_CONDITION_RE.match(statement)
    if leading and (ARROW_RE.search(leading.group("rest")) or VERB_RE.search(" " + leading.group("rest") + " ")):
        start = len(graph.edges)
        last = _read_statement(graph, leading.group("rest"), last)
        _relabel_since(graph, start, clean_label(leading.group("cond")))
        return last
    from_state = FROM_STATE_RE.match(statement)
    if from_state:
        src, dst = graph.node(from_state.group("src")), graph.node(from_state.group("dst"))
        graph.edge(src, dst, clean_label(from_state.group("cond")) if from_state.group("cond") else None)
        return dst
    parallel = PARALLEL_RE.match(re.sub(r"^[^:,]{1,40}:\s*", "", statement))
    if parallel:
        names = split_names(parallel.group("a") or parallel.group("b"))
        last = last or (graph.node(graph.pending_step) if graph.pending_step else None)  # "checkout. then a and b in parallel"
        keys = [graph.node(_step_text(n)) for n in names]
        for key in keys:
            if last:
                graph.edge(last, key)
        graph.last_objects = keys
        graph.fan_out = keys if len(keys) > 1 else []  # "…; then internal sign-off": after all of them
        graph.flow = True
        return None
    return _read_plain_statement(graph, statement, last)


# "blood samples go to hematology": what kind of item it is decides where it goes from the step before
ROUTE_RE = re.compile(r"^(?P<who>(?!(?:we|they|you|it|he|she|both|all|everyone|everything|each|every|then|and)\b)"
                      r"[^,;:→>()]{2,40}?)\s+(?:go(?:es)?|are\s+sent|is\s+sent|gets?\s+sent|move|moves)\s+"
                      r"(?:straight\s+|directly\s+|on\s+)?(?:to|into)\s+(?P<step>[^,;:→>()]+?)$", re.IGNORECASE)


def _routes(graph: Graph, statement: str, last: str | None) -> bool:
    """ "Blood samples go to hematology, tissue samples go to pathology": branches from the step
    before, each labelled with the kind of item it takes. None unless every clause is such a route."""
    clauses = re.split(r",\s*(?:and\s+)?", statement)
    matches = [ROUTE_RE.match(clause.strip()) for clause in clauses]
    if not all(matches) or any(graph.known(m.group("who")) for m in matches if m):
        return False
    # only a flow's routes: two or more in one sentence, more after routes, or kinds of item ("damaged
    # parcels go to …", a plural) after a bare step — never "the browser goes to nginx" (an actor)
    plural = all(re.search(r"\s(?:go|are\s+sent|get\s+sent|move)\s", m.group(0)) for m in matches if m)
    if graph.route_from:
        decider: str | None = graph.route_from
    elif len(matches) > 1 and (last or graph.pending_step):
        decider = last or graph.node(graph.pending_step or "")
    elif plural and graph.pending_step and not last:
        decider = graph.node(graph.pending_step)
    elif plural and last and last == graph.decider:  # "if receipts are missing, …. Claims with receipts go to …"
        decider = last
    else:
        return False
    graph.flow = True
    graph.decisions.add(decider)
    for match in matches:
        if match is None:
            continue
        head = graph.node(_step_text(match.group("step")))
        graph.edge(decider, head, clean_label(match.group("who")))
        graph.branch_ends.append(head)
    graph.route_from = decider
    return True


def _read_case_row(graph: Graph, decider: str, condition: str, rest: str) -> str | None:
    """"< 1 kg → letter rate": a branch from the step before the rows, the condition on its edge."""
    graph.case_decider = graph.decider = decider
    graph.decisions.add(decider)
    graph.questions.condition(condition)
    start = len(graph.edges)
    end = _read_chain(graph, "-> " + rest, decider)
    if BACK_WORDS_RE.search(rest):  # "on timeout → back to send request": a loop out of the decider
        graph.loop_from = decider
    if len(graph.edges) > start:
        tail, head, _ = graph.edges[start]
        graph.edges[start] = (tail, head, clean_label(outcome_label(condition)))  # "On timeout → …": "timeout"
    if end:
        graph.branch_ends.append(end)  # "…; both then → send receipt": the rows' paths may rejoin
    return end


def _read_parallel_list(graph: Graph, names: str, last: str | None) -> None:
    source = last or (graph.node(graph.pending_step) if graph.pending_step else None)
    keys = [graph.node(_step_text(name)) for name in split_names(names)]
    for key in keys:
        if source:
            graph.edge(source, key)
    graph.flow = True
    graph.last_objects = list(keys)
    graph.fan_out = list(keys) if len(keys) > 1 else []
    return None


def _read_from_any(graph: Graph, count: int, condition: str, target: str) -> str:
    head = graph.node(_step_text(target))
    sources = [key for key in graph.labels if key != head]
    if not sources or (count and count != len(sources)):
        raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell which steps 'from any' means before "
                                                 f"'{graph.labels[head]}'; name them, e.g. 'from A, B or C, "
                                                 f"{condition} goes to {graph.labels[head]}'.")
    graph.flow = True
    for tail in sources:
        graph.edge(tail, head, clean_label(condition))
    return head


def _read_branching(graph: Graph, statement: str, last: str | None) -> str | None | bool:
    """"X -> if C, Y, otherwise Z", "if C, Y" then "otherwise Z" as statements of their own, and
    "when all three are done, deploy" (fan-in). False when the statement is not a branch."""
    arrow_if = re.match(r"^(?P<head>.*\S)\s*(?:->|→|=>)\s*(?P<rest>(?:if|when)\s.+)$", statement, re.IGNORECASE)
    if arrow_if:
        last = _read_chain(graph, arrow_if.group("head"), last)
        clauses = split_branch_clauses(arrow_if.group("rest"))  # "X → if A then Y, otherwise if B then Z, …"
        for clause in clauses[:-1]:
            last = _read_statement(graph, clause, last)
        return _read_statement(graph, clauses[-1], last)
    single = SINGLE_BRANCH_RE.match(statement)
    if single and FAN_IN_RE.match(single.group("cond").strip()) and graph.last_objects:
        head = graph.node(_step_text(single.group("body")))
        for tail in graph.last_objects:
            graph.edge(tail, head)
        graph.last_objects = []
        return head
    full = re.match(rf"^(?:and\s+|then\s+)?(?P<kw>if|when)\s+(?P<cond>{_COND}+?),(?!\d{{3}}\b)\s*(?:then\s+)?(?P<yes>.+?),?\s*"
                    r"(?P<alt>otherwise|else|if\s+not|or\s+else)\s*,?\s+(?P<no>.+)$", statement, re.IGNORECASE)
    if full:
        return _read_branch(graph, full, last or (graph.node(graph.pending_step) if graph.pending_step else None))
    decider = graph.decider or last or (graph.node(graph.pending_step) if single and graph.pending_step else None)
    named = step_named_in(single.group("cond"), graph.labels) if single else None
    if named and decider and named != decider:  # "if pick fails, go back to order": the branch leaves "pick"
        decider = named
    if single and decider and not named and decider != graph.decider and BACK_WORDS_RE.search(single.group("body")):
        # "a → test → deploy. If tests fail, go back to a": the way back may leave the step the condition is
        # about ("test"), not the last one; which it is is not written, so it is not drawn from either
        about = [k for k in steps_the_condition_is_about(single.group("cond"), graph.labels) if k != decider]
        if about:
            raise EngineRefusal("UNREADABLE_INTENT", (
                f"I could not tell which step '{single.group('kw')} {single.group('cond').strip()}' leaves from: "
                f"'{graph.labels[about[0]]}' or '{graph.labels[decider]}'. Name it, e.g. 'if {graph.labels[about[0]]} "
                f"fails, {single.group('body').strip().rstrip('.')}'."))
    if single and decider and not named and decider == graph.decider and graph.branch_chain:
        # "X → if C, A → B → W; if D, E": a sibling of the first branch (from X) or the next step after
        # W? Both are said this way; neither is safe to draw
        raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell whether '{statement}' branches from "
                                                 f"'{graph.labels[decider]}' or from the step before it. Name the "
                                                 "step it starts from, e.g. 'after <step>, if …' or '<step> -> if …'.")
    if single and decider:
        graph.decider = decider
        graph.flow = True
        graph.decisions.add(decider)
        _read_branch_body(graph, decider, single.group("body"), _condition_label(single.group("kw"), single.group("cond")))
        return decider
    else_if = ELSE_IF_RE.match(statement)
    if else_if and graph.decider:  # "else if it's below 18 °C, turn on the heating"
        _read_branch_body(graph, graph.decider, else_if.group("body"), _condition_label(else_if.group("kw"), else_if.group("cond")))
        return graph.decider
    rejoin = REJOIN_RE.match(statement)
    if rejoin and graph.branch_ends:  # "then both continue to ship": every branch's last step
        first, *chain = re.split(r"\s*(?:->|→|=>)\s*", rejoin.group("x"), maxsplit=1)
        head = graph.node(_step_text(first))
        tails = list(graph.branch_ends)
        decider = graph.decider
        if decider and len(tails) == 1 and REJOIN_ONLY_RE.match(statement) and \
                sum(1 for tail, _, _ in graph.edges if tail == decider) == 1:
            tails.append(decider)  # "if a coupon is entered, validate coupon. Either way, pay": and around it
        for tail in tails:
            graph.edge(tail, head)
        graph.branch_ends = []
        graph.decider = None
        return _read_chain(graph, "-> " + chain[0], head) if chain else head  # "both → X → Y": on from X
    other = ELSE_RE.match(statement)
    if other and graph.decider:
        _read_branch_body(graph, graph.decider, other.group("body"), re.sub(r"\s+", " ", other.group("alt")).lower())
        return graph.decider
    return False


def _condition_label(keyword: str, condition: str) -> str:
    """A branch's condition as its edge reads: with its own keyword ("if valid", "once approved")."""
    # articles stay: "if the temperature is above 30 °C" is the phrase; "if temperature is …" is not
    text = re.sub(r"\s+", " ", CONTROL_CHARS_RE.sub("", condition)).strip(" .,;:!*")
    return re.sub(r"\s+", " ", keyword).lower() + " " + text


def _read_branch_body(graph: Graph, decider: str, body: str, label: str | None) -> None:
    """"revise and return to peer review": the branch's first step, then where it goes."""
    graph.questions.condition(label)
    written, known_before = body, set(graph.labels)
    if RETRY_RE.match(body.strip()):  # "if declined, try again (at most twice)": which step is tried is not said
        raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell which step '{body.strip()}' tries again. Name it, "
                                                 f"e.g. '{label or 'if it fails'}, go back to <step>'.")
    again = re.match(r"^(?P<a>.+?)\s*,?\s+(?:and\s+then|and|then)\s+(?P<b>[^,]+?)\s+again\s*[.!]?$", body.strip(), re.IGNORECASE)
    if again and node_key(clean_label(_step_text(again.group("b")))) in graph.labels \
            and not BACK_WORDS_RE.search(again.group("a")):  # ("send it back and submit again": the way back itself)
        body = f"{again.group('a')} -> {again.group('b')}"  # "wait 30 s and upload file again": back to that step
    elif again and not BACK_WORDS_RE.search(again.group("a")):
        # "wait another hour and check again" after "check the starter": back to the one step opening so
        target = shortened_again_target(graph.labels, _step_text(again.group("b")))
        body = f"{again.group('a')} -> {target}" if target else body
    body = normalise_chain(body)  # "the author pushes fixes and it goes back to CI runs"
    parts = [p for p in re.split(r"\s*,?\s+(?:and\s+then|then|and)\s+(?=(?:go(?:es)?\s+|loops?\s+|return|back|come)\b)|"
                               r"\s*,?\s+(?:and\s+then|and\s+afterwards)\s+|"  # "log it and then drop it": two steps
                               r"\s*,\s*then\s+|"  # "request receipts, then finance review"
                               r"\s*(?:->|→|=>)\s*", body.strip(), flags=re.IGNORECASE) if p.strip()]
    previous = decider
    for index, part in enumerate(parts):
        key = graph.node(_way_back(graph, part) if index else _step_text(part))
        graph.edge(previous, key, label if index == 0 else None)
        previous = key
    graph.branch_ends.append(previous)
    if BACK_WORDS_RE.search(written):  # "if it fails, go back to fetch": a loop out of the decider
        graph.loop_from = decider
    # "if no PONG, fail over → restart pods → watch error rate": arrows after a branch may be the main
    # line going on, so a later "if …" may start from its last step (not "log it and then drop it")
    graph.branch_chain = len(parts) > 1 and bool(re.search(r"->|→|=>", written)) and previous not in known_before


def _way_back(graph: Graph, part: str) -> str:
    """A step of a branch after its first: "return to the review step" must name a step said before
    ("review" of "editor review"); a way back to a step never named is refused, not drawn new."""
    text = _step_text(part)
    way_back = GO_TO_RE.match(part.strip())
    if not way_back or not BACK_WORDS_RE.search(way_back.group(0)):
        return text
    target = re.sub(r"\s+(?:step|stage|state|phase)$", "", clean_label(text), flags=re.IGNORECASE)
    known = graph.known(target)
    if known is None and re.search(r"\bback\b", way_back.group(0), re.IGNORECASE):
        opening = shortened_again_target(graph.labels, target, BACK_MIN_WORDS)  # "back to unit tests": the one step opening so
        known = graph.known(opening) if opening else None
    if known is None:
        raise EngineRefusal("UNREADABLE_INTENT", f"'{part.strip()}' goes back to a step that is not named before it. "
                                                 "Name that step as you did first, e.g. 'revise and return to editor review'.")
    return graph.labels[known]


def _read_plain_statement(graph: Graph, statement: str, last: str | None) -> str | None:
    branch = re.match(rf"^(?:and\s+|then\s+)?(?P<kw>if|when)\s+(?P<cond>{_COND}+?),(?!\d{{3}}\b)\s*(?:then\s+)?(?P<yes>.+?),?\s*"
                      r"(?P<alt>otherwise|else|if\s+not|or\s+else)\s*,?\s+(?P<no>.+)$", statement, re.IGNORECASE)
    if branch:
        return _read_branch(graph, branch, last or (graph.node(graph.pending_step) if graph.pending_step else None))
    if ARROW_RE.search(statement):
        statement = group_parallel_steps(statement)  # "→ in parallel: a, b →" is one group, not two clauses
        chunks = [c for c in re.split(r",\s*(?![^()]*\))|\s+and\s+(?![^()]*\))(?=[^,]*(?:->|→|=>))", statement) if c.strip()]
        if len(chunks) > 1 and all(ARROW_RE.search(c) for c in chunks):
            for chunk in chunks:  # "…, and payment —failure→ cart": the joining word is not the step's
                last = _read_chain(graph, re.sub(r"^\s*(?:and\s+)?(?:then\s+)?", "", chunk, flags=re.IGNORECASE), None)
            return last
        # "→ deploy → approve" and "then deploy → approve" go on from the step before
        goes_on = statement.lstrip().startswith(("->", "→")) or re.match(r"^\s*(?:and\s+)?then\s", statement, re.IGNORECASE)
        return _read_chain(graph, statement, last if goes_on else None)
    then_parts = re.split(r",?\s*\b(?:and\s+then|and\s+finally|and\s+next|then|after\s+that|afterwards|next|finally)\b\s*,?\s*|"
                          # "…, collection, and round again to evaporation": the way back ends the sequence
                          r",?\s*\band\s+(?=(?:(?:go|come|loop|cycle|head)s?\s+)?(?:back|a?round(?:\s+again)?)\s+to\s)",
                          statement, flags=re.IGNORECASE)
    then_parts = [p for p in then_parts if p.strip()]
    last = last or (graph.node(graph.pending_step) if graph.pending_step and re.match(
        r"^\s*(?:and\s+)?(?:then|next|finally|after\s+that|afterwards)\b", statement, re.IGNORECASE) else None)
    if len(then_parts) == 1 and last and re.match(r"^\s*(?:and\s+)?(?:then|next|finally|after\s+that|afterwards)\b", statement,
                                                   re.IGNORECASE) and not VERB_RE.search(" " + statement + " "):
        graph.flow = True  # "…; then email the team": the step after the last one
        return _read_chain_nodes(graph, [_step_text(then_parts[0])], last)
    if len(then_parts) > 1:
        graph.flow = True
        first = re.sub(r"^(?:first(?:ly)?|start\s+(?:with|by))\s*,?\s*", "", PREAMBLE_RE.sub("", then_parts[0]), flags=re.IGNORECASE)
        # "planning, development, review, and then back to planning": a comma list before "then"
        # is a sequence too
        leading = [p for p in re.split(r"\s*,\s*", first) if p.strip()] if not VERB_RE.search(" " + first + " ") else [first]
        parts = [*leading, *then_parts[1:]]
        parallel = PARALLEL_RE.match(parts[-1])
        if parallel:  # "start job, then in parallel A, B and C": a fan-out from the step before
            previous = _read_chain_nodes(graph, [_step_text(p) for p in parts[:-1]], None)
            keys = [graph.node(_step_text(n)) for n in split_names(parallel.group("a") or parallel.group("b"))]
            for key in keys:
                if previous:
                    graph.edge(previous, key)
            graph.last_objects = keys
            graph.fan_out = keys if len(keys) > 1 else []
            return None
        # "Receive the order. Then pack it, then ship it.": a sentence opening with "then" goes on from the step before
        opens_with_then = re.match(r"^\s*(?:and\s+)?(?:then|next|after\s+that|afterwards)\b", statement, re.IGNORECASE)
        return _read_chain_nodes(graph, [_step_text(p) for p in parts], last if opens_with_then else None)
    return read_relations(graph, statement, last)


PLAIN_ARROW_RE = re.compile(r"\s*(?:-{1,2}>|—>|–>|=>|→|⟶|➜|➔|⇒|↦)\s*")


def _unwrap_boxed_steps(chain: str) -> str:
    """"(Client) → (API) → (DB)", "[Client] -> [API] -> [DB]": when every step of a chain is
    bracketed alike, the brackets draw boxes; they are not labels or groups."""
    pieces = PLAIN_ARROW_RE.split(chain.strip())
    for opening, closing in (("(", ")"), ("[", "]")):
        inner = rf"\{opening}([^()\[\]\n]+)\{closing}"
        if len(pieces) > 2 and all(re.fullmatch(inner, p.strip()) for p in pieces):
            return re.sub(inner, r"\1", chain)
    return chain


def _read_chain(graph: Graph, statement: str, last: str | None) -> str | None:
    graph.flow = True
    chain = normalise_chain(_unwrap_boxed_steps(statement))
    nodes: list[str] = []
    labels: list[str | None] = []
    position = 0
    for arrow in ARROW_RE.finditer(chain):
        nodes.append(chain[position:arrow.start()])
        labels.append(next((arrow.group(g) for g in ARROW_LABELS if arrow.group(g)), None))
        position = arrow.end()
    nodes.append(chain[position:])
    if "-->" in chain and any(re.search(r"\s&\s", n) for n in nodes):  # "lb --> api1 & api2": Mermaid's "both"
        raise EngineRefusal("UNREADABLE_INTENT", "I could not tell whether '&' joins two steps or is part of one name. "
                                                  "Write each arrow on its own, e.g. 'lb --> api1; lb --> api2', "
                                                  "or write the name with 'and'.")
    if len(nodes) == 2 and labels[0] is None:  # "dock (battery low) -> charge": the one edge's condition
        leading = re.match(r"^(?P<node>.*\S)\s+[(\[](?P<cond>[^()\[\]]{1,60})[)\]]\s*$", nodes[0])
        if leading and not NOTATION_LEFTOVER_RE.search(leading.group("node").strip()) and (
                len(leading.group("cond").split()) > 1
                or re.fullmatch(r"yes|no|true|false|ok|else|otherwise", leading.group("cond").strip(), re.IGNORECASE)):
            # (one word, "api (v2) -> db", may be a tag of the name: it stays in the name)
            nodes[0], labels[0] = leading.group("node"), leading.group("cond")
    nodes[0] = WHAT_FLOWS_RE.sub("", nodes[0])  # "material flows cutter → press": what moves is no step
    if last is not None:  # "…; then deploy to staging → approval": the chain goes on from the step before
        then = re.match(r"^\s*(?:and\s+)?then\s+", nodes[0], re.IGNORECASE)
        nodes[0] = nodes[0][then.end():] if then else nodes[0]
        if then and graph.known(nodes[0].strip()) is not None and len(nodes) > 1:
            last = None  # "A->B, A->C. Then B->D.": a step named before opens the next arrow; it is not reached again
    nodes[0] = PREAMBLE_RE.sub("", nodes[0]) if ":" in nodes[0] or re.match(r"^\s*(?:draw|make|create|show|render|generate|build|give|a|an|the)\b", nodes[0], re.IGNORECASE) else nodes[0]
    return _read_chain_nodes(graph, nodes, last, labels)


def _read_chain_nodes(graph: Graph, nodes: list[str], last: str | None, labels: list[str | None] | None = None) -> str | None:
    previous: list[str] = [last] if last else []
    carried: str | None = None  # "valid? → yes → save": an answer between two arrows labels the way on
    for index, text in enumerate(nodes):
        if not text.strip():
            if index == 0 and last:
                continue
            raise EngineRefusal("UNREADABLE_INTENT", f"An arrow has nothing on one side. {EXAMPLE}.")
        label = labels[index - 1] if labels and index > 0 and index - 1 < len(labels) else None
        if labels is not None and 0 < index < len(nodes) - 1 and len(previous) == 1 and label is None \
                and index < len(labels) and labels[index] is None and answer_side(text.strip()):
            carried = text.strip()
            continue
        label, carried = label or carried, None
        text = text.strip()
        leading = re.match(r"^\((?P<label>[^()]{1,60})\)\s*(?=[^\s(])", text)  # "(approved) publish"
        if leading:
            label, text = leading.group("label"), text[leading.end():]
        if index > 0 and labels is not None:
            way_back = GO_TO_RE.match(text)
            text = GO_TO_RE.sub("", text)  # "render frame → back to read input": the existing step
            if way_back and BACK_WORDS_RE.search(way_back.group(0)) and graph.known(text) is None:
                text = _named_by_gerund(graph, text) or text  # "repeat from reading the queue": "read the queue"
            if way_back and re.search(r"\bback\b", way_back.group(0), re.IGNORECASE) and graph.known(text) is None:
                text = shortened_again_target(graph.labels, text, BACK_MIN_WORDS) or text  # "back to 3-way match": "3-way match with PO"
            if way_back and BACK_WORDS_RE.search(way_back.group(0)) and graph.known(text) is None:
                # "→ repeat from reading the queue": a way back to a step never named is a guess
                raise EngineRefusal("UNREADABLE_INTENT", f"'{way_back.group(0).strip()} {text.strip()}' goes back to a "
                                                         "step that is not named before it. Name that step as you did "
                                                         "first, e.g. 'wash -> rinse -> back to wash'.")
        message = re.match(r"^(?P<node>[^:]+?):\s+(?P<msg>\S.*)$", text) if index == len(nodes) - 1 and index > 0 \
            and labels is not None else None
        if message and (":" in message.group("msg")
                        or re.fullmatch(r"yes|no|true|false|ok|else|success|fail(?:ed|ure)?", message.group("node").strip(), re.IGNORECASE)):
            message = None  # "yes: Ship / no: Backorder" is a branch's answers, not a message
        if message and not label:  # "Alice->Bob: hello": the message on the arrow
            # ("click *Log in*": the emphasis marks dropped, message_label_forms.py)
            label, text = plain_message_label(message.group("msg")), message.group("node")
        tail = TAIL_CONDITION_RE.match(text) if index > 0 and labels is not None else None
        if tail and not label and ALTERNATIVES_RE.search(tail.group("node")):
            tail = None  # "save, or show error if invalid": the condition is the last alternative's own
        if tail and tail.group("bracket") and len(tail.group("bracket").split()) < 2 \
                and not re.fullmatch(r"yes|no|true|false|ok|else|otherwise", tail.group("bracket").strip(), re.IGNORECASE):
            # "→ app [v2]" may be a name with a tag as well as "→ enter site [badge ok]" a condition
            raise EngineRefusal("UNREADABLE_INTENT", f"I could not tell whether '[{tail.group('bracket')}]' is part of the "
                                                      f"name '{text.strip()[:40]}' or a condition. Write a condition inside "
                                                      f"the arrow, e.g. 'A -[{tail.group('bracket')}]-> B', or the name "
                                                      "without brackets.")
        if tail and not label:  # "idle → listening on the wake word"
            label, text = tail.group("cond") or tail.group("paren") or tail.group("bracket"), tail.group("node")
            # "CLOSED -> LISTEN on listen", "Idle → Heating when temp < setpoint": the event, without the word
            # that says it is one
            label = re.sub(r"^(?:on|when(?!\s+(?:a|an|the|it|they|its|their|this|that)\b))\s+(?=\S)", "", label, flags=re.IGNORECASE)
        group = re.fullmatch(r"[(\[{]\s*([^()\[\]{}]+?)\s*[)\]}]", text)  # "-> (DB, cache)": fan out
        # "-> (adult: adult ward | child: paediatric ward) ->": labelled branches that meet again after
        cases = re.split(r"\s*\|\s*", group.group(1)) if group and "||" not in group.group(1) else []
        labelled = len(cases) > 1 and all(re.match(r"^[^:,]{1,40}:\s*[^:\s]", c) for c in cases)
        if labelled:
            alternatives = cases
        elif group:
            alternatives = [a for a in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*‖\s*|\s*\|\|\s*", group.group(1))
                            if a.strip()]  # "(lint ‖ test)": parallel steps
        else:
            alternatives = [a for a in ALTERNATIVES_RE.split(text) if a.strip()]
            answers = re.split(r"\s*,\s*", text)
            if len(answers) > 1 and all(re.match(r"^(?:yes|no|true|false)\s*:\s*\S", a, re.IGNORECASE) for a in answers):
                alternatives = answers  # "yes: investigate, no: escalate"
        keys = []
        for alternative in alternatives:
            if NOTATION_LEFTOVER_RE.search(alternative.strip()):
                raise EngineRefusal("UNREADABLE_INTENT", f"I could not read the arrow or shape syntax in "
                                                          f"'{alternative.strip()[:40]}'. Write a labelled arrow as "
                                                          "'A -(label)-> B' or 'A -> B: label'.")
            own = TAIL_CONDITION_RE.match(alternative) if len(alternatives) > 1 and labels is not None else None
            if own and not label and (own.group("cond") or "").lower().startswith(("if ", "when ", "unless ")):
                # "save, or show error if invalid": this alternative's own condition, on its edge alone
                alternative, own_label = own.group("node"), own.group("cond")
            else:
                own_label = None
            answer = re.match(r"^(?P<answer>[^:]+?)\s*:\s*(?=\S)" if labelled else
                              r"^(?P<answer>yes|no|true|false|ok|success|fail(?:ed|ure)?|else)\s*[:=]\s*(?=\S)",
                              alternative, re.IGNORECASE)  # "yes: Ship / no: Backorder"
            edge_label = answer.group("answer") if answer else own_label or label
            for tail in previous:
                if answer_side(edge_label):  # "X → yes: A": X's "yes"; a later "no:" is X's too
                    graph.questions.answered_at(tail, answer_side(edge_label) or "")
            # (named after the answer is placed: "A? → yes: B? → …" opens B inside A's "yes")
            head = graph.node(alternative[answer.end():] if answer else alternative)
            keys.append(head)
            for tail in previous:
                graph.edge(tail, head, clean_label(edge_label) if edge_label else None)
        if len(keys) > 1 and previous and (labelled or not group):
            graph.decisions.update(previous)
        previous = keys
    return previous[0] if len(previous) == 1 else None


def _read_branch(graph: Graph, branch: re.Match[str], last: str | None) -> str | None:
    graph.flow = True
    condition = clean_label(branch.group("cond"))
    decision = last if last else graph.node(condition + "?")
    graph.decisions.add(decision)
    graph.questions.condition(condition)
    if not last:  # "if the card is valid, …, otherwise …": a question answered both ways in one sentence
        graph.questions.answered_at(decision, "yes")
        graph.questions.answered_at(decision, "no")
    yes = graph.node(_step_text(branch.group("yes")))  # "otherwise go straight to take payment": the step
    no = graph.node(_step_text(branch.group("no")))
    # Labels are the intent's own words: the condition (unless it is the decision node itself)
    # and the word that introduced the other branch ("otherwise", "else").
    graph.edge(decision, yes, _condition_label(branch.group("kw"), branch.group("cond")) if last else None)
    graph.edge(decision, no, re.sub(r"\s+", " ", branch.group("alt")).lower())
    return None


def read_parallel_outline(intent: str) -> Graph | None:
    """A step list with "in parallel:" blocks of nested steps."""
    items = parallel_outline(intent)
    if items is None:
        return None
    graph = Graph(flow=True)
    previous: list[str] = []
    for text, block in items:
        if block is None:
            step = fan_in_step(text, len(previous))[0] if len(previous) > 1 else text
            if step is None:
                return None
            heads = [graph.node(_step_text(step))]
        else:
            heads = [graph.node(_step_text(child)) for child in block]
        for tail in previous:
            for head in heads:
                graph.edge(tail, head)
        previous = heads
    return graph if graph.edges else None


def read_case_outline(intent: str) -> Graph | None:
    """A step list whose last step holds nested case rows ("- check severity\n  - critical → page")."""
    items = case_outline(intent)
    if items is None or any(GO_TO_RE.match(step.strip()) and BACK_WORDS_RE.search(step) for _, step in items[-1][1]):
        return None  # "- yes → back to step 1": a way back, not a case's step (step_refs.py reads a numbered list)
    graph = Graph(flow=True)
    decider = _read_chain_nodes(graph, [_step_text(step) for step, _ in items], None)
    if decider is None:
        return None
    graph.decisions.add(decider)
    for condition, step in items[-1][1]:
        graph.edge(decider, graph.node(_step_text(step)), clean_label(condition))
    return graph


def read_case_list(intent: str) -> Graph | None:
    """A decision and its cases in one list ("severity? P1 -> page oncall, P2 -> create ticket")."""
    read = case_list(intent)
    if read is None:
        return None
    steps, rows = read
    graph = Graph(flow=True)
    decider = _read_chain_nodes(graph, [_step_text(step) for step in steps], None)
    if decider is None:
        return None
    graph.decisions.add(decider)
    for condition, step in rows:
        graph.edge(decider, graph.node(_step_text(step)), clean_label(condition))
    return graph


def read_listed_steps(intent: str) -> Graph | None:
    """"Incident response steps in order: detect, triage, mitigate": a heading that says the items
    are in order, then the items, is a flow."""
    steps = listed_steps(intent)
    if steps is None:
        return None
    graph = Graph(flow=True)
    _read_chain_nodes(graph, [_step_text(step) for step in steps], None)
    return graph


def read_numbered_messages(intent: str) -> Graph | None:
    """"(1) A → B: msg (2) B → C: msg" on one line: each numbered message a statement."""
    statements = numbered_messages(intent, ARROW_RE)
    return None if statements is None else read_sentences(statements)


def read_dependency_data(intent: str) -> Graph | None:
    """ "services:\n  web:\n    depends_on: [api]" with the way its arrows point (dependency_data.py)."""
    read = dependency_edges(intent)
    if read is None:
        return None
    _, items, edges = read
    graph = Graph(flow=True)
    keys = {item: graph.node(item) for item in items}
    for tail, head in edges:
        graph.edge(keys[tail], keys[head])
    return graph


def read_dependency_prose(intent: str) -> Graph | None:
    """ "Calculus I is required for Calculus II. …" beside "arrow from prerequisite to the course it
    unlocks": each dependency an edge the way the intent says (dependency_prose_forms.py)."""
    read = dependency_prose(intent)
    if read is None:
        return None
    graph = Graph(flow=True)
    for tail, head in read[1]:
        graph.edge(graph.node(tail), graph.node(head))
    return graph


def read_groups(intent: str) -> Graph | None:
    """Declared groups drawn as clusters; the rest of the intent read by the cascade."""
    return read_grouped(intent, read_rest=_read_without_groups)


def _read_without_groups(text: str) -> Graph | None:
    return next((g for reader in READERS if reader is not read_groups and (g := reader(text)) is not None), None)


# The cascade, most specific form first: notations (Mermaid, PlantUML), data-shaped edges (JSON,
# tables, drawn trees, adjacency lines), then outlines (parallel blocks and case rows before groups and plain
# lists), then line forms, then sentences.
READERS: list[Callable[[str], Graph | None]] = [
    read_notation_graph, read_dependency_map, read_json_graph, read_job_graph, read_dependency_data, read_dependency_prose, read_people_table, read_dependency_table,
    read_edge_table, read_tree_drawing, read_adjacency, read_colon_adjacency, read_code_branches,
    read_listed_messages, read_parallel_outline, read_decision_outline, read_case_outline, read_case_list, read_step_references, read_groups, read_outline, read_inline_steps,
    read_listed_steps, read_numbered_messages, read_reporting_lines, read_sequence, read_sentences,
]
