"""Words the chart reader and the chart check both read the same way, defined once.

The check reads the intent on its own (faithfulness.py) and never takes the drafter's reading; it
does share the vocabulary, so the two cannot drift on what a phrase asks for.
"""

from __future__ import annotations

import re

# stacking asked in German, French, Spanish, Portuguese, Italian, Dutch ("gestapeltes Balkendiagramm")
FOREIGN_STACKED = r"\b(?:gestapelt\w*|gestapeld\w*|empil[ée]\w*|apilad\w*|empilhad\w*|impilat\w*)"
# Horizontal bars asked for: by name ("horizontal", "barh"), by the axes ("flip the axes", "categories
# on the y axis") or by where the bars run ("bars running left to right"). "A horizontal axis" or
# "horizontal gridlines" ask for no orientation of the bars.
HORIZONTAL_REQUEST_RE = re.compile(
    r"\bhorizontal(?:ly)?\b(?!\s+(?:axis|gridlines?|rules?|lines?\s+at)\b)|\bhorizonta(?:al|le)\b|\bsideways\b|\bbarh\b|\bhbar\b"
    r"|\bflip(?:ped)?\s+(?:the\s+)?axes\b|\bswap(?:ped)?\s+(?:the\s+)?axes\b|\brow\s+chart\b|\bleft[\s-]to[\s-]right\s+bars?\b"
    r"|\bbars?\s+(?:(?:that|which)\s+)?(?:run(?:ning|s)?|go(?:ing|es)?|extend(?:ing|s)?|grow(?:ing|s)?|point(?:ing|s)?|drawn)"
    r"\s+(?:from\s+)?(?:left\s+to\s+right|across)\b"
    r"|\b(?:categories|labels|names|items)\s+(?:on|along|down)\s+the\s+(?:y|vertical)[\s-]*axis\b"
    r"|\b(?:categories|labels|names|items)\s+down\s+the\s+(?:left|side)\b",
    re.IGNORECASE,
)

# Words that carry nothing in a title: pronouns, auxiliaries, connectors. A title made only of them ("We had",
# "There were") is the start of a sentence cut off, not a name for the chart.
EMPTY_TITLE_WORDS = frozenset("""we i you they he she it there here had have has got get was were is are be been did
do does our my your their its this that these those so then and or but also just sold bought counted harvested
picked caught baked served made""".split())
# A title's last word that needs a next one ("As a", "Time in", "Share of"): the subject was cut before its end.
# ("Where our signups come from" ends whole: "from" is left to the check, which asks only before a drawn name.)
TITLE_CUT_WORDS = frozenset("in at on of for by to with during into per and or the a an vs versus than".split())

# A ranking asked of one list ("top 5", "the three biggest", "bottom 3", "lowest 2"): words whose direction does
# not depend on what the values measure. "slowest", "best", "cheapest", "most improved" are left out on purpose:
# whether the slowest endpoint has the highest or the lowest value depends on the measure, so those stay refused.
RANK_HIGH_WORDS = ("top", "biggest", "largest", "highest", "greatest")
RANK_LOW_WORDS = ("bottom", "smallest", "lowest")
# Words before a ranking that turn it round: "not just the top 3", "all but the top 2", "outside the top 5".
RANK_NEGATING_WORDS = frozenset("not no n't never but except excluding besides beyond outside than without minus".split())
# Words anywhere that ask for more than the N ("top 3 and the rest as Other", "everything else greyed").
# So do words that take some out ("the 2 biggest, leaving out Acme"): which N are meant is then not certain.
RANK_REST_WORDS = frozenset("""rest other others remaining remainder else except excluding exclude excluded leave leaving
omit omitting skip skipping drop dropping ignore ignoring without remove removing minus""".split())
# Words right after a ranking whose direction depends on the measure ("top 3 slowest", "top 5 most improved").
RANK_MEASURE_WORDS = frozenset("""slowest fastest best worst cheapest priciest dearest most least fewest newest oldest
shortest longest performing performers improved""".split())
# How many a ranking keeps, written as a word ("the three biggest").
RANK_COUNT_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())
                    if n >= 2}
# A ranking asked by a tool call's settings: {"top_n": 3}, or a limit with a sort order ({"sort": "desc",
# "limit": 4}); a limit alone may keep the first N as given, so it is not read as a ranking.
RANK_TOP_KEYS = frozenset("top top_n topn n_top ntop".split())
RANK_BOTTOM_KEYS = frozenset("bottom bottom_n bottomn n_bottom".split())
RANK_LIMIT_KEYS = frozenset("limit max_bars max_items max_categories max_results head".split())
RANK_SORT_KEYS = frozenset("sort order sort_order sortorder sort_direction".split())
RANK_SORT_HIGH = frozenset("desc descending".split())
RANK_SORT_LOW = frozenset("asc ascending".split())
