"""The checker's normal forms: ways of writing a relation that the glue grammar reads in one
canonical wording. Each rewrite is a documented equivalence applied to the intent before the
faithfulness check reads it; the drafter never calls this module (it reads the intent its own way).

- "X is (the) boss / head / manager / supervisor of Y", "X is in charge of Y" → "X manages Y"
- "X leads / heads / has a team of (three:) A, B and C" → "X manages (three:) A, B and C"
- "X has two agents reporting to him, A and B" → "X manages two agents, A and B"
- "X has A (and B) under him/her/them" → "X manages A (and B)"
- "Under Y are A and B", "under Y: A" → "Y manages A and B";
- "X's manager is Y" → "X reports to Y"; "Direct reports of Y: A, B" → "Y manages A, B"
- "X splits into / is divided into / consists of / holds A and B" → "X contains A and B";
  "X has three children — A, B, C" → "X has A, B, C"
- a headed edge table (CSV, tab-separated or markdown) → one "tail -> head: label" line per row
- a people table ("name | title | reports_to") → "Boss manages A and B." per manager, its names final
  like JSON's (people_table_normal.py, the check's own reading)
- "name: a, b" lines (or a YAML map of lists) whose other lines only say the colon is a forward
  relation ("depends on", "calls", "draw an arrow from each service to what it depends on") →
  one "name -> a" line per name listed, the cue lines dropped (they name no node)
- YAML in the shapes of yaml_data.py → the JSON it stands for, then as JSON below
- dependency data (YAML/JSON "depends_on", "needs", "after", "talks_to" lists) with the intent's word on which way
  the arrows point → "a -> b" lines, the caption a heading (dependency_data.py)
- a state-machine config ({"states": {s: {"on": {EVENT: target}}}}) → "s -> target: EVENT" lines (state_configs.py)
- a JSON edge list → arrow lines; a JSON tree ({"name", "children"/"reports"}) → a nested bullet outline
- a label inside an arrow ("=yes=>", "—checkout→", "-> |valid|", "→ (battery low) →") → "-(label)->"
- a notation block (Mermaid flowchart or sequenceDiagram, PlantUML) → its strict parse as "A -> B: label"
  lines (notation_reader.py: the one reading a notation has; a line it cannot read refuses)
- a root named in the heading over a list ("Tree, root = Thesis:") → "Root: Thesis" (outline_roots.py)
- an indented list of "Role – Name" lines → "- Name (Role)" items (titled_items.py)
- a tree drawn with box characters ("├── src/") → indented bullets
- parallel openers ("three things happen in parallel: a, b, c", "→ [a, b] in parallel →") →
  "in parallel: a, b, c", "→ (a, b) →" (parallel_normal.py)
- an if / else-if / else chain written like code with no step before it → a chain of questions with their
  yes/no answers: "if x > 3: A / else: B" → "x > 3? yes -> A; no -> B" (code_branch_normal.py)
- a follow-up condition right after another ("If C, A. If still C, B.") → "If C, A. A -> B: if still C."
  (follow_up_normal.py)
- cases routed in a sentence after a deciding step ("detect language; English goes to the EN team, Spanish to
  the ES team, anything else to machine translation") → the case list "detect language: English -> EN team, …"
  (routing_normal.py)
- two "if"s in one sentence → one statement each; "then, with or without X, Y" → "then either way, Y"
  (branch_normal.py)
- "material flows cutter → press" → "material flow: cutter → press" (what moves is the chain's title)
- an opening scene ("In our factory the …", "In the lab, …", "For a refund request, …") → dropped, like a title
- "the store manager, Dana, answers to the regional manager, Felix" → "Dana (store manager) answers to
  Felix (regional manager)" (appositives.py)
- "A is managed by B and C by D" → "A is managed by B; C is managed by D" (gapping.py)
- "CEO is Nadia.", "Dana runs engineering." (opening) → "top is Nadia."; "Sam's team: A, B" → "Sam manages
  A, B"; "Tom" after the one "Tom Baker" → "Tom Baker"; "Yuki" after "Yuki (Tier 1)" → "Yuki (Tier 1)";
  "Pia's got" → "Pia has" (role_names.py)
- "Two leads report to her: A and B" → "her manages two leads: A and B" (counted_reports.py)
- "connects to A and to B" → "connects to A and B" (the preposition said again names nothing)
- "Ravi in turn leads …", "Ravi, in turn, manages …" → "Ravi leads …" (the aside says nothing of who)
- a heading's explanation of the arrows that the data cannot contradict ("(arrow from origin to
  destination): A → B", "draw an arrow from the first item of each pair to the second: [[…]]") → dropped
- "(keys are units, values are their sub-units)" before a JSON object of objects → dropped
- a heading hedged by one adverb ("Hiring comms, roughly:") → the heading ("Hiring comms:")
- a closing request about the drawing only ("Keep it simple!", "Draw it as a tree.") → dropped
- a retry limit after a way back, when an exit follows ("back to X (max 3 retries); after the 3rd timeout → give
  up") → dropped, the exit says it (loop_exits.py)
- "go back to step 1 (Write proposal)" in a numbered list, the bracket naming item 1 again → "go back to step 1"
  (step_ref_normal.py); the list's last item that asks over a nested "- yes → …" and "- no → …" → the answers on
  the item's line ("3. More items? yes → back to step 1; no → Stop")
- a flat step list with conditional items ("2. If C, X; otherwise Y") → sentences: "A → B. If C, X; otherwise Y.
  In both cases, D." (list_branches.py)
- a relative clause between a sentence's subject and its verb ("The pump, which is controlled by the PLC, feeds
  the tank") → a sentence of its own before it ("The pump is controlled by the PLC. The pump feeds the tank")
  (relative_clauses.py)
- "A is used / called / queried / fed by B (and C)" → "B (and C) uses A"; "M is sent / returned / passed by B to C"
  → "B sends M to C", in an intent with no sequence word (passive_normal.py; a process's passive clauses are steps)
- a state machine told as a story ("It starts Idle. When called it goes to Moving.") → "Idle -> Moving when
  called" lines (state_story_normal.py)
- "Paid orders move to Shipped …", "A Paid order becomes Shipped …" (the state before the machine's thing, both
  named elsewhere) → "Paid moves to Shipped …" (state_subject_normal.py)
- "X answers Y with M", Y a party named before → "X replies to Y with M" (reply_normal.py)
- particle verbs between two named parties → labelled arrows: "S switches on O" → "S -> O: switches on", "S looks
  W up in O" → "S -> O: looks W up", "S types M into O" → "S -> O: M", "S reports its M to O" → "S -> O: M"
  (particle_normal.py)
- "S hands / tells / gives O M" with O the subject of a clause of its own → "S -> O: M" (message_object_normal.py)
- ">" and ">>" between names, in an intent with no other arrow and no comparison → "->" (angle_arrows.py)
- "From A it goes to B, from B to C, and from C back to A" (the verb said once) → "A -> B; B -> C; C -> A"
  (from_moves.py, read alike by the drafter)
- an opening list of states ("The states are A, B and C.", "Model X as a state machine with the states A, B and C.")
  → the heading "X states: A, B and C" (it names nodes, no edge)
- "CS101 has no dependencies.", "dns depends on nothing." → "CS101.", "dns." (denied_dependencies.py, read
  alike by the drafter)
- a closing "that's it" / "that is all" after the last sentence → dropped (closing_normal.py)
- a greeting ("Hi Jo,"), a sign-off ("Thanks, Mara") and sentences that only ask for the drawing or say how
  it looks ("One box per party, arrows labelled with the message.") → dropped (framing.py); a dropped request
  for labels on the arrows makes every label the intent states for an edge required
"""

