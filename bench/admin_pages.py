"""`make bench`, admin section: the staff lists that grow without bound, timed at 10^6 rows.

Seeds BENCH_ADMIN_ROWS (default 1,000,000) ledger entries and answers into a PostgreSQL bench
database (once; later runs reuse them), then times the admin change list as a signed-in staff
member sees it: the first page, a filtered page, a later page, an exact id search and a stray
word. Run alone: `python bench/admin_pages.py` (it needs PostgreSQL; it says so and stops otherwise).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS = int(os.environ.get("BENCH_ADMIN_ROWS", "1000000"))
DATABASE = os.environ.get("BENCH_ADMIN_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/forma_bench_admin")
REPEATS = 5

SEED_LEDGER = """
INSERT INTO accounts_ledgerentry (organization_id, kind, amount, idempotency_key, request_id, reason, created_at)
SELECT %(org)s, (ARRAY['reserve','settle','release','grant'])[1 + g %% 4], 1, 'bench-' || g,
       'req_bench' || lpad(g::text, 10, '0'), '', now() - make_interval(secs => g)
FROM generate_series(1, %(rows)s) AS g
"""
SEED_ANSWERS = """
INSERT INTO oracles_answer (request_id, organization_id, credential, oracle_id, intent, format, options, status,
                            notes, cost, timings, created_at)
SELECT 'req_bench' || lpad(g::text, 10, '0'), %(org)s, 'key_bench', %(oracle)s, 'bar chart: a 1, b 2', 'vega-lite',
       '{}', (ARRAY['valid','invalid','error'])[1 + g %% 3], '[]', 1, '{}', now() - make_interval(secs => g)
FROM generate_series(1, %(rows)s) AS g
"""


def _setup() -> None:
    import psycopg

    base, _, name = DATABASE.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=2) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = DATABASE
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def _seed() -> tuple[object, str]:
    from django.db import connection

    from accounts.models import LedgerEntry, User
    from accounts.selectors import organization_for_user
    from accounts.services import user_signup
    from oracles.models import Answer, Oracle

    staff = User.objects.filter(email="bench-staff@example.com").first()
    if staff is None:
        staff = user_signup(email="bench-staff@example.com", password="bench staff pass phrase", plan_code="free")  # noqa: S106
        staff.is_staff = staff.is_superuser = True
        staff.save(update_fields=["is_staff", "is_superuser"])
    org = organization_for_user(staff)
    with connection.cursor() as cursor:
        if LedgerEntry.objects.filter(organization=org).count() < ROWS:
            print(f"  seeding {ROWS:,} ledger entries and answers (once)…", flush=True)
            LedgerEntry.objects.filter(idempotency_key__startswith="bench-").delete()
            Answer.objects.filter(credential="key_bench").delete()
            cursor.execute(SEED_LEDGER, {"org": org.pk, "rows": ROWS})
            cursor.execute(SEED_ANSWERS, {"org": org.pk, "oracle": Oracle.objects.get(name="chart").pk, "rows": ROWS})
            cursor.execute("ANALYZE accounts_ledgerentry; ANALYZE oracles_answer")
    return staff, org.public_id


def _time(client, path: str) -> tuple[float, int]:
    samples = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        response = client.get(path)
        samples.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise RuntimeError(f"{path} answered {response.status_code}")
    return statistics.median(samples), max(samples)


def run_admin_bench() -> dict[str, object]:
    try:
        _setup()
    except Exception as error:  # noqa: BLE001 - no PostgreSQL here: say so and skip
        return {"skipped": f"{type(error).__name__}: {error}"}
    from django.conf import settings
    from django.test import Client

    staff, org_id = _seed()
    client = Client(HTTP_HOST=settings.ALLOWED_HOSTS[0])
    client.force_login(staff)
    middle = f"req_bench{ROWS // 2:010d}"
    pages = {
        "ledger: first page": "/admin/accounts/ledgerentry/",
        "ledger: kind = settle": "/admin/accounts/ledgerentry/?kind__exact=settle",
        "ledger: page 50": "/admin/accounts/ledgerentry/?p=50",
        "ledger: search request id": f"/admin/accounts/ledgerentry/?q={middle}",
        "ledger: search org id": f"/admin/accounts/ledgerentry/?q={org_id}",
        "answers: first page": "/admin/oracles/answer/",
        "answers: status = invalid": "/admin/oracles/answer/?status__exact=invalid",
        "answers: search request id": f"/admin/oracles/answer/?q={middle}",
        "answers: stray word": "/admin/oracles/answer/?q=chart",
    }
    client.get(pages["ledger: first page"])  # warm-up
    return {"rows": ROWS, "pages": {name: _time(client, path) for name, path in pages.items()}}


def print_admin_bench(results: dict[str, object]) -> None:
    print(f"\nAdmin lists on PostgreSQL — {REPEATS} loads each, Django test client, signed-in staff")
    if "skipped" in results:
        print(f"  skipped: {results['skipped']}")
        return
    print(f"  {results['rows']:,} ledger entries and {results['rows']:,} answers")
    print(f"  {'page':<30}{'median ms':>11}{'max ms':>9}")
    for name, (median, worst) in results["pages"].items():
        print(f"  {name:<30}{median:>11.1f}{worst:>9.1f}")


if __name__ == "__main__":
    print_admin_bench(run_admin_bench())
