"""The independent faithfulness check: does the drawn graph say what the intent says?

It reads the INTENT on its own and never looks at the drafter's facts. The only thing it takes
from the artifact is what Graphviz read back (node labels, edges, edge labels), and it trusts
none of it:

1. Grounding: every node label and edge label is a whole phrase of the intent — its words occur
   there in order, and the words beside that occurrence are not content words of a longer
   name ("York" in "New York" is a fragment, not a phrase).
2. Coverage: every content word of the intent lies inside a drawn phrase. Words that only
   instruct or connect are listed once, in NOT_CONTENT; everything else is content.
3. Relations: with the drawn phrases marking where the names are, the text BETWEEN them (the
   glue: arrows, verbs, "then", "if … otherwise", list separators, pronouns) is read by this
   module's own small grammar into the edges the intent states. The drawn edge set must equal
   that set exactly, and an edge label must be a phrase stated for that edge.

It is conservative: glue it cannot read, a content word it cannot place, or an ambiguous
construction makes the answer `invalid` with a reason that names the piece and says how to
write it. A wrong `valid` is the worst answer; a refusal is only a missed one.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .actor_glue import GENERIC_HEADS
from .again_normal import shortened_again_named
from .against_check import refuse_checked_against_as_node
from .aliases import refuse_alias_drawn_apart
from .answer_placement import (
    placed_answers,
    refuse_arrow_after_answer_list,
    refuse_misplaced_answers,
    refuse_unstated_self_loops,
)
from .answer_ways_check import refuse_answer_split_over_a_choice, refuse_unanswered_way_out
from .architecture_normal import both_pairs_named, counted_pairs_named
from .arrow_captions import unplaced_arrow_explanation
from .arrow_list_check import refuse_chained_replicas, refuse_unsettled_fan_in
from .asking_steps_check import asking_step
from .board_columns import is_board_column, refuse_cut_board_column
from .bracket_event_check import refuse_bracketed_event_in_node
from .branch_step_check import refuse_glued_branch_steps
from .case_list_check import case_list_default, default_last
from .case_words import deciding_lead
from .clause_subject_check import refuse_person_clause_in_node
from .comma_chains import refuse_comma_between_alike_chains
from .comparison_nodes import refuse_comparison_as_step
from .condition_subjects import refuse_condition_about_an_earlier_step
from .decision_outline_check import decision_outline_edges, decision_questions, refuse_unlabelled_answers
from .flow_check import (
    REQUEST_VERBS,
    case_outline_edges,
    fan_in_wait,
    grammar_phrase,
    listed_sequence,
    loop_instruction,
    misspelled_parallel_word,
    modified_name,
    parallel_word_inside,
    refuse_condition_about_another_step,
    refuse_condition_drawn_as_step,
    separator_in_name,
)
from .follow_up_conditions import refuse_follow_up_from_the_same_step
from .foreign_glue import refuse_foreign_glue
from .framing import framing
from .glue import _Reader
from .glued_headings import refuse_dashed_heading_in_step, refuse_heading_glued_to_step
from .glued_steps import (
    refuse_emphasised_condition,
    refuse_glued_trigger,
    refuse_markup_in_label,
    refuse_steps_as_edge_label,
)
from .graph_statements import refuse_note_as_edge_label, refuse_reporting_cycle
from .group_check import account_for_groups
from .handoff_check import refuse_message_handoffs
from .hidden_relations import refuse_actor_clause, refuse_glued_loop, refuse_glued_qualifier, refuse_outcome_as_step
from .manner_states import refuse_manner_in_state
from .merged_steps import refuse_glued_steps_as_label, refuse_merged_parallel_steps
from .message_label_check import keeps_inner_punct, span_emphasis_paired, span_keeps_inner_punct
from .message_object_check import refuse_pronoun_receiver_in_node, refuse_split_messages
from .node_fragments import (
    refuse_actor_sentences,
    refuse_clause_pieces,
    refuse_folded_messages,
    refuse_gapped_objects,
    refuse_subjectless_clause,
)
from .normal_forms import RELATION_BEFORE_COLON, SETTING_MIN_WORDS, SETTING_RE, normal_form
from .notation_comments import refuse_meaningful_comments
from .or_grouping import refuse_ungrouped_or
from .org_note_check import refuse_note_repeating_name
from .passive_story_normal import refuse_pronoun_subject_in_node
from .people_choice_check import refuse_people_choice_and_sameness
from .person_pronouns import resolved_person_pronouns
from .plural_role_check import refuse_plural_role_in_name
from .pointer_nodes_check import refuse_pointer_nodes
from .pronoun_also import refuse_ambiguous_also
from .pseudo_states import refuse_dropped_markers
from .receiver_choice_check import refuse_receiver_choice
from .receiver_words import refuse_routing_word_before_name
from .reply_or_report_check import refuse_reply_read_as_report
from .retry_labels import refuse_repeat_drawn_as_new_step, refuse_retry_in_label
from .shared_heads import refuse_shared_head, refuse_shared_lead
from .short_names import refuse_loop_through_short_name
from .stated_counts import refuse_count_mismatch
from .step_ref_check import refuse_item_reference_as_node, refuse_way_back_as_node
from .tree_caption_normal import refuse_upward_tree_caption
from .vague_names import (
    refuse_compared_inside,
    refuse_denying_labels,
    refuse_either_manager,
    refuse_how_often_in_name,
    refuse_instruction_in_label,
    refuse_managed_collective,
    refuse_person_pronoun_in_label,
    refuse_spoken_words,
    refuse_vague_references,
)
from .vocabulary import (
    _ANSWERS,
    _ARTICLES,
    _CONDITION_WORDS,
    _CONNECT,
    _FUNCTION_WORDS,
    _INNER_PUNCT,
    _INSTRUCT,
    _INSTRUCT_VERBS,
    _LOOSE_ENDS,
    _LOOSE_STARTS,
    _MERMAID_ARROW_RE,
    _MERMAID_NODE_RE,
    _PHRASAL_ON,
    _QUANTITY_RE,
    _WORD,
    COVERAGE_PIECES_NAMED,
    FAN_IN_WINDOW,
    NAME_ARROW,
    NODE_MAX_WORDS,
    NOT_CONTENT,
    ORDINALS,
    TITLE_MAX_WORDS,
    Expected,
    Span,
    Token,
    gerunds,
    key_words,
    label_key,
    name_text,
    phrase_key,
    tokenize,
)
from .way_back import refuse_way_back_from_another_step

_QUANTIFIERS = frozenset("all both each every everyone everybody everything rest others other remaining else none they "
                         "them these those two three four five six seven eight nine ten several many".split())
_PERSONAL_PRONOUNS = frozenset("he him she her it they them we us i me you".split())
_GERUND_BACK_RE = re.compile(r"(?:^| )(?:repeat from|restart from|over from|back to|again from|back from)$|^from$")
_SUBJECTS = frozenset({"you", "we", "i", "they"})
# "CS102 (Data Structures)": a name and its bracketed note
_BRACKET_NOTE_RE = re.compile(r"^(?P<name>[^()]+?)\s*\([^()]+\)$")
# A bracketed note that orders a step after or before others ("(after all three)", "(once both are done)").
_ORDER_NOTE_RE = re.compile(r"\((?=[^()]*\b(?:after|before|once|until|when|unless|following)\b)[^()]*\)", re.IGNORECASE)
# Words in such a note that point at other steps ("three days" points at none).
_STEP_POINTERS = frozenset("all both each every everything others other rest remaining them these those they step steps "
                           "above previous prior preceding below earlier later".split())
TITLE_ABBREVIATIONS = frozenset("dr mr mrs ms prof st".split())
# Words that make a first line over a list its heading ("steps for the fire drill", "release runbook").
_HEADING_WORDS = frozenset("""steps process procedure flow flowchart workflow pipeline sequence stages phases recipe checklist
    runbook playbook plan notes routine""".split())
# "do not include / don't draw / leave out / omit / ignore / skip the X step": a step ruled out of the drawing
_LEAVE_OUT_RE = re.compile(r"\b(?:(?:do\s+not|don['’]t|dont|never|no\s+need\s+to)\s+(?:include|draw|show|add|put\s+in|list|"
                           r"mention)|leave\s+out|omit|exclude|excluding|remove|drop|ignore|ignoring|skip|skipping|bypass|minus|without|"
                           r"except(?:\s+for)?|no\s+more|get\s+rid\s+of)\b", re.IGNORECASE)
_COUNT_RE = re.compile(r"^(?:two|three|four|five|six|seven|eight|nine|ten|several|many|\d+)$")


# Third-person relation verbs: in the middle of a "name" with a "to"/"from" after them, the name is
# a clause ("router forwards packets to the firewall"); a step's own verb comes first ("send to …").
_CLAUSE_VERBS = frozenset("""sends writes publishes forwards returns replies responds passes routes pushes posts streams
    emits delivers uploads reads pulls loads fetches talks connects goes moves reports answers belongs hands gives
    redirects proxies ships saves stores logs feeds flows leads points links calls asks requests notifies
    meets ends joins converges comes go tells informs instructs reminds warns authenticates validates verifies checks
    queries polls syncs subscribes""".split())
_CLAUSE_TARGETS = frozenset({"to", "from", "into", "onto", "at", "against", "via", "through"})

# A pronoun opening a new clause ("… and it", "then they …") never sits inside one name.
_CLAUSE_PRONOUN_RE = re.compile(r"(?:^| )(?:and|then|but|so|while) (?:it|they|he|she)(?: |$)")
# Adverbs that never sit inside one name: "Salesforce also gets", "build then test".
_CLAUSE_ADVERBS = frozenset({"also", "then"})

# Verbs of an org chart that take their object directly ("Sam manages Lee"): between two words of
# one node's name they make the name a relation drawn as one node.
_DIRECT_RELATION_VERBS = frozenset("manages supervises oversees mentors coaches employs directs".split())


# Labels that are only connecting words yet say something on an edge: a branch's other way, an answer.
_PARTICLES = frozenset({"back", "again", "up", "down", "out", "off", "over", "through", "in", "on", "at"})
_BRANCH_LABEL_WORDS = frozenset({"otherwise", "else", "yes", "no", "true", "false", "not", "if", "when", "once", "on",
                                 "after", "unless", "done"})


_LIST_OPENERS = frozenset({":", "(", ",", "—", "–", "-"})
_LEADING_VERBS = frozenset("has have manages leads oversees supervises runs heads".split())


_COUNT_VALUES = {w: n for n, w in enumerate("one two three four five six seven eight nine ten".split(), start=1)}
_LIST_ARTICLES = frozenset({"a", "an", "the", "our", "my", "their", "his", "her", "its"})
# Instruction verbs that also begin steps ("create account", "build image", "show error"): right before
# the first drawn name they are its verb; "draw", "sketch", "plot" there ask for the drawing
_STEP_VERBS = frozenset("make create show render generate build produce design".split())
# "go back to 2", "return to 3": the words before "to" that make a bare number after it an item of the list
_WAY_BACK_WORDS = frozenset({"back", "return", "returns", "loop", "loops", "jump", "jumps"})
# Words that cannot be part of a counted noun ("two deputy heads" is one; "two of the", "two and" are not).
_NOT_NOUNS = _LIST_ARTICLES | frozenset({"and", "or", "of", "to", "from", "in", "on", "at", "by", "with", "for", "who",
                                         "which", "that", "is", "are", "them", "they"})


def list_count(tokens: list[Token], index: int) -> tuple[int, int] | None:
    """(stated, listed) when the word at index counts the names after it ("a team of 3: …",
    "has two reports: …", "manages three (A, B, C)"); None when it does not open a list."""
    def text(i: int) -> str:
        return tokens[i].text.casefold() if 0 <= i < len(tokens) else ""
    word = text(index)
    stated = int(word) if re.fullmatch(r"\d{1,2}", word) else _COUNT_VALUES.get(word)
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if stated is None or after is None or text(index - 1) not in _LEADING_VERBS | {"of"}:
        return None
    if after.kind == "punct" and after.text in _LIST_OPENERS:
        opener = index + 1
    else:
        following = tokens[index + 2] if index + 2 < len(tokens) else None
        if not (after.kind == "word" and following is not None and following.kind == "punct"
                and following.text in _LIST_OPENERS):
            return None
        opener = index + 2
    return stated, _listed_count(tokens, opener + 1, closing=")" if tokens[opener].text == "(" else None)


# a title before a name ("Mrs. Nowak"), whose full stop ends no list
_NAME_TITLES = frozenset("mr mrs ms dr prof".split())


def _listed_count(tokens: list[Token], start: int, closing: str | None) -> int:
    """How many names a list has from start to the end of its sentence (or its closing bracket):
    an item that opens with a connecting word ("…, Bo, report to Maya") is no name of the list, and
    a bracket inside an item ("a fitness coach (Brandt)") is part of it."""
    names, open_name, depth, previous = 0, False, 0, ""
    for token in tokens[start:]:
        word, previous = token.text.casefold(), previous
        if token.kind == "punct" and word == "." and open_name and previous in _NAME_TITLES:
            previous = word
            continue  # "Mrs. Nowak and Mr. Wiśniewski": a title's full stop ends no list
        previous = word
        if token.kind == "punct" and word == "(":
            depth += 1
            continue
        if token.kind == "punct" and word == ")" and depth:
            depth -= 1
            continue
        if depth:
            continue
        if token.kind in ("nl", "marker", "arrow") or (token.kind == "punct" and word in {".", ";", "?", "!", closing}):
            break
        if (token.kind == "punct" and word in {",", "&"}) or (token.kind == "word" and word in {"and", "plus"}):
            open_name = False
        elif token.kind == "word" and not open_name:
            if word in _CONNECT and word not in _LIST_ARTICLES:
                break
            names += 1
            open_name = True
    return names


class Faithfulness:
    """One check of one drawn graph against one intent."""

    def __init__(self, intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]],
                 members: frozenset[str] = frozenset()) -> None:
        self.intent = intent
        self.members = members  # the keys of the members of the declared (and drawn) groups
        self.tokens = tokenize(intent)
        self.labels = list(nodes)
        self.nodes = {phrase_key(label): label for label in nodes}
        # (a label's key keeps its comparison signs: "amount > 500" is not "amount ≤ 500")
        self.edges = {(phrase_key(t), phrase_key(h)): label_key(lbl) if lbl else "" for t, h, lbl in edges}
        self.edge_labels = {label_key(lbl): lbl for _, _, lbl in edges if lbl}
        # every drawn label, also on a second edge between the same two nodes (a sequence's messages)
        self.labelled = [(phrase_key(t), phrase_key(h), label_key(lbl)) for t, h, lbl in edges if lbl]
        self.shortened: set[tuple[int, str]] = set()  # (start, node key) of a name said by its last or first words

    # --- grounding and coverage ---------------------------------------------------------
    def _content(self, index: int, preamble: bool) -> bool:
        token = self.tokens[index]
        if token.kind != "word":
            return False
        word = token.text.casefold()
        if word in {"td", "tb", "lr", "rl", "bt"} and index and self.tokens[index - 1].text.casefold() in {"graph", "flowchart"}:
            return False  # a Mermaid header's direction ("graph TD")
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        if index and _COUNT_RE.match(self.tokens[index - 1].text.casefold()) and after is not None \
                and after.kind == "punct" and after.text in ",:":
            return False  # "manages two reps, Kim and Lou": the counted noun introduces the names
        if index and self.tokens[index - 1].text.casefold() == "one" and after is not None and after.kind == "punct" \
                and after.text in ",:" and _listed_count(self.tokens, index + 2, closing=None) == 1:
            return False  # "has one junior, Endo": the counted noun introduces the one name
        if self._two_word_counted_noun(index):
            return False  # "manages two shift leads: Kim and Lou": a counted noun of two words
        if re.fullmatch(r"\d{1,2}|one", word) and (counted := list_count(self.tokens, index)) \
                and counted[0] == counted[1]:
            return False  # "leads a team of 3: Ana, Raj, Kofi": the count introduces the names
        if word == "more" and index and self.tokens[index - 1].text.casefold() == "once":
            return False  # "go back to step 2 once more": the way back again, nothing of its own
        if word in _SUBJECTS and index and self.tokens[index - 1].kind == "marker":
            return False  # "Second, you bring the forms": who does the item is not part of it
        if word in ("same", "time") and self._at_the_same_time(index):
            return False  # "all at the same time": the parallel idiom, no content of its own
        if word in NOT_CONTENT["fan_in_wait"] and fan_in_wait(self.tokens, index):
            return False
        if word in NOT_CONTENT["fan_in"]:
            before = {t.text.casefold() for t in self.tokens[max(0, index - FAN_IN_WINDOW):index] if t.kind == "word"}
            if before & {"all", "both", "they", "everything", "each", "these", "those"}:
                return False
        if preamble and word in _INSTRUCT:
            # "build the backend, …": an instruction verb right before the first step (articles
            # aside) is that step's own verb, not an instruction
            following = [t.text.casefold() for t in self.tokens[index + 1:self._first] if t.kind != "punct" or t.text != '"']
            if not following and word in _STEP_VERBS:
                return True  # "onboarding: create account, …": the step is "create account", not "account"
            return bool(following) and all(w in _ARTICLES for w in following) and word in _INSTRUCT_VERBS
        return word not in _CONNECT

    def _two_word_counted_noun(self, index: int) -> bool:
        """Whether the word at index is one of two words between a count and the list it counts
        ("two deputy heads, Ms Ito and Mr Byrne"): only when the list has exactly that many names."""
        for count_at in (index - 1, index - 2):
            opener = count_at + 3
            if count_at < 0 or opener >= len(self.tokens):
                continue
            count = self.tokens[count_at].text.casefold()
            stated = int(count) if re.fullmatch(r"\d{1,2}", count) else _COUNT_VALUES.get(count)
            nouns = self.tokens[count_at + 1:opener]
            after = self.tokens[opener]
            if stated is None or stated < 2 or not all(t.kind == "word" and t.text.casefold() not in _NOT_NOUNS for t in nouns):
                continue
            if after.kind == "punct" and after.text in {",", ":"} \
                    and _listed_count(self.tokens, opener + 1, closing=None) == stated:
                return True
        return False

    def _at_the_same_time(self, index: int) -> bool:
        for start in range(max(0, index - 3), index + 1):
            words = [t.text.casefold() for t in self.tokens[start:start + 4]]
            if words == ["at", "the", "same", "time"]:
                return True
        return False

    @staticmethod
    def _own_punct(label: str) -> set[str]:
        own_punct = set(re.findall(r"[^\w\s]", label)) - {",", ";", ".", "!", "?", "|"}
        if name_text(label) != label:
            own_punct.add(NAME_ARROW)  # "Map col A -> field_a" as the data states it
        return own_punct

    def _occurrences(self, key: str, label: str, in_arrow: bool = False) -> list[tuple[int, int]]:
        wanted = key_words(key)
        # punctuation the label itself holds ("<b>browser</b>", "app [v2]") may sit between its
        # words; a separator of names never does — but an edge label's comma may, inside the arrow
        # that carries it ("-(taxi via A, hold short 27L)->"), where no list of names is
        own_punct = self._own_punct(label)
        if in_arrow and "," in label:
            found = self._occurrences_with(wanted, label, own_punct | {","})
            return [(s, e) for s, e in found if self._inside_arrow(s, e)]
        return self._occurrences_with(wanted, label, own_punct)

    def _occurrences_with(self, wanted: list[str], label: str, own_punct: set[str]) -> list[tuple[int, int]]:
        # a colon ends a heading ("Release: build …"): a name holds one only as a time ("14:02") or as
        # a whole list item ("- ceo: ahmed"), which run() checks

        found = []
        for start, token in enumerate(self.tokens):
            if token.kind != "word" or token.text.casefold() != wanted[0]:
                continue
            index, matched = start, 0
            while index < len(self.tokens) and matched < len(wanted):
                tok = self.tokens[index]
                if tok.kind == "word":
                    if tok.text.casefold() != wanted[matched]:
                        break
                    matched += 1
                elif not (tok.kind == "punct" and (tok.text in _INNER_PUNCT or tok.text in own_punct
                                                   or (tok.text == "." and "." in label and matched
                                                       and self.tokens[index - 1].text.casefold() in TITLE_ABBREVIATIONS))):
                    # ("Dr. Osei": a title's full stop is inside the name, not a sentence's end)
                    break
                index += 1
            if matched == len(wanted):
                first = start
                # (a colon is inside a name only between its words, "14:02 deploy": never at its ends)
                while first > 0 and self.tokens[first - 1].kind == "punct" and self.tokens[first - 1].text in own_punct - {":"}:
                    first -= 1
                while index < len(self.tokens) and self.tokens[index].kind == "punct" \
                        and self.tokens[index].text in own_punct - {":"}:
                    index += 1
                found.append((first, index))
        return found

    def _gerund_spans(self, first_seen: dict[str, int]) -> list[Span]:
        """ "repeat from reading the queue" after "read the queue": a way back may name a step said before
        by its verb's -ing form; only right after a way back's own words, never as a name of its own."""
        found = []
        for key, label in self.nodes.items():
            verb, _, rest = key.partition(" ")
            if not rest:
                continue
            for form in gerunds(verb):
                for start, end in self._occurrences(f"{form} {rest}", label):
                    before = " ".join(t.text.casefold() for t in self.tokens[max(0, start - 2):start])
                    if start > first_seen.get(key, len(self.tokens)) and _GERUND_BACK_RE.search(before):
                        found.append(Span(start, end, "node", key, label))
        return found

    def _mermaid_spans(self) -> list[Span]:
        """Mermaid-style "B[Collect data] --> C": a definition "ID[label]" is one mention of the
        node named by its label, and the bare ID later mentions the same node."""
        definitions = list(_MERMAID_NODE_RE.finditer(self.intent))
        if not definitions or not _MERMAID_ARROW_RE.search(self.intent):
            return []
        ids: dict[str, str] = {}
        spans: list[Span] = []
        starts = {t.start: i for i, t in enumerate(self.tokens) if t.start >= 0}
        for match in definitions:
            key = phrase_key(match.group("label"))
            if key not in self.nodes or ids.setdefault(match.group("id"), key) != key:
                continue
            first = starts.get(match.start("id"))
            last = max((i for i, t in enumerate(self.tokens) if 0 <= t.start < match.end()), default=None)
            if first is not None and last is not None:
                spans.append(Span(first, last + 1, "node", key, self.nodes[key]))
        for index, token in enumerate(self.tokens):
            if token.kind == "word" and token.text in ids:
                spans.append(Span(index, index + 1, "node", ids[token.text], self.nodes[ids[token.text]]))
        return spans

    def _inside_arrow(self, start: int, end: int) -> bool:
        """Tokens [start, end) are bracketed beside an arrow: "-(open)->", "→ Open (open)", "Open (open) →"."""
        tokens = self.tokens
        if not (start >= 1 and end < len(tokens) and tokens[start - 1].text == "(" and tokens[end].text == ")"):
            return False
        before = tokens[start - 2] if start >= 2 else None
        after = tokens[end + 1] if end + 1 < len(tokens) else None
        return (before is not None and before.text in "-—–" and after is not None and after.kind == "arrow") or \
            (after is not None and after.kind == "arrow") or (after is None or after.kind == "nl" or after.text in ",;.")

    def spans(self) -> list[Span]:
        """Drawn phrases placed on the intent: longest first, never overlapping, whole phrases."""
        for key, label in [*self.nodes.items(), *self.edge_labels.items()]:
            if not key_words(key):
                code = "NODE_NOT_IN_INTENT" if label in self.labels else "EDGE_LABEL_NOT_IN_INTENT"
                raise EngineRefusal(code, f"'{label}' has no words the intent states.")
        # a phrase written inside an arrow, "Closed -(open)-> Open", is that arrow's label even when a
        # node has the same name
        candidates = [Span(s, e, "node", key, label) for key, label in self.nodes.items() for s, e in self._occurrences(key, label)
                      if not (key in self.edge_labels and self._inside_arrow(s, e))]
        candidates += [Span(s, e, "label", key, label) for key, label in self.edge_labels.items()
                       for s, e in self._occurrences(key, label) if key not in self.nodes or self._inside_arrow(s, e)]
        candidates += [Span(s, e, "label", key, label) for key, label in self.edge_labels.items() if "," in label
                       for s, e in self._occurrences(key, label, in_arrow=True)]
        # "charge(card, amount)", "referral to .com TLD": a message label's comma inside its own brackets
        # or full stop glued to a word separates nothing (message_label_check.py)
        candidates += [Span(s, e, "label", key, label) for key, label in self.edge_labels.items()
                       if key not in self.nodes and keeps_inner_punct(label, [' '.join(key_words(k)) for k in self.nodes])
                       for s, e in self._occurrences_with(key_words(key), label, self._own_punct(label) | {",", "."})
                       if span_keeps_inner_punct(self.tokens, s, e)]
        # "click Log in" of "click *Log in*": emphasis marks that pair up around a message's words
        candidates += [Span(s, e, "label", key, label) for key, label in self.edge_labels.items()
                       if key not in self.nodes and "*" not in label
                       for s, e in self._occurrences_with(key_words(key), label, self._own_punct(label) | {"*"})
                       if span_emphasis_paired(self.tokens, s, e, [' '.join(key_words(k)) for k in self.nodes])]
        # "the broker" after "the MQTT broker": a name's last words, when no other drawn name ends
        # that way and they are not a name of their own, mention the same node (after it is named)
        first_seen = {sp.key: sp.start for sp in sorted(candidates, key=lambda sp: sp.start) if sp.kind == "node"}
        for key, label in self.nodes.items():
            words = key.split()
            for cut in range(1, len(words)):
                suffix = " ".join(words[cut:])
                owners = [k for k in self.nodes if k == suffix or k.endswith(" " + suffix)]
                if owners != [key] or suffix in self.edge_labels or suffix.split()[0] in _CONNECT:
                    continue
                shortened = [Span(s, e, "node", key, label) for s, e in self._occurrences(suffix, label)
                             if s > first_seen.get(key, len(self.tokens))]
                self.shortened.update((sp.start, key) for sp in shortened)
                candidates += shortened
            if len(words) > 1 and words[-1] in GENERIC_HEADS:  # "the origin" after "the origin server"
                prefix = " ".join(words[:-1])
                owners = [k for k in self.nodes if k == prefix or k.startswith(prefix + " ")]
                if owners == [key] and prefix not in self.edge_labels and words[0] not in _CONNECT:
                    shortened = [Span(s, e, "node", key, label) for s, e in self._occurrences(prefix, label)
                                 if s > first_seen.get(key, len(self.tokens))]
                    self.shortened.update((sp.start, key) for sp in shortened)
                    candidates += shortened
            # "CS102" after "CS102 (Data Structures)": the name before its bracketed note, when no other
            # drawn name is or begins with it, mentions the same node (after it is named)
            bracketed = _BRACKET_NOTE_RE.match(label.strip())
            if bracketed is not None:
                prefix = phrase_key(bracketed.group("name"))
                owners = [k for k in self.nodes if k == prefix or k.startswith(prefix + " ")]
                if prefix and owners == [key] and prefix not in self.edge_labels and prefix.split()[0] not in _CONNECT:
                    shortened = [Span(s, e, "node", key, label) for s, e in self._occurrences(prefix, label)
                                 if s > first_seen.get(key, len(self.tokens))]
                    self.shortened.update((sp.start, key) for sp in shortened)
                    candidates += shortened
        candidates += self._gerund_spans(first_seen)
        candidates += self._mermaid_spans()
        heading = self._heading_end()
        if any(sp.start >= heading for sp in candidates):
            # "Publish flow: write → edit → publish": a word of the heading is not a mention of the step
            candidates = [sp for sp in candidates if sp.start >= heading]
        candidates.sort(key=lambda sp: (-(sp.end - sp.start), sp.kind != "node", sp.start))
        taken: set[int] = set()
        chosen: list[Span] = []
        for span in candidates:
            if taken.isdisjoint(range(span.start, span.end)):
                chosen.append(span)
                taken.update(range(span.start, span.end))
        chosen += self._step_references(chosen)
        # "Osei" or "Dr" out of "Dr. Osei": a title's full stop glues it to the name after it
        chosen = [span for span in chosen if not self._cut_at_title(span)]
        # A phrase whose neighbour is an unplaced content word is a fragment of a longer name.
        changed = True
        while changed:
            changed = False
            covered = {i for sp in chosen for i in range(sp.start, sp.end)}
            first = min((sp.start for sp in chosen), default=len(self.tokens))
            for span in list(chosen):
                for neighbour in (span.start - 1, span.end):
                    if 0 <= neighbour < len(self.tokens) and neighbour not in covered \
                            and self._content(neighbour, neighbour < first):
                        chosen.remove(span)
                        changed = True
                        break
        placed = {sp.key for sp in chosen}
        for key, label in self.nodes.items():
            if key not in placed:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' is not a whole phrase of the intent.")
        for key, label in self.edge_labels.items():
            if key not in placed and key not in self.nodes:
                raise EngineRefusal("EDGE_LABEL_NOT_IN_INTENT", f"The edge label '{label}' is not a whole phrase of the intent.")
        return sorted(chosen, key=lambda sp: sp.start)

    def _step_references(self, chosen: list[Span]) -> list[Span]:
        """ "return to step 2" in a numbered list: "step 2" mentions the name that item 2 holds whole."""
        taken = {i for sp in chosen for i in range(sp.start, sp.end)}
        items: dict[str, Span] = {}
        for sp in chosen:
            before = self.tokens[sp.start - 1] if sp.start else None
            # "2.", "(2)", "Step 2:", "Step 2 -", "(b)", "Step B:"
            number = re.fullmatch(r"(?:step\s+)?\(?(\d{1,2}|[a-z])[.):]|step\s+(\d{1,2})\s*[-–—]", before.text, re.IGNORECASE) \
                if before is not None and before.kind == "marker" else None
            after = self.tokens[sp.end] if sp.end < len(self.tokens) else None
            ends = after is None or after.kind in ("marker", "nl") or (after.kind == "punct" and after.text in ".;")
            ordinal = re.fullmatch(rf"({'|'.join(ORDINALS)})(?:ly)?,?", before.text, re.IGNORECASE) \
                if before is not None and before.kind == "marker" else None
            if ordinal and sp.kind == "node" and ends:  # "Second, do the main set." is item 2
                items.setdefault(ORDINALS[ORDINALS.index(ordinal.group(1).casefold())], sp)
            if number and sp.kind == "node" and ends:  # the item's name, the whole of its first sentence
                items.setdefault((number.group(1) or number.group(2)).casefold(), sp)
        found = []
        for index, token in enumerate(self.tokens[:-1]):
            after = self.tokens[index + 1]
            mark = after.text.casefold()
            if token.kind == "word" and token.text.casefold() in ORDINALS and after.kind == "word" \
                    and after.text.casefold() == "step" and token.text.casefold() in items \
                    and taken.isdisjoint((index, index + 1)):  # "back to the second step"
                item = items[token.text.casefold()]
                found.append(Span(index, index + 2, "node", item.key, item.label))
            elif token.kind == "word" and token.text.casefold() == "step" and after.kind == "word" \
                    and mark in items and index not in taken and index + 1 not in taken:
                item = items[mark]
                found.append(Span(index, index + 2, "node", item.key, item.label))
            elif token.text == "(" and after.kind == "word" and mark.isdigit() and mark in items \
                    and index + 2 < len(self.tokens) and self.tokens[index + 2].text == ")" \
                    and taken.isdisjoint(range(index, index + 3)):  # "go to (1) again"
                item = items[mark]
                found.append(Span(index, index + 3, "node", item.key, item.label))
            elif index and token.text.casefold() == "to" and after.kind == "word" and mark.isdigit() and mark in items \
                    and self.tokens[index - 1].text.casefold() in _WAY_BACK_WORDS and index + 1 not in taken:
                item = items[mark]  # "if not go back to 2": in a numbered list, the bare number is item 2
                found.append(Span(index + 1, index + 2, "node", item.key, item.label))
        return found

    def _cut_at_title(self, span: Span) -> bool:
        """The span starts right after "Dr." or ends on a title ("Dr") whose full stop leads into a name."""
        tokens = self.tokens

        def title_at(index: int) -> bool:
            return 0 <= index and index + 2 < len(tokens) and tokens[index].kind == "word" \
                and tokens[index].text.casefold() in TITLE_ABBREVIATIONS and tokens[index + 1].text == "." \
                and tokens[index + 2].kind == "word" and tokens[index + 1].start == tokens[index].start + len(tokens[index].text)

        return title_at(span.start - 2) or title_at(span.end - 1)

    def _whole_item(self, span: Span) -> bool:
        before = self.tokens[span.start - 1] if span.start else None
        after = self.tokens[span.end] if span.end < len(self.tokens) else None
        return before is not None and before.kind == "marker" and (after is None or after.kind in ("marker", "nl"))

    _first = 0

    def coverage(self, spans: list[Span]) -> None:
        covered = {i for sp in spans for i in range(sp.start, sp.end)}
        first = spans[0].start if spans else len(self.tokens)
        self._first = first
        title_end = self._title_end(first)
        pieces: list[list[str]] = []
        run: list[tuple[str, bool]] = []

        def close() -> None:
            while run and not run[-1][1]:
                run.pop()  # "invoice to the" → "invoice"
            if run:
                pieces.append([text for text, _ in run])
            run.clear()

        for index, token in enumerate(self.tokens):
            if index >= title_end and index not in covered and self._content(index, index < first):
                run.append((token.text, True))
            elif run and (token.kind != "word" or index in covered or index < title_end):
                close()
            elif run:
                run.append((token.text, False))  # an unplaced connector inside an unplaced phrase
        close()
        if pieces:
            names = ", ".join(f"'{' '.join(piece)}'" for piece in pieces[:COVERAGE_PIECES_NAMED])
            phrase = " ".join(pieces[0])
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place {names} in the diagram; say where "
                                                      f"{'it goes' if len(pieces) == 1 else 'each goes'}, e.g. "
                                                      f"'… -> {phrase}' or 'if <condition>, {phrase}'.")

    def counts_agree(self) -> None:
        """A count before a list of names is that many names: "a team of two: Lee, Kim and Bo"
        says neither which two nor that there are three."""
        for index in range(len(self.tokens)):
            counted = list_count(self.tokens, index)
            if counted and counted[0] != counted[1]:
                raise EngineRefusal("CONTENT_NOT_PLACED", f"The intent counts '{self.tokens[index].text}' but "
                                                          f"lists {counted[1]} after it; I could not place the "
                                                          "others. Name each one, e.g. 'a team of two: Lee and Kim'.")

    def _clock(self, index: int) -> bool:
        """Whether the colon at index sits inside a time of day ("14:02"), not after a heading."""
        before = self.tokens[index - 1] if index else None
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        return bool(before and after and before.text.isdigit() and after.text.isdigit()
                    and before.start >= 0 and after.start == before.start + len(before.text) + 1)

    def _heading_end(self) -> int:
        """Where a leading heading ("Publish flow:") ends: the first colon, when nothing before it
        but a short heading (no arrows, lists, commas or conditions); 0 when there is none."""
        for index, token in enumerate(self.tokens):
            if token.kind in ("arrow", "marker") or (token.kind == "punct" and token.text in ",;"):
                return 0
            if token.kind == "punct" and token.text == ":" and not self._clock(index):
                if self._deciding_heading([t.text for t in self.tokens[:index] if t.kind == "word"], [], index):
                    return 0  # "check severity: critical -> page oncall, …": the decision, not a heading
                return self._title_end(index + 1)
        return 0

    def _deciding_heading(self, words: list[str], punct: list[str], colon: int) -> bool:
        """ "check severity: critical -> page oncall, …": words before a colon that open with a deciding
        verb, nothing else in them, and the cases going on on the same line, are the decision, no heading
        ("Triage rules (as a flowchart):" over a list stays a heading)."""
        after = self.tokens[colon + 1] if colon + 1 < len(self.tokens) else None
        return not punct and after is not None and after.kind not in ("nl", "marker") \
            and deciding_lead(" ".join(words))

    def _title_end(self, first: int) -> int:
        """A heading before the first drawn phrase ("Login flow:", "DHCP client states:") names
        the diagram, not a step: its words need no place. Only a short heading without
        commas or conditions counts: "When a request comes in, route it by amount:" is content."""
        end = start = 0
        for index in range(first):
            token = self.tokens[index]
            heading = [t.text.casefold() for t in self.tokens[start:index] if t.kind == "word"]
            if token.kind == "punct" and token.text == "?" and start == 0 and {"you", "u"} & set(heading) \
                    and set(heading) & (_INSTRUCT_VERBS | REQUEST_VERBS):
                # "Could you draw our incident process? First …": the request names the diagram
                named = [w for w in heading if w not in _CONNECT and w not in _INSTRUCT]
                if len(named) <= TITLE_MAX_WORDS and not set(heading) & _CONDITION_WORDS:
                    end = start = index + 1
                continue
            if token.kind == "punct" and token.text == ":" and not self._clock(index):
                # since the last heading: "Draw a flow: apply, then review. At review: …" has a step list
                # between the two colons, so the second colon ends no heading over it
                punct = [t.text for t in self.tokens[end:index] if t.kind == "punct"]
                named = [w for w in heading if w not in _CONNECT and w not in _INSTRUCT]
                if len(named) > TITLE_MAX_WORDS or "," in punct or ";" in punct \
                        or set(heading) & _CONDITION_WORDS or set(heading) & RELATION_BEFORE_COLON \
                        or self._deciding_heading(heading, punct, index):  # "check severity: critical -> …"
                    return end
                if (not named or heading[-4:] == ["at", "the", "same", "time"]) and start > 0:
                    return end  # "checkout. in parallel: …": an opener after a step names nothing, it relates
                end = start = index + 1
            elif token.kind == "nl" and start == 0 and self._markdown_heading(index):
                end = start = index + 1  # "## Content pipeline" on a line of its own names the diagram
            elif token.kind == "nl" and not any(t.kind == "nl" for t in self.tokens[:index]) and self._heading_line(index):
                end = start = index + 1  # "## Runbook: disk full", "**Leak response**", "steps for the drill" over a list
            elif token.kind in ("nl", "marker") or (token.kind == "punct" and token.text in ".!?"):
                start = index + 1  # a heading starts a line or a sentence
        return end

    def _heading_line(self, line_end: int) -> bool:
        """The intent's first line is a heading on a line of its own: Markdown ("## Runbook: disk full"),
        bold ("**Leak response**"), or words about steps over a list ("steps for friday's drill")."""
        line = self.tokens[:line_end]
        if not line or any(t.kind in ("arrow", "marker") for t in line):
            return False
        words = [t.text.casefold() for t in line if t.kind == "word"]
        named = [w for w in words if w not in _CONNECT and w not in _INSTRUCT]
        # ("on" names where: "## Runbook: disk full on db-01")
        if not 0 < len(named) <= TITLE_MAX_WORDS or set(words) & (_CONDITION_WORDS - {"on"}):
            return False
        marks = "".join(t.text for t in line if t.kind == "punct")
        if line[0].text == "#" or (re.fullmatch(r"(\*\*|__)[^*_]*\1", marks) and len(line) > 4
                                   and line[0].text == line[1].text and line[-1].text == line[-2].text):
            return True
        following = next((t for t in self.tokens[line_end:] if t.kind != "nl"), None)
        return bool(set(words) & _HEADING_WORDS) and not set(marks) & set(",;.?!") and following is not None \
            and following.kind == "marker"

    def _markdown_heading(self, line_end: int) -> bool:
        """The intent's first line is a short Markdown heading ("# Release flow") without conditions."""
        line = self.tokens[:line_end]
        if not line or line[0].text != "#" or any(t.kind in ("arrow", "marker") for t in line):
            return False
        words = [t.text.casefold() for t in line if t.kind == "word"]
        named = [w for w in words if w not in _CONNECT and w not in _INSTRUCT]
        return 0 < len(named) <= TITLE_MAX_WORDS and not set(words) & _CONDITION_WORDS

    # --- relations ----------------------------------------------------------------------
    def expected(self, spans: list[Span]) -> Expected:
        line_end = next((i for i, t in enumerate(self.tokens) if t.kind == "nl"), None)
        # a heading on the first line names the diagram; the grammar reads from the line after it
        skip = line_end + 1 if line_end is not None and spans and spans[0].start > line_end \
            and self._heading_line(line_end) else 0
        return _Reader(self.tokens, spans, skip).read()

    def _refuse_split_name(self) -> None:
        """"… forwards it to the order service. The order svc writes to Postgres": one step named two ways
        drawn as two nodes breaks the chain in two. When the drawn graph falls apart into pieces and an end
        of one piece shares a name word with a start of another, the check does not guess: it refuses."""
        keys = list(self.nodes)
        parent = {k: k for k in keys}

        def find(k: str) -> str:
            while parent[k] != k:
                parent[k] = parent[parent[k]]
                k = parent[k]
            return k

        for tail, head in self.edges:
            if tail in parent and head in parent:
                parent[find(tail)] = find(head)
        if len({find(k) for k in keys}) < 2:
            return
        tails = {t for t, _ in self.edges}
        heads = {h for _, h in self.edges}
        ends = [k for k in keys if k in heads and k not in tails]
        starts = [k for k in keys if k in tails and k not in heads]
        for end in ends:
            for start in starts:
                shared = (set(end.split()) & set(start.split())) - _CONNECT
                if find(end) != find(start) and shared:
                    raise EngineRefusal("DUPLICATE_NODE", f"'{self.nodes[end]}' and '{self.nodes[start]}' may be one "
                                                          "step named two ways, which would join the two parts of the "
                                                          f"diagram. Name it the same way each time, e.g. "
                                                          f"'{self.nodes[end]}' in both places.")

    def _refuse_left_out(self) -> None:
        """"Do not include the test step", "leave out billing": a step the intent rules out is not drawn,
        and the check does not guess which connections would replace it: a drawn step it names is refused."""
        for match in _LEAVE_OUT_RE.finditer(self.intent):
            said = phrase_key(self.intent[match.start():match.end() + 80])
            if any(said == n or said.startswith(n + " ") for n in self.nodes):
                continue  # "drop the cache" is a step's own name
            if self.intent[:match.start()].endswith("-(") and re.match(r"[^()]*\)->", self.intent[match.end():]):
                continue  # "Online -(drop)-> Offline": the event "drop" is written inside its arrow
            rest = phrase_key(self.intent[match.end():match.end() + 80])
            named = next((self.nodes[n] for n in sorted(self.nodes, key=len, reverse=True)
                          if re.match(rf"(?:(?:the|a|an|any) )?{re.escape(n)}(?: |$)", rest)), None)
            if named is not None:
                raise EngineRefusal("CONTENT_NOT_PLACED", f"The intent asks to leave out '{named}' ('{match.group(0)}'), "
                                                          "but it is drawn. Send the steps without it, e.g. "
                                                          "'build -> deploy'.")

    def run(self, labels_asked: bool = False) -> None:
        if len(set(self.nodes)) != len(self.labels):
            raise EngineRefusal("DUPLICATE_NODE", "Two nodes have the same name; a step named twice is one node.")
        self._refuse_left_out()
        refuse_alias_drawn_apart(self.nodes)  # "the interface engine (Mirth)" and "Mirth"
        refuse_merged_parallel_steps(self.intent, self.nodes)  # "lint and test in parallel" as one node
        spans = self.spans()
        whole_items = {sp.key for sp in spans if sp.kind == "node" and self._whole_item(sp)}
        whole_items |= set(listed_sequence(self.tokens, spans) or [])  # "timeline: disk filled up on db-1; …"
        whole_items |= decision_questions(self.tokens, spans)  # "- yes: Is it after hours?": a question, no condition
        # answers leave the question the intent puts them after (answer_placement.py; a nested-bullet
        # tree is placed by its indentation instead; "2FA on?" with its answers is a question, no condition;
        # a case list's last "otherwise" is its own default)
        placed = [] if decision_outline_edges(self.tokens, spans) is not None or case_list_default(self.tokens, spans) \
            or default_last(case_outline_edges(self.tokens, spans)) else placed_answers(self.tokens, spans)
        answered = {p.question for p in placed if p.question and p.asked}
        for key, label in self.nodes.items():
            words = key.split()
            cased = re.findall(_WORD, label)
            padded = f" {key} "
            inner = next((other for other in self.nodes if other != key and f" {other} " in padded
                          and not modified_name(key, other, set(self.nodes), _CONNECT)), None)
            if inner is not None:
                # "gateway check token with auth server" holds two names: a clause, not a name
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' contains the node "
                                                           f"'{self.nodes[inner]}'; a name that holds another name is "
                                                           "a relation written as one step. Say it as "
                                                           "'gateway -> auth server' or 'the gateway asks the auth server'.")
            loose = [w if w.isupper() else w.casefold() for w in cased]  # "IT" is not "it", "Division A" not "a"
            if set(words) <= _QUANTIFIERS | (_FUNCTION_WORDS - {"a", "an"}) and set(words) & _QUANTIFIERS:
                # "everyone else", "all three", "the rest": a node that counts or points at others names none
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' names nobody: it points at or counts "
                                                          "other names. Draw the names themselves.")
            if key in _PERSONAL_PRONOUNS and not label.isupper():
                # "Pia reports to her" drawn with a node "her": who she is is for the reader to
                # resolve; "IT" (the department) is no pronoun
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' is a pronoun, not a name; draw the "
                                                          "person or thing it points at, or name it again, e.g. "
                                                          "'Pia reports to Nadia'.")
            if len(words) > 1 and words[0] in {"each", "every"} and key not in whole_items:
                # "each client calls the order service": "each client" points at several drawn names
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' points at several names ('{words[0]} …'); "
                                                          "say each connection with its names, e.g. 'the web client "
                                                          "and the mobile client call the order service'.")
            if re.search(r"\b(?:its|their) own\b", key):
                # "each service reads and writes its own database": whose database is for the
                # reader to resolve, not a name to draw
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' points back at another name ('its own "
                                                          "…'); name the thing itself, e.g. 'the order service writes "
                                                          "the orders DB'.")
            note = _ORDER_NOTE_RE.search(label)
            if note and set(re.findall(_WORD, note.group(0).casefold())) & _STEP_POINTERS:
                # "Join everything (after all three)": a note that orders this step after others is
                # a join the diagram must draw, not part of the step's name
                raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' holds a note on when it runs "
                                                            f"('{note.group(0)}'); that is a connection. Say it as one, "
                                                            "e.g. 'once A, B and C are done, join everything'.")
            if re.match(r"^\s*[_*`~]|[_*`~]\s*$", label):
                # "**Scan badge** → _granted_ → **Open door**": emphasis marks a condition or a
                # heading the reader did not resolve; markup is never part of a name
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' keeps text formatting (_, *, `); it is "
                                                          "not a plain name. Write conditions on the connection, e.g. "
                                                          "'scan badge -> (granted) open door'.")
            if set(words) <= (_FUNCTION_WORDS - {"a", "an"}) | _ANSWERS:  # a lone letter "a" is a name
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' names nothing: it is only connecting "
                                                          "words. Conditions and answers go on the edges.")
            clause = next((w for i, w in enumerate(words[1:-2], 1) if w in _CLAUSE_VERBS
                           and set(words[i + 1:-1]) & _CLAUSE_TARGETS), None)
            if clause is None and len(words) > 3 and words[0] in _CLAUSE_VERBS and words[1] in {"it", "them"} \
                    and set(words[2:-1]) & _CLAUSE_TARGETS:
                clause = words[0]  # "forwards it to the orders service": the verb of a subject said before
            direct = next((w for w in words[1:-1] if w in _DIRECT_RELATION_VERBS), None)
            if direct is not None:
                # "Tom reports to Ivy and Sam manages Lee" read as Tom's two managers: one is a clause
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' reads as a sentence ('… {direct} …'), "
                                                           "not a name. Put each relation in a sentence of its own, "
                                                           "e.g. 'Tom reports to Ivy. Sam manages Lee.'")
            pronoun = _CLAUSE_PRONOUN_RE.search(key)
            if pronoun is not None and not label.isupper():
                # "collector scrapes the exporters and it" (then remote-writes to Mimir): a pronoun opening
                # a new clause inside a name is a relation cut in two, whoever "it" is
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' holds '{pronoun.group(0).strip()}', "
                                                           "which opens another clause; it is not one name. Name each "
                                                           "part again, e.g. 'the collector scrapes the exporters; the "
                                                           "collector writes to Mimir'.")
            glued = next((w for w in words[1:-1] if w in _CLAUSE_ADVERBS), None)
            if glued is not None:
                # "Salesforce also gets" (updates back from HubSpot), "build then test": an adverb inside
                # a name joins a subject to its verb or one step to the next
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' holds '{glued}', which joins a name "
                                                           "to what it does or to the next step; it is not one name. "
                                                           "Say each step and relation on its own, e.g. 'HubSpot sends "
                                                           "updates to Salesforce' or 'build -> test'.")
            if clause is not None:
                # "router forwards packets to the firewall": a subject, a verb and a target — a
                # relation drawn as one step, even when neither end is drawn on its own
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' reads as a sentence ('{clause} … to …'), "
                                                           "not a step's name. Say it as a relation, e.g. 'the router "
                                                           "forwards packets to the firewall; the firewall …' or "
                                                           "'router -> firewall'.")
            if len(words) > 1 and _COUNT_RE.match(words[0]) and not re.match(r"\d{1,2}:\d{2}\b", label.strip()):
                # "manages two reps, Kim and Lou": a count introduces the names, it is not one
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' counts other names rather than naming "
                                                          "one; draw the names it counts.")
            if len(words) > NODE_MAX_WORDS:
                raise EngineRefusal("NODE_IS_A_SENTENCE", f"The node '{label[:60]}' has {len(words)} words; a step's name "
                                                          f"has at most {NODE_MAX_WORDS}. Name each step briefly, e.g. "
                                                          "'lease signed, staff hired and stock ordered in parallel, "
                                                          "then grand opening'.")
            # ("log only", "read only": "only" after a content word restricts it; "… and only" is cut off)
            restricts = loose[-1] == "only" and len(loose) > 1 and loose[-2] not in _CONNECT
            # "To Do" (a ticket's first state, a board's first column) is a name, not "to" cut from a sentence
            board_column = is_board_column(loose)
            if len(loose) > 1 and not board_column and (loose[0] in _LOOSE_STARTS
                                                        or (loose[-1] in _LOOSE_ENDS and not restricts)):
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' begins or ends with a connecting word; "
                                                          "it is not a name the intent states.")
            if re.search(r"\s[‖|¦;—–]\s|\s/\s", label) and key not in whole_items:
                # "validate schema ‖ deduplicate", "ticket workflow — To Do": a separator between
                # names (or after a heading) inside one node
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' runs across a separator; it holds more "
                                                          "than one name. Join the steps with arrows or 'then'.")
            if any(label.count(a) != label.count(b) for a, b in ("()", "[]", "{}")):
                # "Frontend (React" and "Redux)": a bracket opened in one name and closed in another
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' opens or closes a bracket it does not "
                                                          "close or open; it is cut from a longer phrase.")
            if len(words) >= SETTING_MIN_WORDS and SETTING_RE.match(key) and key not in whole_items:
                # "In our factory the plant manager": a scene set before the name is not part of it
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' begins with where it is ('{' '.join(words[:2])} "
                                                          "…'); that sets the scene, it is not part of a name.")
            if re.search(r":\s", label) and key not in whole_items:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' runs across a colon; a heading or a "
                                                          "label before a colon is not part of a step's name.")
            if re.match(r"^\s*[(\[][^()\[\]]+[)\]]\s*\S", label):
                raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' starts with a bracketed condition; "
                                                            "it belongs on the connection, e.g. "
                                                            "'validate -> (ok) store / (bad) reject'.")
            if grammar_phrase(key):
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' only says how steps relate; it is "
                                                          "not a step. Draw the relation it states.")
            if parallel_word_inside(key) and key not in whole_items:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' holds 'in parallel', which says how "
                                                          "steps relate; it is not part of a step's name. Write the "
                                                          "parallel steps as a group, e.g. 'ingest -> (validate, "
                                                          "deduplicate) -> load'.")
            misspelled = misspelled_parallel_word(key)
            if misspelled is not None:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' holds '{misspelled}', which reads as a "
                                                          "misspelled 'parallel' (how steps relate), not part of a "
                                                          "step's name. Write it as 'in parallel', e.g. 'ingest -> "
                                                          "(validate, deduplicate, in parallel) -> load'.")
            if loop_instruction(key):
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' reads as an instruction to loop, not a "
                                                          "step. Say where the flow goes back to, e.g. 'wash -> rinse "
                                                          "-> back to wash'.")
            separator = separator_in_name(label)
            if separator:
                raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' runs across '{separator}', which "
                                                          "separates a heading or parallel steps; it is not part of a "
                                                          "step's name. Write each step on its own, e.g. "
                                                          "'ingest -> (validate, deduplicate) -> load'.")
            # a whole list item is a name by construction ("5) cool on rack")
            conditions = set(words[1:]) & _CONDITION_WORDS
            if words[0] in _PHRASAL_ON and len(words) > 1 and (words[1] == "on" or (
                    words[1] in {"it", "them"} and words[2:3] == ["on"])):
                conditions -= {"on"}  # "turn on the AC", "put it on the queue" are steps, "BOUND on ACK" a state with its trigger
            if conditions and asking_step(words, key, self.edges):
                conditions = set(words[2:]) & _CONDITION_WORDS  # "check if it has doubled", answered on its arrows
            if (conditions and key not in whole_items | answered) or _QUANTITY_RE.match(label.strip()):
                raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' reads as a condition, not a step. "
                                                            "Write conditions on the connection, e.g. "
                                                            "'check -> approve when the score is at least 700'.")
        for key, label in self.edge_labels.items():
            # (a node's key not in the label's cannot be named by it: the regex, built per node, is skipped)
            named = next((n for n in self.nodes if n in key and re.search(
                rf"(?:^| )(?:to|into|onto|from) (?:the )?{re.escape(n)}(?: |$)", key)), None)
            if named is not None:
                # "Ben answers to Ana" drawn as Ben → Ana labelled "to Ana": a label that names a
                # node is a relation the glue must read, not a message
                raise EngineRefusal("EDGE_LABEL_HOLDS_NODE", f"The edge label '{label}' names the node "
                                                             f"'{self.nodes[named]}'; say the relation with its "
                                                             "own verb, e.g. 'Ben reports to Ana'.")
            skipped = next((n for n in self.nodes if n in key and re.search(
                rf"(?:^| )(?:no|not|never|skip|skips|skipping|skipped|without|omit|omits|bypass|bypasses|don't|doesn't|"
                rf"isn't|excluding|except) (?:the |a |an |any )?{re.escape(n)}(?: |$)", key)), None)
            if skipped is not None:
                # "build -> test -> deploy (no test step for hotfixes)": a note that leaves a step out is a
                # path around it, not a label on the edge it was written beside
                raise EngineRefusal("EDGE_LABEL_HOLDS_NODE", f"The edge label '{label}' says a path leaves out "
                                                             f"'{self.nodes[skipped]}'; say the path it takes, e.g. "
                                                             f"'for hotfixes, build -> deploy'.")
            if set(key.split()) <= _FUNCTION_WORDS | _PARTICLES and not set(key.split()) & _BRANCH_LABEL_WORDS:
                # "it back" says nothing an edge could be labelled with
                raise EngineRefusal("EDGE_LABEL_NOT_IN_INTENT", f"The edge label '{label}' names nothing: it is only "
                                                                "connecting words.")
        # labels that hide a loop, an outcome, a condition's qualifier or an actor's message (hidden_relations.py)
        refuse_glued_loop(self.intent, self.nodes, set(self.edges))
        refuse_outcome_as_step(self.intent, self.nodes, set(self.edges))
        refuse_glued_qualifier(self.intent, self.nodes)
        refuse_actor_clause(self.nodes)
        refuse_glued_trigger(self.intent, self.nodes)  # a trigger verb joining two steps (glued_steps.py)
        refuse_emphasised_condition(self.intent, self.nodes)  # "**review** → *approved* → **pay**"
        refuse_steps_as_edge_label(self.intent, self.edge_labels)
        refuse_note_as_edge_label(self.nodes, self.edge_labels)  # after the more precise label checks
        self._refuse_split_name()  # after the node checks: a more precise reason about one node goes first
        refuse_cut_board_column(self.intent, self.nodes)  # "Do" drawn for "To Do" (board_columns.py)
        self.coverage(spans)
        self.counts_agree()
        # each answer where the intent puts it; a loop only where one is said
        refuse_misplaced_answers(placed, self.nodes, self.labelled, set(self.edges))
        refuse_unstated_self_loops(self.tokens, spans, self.nodes, set(self.edges))
        expected = self.expected(spans)
        refuse_loop_through_short_name(self.tokens, spans, self.shortened, self.nodes, expected)
        drawn = set(self.edges)
        refuse_condition_drawn_as_step(self.tokens, spans, drawn, self.members)
        refuse_condition_about_another_step(self.nodes, self.edges)
        for tail, head in sorted(set(expected.edges) - drawn):
            raise EngineRefusal("EDGE_MISSING", f"The intent connects '{self.nodes[tail]}' to '{self.nodes[head]}', "
                                                "but the diagram does not.")
        for tail, head in sorted(drawn - set(expected.edges)):
            raise EngineRefusal("EDGE_NOT_IN_INTENT", f"The diagram connects '{self.nodes.get(tail, tail)}' to "
                                                      f"'{self.nodes.get(head, head)}', which the intent does not say.")
        for tail, head, label in self.labelled:
            if label and label not in expected.edges[(tail, head)]:
                raise EngineRefusal("EDGE_LABEL_WRONG", f"The label '{self.edge_labels[label]}' is on "
                                                        f"'{self.nodes[tail]}' → '{self.nodes[head]}', but the intent "
                                                        "states it for another connection.")
        refuse_unlabelled_answers(self.tokens, spans, self.edges)
        if labels_asked:  # "label the arrows with the message": each label stated for an edge is drawn on it
            self._refuse_unlabelled(expected)
        refuse_reporting_cycle(self.intent, self.nodes, drawn)

    def _refuse_unlabelled(self, expected: Expected) -> None:
        for (tail, head), stated in sorted(expected.edges.items()):
            if stated and not self.edges.get((tail, head)):
                said = max(sorted(stated), key=len)  # the whole phrase stated, not a word of it
                raise EngineRefusal("CONTENT_NOT_PLACED", f"The intent asks for labels on the arrows, but '{said}' is "
                                                          f"not drawn on '{self.nodes[tail]}' → '{self.nodes[head]}'. "
                                                          "Write each label with its arrow, e.g. 'A -> B: message'.")