from __future__ import annotations

import re

from .agent_json import agent_graph, json_document
from .angle_arrows import angle_brackets_as_arrows
from .answer_to_normal import answer_to_normal_form
from .appositives import roles_in_brackets
from .architecture_normal import architecture_normal_form, architecture_spec_up, bullet_relations_normal_form
from .arrow_captions import without_arrow_explanation, without_tree_shape_explanation
from .arrow_list_check import section_headings_apart
from .bracket_event_normal import bracket_event_normal_form
from .branch_normal import branch_normal_form
from .closing_normal import without_closing_remark_normal
from .code_branch_normal import code_branch_normal_form
from .condition_after_normal import condition_after_normal_form
from .condition_first_normal import condition_first_normal_form
from .counted_reports import counted_reports_as_manages
from .data_frames import framed_heading, is_frame
from .declared_moves import declared_moves_as_arrows
from .denied_dependencies import denied_dependencies_as_parts
from .dependency_data import dependency_edges
from .dependency_prose_normal import dependency_prose_normal_form
from .dependency_table_normal import dependency_map_as_arrows, dependency_table_as_arrows
from .edge_tables import DRAWING_KIND_KEYS, DRAWING_KIND_VALUES, SEQUENCE_KEYS, colon_cue_says_more, colon_entries
from .fan_in_normal import fan_in_normal_form
from .follow_up_normal import follow_up_normal_form
from .framing import without_framing
from .from_moves import from_moves_as_arrows
from .gapping import ungapped
from .list_branches import list_branches_as_sentences
from .list_names import list_names_normal_form
from .loop_exits import without_retry_limits
from .message_object_normal import message_object_normal_form
from .move_clauses import move_clauses_plainly
from .notation_reader import notation_as_arrows
from .org_clauses_normal import org_clauses_normal_form
from .org_opening_normal import org_opening_normal_form
from .outline_roots import root_heading
from .parallel_join_normal import parallel_join_normal_form
from .parallel_normal import parallel_normal_form
from .parallel_note_normal import parallel_note_normal_form
from .parallel_then_normal import parallel_then_normal_form
from .participant_lists import without_participant_list
from .particle_normal import particle_normal_form
from .passive_normal import passive_normal_form
from .passive_story_normal import passive_story_normal_form
from .people_table_normal import people_table_as_sentences
from .pipelines import job_block
from .rejoin_normal import rejoin_normal_form
from .relative_clauses import relative_clauses_apart
from .reply_normal import reply_normal_form
from .role_names import named_roles
from .routing_normal import routing_normal_form
from .shared_moves import shared_moves_as_arrows
from .state_chain_events import state_chain_events_as_labels
from .state_configs import state_machine
from .state_story_normal import state_story_normal_form
from .state_subject_normal import state_subject_normal_form
from .step_ref_normal import nested_answers_on_the_item, restated_step_names_dropped
from .table_headings import header_out_of_heading
from .table_vocabulary import TABLE_CHANGE_WORDS, TRANSITION_HEADS, TRANSITION_LABELS, TRANSITION_TAILS, aligned_cells
from .time_opener_normal import time_opener_normal_form
from .titled_items import titled_items
from .tree_caption_normal import tree_caption_normal_form
from .vocabulary import HEDGED_HEADING_RE, NOT_CONTENT, name_text
from .wrapped_prose import wrapped_prose
from .yaml_data import as_json_graph, parse_yaml

_MANAGES_RE = re.compile(r"\bis\s+(?:the\s+)?(?:boss|head|manager|supervisor)\s+of\b|\bis\s+in\s+charge\s+of\b", re.IGNORECASE)

# A clause before a colon that holds one of these states a reporting line ("Sam leads a team of
# three: Ana, Raj and Kofi"); it is not a heading that names the diagram.
RELATION_BEFORE_COLON = frozenset("leads manages supervises oversees heads has have reports report answer answers owns".split())


_TEAM_OF_RE = re.compile(
    r"\b(?:leads|heads|manages|runs|has)\s+a\s+(?:small\s+)?(?:team|group|staff|squad|crew)\s+of\b", re.IGNORECASE
)
_CONTAINS_RE = re.compile(
    r"\b(?:splits|is\s+(?:divided|split|broken\s+down)|breaks\s+down|branches)\s+into\b|"
    r"\bconsists\s+of\b|\bis\s+made\s+up\s+of\b|\bholds\b",
    re.IGNORECASE,
)
_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|\d+)"
# "The treasurer has an assistant treasurer under her" → "The treasurer manages an assistant treasurer"
_HAS_UNDER_RE = re.compile(r"\bhas\s+(?P<who>[^,;.:\n]{1,60}?)\s+(?:under|below|beneath|reporting\s+to)\s+(?:him|her|them)\b",
                           re.IGNORECASE)
