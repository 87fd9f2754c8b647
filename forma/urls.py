from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts import views as account_views

urlpatterns = [
    path("", account_views.home, name="home"),
    path("accounts/signup/", account_views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("dashboard/", account_views.dashboard, name="dashboard"),
    path("dashboard/keys/", account_views.api_key_create, name="api_key_create"),
    path("dashboard/keys/<str:key_id>/revoke/", account_views.api_key_revoke, name="api_key_revoke"),
    path("admin/", admin.site.urls),
    path("v1/", include("oracles.api_urls")),
]
