"""Security headers on every kind of answer; the package's source not served."""

from __future__ import annotations

import httpx

from abuse import Target

NAME = "headers"
SERVE_ARGS: list[str] = []
REQUIRED = (
    "content-security-policy",
    "x-frame-options",
    "referrer-policy",
    "x-content-type-options",
)


def attack(target: Target, quick: bool) -> str:
    """GET pages, API answers, a static file and errors; check each answer's headers."""
    with httpx.Client(base_url=target.url, timeout=10) as client:
        game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json()
        answers = [
            client.get("/"),
            client.get(f"/game/{game['id']}"),
            client.get("/static/style.css"),
            client.get("/api/catalog"),
            client.get(f"/api/games/{game['id']}/record?format=sgf"),
            client.get("/api/games/none"),
            client.post("/api/games", json={"game": 1}),
            client.get("/static/__init__.py"),
        ]
    complete = sum(all(h in a.headers for h in REQUIRED) for a in answers)
    source = answers[-1].status_code
    policy = answers[0].headers.get("content-security-policy", "none")
    inline = "unsafe-inline" in policy or "unsafe-eval" in policy
    return (
        f"all four security headers on {complete} of {len(answers)} answers; "
        f"CSP {'allows' if inline else 'forbids'} inline script; "
        f"/static/__init__.py answered {source}"
    )
