from django.urls import path
from drf_spectacular.views import SpectacularJSONAPIView

from . import api

urlpatterns = [
    path("status", api.StatusView.as_view(), name="api-status"),
    path("oracles", api.OracleListView.as_view(), name="api-oracles"),
    path("ask", api.AskView.as_view(), name="api-ask"),
    path("figures/<str:token>", api.FigureView.as_view(), name="api-figure"),
    path("changelog", api.ChangelogView.as_view(), name="api-changelog"),
    path("feedback", api.FeedbackView.as_view(), name="api-feedback"),
    path("openapi.json", SpectacularJSONAPIView.as_view(authentication_classes=[], permission_classes=[]), name="api-schema"),
]
