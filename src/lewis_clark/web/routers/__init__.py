"""The application's routes, one router per concern (FastAPI's "bigger applications" layout):
``games`` (the games API), ``meta`` (static game data), ``hint`` (the expert's hint), ``watch`` (the
WebSocket), ``pages`` (the HTML pages and ``/docs``), ``health`` and ``metrics`` (for machines).
``app.create_app`` includes them; what they share comes through ``dependencies``."""
