"""The ground floor: the vocabulary every app shares (errors, ids, what text is accepted).

Imports no app: only the standard library, Django and pydantic. Every other package
imports downward into it (see .importlinter).
"""
