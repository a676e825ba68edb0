// The account forms (account.html): register, log in, change the password, recover. Each
// posts to the accounts API (docs/protocol.md); a new recovery code is shown once; after
// signing in, the seats this browser holds are linked to the account, so a guest who
// registers keeps its games (decision 0125).

import { ApiError, request } from "./api.js";
import { t } from "./i18n.js";

const form = document.getElementById("account-form");
const kind = form.dataset.form;
const errorLine = document.getElementById("form-error");
const doneLine = document.getElementById("form-done");

const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9]|[-_](?=[A-Za-z0-9]))*$/;

const TEXT = {
  nameLength: () => t("The user name needs 3 to 20 characters."),
  nameLetters: () => t("Use only letters A-Z and a-z, digits, - and _ (starting and ending with a letter or digit)."),
  passwordLength: () => t("The password needs at least 8 characters."),
  badLogin: () => t("Wrong user name or password."),
  badCode: () => t("Wrong user name or recovery code."),
  badOld: () => t("The current password is wrong."),
  taken: () => t("This user name is taken."),
  limited: () => t("Too many attempts: wait a few minutes and try again."),
  signedOut: () => t("Log in first."),
  changed: () => t("Password changed. Your other sessions have been logged out."),
  network: () => t("The server cannot be reached."),
};

/** What is wrong with the form before sending it, or "". */
function problem(body) {
  if ("username" in body && kind === "register") {
    if (body.username.length < 3 || body.username.length > 20) return TEXT.nameLength();
    if (!NAME.test(body.username)) return TEXT.nameLetters();
  }
  const fresh = body.new_password ?? (kind === "register" ? body.password : null);
  if (fresh !== null && fresh !== undefined && fresh.length < 8) return TEXT.passwordLength();
  return "";
}

/** The player's words for an error answer of the server. */
function explain(err) {
  if (!(err instanceof ApiError)) return TEXT.network();
  const known = {
    "name-taken": TEXT.taken,
    "rate-limited": TEXT.limited,
    "signed-out": TEXT.signedOut,
    "bad-login": kind === "recover" ? TEXT.badCode : kind === "password" ? TEXT.badOld : TEXT.badLogin,
    network: TEXT.network,
  }[err.code];
  return known ? known() : err.message;
}

/** Link every seat this browser keeps a token for to the signed-in account. */
async function linkHeldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("tabletop.tokens.")) continue;
    const game = key.slice("tabletop.tokens.".length);
    try {
      for (const token of Object.values(JSON.parse(localStorage.getItem(key) || "{}"))) {
        if (typeof token === "string") seats.push({ game, token });
      }
    } catch {
      /* not ours to read */
    }
  }
  if (seats.length) {
    await request("/api/account/games", { method: "POST", body: { seats: seats.slice(0, 200) } }).catch(() => null);
  }
}

function bodyOf() {
  const field = (id) => document.getElementById(id)?.value ?? "";
  switch (kind) {
    case "register":
      return { username: field("username").trim(), password: field("new-password") };
    case "login":
      return { username: field("username").trim(), password: field("password") };
    case "password":
      return { old_password: field("old-password"), new_password: field("new-password") };
    default:
      return { username: field("username").trim(), recovery_code: field("recovery-code"), new_password: field("new-password") };
  }
}

const PATHS = { register: "/api/accounts", login: "/api/session", password: "/api/account/password", recover: "/api/account/recover" };

function showCode(answer) {
  form.hidden = true;
  document.getElementById("recovery-shown").textContent = answer.recovery_code;
  document.getElementById("recovery-continue").href = `/players/${encodeURIComponent(answer.username)}`;
  document.getElementById("recovery").hidden = false;
  document.getElementById("recovery-title").focus?.();
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorLine.textContent = "";
  doneLine.textContent = "";
  const body = bodyOf();
  const wrong = problem(body);
  if (wrong) {
    errorLine.textContent = wrong;
    return;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const answer = await request(PATHS[kind], { method: "POST", body });
    if (kind === "password") {
      form.reset();
      doneLine.textContent = TEXT.changed();
      return;
    }
    await linkHeldSeats();
    if (kind === "login") {
      window.location.assign(`/players/${encodeURIComponent(answer.username)}`);
      return;
    }
    showCode(answer);
  } catch (err) {
    errorLine.textContent = explain(err);
  } finally {
    button.disabled = false;
  }
});
form.querySelector("button[type=submit]").disabled = false;
document.body.dataset.ready = "true";
