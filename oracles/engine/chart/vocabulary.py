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
