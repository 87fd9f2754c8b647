"""The browser side of keys: sign-up, create (shown once), revoke — through Django's test client."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import ApiKey, User

pytestmark = pytest.mark.django_db


def test_sign_up_then_create_and_revoke_a_key(seeded, django_capture_on_commit_callbacks):
    from django.core import mail

    client = Client(enforce_csrf_checks=False)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/signup/", {"email": "p@example.com", "password": "a long enough pass"})
    assert response.status_code == 302 and response["Location"] == "/accounts/signup/sent/"
    confirm = re.search(r"http://testserver(/accounts/signup/confirm/\S+/)", mail.outbox[0].body).group(1)
    assert client.post(confirm)["Location"] == "/dashboard/"
    page = client.get("/dashboard/")
    assert b"org_" in page.content and b"/mcp" in page.content
    created = client.post("/dashboard/keys/", {"name": "laptop"}, HTTP_HX_REQUEST="true")
    key = ApiKey.objects.get(organization__memberships__user__email="p@example.com")
    secret = re.search(r'<code id="new-key"[^>]*>([^<]+)</code>', created.content.decode()).group(1)
    assert secret.startswith("forma_sk_" + key.prefix)
    assert secret not in client.get("/dashboard/").content.decode()  # shown once
    client.post(f"/dashboard/keys/{key.public_id}/revoke/", HTTP_HX_REQUEST="true")
    key.refresh_from_db()
    assert key.revoked_at is not None


def test_duplicate_sign_up_creates_nothing_and_reveals_nothing(seeded):
    client = Client()
    client.post("/accounts/signup/", {"email": "d@example.com", "password": "a long enough pass"})
    again = Client().post("/accounts/signup/", {"email": "d@example.com", "password": "another long pass"})
    assert again.status_code == 302 and again["Location"] == "/accounts/signup/sent/"
    assert User.objects.filter(email="d@example.com").count() == 1


def test_dashboard_requires_sign_in(seeded):
    response = Client().get("/dashboard/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_pages_send_a_content_security_policy(seeded):
    response = Client().get("/")
    csp = response["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