_HAS_REPORTING_RE = re.compile(
    rf"\bhas\s+(?P<count>{_COUNT}\s+[\w-]+)\s+(?:reporting|who\s+report)\s+to\s+(?:him|her|them)\b", re.IGNORECASE
)

# "In our factory the plant manager …": a node that opens with a place ("in our", "at the") and
# goes on has swallowed the sentence's setting. Short states ("In the queue") are names.
SETTING_RE = re.compile(r"^(?:in|at|inside|within|across|throughout)\s+(?:our|my|the|their|your|this)\s")
SETTING_MIN_WORDS = 4


# "Keep it simple!", "Draw it as a tree.", "Can you draw that as an org chart?": a closing
# request about the drawing, made only of instruction, connecting and layout words.
_CLOSING_RE = re.compile(r"(?:(?<=[.!?])\s+|\n+)(?P<tail>[^.!?\n]+[.!?]*)\s*$")
_CLOSING_OPENERS = frozenset("draw make show render keep use put can could please pls would lay".split())
_LAYOUT_WORDS = frozenset(
    "keep simple top bottom left right horizontal horizontally vertical vertically layout tidy neat "
    "clean readable style boxes box arrows arrow lay section sections cluster clusters group groups".split()
)


def _without_closing_request(intent: str) -> str:
    while (match := _CLOSING_RE.search(intent)) is not None:
        words = re.findall(r"[^\W_]+", match.group("tail").casefold())
        allowed = NOT_CONTENT["anywhere"] | NOT_CONTENT["preamble"] | _LAYOUT_WORDS
        if not words or words[0] not in _CLOSING_OPENERS or not set(words) <= allowed:
            break
        intent = intent[: match.start()]
    return intent


_COUNTED_PARTS_RE = re.compile(
    r"\b(?P<verb>has|have|contains)\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
    r"(?:\s+[\w-]+)?\s*[:—–]\s*",
    re.IGNORECASE,
)


_DRAWN_BRANCH_RE = re.compile(r"^[\s│┃|├┣└┗─━]*[├┣└┗][─━]+\s*|^[\s│┃]+(?=\S)")


def _tree_drawing_as_outline(intent: str) -> str:
    """ "├── src/" / "│   └── app.py" (a tree as `tree` prints it) → indented bullets, one column a step."""
    if not re.search(r"[├└┣┗]", intent):
        return intent
    out = []
    for line in intent.splitlines():
        prefix = _DRAWN_BRANCH_RE.match(line)
        if prefix:
            out.append(" " * len(prefix.group(0)) + "- " + line[prefix.end() :].strip())
        elif (
            line.strip()
            and not re.search(r"[│┃├└┣┗─]", line)
            and (not out or line.rstrip().endswith(":") or len(line.split()) <= 2)
        ):
            out.append(("- " + line.strip()) if len(line.split()) <= 2 and not line.rstrip().endswith(":") else line)
        elif line.strip():
            return intent
    return "\n".join(out)


# "In our factory the plant manager …", "In the lab, Dr Osei …": the scene the intent opens with
# names where it all is, like a title; the first name starts after it.
# "For a refund request, check the purchase date": the case the intent is about, said first with
# "a"/"an" and a comma, is a scene too (never "for each …", a loop, nor "for the …", which may name a step)
SCENE_RE = re.compile(
    r"^\s*(?:(?:in|at|inside|within)\s+(?:our|my|the|their|this)\s+(?:[\w'’-]+\s+){0,1}?[\w-]+"
    r"(?:\s*,\s*|\s+(?=(?:the|a|an|our|my)\s))|for\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*,\s*(?=[a-z]))",
    re.IGNORECASE,
)


# Labels written inside an arrow, in the several ways people type them, → the one form the glue
# reads, "A -(label)-> B": "—[amount > 500]→", "=yes=>", "—checkout→", "-start->", "-> |valid|", "→ (battery low) →".
_INLINE_LABEL_RES = (
    re.compile(r"(?<![-—–])(?:-{1,2}|—|–)\s*[(\[](?P<label>[^()\[\]|\n]{1,60})[)\]]\s*(?:-{1,2}>|→|⟶)"),
    re.compile(r"(?<!\S)=(?P<label>[^\s=>][^=>\n]{0,58}?)=>"),
    re.compile(r"(?<!\S)[—–](?P<label>[^\s—–→>][^—–→>\n]{0,58}?)(?:→|-{1,2}>)"),
    re.compile(r"(?<!\S)-(?P<label>[^\s\-<>(\[|=][^-<>|\n]{0,58}?)(?<!\s)->"),  # "Idle -start-> Running"
    re.compile(r"(?:-{1,2}>|→|=>)\s*\|(?P<label>[^|\n]{1,60})\|"),
    re.compile(r"(?:->|→|=>)\s*\((?P<label>[^()\[\]|,&‖\n]{1,60})\)\s*(?:-{1,2}>|→|=>)"),
)
_BOXED_CHAIN_RE = re.compile(r"^\s*\((?:[^()\n]+)\)(?:\s*(?:->|→|=>)\s*\([^()\n]+\)){2,}\s*[.;]?\s*$")


def _inline_labels_as_parens(intent: str) -> str:
    # "(Client) → (API) → (DB)": every step in brackets draws boxes, not conditions
    intent = "\n".join(re.sub(r"\(([^()]+)\)", r"\1", line) if _BOXED_CHAIN_RE.match(line) else line
                       for line in intent.split("\n"))
    for pattern in _INLINE_LABEL_RES:
        intent = pattern.sub(lambda m: f" -({m.group('label').strip()})-> ", intent)
    return intent


# "Material flows cutter → press → welder": what moves along a chain, said before its first step, is
# the chain's title ("material flow:"), no step of it.
_WHAT_FLOWS_RE = re.compile(
    r"(?P<lead>^|(?<=[.;\n])\s*)(?P<what>(?:the\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?:flows|moves|travels)\s+"
    r"(?:through\s+|from\s+)?(?=[^.;\n:]*?(?:->|→))",
    re.IGNORECASE,
)


