"""'it' after a clause with a subject and an object may mean either: refused, never guessed.

"Catalog API queries Elasticsearch, and it also pulls images from S3" was drawn with
Elasticsearch -> S3. A relative "which" still means the object ("… nginx, which forwards …").
"""

import pytest

from oracles.engine import answer


def _diagram(intent: str):
    return answer("diagram", intent, "dot", {})


@pytest.mark.parametrize("intent", [
    "Catalog API queries Elasticsearch, and it also pulls images from S3.",
    "Orders API calls Stripe, and it also writes to Postgres.",
    "the scheduler triggers the exporter, and it also notifies Slack",
])
def test_it_after_subject_and_object_is_refused(intent):
    verdict = _diagram(intent)
    # refused either by the reader (which of the two?) or by the check ('it' is no name)
    assert verdict.status == "invalid"
    assert verdict.reason["code"] in {"UNREADABLE_INTENT", "NODE_NOT_IN_INTENT"}


def test_the_refusal_names_both_readings():
    verdict = _diagram("Catalog API queries Elasticsearch, and it also pulls images from S3.")
    assert verdict.status == "invalid"
    assert "'Catalog API' or 'Elasticsearch'" in verdict.reason["message"]


def test_which_still_means_the_object():
    verdict = _diagram("The browser talks to nginx, which forwards to the app server.")
    assert verdict.status == "valid"
    assert "nginx" in verdict.result and "app server" in verdict.result


@pytest.mark.parametrize("intent, subject, obj, target, first, second", [
    ("Catalog API queries Elasticsearch, and it also pulls images from S3.",
     "Catalog API", "Elasticsearch", "S3", "queries", "pulls images"),
    ("The scheduler starts the exporter, and it also pings Slack.", "scheduler", "exporter", "Slack", "starts", "pings"),
    ("the kiosk calls the payment terminal and it then prints a receipt on the printer",
     "kiosk", "payment terminal", "printer", "calls", "prints a receipt"),
])
@pytest.mark.parametrize("resolve_to", ["subject", "object"])
def test_planted_drafter_resolving_the_ambiguous_it_either_way_is_refused(intent, subject, obj, target, first, second,
                                                                          resolve_to):
    from .planted_diagrams import planted_reason

    source = subject if resolve_to == "subject" else obj
    reason = planted_reason(intent, [(subject, obj, first), (source, target, second)])
    assert reason["code"] in {"UNREADABLE_RELATION", "UNREADABLE_INTENT", "CONTENT_NOT_PLACED", "EDGE_MISSING"}
