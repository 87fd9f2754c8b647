"""Processes told in prose: a story of one thing said in the passive, with its pronoun ("The claim is
submitted by the employee, then it's reviewed by the manager, …") read by the drafter
(passive_story_forms.py) and by the check on its own (passive_story_normal.py); a journey's "lands on
the homepage" read as a step; a heading run into the first step refused (glued_headings.py)."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason

CLAIM = ("The claim is submitted by the employee, then it's reviewed by the manager, then it's paid by finance, "
         "and finally it gets archived.")


@pytest.mark.parametrize(("intent", "steps"), [
    (CLAIM, ["claim is submitted by the employee", "reviewed by the manager", "paid by finance", "archived"]),
    ("The samples are taken by the nurse, then they are labelled, and then they're sent to the lab.",
     ["samples are taken by the nurse", "labelled", "sent to the lab"]),
    ("The parcel is scanned at the depot; then it's loaded onto the van; finally it gets delivered to the customer.",
     ["parcel is scanned at the depot", "loaded onto the van", "delivered to the customer"]),
    ("ticket is opened by support, then it's triaged, then it's fixed by the owner, then it's closed",
     ["ticket is opened by support", "triaged", "fixed by the owner", "closed"]),
    ("so the invoice is raised by sales, then it's approved by finance and then it's sent to the customer",
     ["invoice is raised by sales", "approved by finance", "sent to the customer"]),
    ("Applications are screened by HR, then they're interviewed by the panel, and then they're signed off by the "
     "director.", ["Applications are screened by HR", "interviewed by the panel", "signed off by the director"]),
    ("The order is picked by the warehouse, then it's packed by the packing team, and then labeled by the shipping "
     "desk. After that it is collected by the courier.",
     ["order is picked by the warehouse", "packed by the packing team", "labeled by the shipping desk",
      "collected by the courier"]),
    ("They land on the homepage, search for a product, add it to the cart and then check out.",
     ["land on the homepage", "search for a product", "add it to the cart", "check out"]),
])
def test_story_of_one_thing_is_drawn_as_its_steps_in_order(intent, steps):
    nodes, edges = drawn(intent)
    assert nodes == set(steps)
    assert edges == set(zip(steps, steps[1:], strict=False))


@pytest.mark.parametrize("intent", [
    "The order is picked by Marks and Spencer, then it's packed by the team.",  # a name with "and" in it
    "The order is picked by the warehouse, then it is not packed, then it's shipped.",  # negation
    "The order is picked by the warehouse, then it's packed by them.",  # a second pronoun
    "The order is received by sales, then the warehouse packs it, then it is shipped.",  # another subject
    "The invoice is created by sales, then it is approved by finance or it is rejected.",  # a choice
    "The order is picked by the warehouse, then it is packed by the team unless it is fragile.",  # a condition
    "The order is picked by the warehouse, then it's handed to the courier, who delivers it.",  # a relative clause
    "user journey visitor sees the ad then clicks it then lands on the pricing page",  # heading without a colon
])
def test_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_heading_run_into_the_first_step_asks_for_the_colon():
    reason = refusal_reason("onboarding flow customer opens the app then signs up then verifies the email")
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "colon" in reason["message"]


STEPS = ["claim is submitted by the employee", "reviewed by the manager", "paid by finance", "archived"]


@pytest.mark.parametrize("edges", [
    [(STEPS[0], STEPS[1]), (STEPS[1], STEPS[3])],  # a step dropped
    [(STEPS[0], "reviewed by the"), ("reviewed by the", STEPS[2]), (STEPS[2], STEPS[3])],  # a label truncated
    [(STEPS[0], STEPS[1]), (STEPS[1], STEPS[2]), (STEPS[2], STEPS[3]), (STEPS[0], STEPS[3])],  # an edge added
    [(STEPS[0], STEPS[2]), (STEPS[2], STEPS[1]), (STEPS[1], STEPS[3])],  # two steps swapped
    [(STEPS[0], "it's reviewed by the manager"), ("it's reviewed by the manager", STEPS[2]),
     (STEPS[2], STEPS[3])],  # the pronoun kept in a node
    [(STEPS[0], "claim is reviewed by the manager"), ("claim is reviewed by the manager", STEPS[2]),
     (STEPS[2], STEPS[3])],  # the pronoun replaced by a guess
])
def test_planted_drafter_bugs_are_refused(edges):
    assert planted_reason(CLAIM, edges)["code"]


def test_pronoun_kept_in_a_node_outside_a_story_of_one_thing_names_the_pronoun():
    # "Marks and Spencer" cuts the story, so the pronoun is not dropped; kept in a node, it is refused
    reason = refusal_reason("The order is picked by Marks and Spencer, then it's packed by the team.")
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "pronoun" in reason["message"]
