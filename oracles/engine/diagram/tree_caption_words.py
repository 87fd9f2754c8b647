"""The words of a caption over an indented tree that only says the tree is drawn from its top down:
"(top-down, parent → child)", "(indent = reports to the line above)", "manager above reports",
"managers on top". Such a note says what an indented list means anyway (each item under the item
above it with less indentation), so it names no node and no edge.

Vocabulary only: the drafter (tree_caption_forms.py) and the check (tree_caption_normal.py) each read
a caption with these words in their own way. A note that points the other way ("child → parent",
"bottom-up", "indent = manager of the line above") is in none of these lists: it stays in the
caption, where the check must place it, and the answer is refused rather than drawn upside down.
"""

from __future__ import annotations

from .data_frames import FRAME_WORDS

# a symbol that only links the two halves of a note ("indent = reports to …"); an arrow
LINKS = frozenset({"=", ":", "means", "is"})
ARROWS = frozenset({"->", "→", "=>", "to"})

# "parent → child", "managers → reports": the upper party, an arrow, the lower party
UPPER = frozenset("parent parents manager managers boss bosses supervisor supervisors root".split())
LOWER = frozenset("child children report reports employee employees subordinate subordinates leaf leaves".split())

# "top-down", "top to bottom"
TOP_DOWN = (("top", "down"), ("top", "to", "bottom"))

# "manager above reports", "managers on top", "boss at the top"
ABOVE_PLACES = (("above", "reports"), ("above", "their", "reports"), ("above", "the", "reports"),
                ("on", "top"), ("at", "the", "top"), ("at", "top"))

# "indent = reports to the line above", "each indented item reports to the item above it"
INDENT_SUBJECTS = (("indent",), ("indents",), ("indentation",), ("indented", "item"), ("indented", "items"),
                   ("indented", "line"), ("indented", "lines"), ("sub", "item"), ("sub", "items"),
                   ("sub-item",), ("sub-items",), ("nested", "item"), ("nested", "items"))
INDENT_VERBS = (("reports", "to"), ("report", "to"), ("is", "under"), ("are", "under"), ("sits", "under"),
                ("sit", "under"), ("belongs", "to"), ("belong", "to"), ("goes", "under"), ("go", "under"))
INDENT_OBJECTS = (("the", "line", "above"), ("the", "item", "above"), ("the", "one", "above"),
                  ("the", "line", "above", "it"), ("the", "item", "above", "it"), ("the", "parent", "line"),
                  ("the", "line", "before"), ("the", "item", "before"), ("its", "parent"))
INDENT_OPENERS = frozenset({"each", "every", "an", "a"})

# words a caption may hold besides its notes and still only ask for the drawing
CAPTION_WORDS = FRAME_WORDS | frozenset("tree org chart orgchart organigram indented list nested bullets reporting lines structure".split())

# words that say which way something points or sits: left over in a caption once its downward notes
# are taken out ("child above parent", "arrows up"), they may turn the tree round, so the caption stays
DIRECTION_WORDS = frozenset("""child children parent parents report reports manager managers manages boss bosses
    supervisor supervisors root leaf leaves above below under beneath over top bottom up down upward upwards downward
    downwards arrow arrows point points indent indents indentation indented reverse reversed inverted flip flipped
    from""".split())

# words that turn a tree round or stand it on its head ("bottom-up", "upside down", "reversed")
UP_WORDS = frozenset("bottom up upward upwards reverse reversed inverted flip flipped upside".split())
# what an indented item is said to be of the line above when it is over it ("indent = manager of …")
OVER_WORDS = UPPER | frozenset("manages supervises oversees leads heads".split())
# where a party is said to sit high in the drawing ("child above parent", "reports on top")
PLACED_HIGH = (("above",), ("over",), ("on", "top"), ("at", "the", "top"), ("at", "top"))