# "Tom's manager is Sara" → "Tom reports to Sara"; "Direct reports of Sara: Tom, Uma" → "Sara manages Tom, Uma"
_WHOSE_MANAGER_RE = re.compile(r"['’]s\s+(?:direct\s+|line\s+)?(?:manager|boss|supervisor)\s+is\b", re.IGNORECASE)
_REPORTS_OF_RE = re.compile(r"(?im)(?:(?<=^)|(?<=[.;]\s))(?:the\s+)?(?:direct\s+)?reports\s+(?:of|to)\s+(?P<boss>[^:,;.\n]+?)\s*:\s*")


# "Under Dana are Moe and Kira", "under him: Sato" → "Dana manages Moe and Kira", "him manages Sato"
_UNDER_RE = re.compile(r"(?im)(?:(?<=^)|(?<=[.;,]\s))(?:and\s+)?(?:under|below|beneath)\s+(?P<boss>(?:(?:dr|mr|mrs|ms|prof)\.\s+)?[^:,;.\n]+?)\s*"
                       r"(?::|\s(?:is|are|sits?|comes?|there['’]s|there\s+is|there\s+are))\s+")
# "top is Sales. under Sales …": the sentence that names the root says only that; its name is the node
_TOP_RE = re.compile(r"(?im)(?:(?<=^)|(?<=[.;:?!—–]\s))(?:the\s+)?(?:top|root|boss|head)\s+is\s+(?=[^,;:.\n]{1,40}[.;\n])")


# "connects to the switch and to the NAS" → "connects to the switch and the NAS", "depends on A and on B": the
# preposition said again
_AND_TO_AGAIN_RE = re.compile(r"(?P<first>\b(?P<to>to|into|on)\s+[^;.\n,]+?)\s+and\s+(?P=to)\s+(?=\S)", re.IGNORECASE)
# "open event: Closed -> Open": before a row's colon, "event" says what the name before it is
_NAMED_EVENT_RE = re.compile(r"(?:(?<=^)|(?<=[.;\n]\s)|(?<=\n))(?P<event>[A-Za-z][\w-]*(?: [\w-]+){0,2}?) event:(?=[^:.;\n]*(?:->|→))",
                             re.IGNORECASE | re.MULTILINE)
# "The states are Pending, Paid and Shipped.", "Model the crossing as a state machine with the states
# Green, Yellow and Red.", opening the intent (after at most a title sentence): the list of states
# as the heading "<title> states: Pending, Paid and Shipped", which names nodes and states no edge
_STATES_ARE_RE = re.compile(
    r"^\s*(?:(?P<title>[^.!?\n:]{1,80}?)[.!?:]\s+)?(?:(?:the|its|our|my|their)\s+)?(?:(?:possible|allowed)\s+)?"
    r"states\s+are\s*:?\s+(?=\S)", re.IGNORECASE)
_WITH_STATES_RE = re.compile(
    r"^\s*(?P<title>[^.!?\n:]{1,80}?)\s+(?:as\s+)?(?:an?\s+)?(?:(?:finite\s+)?state\s+(?:machine|diagram)|fsm)\s+"
    r"with\s+(?:the\s+)?(?:(?:following|possible)\s+)?states\s*:?\s+(?=\S)", re.IGNORECASE)


# "A traffic signal cycles through three states. From Green …": an opening sentence that only says
# the diagram's states are coming is their heading ("… three states:"); the count is held (stated_counts.py)
_CYCLES_THROUGH_RE = re.compile(
    r"^\s*(?P<head>[^.!?\n:]{1,60}?\s+(?:cycles|goes|moves|passes|switches)\s+(?:through|between)\s+"
    r"(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+)?(?:different\s+)?states)\s*\.\s+(?=\S)", re.IGNORECASE)


def _listed_states_as_heading(intent: str) -> str:
    cycles = _CYCLES_THROUGH_RE.match(intent)
    if cycles:
        return f"{cycles.group('head')}: " + intent[cycles.end():]
    match = _STATES_ARE_RE.match(intent) or _WITH_STATES_RE.match(intent)
    if match is None:
        return intent
    title = (match.group("title") or "").strip()
    return (f"{title} states: " if title else "States: ") + intent[match.end():]


_IN_TURN_RE = re.compile(r",?\s+in\s+turn\b,?(?=\s)", re.IGNORECASE)


# a bullet item holding bold words: "- **CEO**: Dana Park", "  - **Raj Iyer** (CTO)"
# (an item with arrows is left as written: there bold steps beside italic conditions tell the two apart)
_BULLET_LINE_RE = re.compile(r"^[ \t]*[-*•+][ \t]+(?:(?!->|→|=>|⇒).)*$", re.MULTILINE)
_BOLD_WORDS_RE = re.compile(r"\*\*([^*\n]+)\*\*|__([^_\n]+)__")


def _bullet_bold_as_plain(intent: str) -> str:
    """Bold inside a bullet item only emphasises its words; the item reads the same without it."""
    return _BULLET_LINE_RE.sub(lambda line: _BOLD_WORDS_RE.sub(lambda m: m.group(1) or m.group(2), line.group(0)), intent)


