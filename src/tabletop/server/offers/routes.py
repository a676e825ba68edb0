"""The seeks and challenges API (decision records 0144-0146).

A seek is a game offered to whoever fits it (the rating range, rated games to accounts
only); a challenge is one offered to a named player, who accepts or declines. Making
either answers an id and a key; the offerer's page then asks ``POST
/api/offers/{id}/wait`` every few seconds with the key: that keeps a seek listed (a
seeker who left stops asking and the seek lapses) and, once the offer is accepted,
answers the offerer's seat and token in the new game. Accepting makes the game for both
at once (server/offers/start.py); of two players accepting together exactly one wins
(server/offers/storage.py, ``claim``).
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy import select
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.requests import HTTPConnection

from tabletop.core import facts_of, load_game
from tabletop.play.clock import TimeControl
from tabletop.play.ratings import Rating
from tabletop.server import protocol
from tabletop.server.accounts.names import name_key
from tabletop.server.accounts.sessions import accounts_of, current_account
from tabletop.server.accounts.storage import Account
from tabletop.server.accounts.tables import accounts, ratings
from tabletop.server.errors import ApiError
from tabletop.server.limits import creator_tag
from tabletop.server.offers import models, storage
from tabletop.server.offers.start import Started, Taker, offer_token, start_game
from tabletop.server.routes.context import client_key, rooms_of, store_of
from tabletop.server.store import hash_token

router = APIRouter()

#: Live seeks one player (an account, or a guest's address) may have at once.
MAX_SEEKS = 3
#: Open challenges one account may have sent at once.
MAX_CHALLENGES = 10
#: The rating a player without one in a pool counts as (Glicko-2's start).
START_RATING = 1500.0


def _now(connection: HTTPConnection) -> float:
    return rooms_of(connection).now()


def _url(game_id: str, token: str) -> str:
    return f"/game/{game_id}?token={token}"


async def _signed_in(request: Request) -> Account:
    account = await current_account(request, _now(request))
    if account is None:
        raise ApiError("signed-out", "log in first (no session, or it has expired)")
    return account


def _terms(body: models.Terms, signed_in: bool) -> dict[str, Any]:
    """The checked columns of an offer's terms: a game of two players whose options and
    clock are valid; rated only between accounts and in a game that has a rating pool."""
    game = load_game(body.game, **body.options)  # an OptionError says what is wrong
    if game.num_players != 2:
        raise ApiError(
            "bad-request",
            f"{body.game} with {game.num_players} players: seeks and challenges are for"
            " two players",
            params={"reason": "offer-players", "players": game.num_players},
        )
    clock = body.clock.model_dump(exclude_none=True) if body.clock else {"kind": "none"}
    spec = TimeControl.from_dict(clock).as_dict()  # a bad clock says what is wrong
    pool = facts_of(game).rating_pool(game)
    rated = signed_in and pool is not None if body.rated is None else body.rated
    if rated and not signed_in:
        raise ApiError(
            "bad-request",
            "a guest's game is casual: log in to play rated games",
            params={"reason": "rated-guest"},
        )
    if rated and pool is None:
        raise ApiError(
            "bad-request",
            "games with these options are not rated: offer a casual game",
            params={"reason": "unrated-game"},
        )
    return {
        "game": game.name,
        "options": json.dumps(dict(game.options), separators=(",", ":")),
        "clock": json.dumps(spec, separators=(",", ":")),
        "rated": rated,
        "pool": pool,
    }


#: By kind: how many offers one player may have open, the Retry-After of the refusal,
#: and its words ({count}: how many are open, {most}: the limit).
_OPEN_LIMITS = {
    "seek": (MAX_SEEKS, "30", "you have {count} seeks open: at most {most} at once"),
    "challenge": (
        MAX_CHALLENGES,
        "60",
        "you have {count} challenges waiting for an answer: at most {most}",
    ),
}


async def _check_open_offers(
    engine: AsyncEngine, kind: str, now: float, account_id: int | None, creator: str
) -> None:
    """Refuse (rate-limited, nothing changes) an offerer who has as many offers of
    ``kind`` open as one may."""
    count = await storage.open_count(engine, kind, now, account_id, creator)
    most, retry, words = _OPEN_LIMITS[kind]
    if count >= most:
        raise ApiError(
            "rate-limited",
            words.format(count=count, most=most),
            headers={"Retry-After": retry},
            params={"reason": "open-offers", "max": most},
        )


def _new_offer(kind: str) -> tuple[str, str, dict[str, Any]]:
    """(id, key, the id's and key's columns) of a new offer."""
    offer_id = secrets.token_urlsafe(9)
    key = secrets.token_urlsafe(24)
    columns = {
        "id": offer_id,
        "kind": kind,
        "key_hash": storage.key_hash(key),
        "seat_hash": hash_token(offer_token(key, offer_id)),
    }
    return offer_id, key, columns


async def _ratings_of(request: Request, account_ids: set[int]) -> dict[tuple[int, str], Rating]:
    """The ratings of these accounts, by (account, pool)."""
    if not account_ids:
        return {}
    async with store_of(request).engine.connect() as conn:
        rows = await conn.execute(select(ratings).where(ratings.c.account_id.in_(account_ids)))
        return {(r.account_id, r.pool): Rating(r.rating, r.rd, r.volatility) for r in rows.all()}


def _rating_in(
    found: dict[tuple[int, str], Rating], account: int | None, pool: str | None
) -> float:
    if account is None or pool is None:
        return START_RATING
    rating = found.get((account, pool))
    return START_RATING if rating is None else rating.rating


def _fits(row: Row[Any], account: Account | None, rating: float) -> bool:
    """Whether the viewer may take the seek ``row``: not their own, rated ones for
    accounts only, and their rating in the pool (1500 without one) in its range."""
    if account is not None and row.account_id == account.id:
        return False
    if row.rated and account is None:
        return False
    low = -1.0 if row.rating_min is None else row.rating_min
    high = 1e9 if row.rating_max is None else row.rating_max
    return low <= rating <= high


def _range_error(row: Row[Any], rating: float) -> ApiError:
    low = 0 if row.rating_min is None else row.rating_min
    high = 4000 if row.rating_max is None else row.rating_max
    return ApiError(
        "bad-request",
        f"your rating {round(rating)} is outside this seek's range {low}-{high}",
        params={"reason": "out-of-range", "rating": round(rating), "min": low, "max": high},
    )


# -- seeks ----------------------------------------------------------------------------------
@router.post(
    "/api/seeks",
    status_code=201,
    response_model=models.OfferMade,
    responses=protocol.error_responses(400, 403, 429),
)
async def make_seek(body: models.SeekIn, request: Request) -> dict[str, Any]:
    """Offer a game to whoever fits it. Keep the key: ask ``POST /api/offers/{id}/wait``
    with it every few seconds (the seek lapses 30 s after the last), and it answers your
    seat once someone accepts."""
    account = await current_account(request, _now(request))
    terms = _terms(body, account is not None)
    low, high = body.rating_min, body.rating_max
    if low is not None and high is not None and low > high:
        raise ApiError(
            "bad-request",
            f"rating range {low}-{high}: the lowest is above the highest",
            params={"reason": "rating-range", "min": low, "max": high},
        )
    name = account.username if account is not None else (body.name.strip() or "Guest")
    creator = creator_tag(client_key(request))
    engine = store_of(request).engine
    now = _now(request)
    await _check_open_offers(engine, "seek", now, None if account is None else account.id, creator)
    offer_id, key, columns = _new_offer("seek")
    await storage.add(
        engine,
        {
            **columns,
            **terms,
            "account_id": None if account is None else account.id,
            "name": name,
            "rating_min": low,
            "rating_max": high,
            "creator": creator,
        },
        now,
    )
    return {"id": offer_id, "key": key}


@router.get("/api/seeks", response_model=list[models.SeekOut])
async def list_seeks(request: Request) -> list[dict[str, Any]]:
    """The seeks the asker may accept (not their own; rated ones for signed-in players;
    their rating in each one's range), oldest first."""
    account = await current_account(request, _now(request))
    rows = await storage.live_seeks(store_of(request).engine, _now(request))
    ids = {r.account_id for r in rows if r.account_id is not None}
    if account is not None:
        ids.add(account.id)
    found = await _ratings_of(request, ids)
    mine = None if account is None else account.id
    listed = []
    for r in rows:
        if not _fits(r, account, _rating_in(found, mine, r.pool)):
            continue
        theirs = found.get((r.account_id, r.pool)) if r.pool else None
        if r.account_id is not None and r.pool and theirs is None:
            theirs = Rating()
        listed.append(
            {
                "id": r.id,
                "name": r.name,
                "account": r.account_id is not None,
                "game": r.game,
                "options": json.loads(r.options),
                "clock": json.loads(r.clock),
                "rated": bool(r.rated),
                "pool": r.pool,
                "rating": None if theirs is None else theirs.shown(),
                "rating_min": r.rating_min,
                "rating_max": r.rating_max,
                "created": r.created,
            }
        )
    return listed


async def _accept(request: Request, row: Row[Any], taker: Taker) -> dict[str, Any]:
    """Claim ``row`` for ``taker`` and start its game; ``offer-gone`` to every other taker."""
    engine = store_of(request).engine
    if not await storage.claim(engine, row.id, _now(request)):
        raise _gone(row.kind)
    try:
        started: Started = await start_game(rooms_of(request), row, taker)
    except BaseException:
        await storage.reopen(engine, row.id)
        raise
    await storage.started(engine, row.id, started.game_id, started.offer_seat)
    return {
        "game": started.game_id,
        "seat": started.taker_seat,
        "token": started.taker_token,
        "url": _url(started.game_id, started.taker_token),
    }


def _gone(kind: str) -> ApiError:
    return ApiError(
        "offer-gone", f"this {kind} is no longer open (taken, answered, withdrawn or lapsed)"
    )


async def _offer(request: Request, offer_id: str, kind: str | None = None) -> Row[Any]:
    row = await storage.get(store_of(request).engine, offer_id) if len(offer_id) <= 32 else None
    if row is None or (kind is not None and row.kind != kind):
        raise ApiError("unknown-offer", f"no {kind or 'offer'} {offer_id[:40]!r}")
    return row


@router.post(
    "/api/seeks/{seek_id}/accept",
    response_model=models.StartedOut,
    responses=protocol.error_responses(400, 403, 404, 409),
)
async def accept_seek(seek_id: str, body: models.AcceptIn, request: Request) -> dict[str, Any]:
    """Accept a seek: its game starts at once, with you in one seat (your token here) and
    the seeker in the other (their page is told on its next wait)."""
    row = await _offer(request, seek_id, "seek")
    if not storage.is_alive(row, _now(request)):
        raise _gone("seek")
    account = await current_account(request, _now(request))
    if account is not None and row.account_id == account.id:
        raise ApiError("bad-request", "this seek is your own", params={"reason": "own-offer"})
    if row.rated and account is None:
        raise ApiError(
            "bad-request",
            "a guest's game is casual: log in to play rated games",
            params={"reason": "rated-guest"},
        )
    mine = None if account is None else account.id
    rating = _rating_in(await _ratings_of(request, {mine} if mine else set()), mine, row.pool)
    if not _fits(row, account, rating):
        raise _range_error(row, rating)
    name = account.username if account is not None else (body.name.strip() or "Guest")
    return await _accept(request, row, Taker(mine, name))


# -- the offerer's page asking ------------------------------------------------------------------
async def _owned(request: Request, offer_id: str, key: str | None) -> Row[Any]:
    """The offer, if ``key`` is its key (or, without one, the asker's account made it)."""
    row = await _offer(request, offer_id)
    if key is not None:
        if hmac.compare_digest(storage.key_hash(key), row.key_hash):
            return row
    elif row.account_id is not None:
        account = await current_account(request, _now(request))
        if account is not None and account.id == row.account_id:
            return row
    raise ApiError("not-yours", "this offer is not yours (wrong or missing key)")


@router.post(
    "/api/offers/{offer_id}/wait",
    response_model=models.OfferState,
    responses=protocol.error_responses(403, 404),
)
async def wait_offer(offer_id: str, body: models.KeyIn, request: Request) -> dict[str, Any]:
    """Where your seek or challenge stands (its key proves it is yours). Asking keeps a
    seek listed; once accepted, the answer holds your seat and token in its game."""
    if body.key is None:
        raise ApiError("not-yours", "this offer is not yours (wrong or missing key)")
    row = await _owned(request, offer_id, body.key)
    now = _now(request)
    if row.status == "open":
        if not storage.is_alive(row, now):
            return {"status": "lapsed"}
        await storage.touch(store_of(request).engine, row.id, now)
        return {"status": "open"}
    if row.status != "accepted" or row.game_id is None:
        return {"status": row.status}
    token = offer_token(body.key, row.id)
    return {
        "status": "accepted",
        "game": row.game_id,
        "seat": row.seat,
        "token": token,
        "url": _url(row.game_id, token),
    }


@router.post(
    "/api/offers/{offer_id}/cancel",
    status_code=204,
    responses=protocol.error_responses(403, 404, 409),
)
async def cancel_offer(offer_id: str, body: models.KeyIn, request: Request) -> Response:
    """Withdraw your open seek or challenge (by its key, or as the account that made it)."""
    row = await _owned(request, offer_id, body.key)
    if not await storage.close(store_of(request).engine, row.id, "cancelled", _now(request)):
        raise _gone(row.kind)
    return Response(status_code=204)


# -- challenges ------------------------------------------------------------------------------
@router.post(
    "/api/challenges",
    status_code=201,
    response_model=models.OfferMade,
    responses=protocol.error_responses(400, 401, 403, 404, 429),
)
async def make_challenge(body: models.ChallengeIn, request: Request) -> dict[str, Any]:
    """Challenge a player (signed in): they see it on their My games page and accept or
    decline; ask ``POST /api/offers/{id}/wait`` for the answer (and your seat)."""
    account = await _signed_in(request)
    target = (
        await accounts_of(request).account_by_name(name_key(body.username))
        if len(body.username) <= 20
        else None
    )
    if target is None:
        raise ApiError("unknown-player", f"no player {body.username[:40]!r}")
    if target.id == account.id:
        raise ApiError(
            "bad-request", "you cannot challenge yourself", params={"reason": "challenge-self"}
        )
    terms = _terms(body, True)
    engine = store_of(request).engine
    now = _now(request)
    await _check_open_offers(engine, "challenge", now, account.id, "")
    offer_id, key, columns = _new_offer("challenge")
    values = {**columns, **terms, "account_id": account.id, "name": account.username}
    await storage.add(engine, {**values, "target_id": target.id}, now)
    return {"id": offer_id, "key": key}


@router.get(
    "/api/challenges",
    response_model=models.ChallengesOut,
    responses=protocol.error_responses(401),
)
async def list_challenges(request: Request) -> dict[str, Any]:
    """The challenges to you and from you: open ones, and those answered in the last day."""
    account = await _signed_in(request)
    now = _now(request)
    rows = await storage.challenges_of(store_of(request).engine, account.id, now)
    names: dict[int, str] = {}
    ids = {r.target_id for r in rows} | {r.account_id for r in rows}
    if ids:
        async with store_of(request).engine.connect() as conn:
            found = await conn.execute(
                select(accounts.c.id, accounts.c.username).where(accounts.c.id.in_(ids))
            )
            names = {int(r.id): str(r.username) for r in found}
    out: dict[str, list[dict[str, Any]]] = {"incoming": [], "outgoing": []}
    for r in rows:
        status = r.status
        if status == "open" and not storage.is_alive(r, now):
            status = "lapsed"
        entry = {
            "id": r.id,
            "challenger": names.get(r.account_id, r.name),
            "challenged": names.get(r.target_id, ""),
            "game": r.game,
            "options": json.loads(r.options),
            "clock": json.loads(r.clock),
            "rated": bool(r.rated),
            "status": status,
            "created": r.created,
            "game_id": r.game_id,
        }
        out["incoming" if r.target_id == account.id else "outgoing"].append(entry)
    return out


async def _challenge_to_me(request: Request, challenge_id: str) -> tuple[Row[Any], Account]:
    account = await _signed_in(request)
    row = await _offer(request, challenge_id, "challenge")
    if row.target_id != account.id:
        raise ApiError("not-yours", "this challenge is to another player")
    return row, account


@router.post(
    "/api/challenges/{challenge_id}/accept",
    response_model=models.StartedOut,
    responses=protocol.error_responses(401, 403, 404, 409),
)
async def accept_challenge(challenge_id: str, request: Request) -> dict[str, Any]:
    """Accept a challenge to you: its game starts at once, both accounts seated."""
    row, account = await _challenge_to_me(request, challenge_id)
    return await _accept(request, row, Taker(account.id, account.username))


@router.post(
    "/api/challenges/{challenge_id}/decline",
    status_code=204,
    responses=protocol.error_responses(401, 403, 404, 409),
)
async def decline_challenge(challenge_id: str, request: Request) -> Response:
    """Decline a challenge to you; the challenger's page is told on its next wait."""
    row, _ = await _challenge_to_me(request, challenge_id)
    if not await storage.close(store_of(request).engine, row.id, "declined", _now(request)):
        raise _gone("challenge")
    return Response(status_code=204)
