"""Abalone's 2-player computer player: its compiled search (search.py) and Agent (agent.py)."""
