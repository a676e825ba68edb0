"""Reading and writing accounts, sessions and failed logins (the tables of tables.py)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from tabletop.server.accounts.tables import accounts, login_failures, sessions


class NameTaken(Exception):
    """A user name (in any case) that an account has already."""


@dataclass(frozen=True)
class Account:
    """An account as the server uses it (the hashes are read only where they are checked)."""

    id: int
    username: str


def session_hash(session_id: str) -> str:
    """The stored form of a session id."""
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


class AccountStore:
    """Accounts, sessions and failed logins over the server's database engine."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- accounts -----------------------------------------------------------------------------
    async def create(
        self, username: str, key: str, password_hash: str, recovery_hash: str, now: float
    ) -> Account:
        """A new account; NameTaken when ``key`` is another account's already."""
        try:
            async with self.engine.begin() as conn:
                found = await conn.execute(
                    insert(accounts).values(
                        username=username,
                        name_key=key,
                        password_hash=password_hash,
                        recovery_hash=recovery_hash,
                        created=now,
                    )
                )
                key_row = found.inserted_primary_key
                assert key_row is not None
                account_id = int(key_row[0])
        except IntegrityError:
            raise NameTaken(username) from None
        return Account(account_id, username)

    async def find(self, key: str) -> tuple[Account, str, str | None] | None:
        """(account, password hash, recovery hash) of the name ``key``, or None."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(
                        accounts.c.id,
                        accounts.c.username,
                        accounts.c.password_hash,
                        accounts.c.recovery_hash,
                    ).where(accounts.c.name_key == key)
                )
            ).first()
        if row is None:
            return None
        return Account(int(row.id), str(row.username)), str(row.password_hash), row.recovery_hash

    async def set_secrets(
        self,
        account_id: int,
        password_hash: str,
        recovery_hash: str | None = None,
        keep_session: str | None = None,
    ) -> None:
        """A new password (and recovery code, when given); every session of the account
        ends but ``keep_session`` (the hash of the one that asked), in one transaction."""
        values = {"password_hash": password_hash}
        if recovery_hash is not None:
            values["recovery_hash"] = recovery_hash
        async with self.engine.begin() as conn:
            await conn.execute(update(accounts).where(accounts.c.id == account_id).values(values))
            query = delete(sessions).where(sessions.c.account_id == account_id)
            if keep_session is not None:
                query = query.where(sessions.c.id_hash != keep_session)
            await conn.execute(query)

    # -- sessions -----------------------------------------------------------------------------
    async def open_session(self, account_id: int, id_hash: str, now: float, expires: float) -> None:
        """Store a new session (by its id's hash); expired ones are cleared on the way."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(sessions).where(sessions.c.expires <= now))
            await conn.execute(
                insert(sessions).values(
                    id_hash=id_hash, account_id=account_id, created=now, expires=expires
                )
            )

    async def session_account(self, id_hash: str, now: float) -> Account | None:
        """The account of an unexpired session, or None."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(accounts.c.id, accounts.c.username)
                    .select_from(sessions.join(accounts))
                    .where(sessions.c.id_hash == id_hash, sessions.c.expires > now)
                )
            ).first()
        return None if row is None else Account(int(row.id), str(row.username))

    async def close_session(self, id_hash: str) -> None:
        """End one session."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(sessions).where(sessions.c.id_hash == id_hash))

    async def account_by_name(self, key: str) -> Account | None:
        """The account of the name ``key``, or None."""
        found = await self.find(key)
        return None if found is None else found[0]

    # -- failed logins ------------------------------------------------------------------------
    async def failures(self, key: str, now: float, window: float) -> int:
        """Failed logins counted under ``key`` in the ``window`` seconds before ``now``."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(login_failures.c.failures, login_failures.c.since).where(
                        login_failures.c.key == key
                    )
                )
            ).first()
        if row is None or now - float(row.since) >= window:
            return 0
        return int(row.failures)

    async def fail(self, keys: list[str], now: float, window: float) -> None:
        """Count one failed login under each of ``keys`` (a count older than ``window``
        starts again)."""
        async with self.engine.begin() as conn:
            for key in keys:
                row = (
                    await conn.execute(
                        select(login_failures.c.failures, login_failures.c.since).where(
                            login_failures.c.key == key
                        )
                    )
                ).first()
                if row is None:
                    await conn.execute(
                        insert(login_failures).values(key=key, failures=1, since=now)
                    )
                elif now - float(row.since) >= window:
                    await conn.execute(
                        update(login_failures)
                        .where(login_failures.c.key == key)
                        .values(failures=1, since=now)
                    )
                else:
                    await conn.execute(
                        update(login_failures)
                        .where(login_failures.c.key == key)
                        .values(failures=login_failures.c.failures + 1)
                    )

    async def forgive(self, key: str) -> None:
        """Forget the failed logins under ``key`` (the right password was given)."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(login_failures).where(login_failures.c.key == key))
