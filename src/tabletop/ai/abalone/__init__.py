"""Abalone's computer player (2 players): its compiled search (search.py) and its Agent (agent.py)."""
