"""The ground floor: the vocabulary every app and every door shares (the typed contract, reason codes).

Imports nothing of the project's own apps, only the standard library and pydantic.
"""
