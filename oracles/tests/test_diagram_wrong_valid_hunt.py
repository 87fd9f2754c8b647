"""Phrasings that were answered `valid` but wrong, now refused by the check (each with a rewrite that is
read), and planted drawings that the check alone refuses:

- a phrase that adds, swaps or sets apart a second name kept in a node ("DB as well as the cache",
  "DB instead of the cache", "unlike Cy", "DB along" of "along with the cache"), and a how-often adverb
  at a name's end ("DB mostly") (vague_names.py);
- words about the sentence in a node: a correction ("Actually Cy"), an addition ("Cy as well", "Dee
  respectively"), a list left open ("etc", "Cy (and soon Dee)") (vague_names.py);
- a pick among names drawn as a node ("one of the 3 app servers") (vague_names.py);
- a word that may share the next name's noun, with 'or' or an article ("the blue or the green cluster",
  "the EU or the US warehouse") (shared_heads.py);
- a bare "then the cache" after a sentence drawn as a step after it ("The API calls the DB, then the
  cache") (node_fragments.py).
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason


@pytest.mark.parametrize(("intent", "word"), [
    ("The API calls the DB as well as the cache", "as well as"),
    ("The worker reads from SQS as well as from Kafka", "as well as"),
    ("The API calls the DB instead of the cache", "instead of"),
    ("The API calls the DB rather than the cache", "rather than"),
    ("The API calls the DB in addition to the cache", "in addition to"),
    ("The API calls the DB plus the cache", "plus the"),
    ("The API calls the DB besides the cache", "besides"),
    ("The API calls the DB apart from the cache", "apart from"),
    ("The API calls the DB along with the cache", "along"),
    ("Ann reports to Bob, unlike Cy, who reports to Dee", "unlike"),
    ("The API calls the DB mostly", "mostly"),
])
def test_a_second_name_or_adverb_kept_in_a_node_is_refused(intent: str, word: str) -> None:
    reason = refusal_reason(intent)
    assert reason["code"] == "NODE_HOLDS_RELATION"
    assert word in reason["message"]


@pytest.mark.parametrize("intent", [
    "Ann manages Bob and Cy. Actually Cy reports to Dee.",
    "Ann manages Bob and Cy as well",
    "Ann manages Bob, and Bob manages Cy and Dee respectively",
    "Ann manages Bob, Cy, etc.",
    "Ann manages Bob and Cy (and soon Dee)",
    "Ann manages Bob, formerly of Sales",
])
def test_words_about_the_sentence_in_a_node_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"] == "NODE_NOT_IN_INTENT"


@pytest.mark.parametrize("intent", [
    "The request hits the LB, then one of the 3 app servers, then the DB",
    "The LB -> any of our workers -> DB",
])
def test_a_pick_among_names_is_no_node(intent: str) -> None:
    assert refusal_reason(intent)["code"] == "NODE_NOT_IN_INTENT"


@pytest.mark.parametrize(("intent", "single", "noun"), [
    ("The gateway sends traffic to the blue or the green cluster", "blue", "cluster"),
    ("Orders go to the EU or the US warehouse", "EU", "warehouse"),
    ("The app reads from the primary and the replica database", "primary", "database"),
    ("The API calls the payments and the users service", "payments", "service"),
    ("The router forwards packets to the internal or external network", "internal", "network"),
    ("The gateway routes requests to either the v1 or the v2 service", "v1", "service"),
])
def test_a_word_that_may_share_the_next_noun_is_refused(intent: str, single: str, noun: str) -> None:
    reason = refusal_reason(intent)
    assert f"'{single} {noun}'" in reason["message"]


@pytest.mark.parametrize("intent", [
    "The API calls the DB, then the cache, then the search index",
    "The API calls the DB, and then the cache",
    "The request hits the LB, then the app server, then the DB",
    "The API queries the DB, then a fallback replica",
])
def test_a_bare_then_object_after_a_sentence_is_refused(intent: str) -> None:
    reason = refusal_reason(intent)
    assert reason["code"] == "NODE_HOLDS_RELATION"
    assert "->" in reason["message"]


# The rewrites the refusals suggest, and names that stay names, are read.
@pytest.mark.parametrize(("intent", "edges"), [
    ("The API calls the DB and the cache", {("API", "DB"), ("API", "cache")}),
    ("The API calls the DB", {("API", "DB")}),
    ("The worker reads from SQS and from Kafka", {("worker", "SQS"), ("worker", "Kafka")}),
    ("Ann manages Bob and Cy", {("Ann", "Bob"), ("Ann", "Cy")}),
    ("The gateway sends traffic to the blue cluster or the green cluster",
     {("gateway", "blue cluster"), ("gateway", "green cluster")}),
    ("Orders go to the EU warehouse or the US warehouse", {("Orders", "EU warehouse"), ("Orders", "US warehouse")}),
    ("The API calls Postgres and the users service", {("API", "Postgres"), ("API", "users service")}),
    ("The app calls Auth and the billing service", {("app", "Auth"), ("app", "billing service")}),
    ("API -> DB, API -> cache", {("API", "DB"), ("API", "cache")}),
    ("API -> DB -> cache", {("API", "DB"), ("DB", "cache")}),
    ("request -> LB -> app server -> DB", {("request", "LB"), ("LB", "app server"), ("app server", "DB")}),
    ("The customer calls the support line, then the agent answers",
     {("customer calls the support line", "agent answers")}),
])
def test_the_rewrites_are_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


@pytest.mark.parametrize(("intent", "edges"), [
    # a drafter that keeps the second name (or the adverb) in the node
    ("The API calls the DB as well as the cache", [("API", "DB as well as the cache")]),
    ("The API calls the DB instead of the cache", [("API", "DB instead of the cache")]),
    ("The API calls the DB along with the cache", [("API", "DB along", "cache")]),
    ("The API calls the DB mostly", [("API", "DB mostly")]),
    # a drafter that keeps a correction or an addition in the name
    ("Ann manages Bob and Cy. Actually Cy reports to Dee.", [("Ann", "Bob"), ("Ann", "Cy"), ("Dee", "Actually Cy")]),
    ("Ann manages Bob and Cy as well", [("Ann", "Bob"), ("Ann", "Cy as well")]),
    ("Ann manages Bob, Cy, etc.", [("Ann", "Bob"), ("Ann", "Cy"), ("Ann", "etc")]),
    # a drafter that draws a pick among names as a node
    ("The request hits the LB, then one of the 3 app servers, then the DB",
     [("request", "LB"), ("LB", "one of the 3 app servers"), ("one of the 3 app servers", "DB")]),
    # a drafter that drops the shared noun of the first word
    ("The gateway sends traffic to the blue or the green cluster", [("gateway", "blue"), ("gateway", "green cluster")]),
    ("Orders go to the EU or the US warehouse", [("Orders", "EU"), ("Orders", "US warehouse")]),
    # a drafter that reads a bare "then the cache" as a step
    ("The API calls the DB, then the cache, then the search index",
     [("API calls the DB", "cache"), ("cache", "search index")]),
])
def test_the_check_alone_refuses_the_planted_drawing(intent: str, edges: list[tuple[str, ...]]) -> None:
    planted_reason(intent, edges)


# A second clause of one subject, a message folded into another, "it also" after two names, a code that
# may take the name before it, a reflexive object, two codes in one node.
@pytest.mark.parametrize(("intent", "code"), [
    ("The API depends on Auth; it also depends on the cache", "UNREADABLE_RELATION"),
    ("The API depends on Auth, which depends on the DB. It also depends on the cache.", "UNREADABLE_RELATION"),
    ("Client calls Server A, and Server A calls Server B and C", "NODE_NOT_IN_INTENT"),
    ("Team 1 and 2 report to Ann", "NODE_NOT_IN_INTENT"),
    ("The service calls itself recursively", "NODE_NOT_IN_INTENT"),
    ("A -> B and C", "NODE_HOLDS_RELATION"),
])
def test_more_wrong_valids_are_refused(intent: str, code: str) -> None:
    assert refusal_reason(intent)["code"] == code


@pytest.mark.parametrize(("intent", "edges"), [
    ("The client sends a login request to the API. The API returns a token to the client.",
     {("client", "API"), ("API", "client")}),
    ("The API writes the user to Postgres. The API sends a task to the queue.", {("API", "Postgres"), ("API", "queue")}),
    ("The API depends on Auth; the API also depends on the cache", {("API", "Auth"), ("API", "cache")}),
    ("Client calls Server A, and Server A calls Server B and Server C",
     {("Client", "Server A"), ("Server A", "Server B"), ("Server A", "Server C")}),
    ("service -> service: recursive call", {("service", "service")}),
    ("A -> B, A -> C", {("A", "B"), ("A", "C")}),
    ("Q&A -> done", {("Q&A", "done")}),
])
def test_more_rewrites_are_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


@pytest.mark.parametrize(("intent", "edges", "code"), [
    # "receives a token" drawn as a node of its own, from the client or from the API
    ("The client sends a login request to the API and receives a token",
     [("client", "API", "login request"), ("client", "receives a token")], "NODE_HOLDS_RELATION"),
    ("The client sends a login request to the API and receives a token",
     [("client", "API", "login request"), ("API", "receives a token")], None),
    # two messages folded into one label, whether or not the other part is drawn
    ("The API writes the user to postgres and sends a task to the queue",
     [("API", "queue", "user to postgres and sends a task")], "EDGE_LABEL_WRONG"),
    ("The web app writes the order to Postgres and sends a task to Celery",
     [("web app", "Celery", "writes the order to Postgres and sends a task")], "EDGE_LABEL_WRONG"),
    # "it also" taken for the last name
    ("The API depends on Auth; it also depends on the cache", [("API", "Auth"), ("Auth", "cache")], "UNREADABLE_RELATION"),
    # a code taken alone, a reflexive object, two codes in one node
    ("Client calls Server A, and Server A calls Server B and C",
     [("Client", "Server A"), ("Server A", "Server B"), ("Server A", "C")], "NODE_NOT_IN_INTENT"),
    ("The service calls itself recursively", [("service", "itself recursively")], "NODE_NOT_IN_INTENT"),
    ("A -> B and C", [("A", "B and C")], "NODE_HOLDS_RELATION"),
])
def test_the_check_alone_refuses_more_planted_drawings(intent: str, edges: list[tuple[str, ...]], code: str | None) -> None:
    reason = planted_reason(intent, edges)
    assert code is None or reason["code"] == code, reason


# A label that denies its arrow or names another target; a comment glued to a name.
@pytest.mark.parametrize(("intent", "code"), [
    ("frontend -> backend: REST, backend -> db: SQL, backend -> cache: not used anymore", "EDGE_LABEL_WRONG"),
    ("A -> B -> C (or D)", "EDGE_LABEL_WRONG"),
    ("svc-a -> svc-b -> svc-c // svc-c is external", "NODE_NOT_IN_INTENT"),
    ("A -> B -> C # C is the old name for D", "NODE_NOT_IN_INTENT"),
    ("The app uses Stripe for payments and Twilio for SMS", "EDGE_LABEL_WRONG"),
    ("The app calls the DB and/or the cache", "NODE_HOLDS_RELATION"),
])
def test_labels_and_comments_that_change_the_drawing_are_refused(intent: str, code: str) -> None:
    assert refusal_reason(intent)["code"] == code


@pytest.mark.parametrize(("intent", "edges"), [
    ("frontend -> backend: REST, backend -> db: SQL", {("frontend", "backend"), ("backend", "db")}),
    ("A -> B -> C, B -> D", {("A", "B"), ("B", "C"), ("B", "D")}),
    ("svc-a -> svc-b -> svc-c", {("svc-a", "svc-b"), ("svc-b", "svc-c")}),
    ("api -> db: reads and writes", {("api", "db")}),
    ("The app uses Stripe for payments. The app uses Twilio for SMS.", {("app", "Stripe"), ("app", "Twilio")}),
])
def test_label_rewrites_are_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


@pytest.mark.parametrize(("intent", "edges", "code"), [
    ("frontend -> backend: REST, backend -> cache: not used anymore",
     [("frontend", "backend", "REST"), ("backend", "cache", "not used anymore")], "EDGE_LABEL_WRONG"),
    ("A -> B -> C (or D)", [("A", "B"), ("B", "C", "or D")], "EDGE_LABEL_WRONG"),
    ("svc-a -> svc-b -> svc-c // svc-c is external",
     [("svc-a", "svc-b"), ("svc-b", "svc-c // svc-c is external")], "NODE_NOT_IN_INTENT"),
    ("The app uses Stripe for payments and Twilio for SMS",
     [("app", "Stripe", "payments and Twilio for SMS")], "EDGE_LABEL_WRONG"),
])
def test_the_check_alone_refuses_planted_labels(intent: str, edges: list[tuple[str, ...]], code: str) -> None:
    assert planted_reason(intent, edges)["code"] == code


# How often glued to a name after "to"/"from"; a comparison or denial drawn as a node; two sentences between
# the same two actors drawn as steps.
@pytest.mark.parametrize(("intent", "code"), [
    ("The app reads from S3 as needed and writes to S3 nightly", "NODE_HOLDS_RELATION"),
    ("The app writes to S3 nightly", "NODE_HOLDS_RELATION"),
    ("Alice manages Bob and Carol, Carol manages Dan, and Dan, like Bob, has no reports", "NODE_NOT_IN_INTENT"),
    ("The scheduler starts the job; once done, the job notifies the scheduler", "NODE_HOLDS_RELATION"),
])
def test_adverbs_comparisons_and_actor_sentences_are_refused(intent: str, code: str) -> None:
    assert refusal_reason(intent)["code"] == code


@pytest.mark.parametrize(("intent", "edges"), [
    ("app -> S3: nightly", {("app", "S3")}),
    ("Run backups nightly -> verify -> done", {("Run backups nightly", "verify"), ("verify", "done")}),
    ("Alice manages Bob and Carol. Carol manages Dan.", {("Alice", "Bob"), ("Alice", "Carol"), ("Carol", "Dan")}),
    ("scheduler -> job: starts, job -> scheduler: notifies", {("scheduler", "job"), ("job", "scheduler")}),
])
def test_adverb_and_actor_rewrites_are_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


@pytest.mark.parametrize(("intent", "edges", "code"), [
    ("The app writes to S3 nightly", [("app", "S3 nightly")], "NODE_HOLDS_RELATION"),
    ("Alice manages Bob, and Dan, like Bob, has no reports", [("Alice", "Bob"), ("Alice", "like Bob")],
     "NODE_NOT_IN_INTENT"),
    ("The scheduler starts the job; once done, the job notifies the scheduler",
     [("scheduler starts the job", "job notifies the scheduler", "once done")], "NODE_HOLDS_RELATION"),
])
def test_the_check_alone_refuses_planted_adverbs_and_actor_sentences(intent: str, edges: list[tuple[str, ...]],
                                                                     code: str) -> None:
    assert planted_reason(intent, edges)["code"] == code
