"""Words shared by the drafter (code_branch_forms.py) and the check (code_branch_normal.py) for an
if / else-if / else chain written like code with no step before it. Vocabulary only: each side
parses the chain its own way."""

from __future__ import annotations

# the keywords that open a branch of the chain, as code and pseudo-code spell them
IF_WORDS = ("if",)
ELSE_IF_WORDS = ("elif", "elsif", "elseif", "else if")
ELSE_WORDS = ("else",)

# the last word of a title over the chain ("grade flow:", "Diagram this logic:", "Ticket routing:");
# any other text before the chain may be the step it leaves, and is not this form
TITLE_NOUNS = frozenset("flow flowchart logic diagram chart rules routing process code pseudocode snippet tree decision "
                        "decisions".split())
# words in a title that name a step the chain starts from ("flowchart starting from read_metrics():")
TITLE_STEP_WORDS = frozenset("from starting start starts after then".split())

# the words a body must not hold: it would be several steps, a nested branch or a way back, not one step
BODY_JOINERS = frozenset("and then or if unless when while back again".split())

# the answers drawn on a decision's two ways
YES, NO = "yes", "no"

# a first branch may leave out its "if" only when its condition is a comparison written like code
# ("score >= 90 -> A; else -> F"); "validate -> save; else -> error" leaves a step, not a question
COMPARISON_SIGNS = (">=", "<=", "==", "!=", "≥", "≤", ">", "<", "=")

# a condition that holds one of these runs over a step or another branch ("grade essay; if score ≥ 90")
NOT_IN_CONDITION = frozenset("if elif elsif elseif else then".split())

# a title that names the step the chain leaves ("flowchart starting from read_metrics():"): the chain's
# branches are then ways out of that step, each with its condition on the edge
HEAD_PHRASES = ("starting from", "starting at", "starting with", "start from", "start at", "start with",
                "starts from", "starts at", "starts with", "beginning with", "begins with")
HEAD_MAX_WORDS = 5
