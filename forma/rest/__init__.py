"""The REST interface (/v1/): base.py the adapter (error object, rate limits, strict fields), auth.py bearer
authentication, views.py the endpoints, urls.py their map. Nothing is imported here: DRF loads auth.py
from settings while views.py is being imported."""
