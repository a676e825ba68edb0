"""The accounts API: register, log in and out, change or recover the password, link the
seats a browser holds, and the public profiles (decision records 0121-0125).

Never does an answer or a log line carry a password, a hash, or a recovery code after
the answer that first shows it. Every refusal is one clear 4xx and changes nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.requests import HTTPConnection

from tabletop.server import protocol
from tabletop.server.accounts import models
from tabletop.server.accounts.names import RuleError, check_password, check_username, name_key
from tabletop.server.accounts.passwords import (
    hash_secret,
    new_recovery_code,
    normal_code,
    verify,
)
from tabletop.server.accounts.profile import profile
from tabletop.server.accounts.seats import held_seat, link_seat
from tabletop.server.accounts.sessions import (
    LIFETIME,
    accounts_of,
    clear_session_cookie,
    current_account,
    new_session_id,
    same_site,
    session_id,
    set_session_cookie,
)
from tabletop.server.accounts.storage import Account, NameTaken, session_hash
from tabletop.server.errors import ApiError
from tabletop.server.limits import creator_tag
from tabletop.server.routes.context import client_key, rooms_of, store_of

router = APIRouter()

#: Failed logins (or recoveries) allowed per user name and per address in a window.
NAME_FAILURES = 5
ADDRESS_FAILURES = 30
FAILURE_WINDOW = 15 * 60.0


def _now(connection: HTTPConnection) -> float:
    return rooms_of(connection).now()


def _secure(request: Request) -> bool:
    return request.url.scheme == "https"


def _checked(check: Any, *args: str) -> str:
    try:
        return str(check(*args))
    except RuleError as err:
        raise ApiError("bad-request", str(err)) from None


async def _start_session(request: Request, response: Response, account: Account) -> None:
    """A new session for ``account`` (a fresh id at every log-in), in its cookie."""
    now = _now(request)
    sid = new_session_id()
    await accounts_of(request).open_session(account.id, session_hash(sid), now, now + LIFETIME)
    set_session_cookie(response, sid, _secure(request))


async def _signed_in(request: Request) -> Account:
    account = await current_account(request, _now(request))
    if account is None:
        raise ApiError("signed-out", "log in first (no session, or it has expired)")
    return account


def _failure_keys(request: Request, key: str) -> tuple[str, str]:
    return f"name:{key[:40]}", f"addr:{creator_tag(client_key(request))}"


async def _check_failures(request: Request, key: str) -> None:
    """429 while the name or the address has too many recent failures (checked before the
    password, so a locked name cannot be probed)."""
    store = accounts_of(request)
    now = _now(request)
    by_name, by_address = _failure_keys(request, key)
    if await store.failures(by_name, now, FAILURE_WINDOW) >= NAME_FAILURES:
        raise ApiError(
            "rate-limited",
            "too many failed logins for this user name: try again in 15 minutes",
            headers={"Retry-After": str(int(FAILURE_WINDOW))},
        )
    if await store.failures(by_address, now, FAILURE_WINDOW) >= ADDRESS_FAILURES:
        raise ApiError(
            "rate-limited",
            "too many failed logins from your address: try again in 15 minutes",
            headers={"Retry-After": str(int(FAILURE_WINDOW))},
        )


async def _failed(request: Request, key: str, what: str) -> ApiError:
    await accounts_of(request).fail(
        list(_failure_keys(request, key)), _now(request), FAILURE_WINDOW
    )
    return ApiError("bad-login", f"wrong user name or {what}")


@router.post(
    "/api/accounts",
    status_code=201,
    response_model=models.RegisteredOut,
    responses=protocol.error_responses(400, 403, 409, 429),
)
async def register(
    body: models.Credentials, request: Request, response: Response
) -> dict[str, Any]:
    """Register (and sign in). The answer shows the recovery code, this once only: it is
    the one way back in without the password (there is no e-mail)."""
    username = _checked(check_username, body.username)
    password = _checked(check_password, body.password, username)
    code = new_recovery_code()
    store = accounts_of(request)
    if await store.account_by_name(name_key(username)) is not None:
        raise ApiError("name-taken", f"username {username!r} is taken (in some case)")
    try:
        account = await store.create(
            username,
            name_key(username),
            await hash_secret(password),
            await hash_secret(normal_code(code)),
            _now(request),
        )
    except NameTaken:
        raise ApiError("name-taken", f"username {username!r} is taken (in some case)") from None
    await _start_session(request, response, account)
    return {"username": account.username, "recovery_code": code}


@router.get("/api/session", response_model=models.SessionOut)
async def who(request: Request) -> dict[str, Any]:
    """Who is signed in on this browser (``username`` null: nobody)."""
    account = await current_account(request, _now(request))
    return {"username": None if account is None else account.username}


@router.post(
    "/api/session",
    response_model=models.SessionOut,
    responses=protocol.error_responses(400, 401, 403, 429),
)
async def log_in(body: models.Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Log in: the session cookie is set (HTTP-only, SameSite=Lax)."""
    key = name_key(body.username)
    await _check_failures(request, key)
    store = accounts_of(request)
    found = await store.find(key) if len(body.username) <= 20 else None
    ok = await verify(None if found is None else found[1], body.password)
    if found is None or not ok:
        raise await _failed(request, key, "password")
    await store.forgive(_failure_keys(request, key)[0])
    await _start_session(request, response, found[0])
    return {"username": found[0].username}


