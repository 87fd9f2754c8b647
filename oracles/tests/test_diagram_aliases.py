"""A thing named with its alias ("the interface engine (Mirth)") is one node: drawn as 'name (alias)'
beside the alias alone, every relation is drawn yet the diagram says two things where the intent said
one. The check refuses that split on its own, whatever the drafter read."""

import pytest

from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.aliases import refuse_alias_drawn_apart

from .planted_diagrams import planted_reason

_BROKER = ("The shop sends orders to the message broker (RabbitMQ). RabbitMQ hands them to the "
           "packing service.")


@pytest.mark.parametrize("whole, alone", [
    ("interface engine (Mirth)", "Mirth"),
    ("interface engine (Mirth)", "interface engine"),
    ("identity provider (aka Okta)", "Okta"),
    ("the identity provider, aka Okta", "Okta"),
    ("cache layer also known as Redis", "Redis"),
    ("key store (i.e. Vault)", "the Vault"),
])
def test_a_name_and_its_alias_drawn_as_two_nodes_is_refused(whole, alone):
    with pytest.raises(EngineRefusal) as refused:
        refuse_alias_drawn_apart({"a": whole, "b": alone, "c": "billing"})
    assert refused.value.code == "DUPLICATE_NODE"


@pytest.mark.parametrize("labels", [
    ["Postgres (primary)", "Postgres (replica)"],  # two things that share a name word
    ["frontend (React)", "backend (Django)"],
    ["review (legal)", "approve"],
])
def test_near_misses_stay_drawable(labels):
    refuse_alias_drawn_apart({str(i): label for i, label in enumerate(labels)})


def test_planted_drafter_that_splits_the_alias_is_refused():
    reason = planted_reason(_BROKER, [("shop", "message broker (RabbitMQ)", "sends orders"),
                                      ("RabbitMQ", "packing service", "hands them")])
    assert reason["code"] == "DUPLICATE_NODE"
    assert "RabbitMQ" in reason["message"]


def test_planted_drafter_that_splits_the_alias_with_a_way_back_is_refused():
    # every piece connected: the split does not break the graph apart, so only the alias rule sees it
    intent = ("The portal sends claims to the rules engine (Drools). Drools returns a decision to the "
              "portal.")
    reason = planted_reason(intent, [("portal", "rules engine (Drools)", "sends claims"),
                                     ("Drools", "portal", "returns a decision")])
    assert reason["code"] == "DUPLICATE_NODE"
