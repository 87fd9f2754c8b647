"""Words of a reply said in loose English, "Server answer to Client" / "Doctor answer to Reception
"Tuesday 10h free"": the base form "answer" (never "answers", which with "to" is a reporting line) after
the receiver addressed the answering party earlier in one of these verbs ("Client send request to
Server. Server answer to Client."). WORDS shared by the drafter (answer_to_forms.py) and the check
(answer_to_normal.py); each reads the sentence its own way."""

from __future__ import annotations

ANSWER_WORD = "answer"
# the receiver must have addressed the answering party earlier, with one of these, in one sentence
ADDRESSING_VERBS = frozenset(
    """send sends ask asks call calls check checks request requests query queries forward forwards give gives
    make makes tell tells notify notifies""".split()
)
# a message holding a condition or a second clause is more than what travels: not read
NOT_IN_A_MESSAGE = frozenset("if unless when whenever once otherwise else or until while and then to".split())
MESSAGE_MAX_WORDS = 6
NAME_MAX_WORDS = 3
# "Website ask Availability service if room is free", answered later ("Availability service answer to
# Website"): the question is the message asked; the words that open the question and the replies that
# must follow it
ASKING_VERBS = frozenset("ask asks".split())
QUESTION_OPENERS = frozenset("if whether".split())
REPLY_VERBS = frozenset("answer replies reply responds respond".split())  # ("answers to" is a reporting line)
