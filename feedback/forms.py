from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings

from .models import Feedback


class FeedbackForm(forms.Form):
    sentiment = forms.ChoiceField(choices=Feedback.Sentiment.choices, widget=forms.RadioSelect, initial=Feedback.Sentiment.NEUTRAL)
    message = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), max_length=settings.FORMA["FEEDBACK_MAX_CHARS"])
    request_id = forms.ChoiceField(required=False, label="About an answer (optional)")

    def __init__(self, *args: Any, answers: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["request_id"].choices = [("", "No particular answer")] + answers