def normal_form(intent: str) -> str:
    """The intent with relation wordings replaced by their canonical form."""
    intent = architecture_spec_up(intent)  # "spec: |" over indented sentences: the sentences (architecture_normal.py)
    intent = wrapped_prose(intent) or intent  # {"tool": "draw", "args": {"description": "…"}}: the prose it carries
    intent = without_framing(intent)  # a greeting, a sign-off, sentences that only ask for the drawing (framing.py)
    intent = section_headings_apart(intent)  # "**Components**" / "**Connections**" over the lines (arrow_list_check.py)
    intent = without_closing_remark_normal(intent)  # "… closed → open on reopen. that's it" (closing_normal.py)
    intent = architecture_normal_form(intent)  # "reads/writes X" → "uses X", "Both application servers" (architecture_normal.py)
    intent = tree_caption_normal_form(intent)  # "(top-down, parent → child)" over a nested list (tree_caption_normal.py)
    intent = _bullet_bold_as_plain(intent)  # "- **CEO**: Dana Park" → "- CEO: Dana Park": bold only emphasises
    intent = bullet_relations_normal_form(intent)  # "- A routes to:" / "  - B" / "- B writes to C" (architecture_normal.py)
    intent = code_branch_normal_form(intent)  # "if x > 3: A / else: B" → "x > 3? yes -> A; no -> B" (code_branch_normal.py)
    intent = without_retry_limits(intent)  # "back to X (retry at most 3 times); after the third failure, …"
    intent = restated_step_names_dropped(intent)  # "go back to step 1 (Write proposal)" → "go back to step 1" (step_ref_normal.py)
    intent = nested_answers_on_the_item(intent)  # "3. More?\n  - yes → back to step 1\n  - no → Stop" on one line (step_ref_normal.py)
    intent = without_participant_list(intent)  # "… between A, B and C: A sends …" (participant_lists.py)
    intent = list_branches_as_sentences(intent)  # a step list with "If C, X" / "Otherwise Y" items (list_branches.py)
    intent = follow_up_normal_form(intent)  # "If C, A. If still C, B." → "… A -> B: if still C." (follow_up_normal.py)
    intent = routing_normal_form(intent)  # "detect X; a goes to A, b to B" → "detect X: a -> A, b -> B" (routing_normal.py)
    intent = relative_clauses_apart(intent)  # "S, which R, M" → "S R. S M" (relative_clauses.py)
    intent = passive_story_normal_form(intent)  # "X is picked by A, then it's packed by B": one thing (passive_story_normal.py)
    intent = passive_normal_form(intent)  # "A is used by B" → "B uses A"; "M is sent by B to C" → "B sends M to C"
    intent = time_opener_normal_form(intent)  # "on the day, the shipper hands …" → "the shipper hands …" (time_opener_normal.py)
    intent = answer_to_normal_form(intent)  # "Server answer to Client." → "Server replies to Client with answer." (answer_to_normal.py)
    intent = reply_normal_form(intent)  # "the API answers the browser with JSON" → "… replies to the browser with JSON"
    intent = particle_normal_form(intent)  # "the Hub switches on the Light" → "the Hub -> the Light: switches on"
    intent = message_object_normal_form(intent)  # "S hands O M" → "S -> O: M" (message_object_normal.py)
    intent = _listed_states_as_heading(intent)  # "The states are A, B and C." → "States: A, B and C."
    intent = state_story_normal_form(intent)  # "It starts Idle. When called it goes to Moving." (state_story_normal.py)
    intent = bracket_event_normal_form(intent)  # "(event in brackets): A -> B [x]" → "A -[x]-> B" (bracket_event_normal.py)
    intent = condition_first_normal_form(intent)  # "If x, A goes to B." → "A goes to B if x." (condition_first_normal.py)
    intent = state_subject_normal_form(intent)  # "Paid orders move to Shipped …" → "Paid moves to Shipped …" (state_subject_normal.py)
    intent = from_moves_as_arrows(intent)  # "From A it goes to B, from B to C" → "A -> B; B -> C" (from_moves.py)
    intent = header_out_of_heading(intent)  # "Order states (from | event | to):" over its rows (table_headings.py)
    intent = move_clauses_plainly(intent)  # "A can go back to B", "A goes to B when x, or to C if y" (move_clauses.py)
    intent = declared_moves_as_arrows(intent)  # "States: A, B. Transitions: A to B; B to A" (declared_moves.py)
    intent = denied_dependencies_as_parts(intent)  # "CS101 has no dependencies." → "CS101." (denied_dependencies.py)
    intent = dependency_prose_normal_form(intent)  # "A needs B. (arrows from prerequisite to course)" → "B -> A"
    intent = parallel_note_normal_form(intent)  # "2a. …\n2b. …\n(2a and 2b run in parallel)" → an "in parallel:" block
    intent = shared_moves_as_arrows(intent)  # "A and B both go to C on x" → "A -> C on x; B -> C on x" (shared_moves.py)
    intent = state_chain_events_as_labels(intent)  # "states: a → b (e1) → c (e2)" → "a -(e1)-> b -(e2)-> c"
    explained = angle_brackets_as_arrows(without_tree_shape_explanation(without_arrow_explanation(intent)))  # "a > b > c"
    mapped = dependency_map_as_arrows(explained)
    if mapped != explained:  # {"web": ["ui-kit"]} beside "an arrow from each package to … it depends on"
        return _without_closing_request(mapped)
    data = _json_as_text(explained)
    if data != explained:
        # a graph given as JSON names its nodes exactly: the rewrites of prose below ("Tom" after "Tom
        # Baker" is Tom Baker) would change a name the data states, so the data's lines are final
        return _without_closing_request(data)
    people = people_table_as_sentences(explained)
    if people != explained:  # a people table names its people exactly, like JSON (people_table_normal.py)
        return _without_closing_request(people)
    table = dependency_table_as_arrows(explained)
    if table != explained:  # "package,depends_on" rows name their items exactly (dependency_table_normal.py)
        return _without_closing_request(table)
    intent = _inline_labels_as_parens(list_names_normal_form(notation_as_arrows(explained)))
    intent = org_opening_normal_form(intent)  # "The unit is led by the CEO, Dana Reyes.", "X's direct reports are …"
    intent = org_clauses_normal_form(intent)  # "A reports to B, and C and D report to E" (org_clauses_normal.py)
    intent = ungapped(roles_in_brackets(named_roles(_IN_TURN_RE.sub("", intent))))
    intent = _AND_TO_AGAIN_RE.sub(lambda m: f"{m.group('first')} and ", intent)
    intent = _NAMED_EVENT_RE.sub(lambda m: f"{m.group('event')}:", intent)  # "open event: A -> B" → "open: A -> B"
    intent = SCENE_RE.sub("", intent, count=1)
    intent = titled_items(root_heading(intent))
    intent = HEDGED_HEADING_RE.sub(lambda m: m.group("head") + ":", intent, count=1)
    intent = _tree_drawing_as_outline(intent)
    intent = _without_closing_request(_table_as_arrows(_json_as_text(_colon_lists_as_arrows(_dependencies_as_arrows(_jobs_as_arrows(intent))))))
    intent = parallel_then_normal_form(intent)  # "A and B in parallel, then C" (parallel_then_normal.py)
    intent = parallel_join_normal_form(intent)  # "P fans out to A and B", "when all 3 are green, D" (parallel_join_normal.py)
    intent = parallel_normal_form(intent)  # "three things happen in parallel: …" → "in parallel: …"
    intent = fan_in_normal_form(intent)  # "a, b and c at the same time; once all three are done, d"
    intent = rejoin_normal_form(intent)  # "after both, X", "whichever happens, X" → "In both cases, X"
    intent = condition_after_normal_form(intent)  # "approve when risk < 30, block when risk > 70"
    intent = branch_normal_form(intent)  # "when X, if A …, and if B …"; "then, with or without X, …"
    intent = _WHAT_FLOWS_RE.sub(lambda m: f"{m.group('lead')}{m.group('what')} flow: ", intent)
    intent = counted_reports_as_manages(intent)  # "Two managers report to her: Felix and Joy"
    intent = _WHOSE_MANAGER_RE.sub(" reports to", intent)
    intent = _REPORTS_OF_RE.sub(lambda m: f"{m.group('boss')} manages ", intent)
    intent = _UNDER_RE.sub(lambda m: f"{m.group('boss')} manages ", intent)
    intent = _TOP_RE.sub("", intent)
    intent = _MANAGES_RE.sub("manages", intent)
    intent = _CONTAINS_RE.sub("contains", intent)
    intent = _COUNTED_PARTS_RE.sub(lambda m: f"{m.group('verb')} ", intent)  # "has three children — A, B, C"
    intent = _TEAM_OF_RE.sub("manages", intent)
    intent = _HAS_UNDER_RE.sub(lambda m: f"manages {m.group('who')}", intent)
    return _HAS_REPORTING_RE.sub(lambda m: f"manages {m.group('count')}", intent)


