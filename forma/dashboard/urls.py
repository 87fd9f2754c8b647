"""The browser pages' URL map: sign-up and sign-in, the dashboard, feedback and the changelog."""

from django.contrib.auth import views as auth_views
from django.urls import path

from forma import dashboard as views

account_patterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/signup/sent/", views.signup_sent, name="signup_sent"),
    path("accounts/signup/confirm/<str:token>/", views.signup_confirm, name="signup_confirm"),
    path("accounts/login/", views.SignInView.as_view(), name="login"),
    path("accounts/logout/", views.SignOutView.as_view(), name="logout"),
    path("accounts/", views.account, name="account"),
    path("accounts/password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"
    ),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]

dashboard_patterns = [
    path("dashboard/", views.dashboard, name="dashboard"),
    path("dashboard/keys/", views.api_keys, name="api_keys"),
    path("dashboard/keys/", views.api_keys, name="api_key_create"),  # the same view; the old name still reverses
    path("dashboard/keys/<str:key_id>/revoke/", views.api_key_revoke, name="api_key_revoke"),
    path("dashboard/keys/<str:key_id>/revoke/confirm/", views.api_key_revoke_confirm, name="api_key_revoke_confirm"),
    path("dashboard/agents/<str:connection_id>/revoke/", views.agent_connection_revoke, name="agent_connection_revoke"),
    path("dashboard/usage/", views.usage, name="usage"),
    path("dashboard/usage/ledger/", views.ledger, name="ledger"),
    path("dashboard/usage/chart.svg", views.usage_chart, name="usage_chart"),
    path("dashboard/answers/<str:request_id>/", views.answer_detail, name="answer_detail"),
    path("dashboard/figures/<str:token>.<str:out>", views.figure, name="dashboard_figure"),
    path("dashboard/playground/", views.playground, name="playground"),
    path("dashboard/statement/", views.statement, name="statement"),
    path("feedback/", views.feedback, name="feedback"),
    path("changelog/", views.changelog, name="changelog"),
    path("changelog/feed.atom", views.ChangelogFeed(), name="changelog_feed"),
]

urlpatterns = [
    path("", views.home, name="home"),
    *account_patterns,
    *dashboard_patterns,
]
