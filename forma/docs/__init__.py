"""The public docs at /docs/: prose from docs/*.md, facts read from the live definitions (sources.py)."""