# --- data pasted as the intent: the checker's own reading of tables and JSON -----------------
# A headed edge table ("source,target" / "| From | To | Label |") is read as one "tail -> head:
# label" line per row; a JSON tree as a nested bullet outline; a JSON edge list as arrow lines.
# A short caption after the table ("screen flow graph please") becomes the heading it is; any other
# line after it stays after the arrows, so its content must be placed like any other.
_TAILS = frozenset("from source src tail start parent caller sender manager boss supervisor reportsto".split()
                   + TRANSITION_TAILS)
_HEADS = frozenset("to target dst dest destination head end child callee receiver employee report member".split()
                   + TRANSITION_HEADS)
_LABELS = frozenset("label message msg text via relation condition action event trigger when data payload".split()
                    + TRANSITION_LABELS)
_EMPTY_CELLS = frozenset({"", "-", "–", "—", "n/a", "none"})  # a label cell that says there is none
_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _row(line: str) -> list[str] | None:
    # tabs part cells, so a row ending in a tab ends in an empty cell (a move with no label)
    text = line.strip(" \r\n") if "\t" in line.strip() and "|" not in line else line.strip()
    if text.startswith("|") and text.endswith("|"):
        return [c.strip() for c in text[1:-1].split("|")]
    if "|" in text and not text.startswith("|") and "\t" not in text and re.search(r"\S\s*\|\s*\S", text):
        return [c.strip() for c in text.split("|")]  # "From | To | When": no border, each pipe parts two cells
    for separator in ("\t", ","):
        if separator in text:
            return [c.strip() for c in text.split(separator)]
    return aligned_cells(text)


def _table_as_arrows(intent: str) -> str:
    lines = [line for line in intent.splitlines() if line.strip() and not _RULE_RE.match(line)]
    rows = [_row(line) for line in lines]
    block = [i for i, r in enumerate(rows) if r is not None and len(r) > 1]

    def roles_of(index: int) -> list[str]:
        header = [re.sub(r"[^a-z]", "", c.casefold()) for c in rows[index]]  # type: ignore[union-attr]
        return ["tail" if h in _TAILS else "head" if h in _HEADS else "label" if h in _LABELS else "?" for h in header]

    # the table starts at its header; a heading with a comma before it ("Turnstile, please draw:") is no row
    while len(block) > 2 and sorted(roles_of(block[0])) not in (["head", "tail"], ["head", "label", "tail"]):
        block = block[1:]
    if len(block) < 2 or block != list(range(block[0], block[-1] + 1)):
        return intent
    roles = roles_of(block[0])
    if sorted(roles) not in (["head", "tail"], ["head", "label", "tail"]):
        return intent
    arrows = []
    for index in block[1:]:
        cells = dict(zip(roles, rows[index], strict=False))  # type: ignore[arg-type]
        if len(rows[index]) != len(roles) or not cells["tail"] or not cells["head"]:  # type: ignore[arg-type]
            return intent
        label = cells.get("label")
        label = None if label is None or label.casefold() in _EMPTY_CELLS else label
        arrows.append(_data_arrow(cells["tail"], cells["head"], label))
    # "Turnstile state machine, please draw it:" → "Turnstile state machine:" (data_frames.py)
    before = [framed_heading(line) for i, line in enumerate(lines) if i < block[0]]
    trailing = [line for i, line in enumerate(lines) if i > block[-1]]
    # only a caption about the drawing becomes the heading; a sentence after the table ("login is
    # preceded by intake", "Also a review step") stays after the arrows, where it must be placed
    # (and never one that adds to the rows: "flowchart plus a Billing step", "… where Treatment goes to Billing")
    cell_words = {w for index in block for cell in rows[index] for w in re.findall(r"[^\W_]+", cell.casefold())}  # type: ignore[union-attr]
    captions = [line.strip().rstrip(".:") + ":" for line in trailing if _CAPTION_RE.search(line)
                and len(line.split()) <= _CAPTION_MAX_WORDS and not re.search(r"[.;!?]\s+\S", line.strip())
                and not set(re.findall(r"[^\W_]+", line.casefold())) & (cell_words | TABLE_CHANGE_WORDS | _CAPTION_NOT_WORDS)]
    rest = [line for line in trailing if line.strip().rstrip(".:") + ":" not in captions]
    return "\n".join([*before, *captions, *arrows, *rest])


_CAPTION_RE = re.compile(r"\b(?:graph|diagram|chart|flow|flowchart|map|tree|draw|plot|visuali[sz]e|render|please|pls|"
                         r"lineage|org|state\s+machine)\b", re.IGNORECASE)
_CAPTION_MAX_WORDS = 8
# words that say more than what the drawing is ("… where Treatment goes to Billing too")
_CAPTION_NOT_WORDS = frozenset("with where goes go then too after before when if".split())


_INSIDE_ARROW_RE = re.compile(r"[^()\[\]|\n]{1,60}")


