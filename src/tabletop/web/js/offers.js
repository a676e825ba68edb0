// Seeks and challenges seen from this browser (decision 0145): the keys of the offers it
// made (kept in localStorage: the key fetches this player's seat once the offer is
// accepted), the short poll that keeps a seek listed and hears the answer, and accepting.
// A poll, not a push: the answer is in the database, so every server process can give it.

import { request, storeToken } from "./api.js";
import { t } from "./i18n.js";

const KEYS = "tabletop.offers";
/** Milliseconds between two asks of an offer's state (a seek lapses 30 s after the last). */
export const POLL_MS = 2000;

/** The keys of the offers this browser made: {id: key}. */
export function offerKeys() {
  try {
    return JSON.parse(localStorage.getItem(KEYS) || "{}") || {};
  } catch {
    return {};
  }
}

function keepKey(id, key) {
  const keys = offerKeys();
  keys[id] = key;
  try {
    localStorage.setItem(KEYS, JSON.stringify(keys));
  } catch {
    /* kept in this page only */
  }
}

export const offers = {
  seeks: () => request("/api/seeks"),
  seek: (body) => request("/api/seeks", { method: "POST", body }),
  acceptSeek: (id, name) => request(`/api/seeks/${encodeURIComponent(id)}/accept`, { method: "POST", body: { name } }),
  challenge: (body) => request("/api/challenges", { method: "POST", body }),
  challenges: () => request("/api/challenges"),
  acceptChallenge: (id) => request(`/api/challenges/${encodeURIComponent(id)}/accept`, { method: "POST" }),
  decline: (id) => request(`/api/challenges/${encodeURIComponent(id)}/decline`, { method: "POST" }),
  wait: (id, key) => request(`/api/offers/${encodeURIComponent(id)}/wait`, { method: "POST", body: { key } }),
  cancel: (id, key) => request(`/api/offers/${encodeURIComponent(id)}/cancel`, { method: "POST", body: { key } }),
  myGames: () => request("/api/account/games"),
};

/** Make an offer (`made` is the POST's answer) ours: keep its key. */
export function remember(made) {
  keepKey(made.id, made.key);
  return made;
}

/** Go to the board of a started game, this browser holding `seat` with `token`. */
export function goToGame(started) {
  storeToken(started.game, started.seat, started.token);
  window.location.assign(`/game/${encodeURIComponent(started.game)}?token=${encodeURIComponent(started.token)}`);
}

/** What an offer's state means to its offerer, in words. */
export function stateWords(status) {
  return {
    open: t("Waiting for an opponent…"),
    accepted: t("Accepted: the game starts."),
    declined: t("Declined."),
    cancelled: t("Withdrawn."),
    lapsed: t("No longer listed: offer it again."),
  }[status] || status;
}

/**
 * Ask after offer `id` every POLL_MS until it is answered: `onState(state)` hears each
 * answer; an accepted one takes this browser to the board. Returns a function that stops
 * asking (and, given `withdraw`, withdraws the offer).
 */
export function follow(id, key, onState) {
  let stopped = false;
  let timer = null;
  const ask = async () => {
    if (stopped) return;
    try {
      const state = await offers.wait(id, key);
      if (stopped) return;
      onState(state);
      if (state.status === "accepted" && state.game) {
        stopped = true;
        goToGame(state);
        return;
      }
      if (state.status !== "open" && state.status !== "accepted") return;
    } catch (err) {
      onState({ status: "error", error: err });
    }
    timer = setTimeout(ask, POLL_MS);
  };
  ask();
  // Leaving the page withdraws a seek at once (else it lapses on its own).
  const leave = () => {
    fetch(`/api/offers/${encodeURIComponent(id)}/cancel`, {
      method: "POST", keepalive: true, headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key }), referrerPolicy: "strict-origin",
    }).catch(() => {});
  };
  return {
    stop(withdraw = false) {
      stopped = true;
      clearTimeout(timer);
      if (withdraw) return offers.cancel(id, key);
      return Promise.resolve();
    },
    withdrawOnLeave() {
      window.addEventListener("pagehide", () => { if (!stopped) leave(); });
    },
  };
}
