from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation


class SignupForm(forms.Form):
    email = forms.EmailField(max_length=254)
    password = forms.CharField(widget=forms.PasswordInput, min_length=10, max_length=128)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        password_validation.validate_password(password)
        return password


class ApiKeyCreateForm(forms.Form):
    name = forms.CharField(max_length=80, required=False)