def _data_arrow(tail: str, head: str, label: str | None) -> str:
    """A row or JSON edge as "tail -(label)-> head": a label inside the arrow is read as a label
    only, so one that opens with a verb ("notify order", "a") is not read as a relation or as a
    connecting word; a label the arrow cannot hold stays after a colon."""
    tail, head, label = name_text(tail), name_text(head), name_text(label) if label else label
    if not label:
        return f"{tail} -> {head}"
    if _INSIDE_ARROW_RE.fullmatch(label.strip()):
        return f"{tail} -({label.strip()})-> {head}"
    return f"{tail} -> {head}: {label}"


def _jobs_as_arrows(intent: str) -> str:
    """A CI "jobs:" block: one "need -> job" line per need, a job that needs nothing and is needed
    by none on a line of its own; the caption stays a heading."""
    block = job_block(intent)
    if block is None:
        return intent
    caption, jobs = block
    needed = {n for _, needs in jobs for n in needs}
    lines = [f"{need} -> {job}" for job, needs in jobs for need in needs]
    lines += [job for job, needs in jobs if not needs and job not in needed]
    return "\n".join([caption.rstrip(":") + ":" if caption else "", *lines]).strip("\n")


def _dependencies_as_arrows(intent: str) -> str:
    """Dependency data with the way its arrows point (dependency_data.py): one "a -> b" line per edge, an
    item on no edge on a line of its own, the caption as a heading; the instruction was read there."""
    read = dependency_edges(intent)
    if read is None:
        return intent
    caption, items, edges = read
    # one clause each, "a -> b, c -> d" (a line that opens with a name after a line that ends on one
    # would read as a case row)
    lines = [", ".join(f"{tail} -> {head}" for tail, head in edges)]
    lines += [item for item in items if not any(item in edge for edge in edges)]
    return "\n".join([f"{caption}:" if caption else "", *lines]).strip("\n")


def _json_as_text(intent: str) -> str:
    document = json_document(intent)  # (a call around the data, "render_graph({…})", is frame)
    if document is not None:
        before, value, after = document
    else:
        value = as_json_graph(parse_yaml(intent))  # the same shapes pasted as YAML: the whole intent
        if value is None:
            return intent
        before, after = "", ""
    lines: list[str] = []
    machine = state_machine(value)
    if machine is not None:  # a state-machine config: its title, then "state -> target: EVENT" lines
        title, states, transitions = machine
        lines = ([f"{title}:"] if title else []) + [f"{s} -> {t}: {e}" for s, t, e in transitions]
        lines += [s for s in states if not any(s in (a, b) for a, b, _ in transitions)]
        return before + "\n" + "\n".join(lines) + "\n" + after
    agent = agent_graph(value)  # the shapes agents write, in one of the shapes below (agent_json.py)
    if agent is not None:
        value = agent.shape
        # the title stands where a heading stands; a note is said after the data, to be placed
        before = "\n".join(p for p in (before.strip(), f"{agent.title}:" if agent.title else "") if p)
        after = "\n".join(p for p in (*(n if re.search(r"[.!?]$", n) else n + "." for n in agent.notes), after.strip()) if p)
    value = _graph_shape(value)
    if value is None:
        return intent
    tree = isinstance(value, dict) and not ({"nodes", "edges"} & set(value)) and not _name_lists(value)
    # "draw this graph", "turn this into an org chart": a request for the data's drawing is frame
    before = "\n".join(framed_heading(line, tree) for line in before.splitlines())
    after = "" if is_frame(after, tree) else after
    steps = _step_list(value)
    if steps is not None:  # {"title": "Claims", "steps": [...]}: the title, then the steps one after another
        title, names = steps
        line = (f"{title}: " if title else "") + " -> ".join(name_text(n) for n in names)
        return before + "\n" + line + "\n" + after
    if _name_lists(value):  # {"intake": ["triage"], …}: each name points to the names listed
        lines = [f"{name_text(tail)} -> {name_text(head)}" for tail, heads in value.items() for head in heads]
        return before + "\n" + ", ".join(lines) + "\n" + after
    declared = _group_lines(value)
    if declared is None:
        return intent
    if declared:  # {"groups": {"Edge": ["CDN", "WAF"]}, "edges": […]}: "Edge: CDN, WAF" lines, then the edges
        lines += declared
        value = {k: v for k, v in value.items() if k in ("nodes", "edges")}  # type: ignore[union-attr]
    if isinstance(value, dict) and set(value) <= {"nodes", "edges"} and isinstance(value.get("edges"), list):
        named = _edge_lines(value["edges"], lines)
        for node in value.get("nodes", []):
            name = node if isinstance(node, str) else node.get("name") if isinstance(node, dict) else None
            if not isinstance(name, str):
                return intent
            if name not in named:
                lines.append(name_text(name))
    elif isinstance(value, list):
        _edge_lines(value, lines)
    elif (
        isinstance(value, dict)
        and value
        and all(isinstance(v, dict) for v in value.values())
        and not set(value) & {"name", "title", "label", "id"}
    ):
        if not _keyed_tree_lines(value, 0, lines):  # {"CEO": {"CTO": {}}}: keys are the names
            return intent
    elif isinstance(value, dict):
        if not _tree_lines(value, 0, lines):
            return intent
    if not lines:
        return intent
    return before + "\n" + "\n".join(lines) + "\n" + after


