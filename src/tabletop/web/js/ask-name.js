// Asking a person's name before they take a seat (an invite link, a lobby join), so that
// the other players see who joined; the name is remembered in this browser for next time.

import { playerName, setPlayerName } from "./api.js";
import { html } from "./svg.js";
import { t } from "./i18n.js";

/** The words of the name dialog (one place, for translation). */
const TEXT = {
  title: t("Who is playing?"),
  label: t("Your name"),
  help: t("The other players see it beside your colour. This browser remembers it."),
  placeholder: t("Guest"),
  ok: t("Join the game"),
};

/** Ask for a name in a modal dialog (filled with `remembered`); resolves to the name given
 * (remembered for next time), or "" when the dialog is closed without one. */
export function askName(remembered = playerName()) {
  return new Promise((resolve) => {
    const input = html("input", { id: "ask-name-input", maxlength: "40", autocomplete: "nickname", placeholder: TEXT.placeholder, value: remembered || "", "aria-describedby": "ask-name-help" });
    const form = html("form", { method: "dialog", class: "ask-name" }, [
      html("h2", { id: "ask-name-title", text: TEXT.title }),
      html("label", { for: "ask-name-input", text: TEXT.label }),
      input,
      html("p", { id: "ask-name-help", class: "small", text: TEXT.help }),
      html("button", { type: "submit", id: "ask-name-ok", class: "primary", text: TEXT.ok }),
    ]);
    const dialog = html("dialog", { id: "ask-name", "aria-labelledby": "ask-name-title" }, [form]);
    let answer = "";
    form.addEventListener("submit", () => {
      answer = input.value.trim();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (answer) setPlayerName(answer);
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.select();
  });
}
