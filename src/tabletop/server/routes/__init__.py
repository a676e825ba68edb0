"""The server's routes, one router per concern; server/app.py puts them together."""