def _graph_shape(value: object) -> object:
    """{"graph": {…}} unwrapped, "links" as "edges", and edges naming nodes by id given their labels
    (None when an edge names an id no node has)."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("graph", "diagram", "data") \
            and isinstance(next(iter(value.values())), dict):
        value = next(iter(value.values()))
    for alias, key in (("links", "edges"), ("connections", "edges"), ("messages", "edges"), ("transitions", "edges"), ("participants", "nodes"),
                       ("states", "nodes")):
        if isinstance(value, dict) and alias in value and key not in value:
            value = {(key if k == alias else k): v for k, v in value.items()}
    if isinstance(value, dict) and "edges" in value and "groups" not in value and "clusters" not in value:
        meta = set(value) & DRAWING_KIND_KEYS  # {"diagram": "sequence", …}: only the kind of drawing
        if any(not isinstance(value[k], str) or value[k].casefold() not in DRAWING_KIND_VALUES for k in meta):
            return None
        value = {k: v for k, v in value.items() if k not in meta}
    if not (isinstance(value, dict) and isinstance(value.get("nodes"), list) and isinstance(value.get("edges"), list)):
        return value
    labels = {n.get("id"): n.get("label") for n in value["nodes"] if isinstance(n, dict) and set(n) == {"id", "label"}}
    if not labels or len(labels) != len(value["nodes"]) or not all(isinstance(v, str) for v in labels.values()):
        return value
    edges = []
    for item in value["edges"]:
        if not isinstance(item, dict):
            return None
        keys = {k.casefold(): v for k, v in item.items()}
        tail = next((v for k, v in keys.items() if k in _TAILS), None)
        head = next((v for k, v in keys.items() if k in _HEADS), None)
        label = next((v for k, v in keys.items() if k in _LABELS), None)
        if tail not in labels or head not in labels or len(item) != 2 + (label is not None):
            return None
        edges.append([labels[tail], labels[head]] + ([label] if isinstance(label, str) else []))
    return {**value, "nodes": list(labels.values()), "edges": edges}


def _step_list(value: object) -> tuple[str | None, list[str]] | None:
    """(title, steps) of {"steps": [...]} with at most a title and a drawing-kind word beside it."""
    if not isinstance(value, dict):
        return None
    keys = [k for k in value if k.casefold() in SEQUENCE_KEYS]
    if len(keys) != 1:
        return None
    title = None
    for key, other in value.items():
        if key == keys[0]:
            continue
        if not isinstance(other, str):
            return None
        if key.casefold() in ("title", "name") and title is None:
            title = other
        elif key.casefold() not in DRAWING_KIND_KEYS or other.casefold() not in DRAWING_KIND_VALUES:
            return None
    names = value[keys[0]]
    if not isinstance(names, list) or len(names) < 2 or not all(isinstance(n, str) and n.strip() for n in names):
        return None
    return title, names


def _name_lists(value: object) -> bool:
    return isinstance(value, dict) and bool(value) \
        and not set(value) & {"nodes", "edges", "groups", "name", "title", "label", "id"} \
        and not {k.casefold() for k in value} & SEQUENCE_KEYS \
        and all(isinstance(v, list) and all(isinstance(x, str) and x.strip() for x in v) for v in value.values()) \
        and any(value.values())


def _group_lines(value: object) -> list[str] | None:
    """ "Name: a, b" lines for a JSON edge list's "groups" object; [] without one, None when the
    object holds anything but groups, edges, nodes and a word for the kind of drawing."""
    if isinstance(value, dict) and "clusters" in value and "groups" not in value:
        value = {("groups" if k == "clusters" else k): v for k, v in value.items()}
    if not isinstance(value, dict) or "groups" not in value:
        return []
    if not set(value) <= {"nodes", "edges", "groups"} | DRAWING_KIND_KEYS or not isinstance(value.get("edges"), list):
        return None
    if any(not isinstance(value[k], str) or value[k].casefold() not in DRAWING_KIND_VALUES for k in set(value) & DRAWING_KIND_KEYS):
        return None
    groups = value["groups"]
    if isinstance(groups, list) and all(isinstance(g, dict) and set(g) == {"name", "members"} for g in groups):
        groups = {g["name"]: g["members"] for g in groups}  # [{"name": "Kafka", "members": […]}]
    if not isinstance(groups, dict) or not groups:
        return None
    out = []
    for name, members in groups.items():
        if not isinstance(members, list) or not members or not all(isinstance(m, str) and m.strip() for m in members):
            return None
        out.append(f"{name}: {', '.join(m.strip() for m in members)}")
    return out


def _edge_lines(items: list[object], lines: list[str]) -> set[str]:
    named: set[str] = set()
    for item in items:
        if isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) for x in item):
            tail, head, label = item[0], item[1], item[2] if len(item) == 3 else None
        elif isinstance(item, dict):
            keys = {k.casefold(): v for k, v in item.items()}
            tail = next((v for k, v in keys.items() if k in _TAILS), None)
            head = next((v for k, v in keys.items() if k in _HEADS), None)
            label = next((v for k, v in keys.items() if k in _LABELS), None)
        else:
            lines.clear()
            return named
        if not isinstance(tail, str) or not isinstance(head, str):
            lines.clear()
            return named
        lines.append(_data_arrow(tail, head, label if isinstance(label, str) else None))
        named.update((tail, head))
    return named


def _keyed_tree_lines(tree: dict[str, object], depth: int, lines: list[str]) -> bool:
    for name, kids in tree.items():
        if not isinstance(kids, dict):
            return False
        lines.append("  " * depth + "- " + name_text(name))
        if not _keyed_tree_lines(kids, depth + 1, lines):  # type: ignore[arg-type]
            return False
    return True


def _tree_lines(node: object, depth: int, lines: list[str]) -> bool:
    if isinstance(node, str):
        lines.append("  " * depth + "- " + name_text(node))
        return True
    if not isinstance(node, dict):
        return False
    names = [node[k] for k in ("name", "title", "label", "id") if isinstance(node.get(k), str)]
    kids = [
        node[k]
        for k in ("children", "reports", "direct_reports", "subordinates", "members", "team", "items", "nodes")
        if k in node
    ]
    if not names or len(kids) > 1 or (kids and not isinstance(kids[0], list)):
        return False
    lines.append("  " * depth + "- " + name_text(names[0]))
    return all(_tree_lines(kid, depth + 1, lines) for kid in (kids[0] if kids else []))


# --- "name: a, b" lines under a cue that says what the colon means ------------------------------
_LIST_NAME_MAX_WORDS = 4


def _colon_lists_as_arrows(intent: str) -> str:
    found = colon_entries(intent)
    if found is None:
        return intent
    entries, cues = found
    arrows = [f"{name} -> {item}" for name, items in entries for item in items]
    names = {n.casefold() for name, items in entries for n in [name, *items]}
    if len(arrows) < 2 or any(len(n.split()) > _LIST_NAME_MAX_WORDS for n in names):
        return intent
    if any(colon_cue_says_more(cue, names) for cue in cues):
        return intent
    # one statement of comma-joined edges ("a -> b, c -> d"): a data line can hold no condition, so
    # no line is read as a branch's answer after the one before
    return ", ".join(arrows) + "\n"
