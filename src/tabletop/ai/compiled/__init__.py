"""What the compiled tree searches share: the tree's arrays and PUCT steps (tree.py), the
iteration loop (puct.py) and the Agent that runs them within a Budget (agent.py)."""
