"""Words of a process told in the passive about one thing: "The order is picked by the warehouse, then
it's packed by the packing team, and then labeled by the shipping desk. After that it is collected by
the courier." Shared as WORDS by the drafter's reading (passive_story_forms.py) and the check's own
(passive_story_normal.py); each reads the story its own way.

In such a story every step after the first is said of the same thing, with or without its pronoun:
"then it's packed by the packing team" is the step "packed by the packing team". The pronoun is only
dropped when the story names one thing and every clause is a step said of it."""

from __future__ import annotations

# the pronoun and its auxiliary, by number: "it is" goes with a first step "The order is …"
SINGULAR_SUBJECT = ("it is", "it's", "it gets", "it has been")
PLURAL_SUBJECT = ("they are", "they're", "they get", "they have been")
SINGULAR_AUXILIARY = frozenset({"is", "gets"})
PLURAL_AUXILIARY = frozenset({"are", "get"})
# words that join one step to the next; a clause may start with any run of them
STEP_JOINERS = frozenset("then and after that next finally afterwards later lastly".split())
SUBJECT_MAX_WORDS = 4
# participles not ending in -ed that name a step ("sent to the lab", "paid by treasury")
IRREGULAR_PARTICIPLES = frozenset("""sent paid built done made taken given written sold kept held brought bought
    found put set read run shown seen drawn split cut left told thrown chosen frozen broken driven fed led met
    spent bound hung struck stuck dug spun begun shut won laid""".split())
# words that make a clause more than a step said of the one thing: another subject, a condition, a
# choice or a relative clause; a story with one of them is left as written
NOT_ONE_THING = frozenset("""which who whom whose where if unless when once until while or but otherwise else
    either instead except he she him her we you i them its their this that these those""".split())
