"""User names and passwords as the issue and OWASP ask: what is allowed, and the one clear
message for what is not (decision record 0124)."""

from __future__ import annotations

import re
import unicodedata

MIN_NAME, MAX_NAME = 3, 20
MIN_PASSWORD, MAX_PASSWORD = 8, 128
_ALLOWED = re.compile(r"[A-Za-z0-9_-]+")
_EDGES = re.compile(r"^[A-Za-z0-9].*[A-Za-z0-9]$|^[A-Za-z0-9]$")


class RuleError(ValueError):
    """A user name or password the rules refuse; the message says which rule."""


def name_key(username: str) -> str:
    """The form names are unique in: lower case (``Ada`` and ``ada`` are one name)."""
    return username.lower()


def check_username(username: str) -> str:
    """``username`` if it is a valid user name, else RuleError saying why.

    3-20 characters of ASCII letters, digits, ``-`` and ``_``, starting and ending with
    a letter or digit, never two of ``-``/``_`` in a row (as lichess). Anything outside
    ASCII is refused, even what NFKC folds to ASCII (a full-width ``Ａ``) and letters of
    other scripts that look like Latin ones (Cyrillic ``а``): a name must read one way."""
    shown = repr(username[: MAX_NAME + 5])
    if not username.isascii():
        folded = unicodedata.normalize("NFKC", username)
        hint = (
            f" (write it as {folded!r})" if folded.isascii() and _ALLOWED.fullmatch(folded) else ""
        )
        raise RuleError(
            f"username {shown}: only the letters A-Z and a-z, digits, '-' and '_'{hint}"
        )
    if not MIN_NAME <= len(username) <= MAX_NAME:
        raise RuleError(
            f"username {shown}: {len(username)} characters; use {MIN_NAME} to {MAX_NAME}"
        )
    if not _ALLOWED.fullmatch(username):
        bad = next(c for c in username if not _ALLOWED.fullmatch(c))
        raise RuleError(
            f"username {shown}: {bad!r} is not allowed; use letters, digits, '-' and '_'"
        )
    if not _EDGES.match(username):
        raise RuleError(f"username {shown}: must start and end with a letter or digit")
    if "--" in username or "__" in username or "-_" in username or "_-" in username:
        raise RuleError(f"username {shown}: no two of '-' and '_' in a row")
    return username


def check_password(password: str, username: str = "") -> str:
    """``password`` if it is acceptable, else RuleError (never quoting the password).

    At least 8 characters (OWASP: length, no composition rules), at most 128 (hashing an
    enormous one would cost the server), and not the user name."""
    if len(password) < MIN_PASSWORD:
        raise RuleError(f"password: at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise RuleError(f"password: at most {MAX_PASSWORD} characters")
    if username and password.lower() == username.lower():
        raise RuleError("password: must not be the user name")
    return password
