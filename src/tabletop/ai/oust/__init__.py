"""Oust's computer player: its compiled search (search.py) and its Agent (agent.py)."""
