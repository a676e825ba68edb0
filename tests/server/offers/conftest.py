"""The accounts' app, its clock in the test's hands, and another browser on the same
running app (its own cookies; the same event loop, so the games it makes stay on it)."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from tests.server.accounts.conftest import app, client, clock  # noqa: F401


class Browser:
    """Another browser: requests through the test's client with a cookie jar of its own."""

    def __init__(self, test_client: TestClient) -> None:
        self.client = test_client
        self.jar = httpx.Cookies()

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        kept = self.client.cookies
        self.client.cookies = self.jar
        try:
            return self.client.request(method, url, **kwargs)
        finally:
            self.jar = self.client.cookies
            self.client.cookies = kept

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)
