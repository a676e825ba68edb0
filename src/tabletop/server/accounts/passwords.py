"""Passwords and recovery codes, hashed with Argon2id (argon2-cffi; decision record 0121).

The parameters are OWASP's password storage cheat sheet's first Argon2id choice (19 MiB,
2 passes, 1 lane). Hashing runs in a thread, so the event loop never waits for it. A
recovery code is 20 random characters of Crockford's base 32 (100 bits), shown once in
groups of five and kept only as its Argon2id hash.
"""

from __future__ import annotations

import asyncio
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
#: Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 20
_LOOK_ALIKES = str.maketrans("OIL", "011")
#: Verified when the user name is unknown, so that an unknown name takes as long to
#: refuse as a wrong password (no user-name probing by timing).
_DUMMY = HASHER.hash(secrets.token_urlsafe(16))


async def hash_secret(secret: str) -> str:
    """The Argon2id hash of a password or a normalised recovery code."""
    return await asyncio.to_thread(HASHER.hash, secret)


async def verify(stored: str | None, secret: str) -> bool:
    """Whether ``secret`` matches the hash ``stored`` (None: compared against a dummy
    hash, and False, taking as long as a real comparison)."""
    try:
        ok = await asyncio.to_thread(HASHER.verify, stored or _DUMMY, secret)
    except (VerificationError, InvalidHashError):
        return False
    return bool(ok) and stored is not None


def new_recovery_code() -> str:
    """A fresh recovery code as shown: ``XXXXX-XXXXX-XXXXX-XXXXX``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 5] for i in range(0, CODE_LENGTH, 5))


def normal_code(code: str) -> str:
    """A recovery code as typed, in the form its hash was made of: upper case, without
    dashes and spaces, Crockford's look-alikes (O, I, L) read as the digits."""
    cleaned = code.upper().replace("-", "").replace(" ", "")
    return cleaned.translate(_LOOK_ALIKES)
