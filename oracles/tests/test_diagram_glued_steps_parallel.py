"""Steps glued into one node with a spaced "+" ("qa regression + security scan"), and a misspelled
"in parallel" ("all in paralel", "concurently") drawn as a step: the check refuses both on its own,
so a drafter that merges parallel steps into one node is never `valid`."""

import pytest

from oracles.engine import answer
from oracles.engine.diagram.flow_check import misspelled_parallel_word, separator_in_name

from .planted_diagrams import planted_reason


@pytest.mark.parametrize("label", ["lint + unit tests", "scan images + sign artifacts + push", "A + B"])
def test_a_spaced_plus_separates_steps(label):
    assert separator_in_name(label) == "+"


@pytest.mark.parametrize("label", ["C++ build", "Google+ import", "A+B testing", "add 1+1"])
def test_an_unspaced_plus_is_part_of_a_name(label):
    assert separator_in_name(label) is None


@pytest.mark.parametrize("key", ["all in paralel", "run concurently", "in parralel", "simultaneusly", "paralell"])
def test_misspelled_parallel_words_are_seen(key):
    assert misspelled_parallel_word(key) is not None


@pytest.mark.parametrize("key", ["parallel port", "parallelize jobs", "concurrency limit", "personal", "prepare label"])
def test_real_words_are_not_misspellings(key):
    assert misspelled_parallel_word(key) is None


@pytest.mark.parametrize("intent", [
    "deploy flow: merge → (lint + unit tests + build image, all in paralel) → staging",
    "onboarding: sign contract -> (laptop setup + badge + email account) -> first day",
    "freeze → scan + sign → publish",
])
def test_glued_steps_are_never_drawn_as_one(intent):
    verdict = answer("diagram", intent, "dot", {})
    if verdict.status == "valid":  # drawn only when each glued step is a node of its own
        assert " + " not in verdict.result


def test_planted_drafter_that_merges_parallel_steps_is_refused():
    intent = "merge → lint and test in parallel → staging"
    reason = planted_reason(intent, [("merge", "lint and test"), ("lint and test", "staging")])
    assert reason["code"]


def test_planted_drafter_that_keeps_the_misspelled_word_is_refused():
    intent = "merge → (lint, test, all in paralel) → staging"
    reason = planted_reason(intent, [("merge", "lint"), ("merge", "test"), ("merge", "all in paralel"),
                                     ("lint", "staging"), ("test", "staging"), ("all in paralel", "staging")])
    assert reason["code"] == "NODE_NOT_IN_INTENT"
    assert "paralel" in reason["message"]


def test_near_miss_spelled_right_stays_valid():
    verdict = answer("diagram", "merge -> in parallel: lint, test -> staging", "dot", {})
    assert verdict.status == "valid", verdict.reason


@pytest.mark.parametrize("intent", [
    "onboarding: sign contract -> (laptop setup + badge + email account) -> first day",
    "sign contract -> (laptop setup and badge) -> first day",
    "kickoff → (book venue & order catering) → event day",
])
def test_steps_glued_in_a_bracket_between_arrows_are_not_one_label(intent):
    verdict = answer("diagram", intent, "dot", {})
    glued = intent[intent.index("(") + 1:intent.index(")")]
    # refused, or drawn with each glued step a node of its own (never the bracket as one label)
    assert verdict.status == "invalid" or glued not in verdict.result, verdict.result


def test_planted_drafter_that_draws_glued_steps_as_a_label_is_refused():
    reason = planted_reason("sign contract -> (laptop setup + badge) -> first day",
                            [("sign contract", "first day", "laptop setup + badge")])
    assert reason["code"] == "EDGE_LABEL_HOLDS_NODE"


def test_a_message_with_a_plus_stays_a_label():
    verdict = answer("diagram", "Client -> API: request + JWT", "dot", {})
    assert verdict.status == "valid", verdict.reason


@pytest.mark.parametrize("label, glued", [("laptop setup & badge & email", "&"), ("pick & pack", None)])
def test_two_ampersands_make_a_list(label, glued):
    assert separator_in_name(label) == glued
