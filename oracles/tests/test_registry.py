"""The oracle-kind registry and the catalogue: seeded from it, checked against it, never disagreeing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from oracles.catalogue import catalogue_row_defaults
from oracles.engine import REGISTRY, KindRegistrationError
from oracles.engine.registry import KindRegistry
from oracles.models import Oracle

pytestmark = pytest.mark.django_db


def test_the_catalogue_is_seeded_from_the_registry():
    rows = {row.name: row for row in Oracle.objects.all()}
    assert list(rows) == REGISTRY.names() == ["chart", "diagram"]
    for position, kind in enumerate(REGISTRY):
        row = rows[kind.name]
        declared = catalogue_row_defaults(kind, position)
        assert {field: getattr(row, field) for field in declared} == declared
    assert rows["chart"].formats == ["vega-lite", "vega"] and rows["chart"].price == 1


def test_the_catalogue_as_seeded_passes_the_system_check():
    call_command("check")  # raises SystemCheckError on an error


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"kind": "sketch"}, "kind 'sketch' is not a registered oracle kind"),
        ({"formats": ["vega-lite", "vega", "svg"]}, "formats ['svg'] are not made by the chart kind"),
        ({"default_format": "vega"}, None),  # a narrower default is fine
        ({"formats": ["vega"]}, "default_format 'vega-lite' is not one of the row's formats ['vega']"),
        ({"drawable_formats": ["vega-lite", "png"]}, "drawable_formats ['png'] are not formats of the row"),
        ({"formats": []}, "formats must be a non-empty list"),
    ],
)
def test_a_catalogue_row_that_disagrees_with_its_kind_fails_manage_py_check(change, problem):
    Oracle.objects.filter(name="chart").update(**change)
    if problem is None:
        call_command("check")
        return
    with pytest.raises(SystemCheckError) as refused:
        call_command("check")
    assert "oracles.E001" in str(refused.value) and "'chart'" in str(refused.value)
    assert problem in str(refused.value)


def test_an_inactive_row_of_a_retired_kind_passes_the_check_and_the_admin(client, django_user_model):
    Oracle.objects.filter(name="diagram").update(kind="flowchart", is_active=False)
    call_command("check")
    client.force_login(django_user_model.objects.create_superuser("staff@example.com", "correct horse battery"))  # noqa: S106
    diagram = Oracle.objects.get(name="diagram")
    form = {
        "name": "diagram",
        "kind": "flowchart",
        "title": "Old diagrams",
        "description": diagram.description,
        "formats": '["dot"]',
        "default_format": "dot",
        "drawable_formats": "[]",
        "price": "1",
        "sort_order": "20",
    }  # is_active left off: it stays inactive
    assert client.post(f"/admin/oracles/oracle/{diagram.pk}/change/", form).status_code == 302
    diagram.refresh_from_db()
    assert (diagram.kind, diagram.title, diagram.is_active) == ("flowchart", "Old diagrams", False)


def test_a_row_may_narrow_its_kind():
    Oracle.objects.filter(name="chart").update(formats=["vega"], default_format="vega", drawable_formats=[], price=3)
    call_command("check")


def test_the_admin_refuses_to_save_a_row_that_disagrees(client, django_user_model):
    admin = django_user_model.objects.create_superuser("staff@example.com", "correct horse battery")  # noqa: S106
    client.force_login(admin)
    chart = Oracle.objects.get(name="chart")
    form = {
        "name": "chart",
        "kind": "chart",
        "title": chart.title,
        "description": chart.description,
        "formats": '["vega-lite", "vega", "svg"]',
        "default_format": "vega-lite",
        "drawable_formats": '["vega-lite", "svg"]',
        "price": "1",
        "is_active": "on",
        "sort_order": "10",
    }
    response = client.post(f"/admin/oracles/oracle/{chart.pk}/change/", form)
    assert response.status_code == 200  # the form again, with its errors
    page = response.content.decode()
    assert "This row disagrees with its oracle kind: formats [&#x27;svg&#x27;] are not made by the chart kind" in page
    chart.refresh_from_db()
    assert chart.formats == ["vega-lite", "vega"] and chart.drawable_formats == ["vega-lite", "vega"]

    unknown_kind = client.post(f"/admin/oracles/oracle/{chart.pk}/change/", {**form, "kind": "sketch"})
    assert unknown_kind.status_code == 200 and "Select a valid choice. sketch is not one of the available choices." in (
        unknown_kind.content.decode()
    )

    narrowed = {**form, "formats": '["vega-lite"]', "drawable_formats": '["vega-lite"]'}
    assert client.post(f"/admin/oracles/oracle/{chart.pk}/change/", narrowed).status_code == 302
    chart.refresh_from_db()
    assert chart.formats == ["vega-lite"]


@pytest.mark.django_db(transaction=True)
def test_the_asgi_app_will_not_start_with_a_disagreeing_catalogue():
    from starlette.testclient import TestClient

    from forma.asgi import build_application
    from oracles.checks import refuse_catalogue_disagreement

    Oracle.objects.filter(name="diagram").update(formats=["dot", "mermaid"])
    app = build_application(startup_checks=(refuse_catalogue_disagreement,))
    with pytest.raises(ImproperlyConfigured, match="formats \\['mermaid'\\] are not made by the diagram kind"):
        with TestClient(app):
            pass


def test_a_registration_line_that_names_no_kind_stops_the_registry():
    registry = KindRegistry()
    with pytest.raises(KindRegistrationError, match="cannot be imported"):
        registry.load(["oracles.engine.nothing_here"])
    with pytest.raises(KindRegistrationError, match="has no KIND"):
        registry.load(["oracles.engine.limits"])
    with pytest.raises(KindRegistrationError, match="Two registered oracle kinds are named 'chart'"):
        registry.load(["oracles.engine.chart", "oracles.engine.chart"])
    assert registry.kinds == {}


def test_a_kind_that_contradicts_itself_is_refused(monkeypatch):
    from oracles.engine.chart import KIND

    monkeypatch.setattr(KIND, "default_format", "png")
    with pytest.raises(KindRegistrationError, match="default_format 'png' is not one of its formats"):
        KindRegistry().load(["oracles.engine.chart"])


def test_each_kind_declares_its_own_limits_over_the_shared_ones():
    chart, diagram = REGISTRY.get("chart"), REGISTRY.get("diagram")
    assert (chart.limits["max_values"], chart.limits["max_intent_chars"]) == (1000, 32_000)
    assert (diagram.limits["max_nodes"], diagram.limits["max_intent_chars"]) == (150, 32_000)
    assert "max_nodes" not in chart.limits and "max_values" not in diagram.limits
