"""Publishing a changelog entry is one service, `changelog_entry_publish`; the admin action only calls it."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from accounts.models import AuditEvent
from oracles.models import ChangelogEntry
from oracles.selectors import changelog_since
from oracles.services import changelog_entry_publish

pytestmark = pytest.mark.django_db


def _entry(title: str, *, published: bool = False) -> ChangelogEntry:
    return ChangelogEntry.objects.create(
        title=title, body="What changed.", effective_on=datetime.date(2026, 11, 30), published_at=timezone.now() if published else None
    )


def _titles(result: dict) -> list[str]:
    return [entry.title for entry in result.entries]


def test_publishing_shows_the_entry_and_records_it_once(admin_user, django_capture_on_commit_callbacks):
    entry = _entry("Diagrams learn subgraphs")
    assert "Diagrams learn subgraphs" not in _titles(changelog_since(since=None))  # and now it is cached
    with django_capture_on_commit_callbacks(execute=True):
        assert changelog_entry_publish(entry=entry, actor=admin_user) is True
    entry.refresh_from_db()
    assert entry.published_at is not None
    assert "Diagrams learn subgraphs" in _titles(changelog_since(since=None))
    first = entry.published_at
    assert changelog_entry_publish(entry=entry, actor=admin_user) is False  # already published: nothing changes
    entry.refresh_from_db()
    assert entry.published_at == first
    rows = AuditEvent.objects.filter(action="changelog.published", target="Diagrams learn subgraphs")
    assert [(row.actor_id, row.organization_id) for row in rows] == [(admin_user.pk, None)]


def test_the_admin_action_publishes_through_the_service(admin_client):
    draft, live = _entry("Charts accept SVG"), _entry("Old news", published=True)
    live_at = live.published_at
    response = admin_client.post(
        "/admin/oracles/changelogentry/", {"action": "publish", "_selected_action": [draft.pk, live.pk]}, follow=True
    )
    assert response.status_code == 200
    assert "Published 1 of 2 selected entries" in response.content.decode()
    draft.refresh_from_db()
    live.refresh_from_db()
    assert draft.published_at is not None and live.published_at == live_at
    assert list(AuditEvent.objects.filter(action="changelog.published").values_list("target", flat=True)) == ["Charts accept SVG"]