def check_faithful(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]],
                   clusters: list[tuple[str, list[str]]] | None = None) -> None:
    """Raise EngineRefusal unless the drawn graph is exactly what the intent states."""
    # groups first: their declarations are accounted for there and taken out of the intent
    refuse_dropped_markers(intent, nodes, edges)  # "[*] --> Idle": read here from the intent itself
    refuse_ungrouped_or(intent)  # "build then test or lint then deploy": two groupings
    refuse_comma_between_alike_chains(intent)  # "lb -> app1, app2 -> db": a list or two statements?
    refuse_count_mismatch(intent, nodes)  # "org chart with 3 people" over four names
    refuse_foreign_glue(nodes)  # "Pruebas unitarias y Análisis estático": two steps in one node
    refuse_vague_references(nodes)  # "the other service": a pointer, not a name
    refuse_compared_inside(intent, nodes)  # "DB as well as the cache", "DB instead of the cache", "unlike Cy"
    refuse_how_often_in_name(intent, nodes)  # 'S3 nightly' of "writes to S3 nightly"; 'like Bob', 'has no reports'
    refuse_spoken_words(nodes)  # "Actually Cy", "Cy as well", "etc": words about the sentence, not a name
    refuse_clause_pieces(nodes)  # "them against the user DB", "public subnet contains the load balancer"
    refuse_gapped_objects(intent, edges)  # "The API calls the DB, then the cache": the cache is called too
    refuse_actor_sentences(nodes)  # 'scheduler starts the job' -> 'job notifies the scheduler': messages
    refuse_subjectless_clause(intent, nodes)  # "… to the API and receives a token": the client receives it
    refuse_folded_messages(nodes, edges)  # 'user to postgres and sends a task' on API -> queue: two messages
    refuse_ambiguous_also(intent, nodes)  # "The API depends on Auth; it also depends on the cache": which?
    refuse_way_back_from_another_step(intent, nodes, edges)  # "If tests fail, go back" drawn from 'deploy'
    refuse_follow_up_from_the_same_step(intent, nodes, edges)  # "If still failing, …" drawn from the first step
    refuse_managed_collective(intent)  # "Sam manages the team.": who is in it?
    refuse_either_manager(intent)  # "Dee reports to Ann or Cy": which one?
    refuse_person_pronoun_in_label(nodes)  # "… send back to her": which person is a guess
    refuse_arrow_after_answer_list(intent)  # "yes: A / no: B → C": from B only, or from both?
    refuse_instruction_in_label(edges)  # "…, put that on the arrow" kept in the label
    refuse_denying_labels(nodes, edges)  # "backend -> cache: not used anymore", "B -> C (or D)" drawn as a label
    refuse_glued_steps_as_label(intent, edges)  # "a -> (x + y + z) -> b": steps, not a message
    # "a new tag kicks off compile and docs build in parallel" drawn with "new tag kicks off compile", and steps
    # drawn as an edge label: read in the words as said, before the normal form writes the group its own way
    refuse_glued_trigger(intent, {phrase_key(label): label for label in nodes})
    refuse_steps_as_edge_label(intent, {label_key(label): label for _, _, label in edges if label})  # "a -> b and c (in parallel) -> d"
    refuse_meaningful_comments(intent, nodes)  # "%% Quarantine must be in the flow": a comment the parse skips
    refuse_shared_head(intent, nodes)  # "unit and integration tests" drawn as 'unit' + 'integration tests' (shared_heads.py)
    refuse_shared_lead(intent, nodes)  # "Server B and C" drawn as 'Server B' + 'C'
    refuse_markup_in_label(nodes, edges)  # "**CEO**: Dana Park" drawn as 'CEO**: Dana Park'
    refuse_routing_word_before_name(nodes)  # "… to Alice, cc Bob" drawn with 'cc Bob' beside 'Bob'
    normal = resolved_person_pronouns(normal_form(intent), nodes)  # "… report to her": who she is
    normal = shortened_again_named(normal, nodes)  # "check the starter … and check again": that step (again_normal.py)
    # "two app servers, A1 and A2. Both app servers …", "… A1 and A2. Both app servers …": the pair (architecture_normal.py)
    normal = both_pairs_named(counted_pairs_named(normal, intent, nodes), nodes)
    explanation = unplaced_arrow_explanation(normal)
    if explanation:  # "(arrows from callee to caller): [[…]]": which way each pair points is not guessed
        raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place '{explanation}': it may turn the pairs round. "
                                                  "Write each connection as 'a -> b' in the direction it goes.")
    rest, placed = account_for_groups(normal, nodes, edges, clusters or [])
    # (a member of a declared group is a part, never a case row's condition: group_check.py checked the
    # drawn groups against the declared ones above)
    members = frozenset(phrase_key(m) for _, group in clusters or [] for m in group)
    Faithfulness(rest, placed, edges, members).run(labels_asked=framing(intent)[1])
    # after the check's own reading, so its more precise reasons come first
    refuse_condition_about_an_earlier_step(edges)  # "a → validate → store. If validation fails, reject." from 'store'
    refuse_retry_in_label(edges)  # "if it fails retry up to 3 times" kept as a label, the loop not drawn
    refuse_repeat_drawn_as_new_step(intent, nodes, edges)  # "if it fails, call again" drawn as a new step 'call'
    refuse_upward_tree_caption(intent)  # "Org chart (bottom-up):" over a nested list drawn down (tree_caption_normal.py)
    refuse_comparison_as_step(nodes)  # "score > 90 -> A; score > 80 -> B" drawn with a step 'score > 90'
    refuse_pronoun_receiver_in_node(nodes)  # 'API sends it a token' drawn as a node: who receives it?
    refuse_split_messages(nodes, edges)  # "sends a POST to /signup, and the django view writes …": one party twice?
    refuse_pronoun_subject_in_node(nodes)  # "it's packed by them" drawn as a node: which thing?
    refuse_heading_glued_to_step(intent, nodes)  # 'user journey visitor sees the ad': a heading without its colon
    refuse_dashed_heading_in_step(intent, nodes)  # 'Document states - draft': the heading before the dash
    refuse_glued_branch_steps(edges)  # "if not, order from supplier and wait for delivery" drawn as one step
    refuse_item_reference_as_node(intent, nodes)  # "… back to step 1" drawn with a node 'step 1' (step_ref_check.py)
    refuse_way_back_as_node(nodes)  # "yes → back to step 1" drawn as a node 'back to step 1' (step_ref_check.py)
    refuse_person_clause_in_node(nodes)  # 'controller signs off and we lock the period' as one node (clause_subject_check.py)
    refuse_unanswered_way_out(edges)  # 'More items?' answered yes/no and an unlabelled third arrow (answer_ways_check.py)
    refuse_unsettled_fan_in(intent, edges)  # "Sales and Marketing -> Finance" drawn from each: one name or two? (arrow_list_check.py)
    refuse_chained_replicas(intent, edges)  # "app1, app2 -> pg" drawn as app1 → app2 → pg (arrow_list_check.py)
    refuse_manner_in_state(intent, nodes)  # 'Closed automatically' of "Solved → Closed automatically after 7 days"
    refuse_plural_role_in_name(nodes)  # 'Team leads Eli' of "Team leads Eli and Fay report to Dana" (plural_role_check.py)
    refuse_message_handoffs(edges, intent)  # 'Prometheus fires alert to Alertmanager' -> 'Alertmanager notifies …' (handoff_check.py)
    refuse_pointer_nodes(nodes)  # 'steps: see the Confluence page …', 'needs to be a flowchart' as steps (pointer_nodes_check.py)
    refuse_checked_against_as_node(intent, nodes)  # 'token against the cache' of "checks the token against the cache" (against_check.py)
    refuse_people_choice_and_sameness(intent, nodes)  # 'Ivan or Aisha', 'same as the CFO's' as nodes (people_choice_check.py)
    refuse_answer_split_over_a_choice(intent, edges)  # "Valid? yes -> save or show error" as yes/unanswered (answer_ways_check.py)
    refuse_reply_read_as_report(intent, nodes, edges)  # 'Server answer to Database' as Database → Server (reply_or_report_check.py)
    refuse_receiver_choice(edges)  # "hands the parcel to the driver or the courier" to 'driver or the courier' (receiver_choice_check.py)
    refuse_note_repeating_name(intent, nodes)  # 'Adeyemi (Adeyemi)' for "Adeyemi (director)" said again (org_note_check.py)
    refuse_bracketed_event_in_node(intent, nodes)  # 'Closed [close]' under "(event in brackets)" (bracket_event_check.py)

