"""Screenshots of each game at desktop and phone size, for the README and reviews.

    python bench/screenshots.py [--out docs/screenshots] [--dark]

Starts `tabletop serve` on a free port with a throw-away database, creates one game
of each kind between two people, plays a fixed sequence of legal moves through the
HTTP API (the same seeded choices every run), then opens the game page in Chromium
(Debian's /usr/bin/chromium, as the browser tests) at 1280x800 and 390x844 and saves
``<game>-desktop.jpg`` and ``<game>-phone.jpg``. Each file is kept under 150 KB
(JPEG at quality 85, CSS pixels: a PNG of the shaded Abalone board is larger);
`make screenshots` runs this.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 150_000
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# game -> (options, plies played before the picture)
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "go": ({"size": 9}, 24),
    "abalone": ({}, 14),
    "oust": ({}, 16),
    "quoridor": ({}, 10),
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port)]
    command += ["--db", str(folder / "games.sqlite"), "--requests-per-minute", "0"]
    command += ["--games-per-minute", "0", "--waiting-games", "0"]
    log = (folder / "serve.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            call(url + "/api/catalog")
            return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"tabletop serve did not start: see {folder / 'serve.log'}")


def play(url: str, game: str, options: dict[str, Any], plies: int, seed: int) -> tuple[str, str]:
    """A game between two people with `plies` seeded legal moves played; (id, seat 0's token)."""
    players = call(url + "/api/catalog")["games"]
    count = options.get("players") or next(g["players"][0] for g in players if g["name"] == game)
    seats = [
        {"kind": "person", "name": name, "claim": True}
        for name in ["Ann", "Ben", "Cem", "Dee"][:count]
    ]
    created = call(url + "/api/games", {"game": game, "options": options, "seats": seats})
    gid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    rng = random.Random(seed)
    view = created["game"]
    for _ in range(plies):
        if view["status"] != "playing" or not view.get("legal"):
            break
        moves = [m for m in view["legal"] if str(m).lower() not in {"pass", "resign"}]
        move = rng.choice(moves)
        view = call(
            f"{url}/api/games/{gid}/moves", {"token": tokens[view["to_move"]], "move": move}
        )
    return gid, tokens[0]


def shoot(url: str, out: Path, dark: bool, png: bool = False) -> list[Path]:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    written = []
    process_games = {g: play(url, g, o, n, seed=9) for g, (o, n) in GAMES.items()}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for size, (width, height) in SIZES.items():
            phone = size == "phone"
            context = browser.new_context(
                viewport={"width": width, "height": height},
                is_mobile=phone,
                has_touch=phone,
                color_scheme="dark" if dark else "light",
            )
            page = context.new_page()
            for game, (gid, token) in process_games.items():
                page.goto(f"{url}/game/{gid}?token={token}")
                page.wait_for_selector("#seats li")
                page.wait_for_selector("#board .pt")
                page.wait_for_timeout(400)  # the newest move's short animation
                path = out / f"{game}-{size}{'-dark' if dark else ''}.{'png' if png else 'jpg'}"
                if png:
                    page.screenshot(path=str(path), scale="css", animations="disabled")
                else:
                    page.screenshot(
                        path=str(path), scale="css", type="jpeg", quality=85, animations="disabled"
                    )
                if path.stat().st_size > LIMIT and not png:
                    raise SystemExit(f"{path} is {path.stat().st_size} bytes, over {LIMIT}")
                written.append(path)
            context.close()
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--dark", action="store_true", help="the dark colour scheme")
    parser.add_argument("--png", action="store_true", help="PNG files (to look at; may be larger)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        process, url = serve(Path(folder))
        try:
            for path in shoot(url, args.out, args.dark, args.png):
                print(
                    f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:"
                    f" {path.stat().st_size} bytes"
                )
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
