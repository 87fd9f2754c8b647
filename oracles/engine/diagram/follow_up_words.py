"""Words that make a condition a follow-up on the one said just before it ("If no ack within 10 min, page
secondary. If STILL no ack, page the manager."): shared by the drafter (follow_up_forms.py) and the
check (follow_up_normal.py), which each read the sentences their own way."""

from __future__ import annotations

FOLLOW_UP_PHRASES = ("still", "again", "even then", "also fails", "also fail", "keeps failing", "keep failing",
                     "that fails too")
# the opening words of a condition sentence
CONDITION_OPENERS = ("if", "when")
# a step that holds one of these is more than one step, or a branch of its own: no follow-up is read after it
NOT_ONE_STEP = frozenset("and then or otherwise else if unless when but".split())
STEP_MAX_WORDS = 6
# a follow-up must speak of what the condition before it spoke of: the two share a word other than these
# (its first four letters: "they fail" / "still failing"); "If it rains, bus. If sunny, walk. If it still
# rains, stay home" follows up on the first condition, not on the one just before, and is left as written
NOT_SHARED = frozenset("a an the it its they them he she we you i is are was were be been do does did not no "
                       "still again even then also after within another more some any of to in on at for by with "
                       "there this that these those".split())
SHARED_STEM = 4
