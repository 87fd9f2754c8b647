from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from oauth2_provider import views as dot_views

from accounts import oauth_views
from accounts import views as account_views
from feedback import views as feedback_views
from forma.rest import v1_not_found

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

account_patterns = [
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/signup/sent/", account_views.signup_sent, name="signup_sent"),
    path("accounts/signup/confirm/<str:token>/", account_views.signup_confirm, name="signup_confirm"),
    path("accounts/login/", account_views.SignInView.as_view(), name="login"),
    path("accounts/logout/", account_views.SignOutView.as_view(), name="logout"),
    path("accounts/", account_views.account, name="account"),
    path("accounts/password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]

dashboard_patterns = [
    path("dashboard/", account_views.dashboard, name="dashboard"),
    path("dashboard/keys/", account_views.api_keys, name="api_keys"),
    path("dashboard/keys/", account_views.api_keys, name="api_key_create"),  # the same view; the old name still reverses
    path("dashboard/keys/<str:key_id>/revoke/", account_views.api_key_revoke, name="api_key_revoke"),
    path("dashboard/keys/<str:key_id>/revoke/confirm/", account_views.api_key_revoke_confirm, name="api_key_revoke_confirm"),
    path("dashboard/agents/<str:connection_id>/revoke/", account_views.agent_connection_revoke, name="agent_connection_revoke"),
    path("dashboard/usage/", account_views.usage, name="usage"),
    path("dashboard/usage/ledger/", account_views.ledger, name="ledger"),
    path("dashboard/usage/chart.svg", account_views.usage_chart, name="usage_chart"),
    path("dashboard/answers/<str:request_id>/", account_views.answer_detail, name="answer_detail"),
    path("dashboard/figures/<str:token>.<str:out>", account_views.figure, name="dashboard_figure"),
    path("dashboard/playground/", account_views.playground, name="playground"),
    path("dashboard/statement/", account_views.statement, name="statement"),
    path("feedback/", feedback_views.feedback, name="feedback"),
    path("changelog/", account_views.changelog, name="changelog"),
    path("changelog/feed.atom", account_views.ChangelogFeed(), name="changelog_feed"),
]

handler404 = "accounts.views.errors.not_found"
handler500 = "accounts.views.errors.server_error"

urlpatterns = [
    path("", account_views.home, name="home"),
    *account_patterns,
    *dashboard_patterns,
    path("admin/", admin.site.urls),
    path("v1/", include("oracles.api_urls")),
    # Whatever else is under /v1 answers with the error object, not Django's HTML page.
    re_path(r"^v1(?:/.*)?$", v1_not_found),
    path("", include(oauth_patterns)),
]
