from django.contrib import admin
from django.urls import include, path, re_path
from oauth2_provider import views as dot_views

from accounts import oauth_views
from forma.rest.base import v1_not_found

# The OAuth authorization server, under the toolkit's namespace so its RFC 8414
# document finds the endpoints by name. The metadata lives at the origin root
# (RFC 8414 §3, RFC 9728 §3); the endpoints under /o/. The MCP-specific
# /.well-known/oauth-protected-resource/mcp is served by the MCP app (forma/asgi.py).
oauth_patterns = (
    [
        path(".well-known/oauth-authorization-server", dot_views.OAuthServerMetadataView.as_view(), name="oauth-server-metadata"),
        path(".well-known/oauth-protected-resource", oauth_views.ProtectedResourceMetadataView.as_view(), name="oauth-resource-metadata"),
        path("o/authorize/", oauth_views.AuthorizationView.as_view(), name="authorize"),
        path("o/token/", oauth_views.TokenView.as_view(), name="token"),
        path("o/revoke_token/", oauth_views.RevokeTokenView.as_view(), name="revoke-token"),
        path("o/register/", oauth_views.RegistrationView.as_view(), name="dcr-register"),
        path("o/register/<str:client_id>/", oauth_views.RegistrationManagementView.as_view(), name="dcr-register-management"),
    ],
    "oauth2_provider",
)

handler404 = "forma.dashboard.errors.not_found"
handler500 = "forma.dashboard.errors.server_error"

urlpatterns = [
    path("", include("forma.dashboard.urls")),
    path("docs/", include("forma.docs.urls")),
    path("admin/", admin.site.urls),
    path("v1/", include("forma.rest.urls")),
    # Whatever else is under /v1 answers with the error object, not Django's HTML page.
    re_path(r"^v1(?:/.*)?$", v1_not_found),
    path("", include(oauth_patterns)),
]
