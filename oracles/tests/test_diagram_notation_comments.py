"""A comment inside a pasted Mermaid / PlantUML / DOT block is skipped by the notation's parse, yet it
can change what must be drawn ("%% Quarantine has to be in the flow, no link given", "' actually B
goes to D"). The check reads comments on its own: a short title-like remark is no content; a comment
that names a drawn node or says how the steps relate or change is refused."""

import pytest

from oracles.engine import answer


def _verdict(intent: str):
    return answer("diagram", intent, "dot", {})


@pytest.mark.parametrize("intent", [
    "flowchart LR\n  P[Pick] --> K[Pack]\n  K --> S[Ship]\n  H[Hold area]\n%% Hold area belongs in the flow somewhere, ask the user",
    "graph TD\n  A[Draft] --> B[Review]\n  B --> C[Publish]\n%% actually Review should go back to Draft when rejected",
    "flowchart TD\n  A[Build] --> B[Test]\n  B --> C[Deploy]\n  %% skip Test for hotfixes",
    "@startuml\nAlice -> Bob : ping\nBob -> Carol : pong\n' TODO: Carol must also answer Alice\n@enduml",
    "digraph {\n  fetch -> parse;\n  parse -> store;\n  // store is not reached when parse fails\n}",
])
def test_a_comment_that_changes_the_flow_is_refused(intent):
    verdict = _verdict(intent)
    assert verdict.status == "invalid", verdict.result


def test_the_refusal_quotes_the_comment():
    verdict = _verdict("graph TD\n  A[Draft] --> B[Review]\n  B --> C[Publish]\n%% actually Review should go back to Draft")
    assert verdict.status == "invalid"
    assert "actually Review" in verdict.reason["message"]


@pytest.mark.parametrize("intent", [
    "flowchart LR\n%% invoice pipeline\n  R[Receive invoice] --> M[Match PO]\n  M --> P[Pay]",
    "graph TD\n  %% v2\n  A[Start shift] --> B[Count till]\n  B --> C[Open store]",
])
def test_a_title_like_comment_stays_valid(intent):
    verdict = _verdict(intent)
    assert verdict.status == "valid", verdict.reason


@pytest.mark.parametrize("intent", [
    "sequenceDiagram\n  participant U as User\n  participant S as Server\n  U->>S: login\n  S-->>U: token\n"
    "  Note over U,S: the token expires after 1h, then U must log in again",
    "@startuml\n[Web] --> [API]\n[API] --> [DB]\nnote right of DB : DB is replaced by DynamoDB next quarter\n@enduml",
])
def test_a_note_that_changes_the_flow_is_refused(intent):
    verdict = _verdict(intent)
    assert verdict.status == "invalid", verdict.result
    assert verdict.reason["code"] == "CONTENT_NOT_PLACED"


def test_a_note_that_describes_its_node_stays_valid():
    verdict = _verdict("sequenceDiagram\n  Client->>API: GET /me\n  Note right of API: validates the JWT\n"
                       "  API-->>Client: profile")
    assert verdict.status == "valid", verdict.reason
