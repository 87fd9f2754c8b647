"""Schemathesis against the live REST API: every response is documented, and nothing is ever a 5xx.

The live server (uvicorn serving the whole ASGI app, in this process) publishes
/v1/openapi.json; Schemathesis reads it and runs all of its phases: the
document's examples, coverage (boundary values, wrong types, NUL bytes, missing
fields, unsupported methods, no credentials), fuzzing, and stateful sequences
along the document's links, with every check enabled. It runs as its CLI in a
child process: the stable interface (its pytest plugin's lazy fixtures do not
run under pytest 9). A failure prints Schemathesis' report with a curl command
that replays each failing request.

The seed is fixed so CI is reproducible; FORMA_SCHEMATHESIS_SEED picks another
to explore, FORMA_SCHEMATHESIS_EXAMPLES more examples per operation.
"""

from __future__ import annotations

import os
import subprocess
import sys
from xml.etree import ElementTree

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

# Bounded so the run takes about a minute on a 2-core machine.
EXAMPLES_PER_OPERATION = int(os.environ.get("FORMA_SCHEMATHESIS_EXAMPLES", "15"))
SEED = os.environ.get("FORMA_SCHEMATHESIS_SEED", "20261130")


def test_the_rest_api_holds_to_its_openapi_document_under_schemathesis(live_server_url, make_account, tmp_path):
    from accounts.credits import credits_grant
    from accounts.models import Plan

    # Thousands of requests a minute: keep the per-plan limit and the balance out of the way, so what
    # is tested is the operations themselves (429 and 402 have their own tests).
    Plan.objects.filter(code="pro").update(requests_per_minute=1_000_000)
    account = make_account(plan="pro")
    credits_grant(organization=account.organization, amount=100_000, reason="schemathesis run", actor=None)

    # A request whose Idempotency-Key was already used with another body is refused with 422 (the
    # IETF Idempotency-Key draft): schema-valid data, rightly refused, which no schema can express.
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        '[checks.positive_data_acceptance]\n'
        'expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]\n',
        encoding="utf-8",
    )
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run", f"{live_server_url.url}/v1/openapi.json",
        "--url", live_server_url.url,
        "--header", f"Authorization: Bearer {account.key}",
        "--checks", "all",
        "--phases", "examples,coverage,fuzzing,stateful",
        "--mode", "all",
        "--max-examples", str(EXAMPLES_PER_OPERATION),
        "--seed", SEED,
        "--workers", "1",
        "--request-timeout", "60",
        "--generation-database", "none",
        "--suppress-health-check", "all",
        "--no-color",
        "--output-sanitize", "true",
        "--report", "junit", "--report-dir", str(tmp_path),
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, check=False)  # noqa: S603
    assert run.returncode == 0, f"Schemathesis found problems:\n{run.stdout[-20000:]}\n{run.stderr[-3000:]}"
    # A run that tested nothing would exit 0 too: every operation and the stateful phase must have run.
    (report,) = tmp_path.glob("junit-*.xml")
    suite = ElementTree.parse(report).getroot().find("testsuite")  # noqa: S314 (our own run's report)
    assert {case.get("name") for case in suite.iter("testcase")} == {
        "GET /v1/status", "GET /v1/oracles", "POST /v1/ask", "GET /v1/figures/{token}", "GET /v1/changelog",
        "POST /v1/feedback", "Stateful tests",
    }, run.stdout[-5000:]
    assert (suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("0", "0", "0"), run.stdout[-5000:]
