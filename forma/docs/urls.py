"""/docs/ and one path per page, in forma.docs.pages.PAGES order."""

from django.urls import path

from .pages import PAGES
from .views import docs_page

urlpatterns = [
    path("" if page.slug == "index" else f"{page.slug}/", docs_page, {"page": page}, name=page.url_name) for page in PAGES
]
