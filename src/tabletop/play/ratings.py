"""Glicko-2 ratings, as Glickman's paper "Example of the Glicko-2 system" (2013) states them.

Pure arithmetic on :class:`Rating` values, no storage: the server keeps one rating per
account and pool (server/accounts/rating_store.py) and calls :func:`rate_game` in the
transaction that ends a game (decision record 0123). Each rated game is a rating period
of one game for both players; before it, each player's deviation grows by the paper's
step 6 once for every full day without a game (:func:`after_idle_days`), up to the
starting deviation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Glickman's scale factor between the Glicko and the Glicko-2 scales.
SCALE = 173.7178
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
#: The system constant τ: how much the volatility may change (the paper suggests 0.3-1.2).
TAU = 0.5
#: The convergence tolerance of the volatility iteration (the paper's ε).
EPSILON = 0.000001
#: A rating whose deviation is above this is provisional: shown as "1500?" (lichess's 110).
PROVISIONAL_RD = 110.0
DAY = 86_400.0


@dataclass(frozen=True)
class Rating:
    """A player's rating r, rating deviation RD and volatility σ (Glicko scale)."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain (RD above :data:`PROVISIONAL_RD`)."""
        return self.rd > PROVISIONAL_RD

    def shown(self) -> str:
        """The rating as a player reads it: ``1500``, or ``1500?`` while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm (the paper's 2012 revision)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``results``: (opponent, score)
    pairs, the score 1 for a win, 0.5 a draw, 0 a loss. No games: only the deviation
    grows (step 6). The opponents' ratings are theirs at the start of the period."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        grown = min(math.sqrt(phi * phi + sigma * sigma), START_RD / SCALE)
        return Rating(player.rating, grown * SCALE, sigma)
    for _, score in results:
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"score {score!r}: expected 0, 0.5 or 1")
    opponents = [((o.rating - START_RATING) / SCALE, o.rd / SCALE, score) for o, score in results]
    # Steps 3 and 4: the estimated variance v and the estimated improvement delta.
    inverse_v = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * improvement
    new_sigma = _new_volatility(sigma, phi, v, delta, tau)
    # Steps 6 to 8.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + START_RATING, new_phi * SCALE, new_sigma)


def after_idle_days(player: Rating, days: int) -> Rating:
    """The rating after ``days`` rating periods without games: step 6 once a day, the
    deviation never above the starting one (the paper's advice for an unrated player)."""
    for _ in range(max(0, days)):
        if player.rd >= START_RD:
            break
        player = update(player, [])
    return player


def idle_days(last_played: float | None, now: float) -> int:
    """Full days from ``last_played`` (seconds since the epoch; None: never) to ``now``."""
    if last_played is None or now <= last_played:
        return 0
    return int((now - last_played) // DAY)


def rate_game(
    first: Rating, second: Rating, score: float, idle: tuple[int, int] = (0, 0)
) -> tuple[Rating, Rating]:
    """Both players' ratings after one game (a rating period of one game each), ``score``
    the first player's (1, 0.5 or 0); ``idle`` the full days each went without a game,
    whose growth of the deviations comes first."""
    a = after_idle_days(first, idle[0])
    b = after_idle_days(second, idle[1])
    return update(a, [(b, score)]), update(b, [(a, 1.0 - score)])
