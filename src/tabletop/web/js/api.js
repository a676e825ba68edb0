// The HTTP half of docs/protocol.md, and where this browser keeps its seat tokens.

/** An error answer of the server: `code` from the protocol, `message` in English, `params`
 * the specifics (the move, the limit, a `reason`) that errors.js words the code with. */
export class ApiError extends Error {
  constructor(status, code, message, params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params && typeof params === "object" ? params : {};
  }
}

/** fetch JSON from `path`; a 4xx/5xx answer becomes an ApiError with the server's message. */
export async function request(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The pages send no referrer, which would make a POST's Origin "null" over plain
      // HTTP; the server's cross-site guard needs the real one (decision 0122).
      referrerPolicy: "strict-origin",
    });
  } catch (err) {
    throw new ApiError(0, "network", `The server cannot be reached (${err.message})`);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data?.message || data?.detail || `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, data?.error || "http", typeof message === "string" ? message : JSON.stringify(message), data?.params);
  }
  return data;
}

export const api = {
  catalog: () => request("/api/catalog"),
  games: (status) => request(`/api/games?status=${encodeURIComponent(status)}`),
  game: (id, ply = null) => request(`/api/games/${encodeURIComponent(id)}${ply === null ? "" : `?ply=${ply}`}`),
  create: (body) => request("/api/games", { method: "POST", body }),
  join: (id, body) => request(`/api/games/${encodeURIComponent(id)}/join`, { method: "POST", body }),
  handover: (id, body) => request(`/api/games/${encodeURIComponent(id)}/handover`, { method: "POST", body }),
  move: (id, body) => request(`/api/games/${encodeURIComponent(id)}/moves`, { method: "POST", body }),
  uploadRecord: (body) => request("/api/records", { method: "POST", body }),
  recordUrl: (id, format) => `/api/games/${encodeURIComponent(id)}/record?format=${format}`,
};

/**
 * The view after an event frame's `delta` (docs/protocol.md): the small fields whole,
 * the move list cut to `keep` and extended, the board's changed fields and cells.
 * Kept moves stay the same objects, so the move list can be updated in place.
 */
export function applyDelta(view, delta) {
  const board = { ...view.board, ...delta.board.set };
  for (const [key, cells] of Object.entries(delta.board.maps)) {
    const map = { ...(view.board[key] || {}), ...cells.set };
    for (const cell of cells.unset) delete map[cell];
    board[key] = map;
  }
  const moves = view.moves.slice(0, delta.moves.keep).concat(delta.moves.add);
  return { ...view, ...delta.set, moves, board };
}

const KEY = (id) => `tabletop.tokens.${id}`;

/** The seat tokens this browser holds for game `id`: {seat: token}. */
export function storedTokens(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || "{}");
  } catch {
    return {};
  }
}

/** Remember the token of `seat` in game `id` (so a reload keeps the seat); false if the
 * browser keeps nothing (private mode: the token then stays in the address). */
export function storeToken(id, seat, token) {
  const tokens = storedTokens(id);
  tokens[seat] = token;
  try {
    localStorage.setItem(KEY(id), JSON.stringify(tokens));
    return localStorage.getItem(KEY(id)) === JSON.stringify(tokens);
  } catch {
    return false;
  }
}

/** Forget `token` for game `id` (it holds no seat any more). */
export function forgetToken(id, token) {
  const tokens = storedTokens(id);
  const kept = Object.fromEntries(Object.entries(tokens).filter(([, t]) => t !== token));
  try {
    localStorage.setItem(KEY(id), JSON.stringify(kept));
  } catch {
    /* nothing stored */
  }
}

/** The name this browser last played under. */
export function playerName() {
  try {
    return localStorage.getItem("tabletop.name") || "";
  } catch {
    return "";
  }
}

export function setPlayerName(name) {
  try {
    localStorage.setItem("tabletop.name", name);
  } catch {
    /* ignore */
  }
}
