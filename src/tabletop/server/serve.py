"""``tabletop serve``: run the server on uvicorn and print the address to open."""

from __future__ import annotations

from tabletop.server.protocol import MAX_FRAME


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> int:
    """Serve until interrupted; returns the exit status."""
    import uvicorn

    from tabletop.server.app import create_app
    from tabletop.server.store import database_url

    url = database_url(db)
    app = create_app(db)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"tabletop: serving on http://{shown}:{port}/  (games stored in {url})", flush=True)
    # Frames well over the protocol's limit are cut off by uvicorn itself; up to it the
    # server answers with a clear too-large error.
    uvicorn.run(app, host=host, port=port, ws_max_size=4 * MAX_FRAME, log_level="warning")
    return 0
