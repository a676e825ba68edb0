// The header's account corner on every page: "Log in" for a guest; the signed-in player's
// name (their profile) and "Log out" otherwise. The session cookie is HTTP-only, so the
// page asks the server who is signed in (GET /api/session).

import { request } from "./api.js";
import { t } from "./i18n.js";
import { fill, html } from "./svg.js";

const nav = document.getElementById("account-nav");

async function logOut() {
  try {
    await request("/api/session", { method: "DELETE" });
  } finally {
    window.location.assign("/");
  }
}

if (nav) {
  try {
    const { username } = await request("/api/session");
    if (username) {
      fill(nav, [
        html("a", { href: `/players/${encodeURIComponent(username)}`, id: "account-name", text: username }),
        html("a", { href: "/account/games", id: "my-games-link", text: t("My games") }),
        html("button", { type: "button", id: "log-out", onclick: logOut, text: t("Log out") }),
      ]);
    } else {
      fill(nav, [
        html("a", { href: "/account/login", text: t("Log in") }),
        html("a", { href: "/account/register", text: t("Register") }),
      ]);
    }
  } catch {
    /* the server cannot say: the "Log in" link stays */
  }
}