@router.delete("/api/session", status_code=204, responses=protocol.error_responses(403))
async def log_out(request: Request) -> Response:
    """Log out: the session ends on the server and its cookie is dropped."""
    sid = session_id(request)
    if sid is not None:
        await accounts_of(request).close_session(session_hash(sid))
    answer = Response(status_code=204)
    clear_session_cookie(answer, _secure(request))
    return answer


@router.post(
    "/api/account/password",
    status_code=204,
    responses=protocol.error_responses(400, 401, 403, 429),
)
async def change_password(body: models.PasswordChange, request: Request) -> Response:
    """A new password (the current one asked again); every other session ends."""
    account = await _signed_in(request)
    key = name_key(account.username)
    await _check_failures(request, key)
    store = accounts_of(request)
    found = await store.find(key)
    if found is None or not await verify(found[1], body.old_password):
        raise await _failed(request, key, "current password")
    new = _checked(check_password, body.new_password, account.username)
    sid = session_id(request)
    keep = None if sid is None else session_hash(sid)
    await store.set_secrets(account.id, await hash_secret(new), keep_session=keep)
    return Response(status_code=204)


@router.post(
    "/api/account/recover",
    response_model=models.RegisteredOut,
    responses=protocol.error_responses(400, 401, 403, 429),
)
async def recover(body: models.Recovery, request: Request, response: Response) -> dict[str, Any]:
    """The recovery code sets a new password and signs in; every other session ends and
    the code is used up: the answer shows the new one, this once."""
    key = name_key(body.username)
    await _check_failures(request, key)
    store = accounts_of(request)
    found = await store.find(key) if len(body.username) <= 20 else None
    ok = await verify(None if found is None else found[2], normal_code(body.recovery_code))
    if found is None or not ok:
        raise await _failed(request, key, "recovery code")
    account = found[0]
    new = _checked(check_password, body.new_password, account.username)
    code = new_recovery_code()
    await store.set_secrets(
        account.id, await hash_secret(new), await hash_secret(normal_code(code))
    )
    await store.forgive(_failure_keys(request, key)[0])
    await _start_session(request, response, account)
    return {"username": account.username, "recovery_code": code}


@router.post(
    "/api/account/games",
    response_model=models.LinkedOut,
    responses=protocol.error_responses(400, 401, 403),
)
async def link_games(body: models.HeldSeats, request: Request) -> dict[str, Any]:
    """Link the seats this browser holds (each proven by its token) to the account: a
    guest who registers keeps its games. Seats linked already are left as they are."""
    account = await _signed_in(request)
    engine = store_of(request).engine
    linked = 0
    for held in body.seats:
        found = await held_seat(engine, held.game, held.token)
        if found is None:
            continue  # not a seat of that game (or no such game): nothing to link
        seat, ply = found
        if await link_seat(engine, held.game, seat, account.id, ply):
            linked += 1
    return {"linked": linked}


@router.get(
    "/api/players/{username}",
    response_model=models.ProfileOut,
    responses=protocol.error_responses(404),
)
async def player(username: str, request: Request) -> dict[str, Any]:
    """A player's public profile: ratings per pool with their history, recent games."""
    found = None
    if len(username) <= 20:
        found = await profile(store_of(request).engine, name_key(username))
    if found is None:
        raise ApiError("unknown-player", f"no player {username[:40]!r}")
    return found


async def link_if_signed_in(connection: HTTPConnection, game_id: str, seat: int, ply: int) -> None:
    """Link a seat just claimed or opened on ``connection`` to its signed-in account; a
    connection from another site's page links nothing (decision record 0122)."""
    if session_id(connection) is None or not same_site(connection.scope):
        return
    account = await current_account(connection, _now(connection))
    if account is not None:
        await link_seat(store_of(connection).engine, game_id, seat, account.id, ply)
