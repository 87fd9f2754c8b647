from django.urls import path
from drf_spectacular.views import SpectacularJSONAPIView

from . import views

urlpatterns = [
    path("status", views.StatusView.as_view(), name="api-status"),
    path("oracles", views.OracleListView.as_view(), name="api-oracles"),
    path("ask", views.AskView.as_view(), name="api-ask"),
    path("figures/<str:token>", views.FigureView.as_view(), name="api-figure"),
    path("changelog", views.ChangelogView.as_view(), name="api-changelog"),
    path("feedback", views.FeedbackView.as_view(), name="api-feedback"),
    path("openapi.json", SpectacularJSONAPIView.as_view(authentication_classes=[], permission_classes=[]), name="api-schema"),
]
