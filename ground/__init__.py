"""The ground floor: the vocabulary every app and every door shares (errors, ids, what text is
accepted, the typed contract, reason codes).

Imports no app: only the standard library, Django and pydantic. Every other package
imports downward into it (see .importlinter).
"""
