// The home page's games: for each, what it is in one line, a small picture of its board
// at the start (drawn by the game's own renderer from the catalog's preview), and Learn,
// Rules and Play. Everything per game comes from the catalog (GET /api/catalog).

import { drawBoard } from "./boards/index.js";
import { t, tc } from "./i18n.js";
import { html, svg } from "./svg.js";

/** The words of the cards (one place, for translation). */
const TEXT = {
  learn: t("Learn"),
  // The same word and context as the templates' "Rules" links (not the Go option's "Rule set").
  rules: tc("link to the rules pages", "Rules"),
  play: t("Play"),
  picture: (title) => t("{title} board at the start", { title }),
};

/** A board picture of `game`'s preview: not interactive, one image for screen readers. */
function picture(game, title) {
  const root = svg("svg", { class: "board preview-board", xmlns: "http://www.w3.org/2000/svg" });
  const { board, players, colours } = game.preview;
  const view = {
    game: game.name, board, players, seats: colours.map((colour) => ({ colour })),
    status: "waiting", to_move: 0, moves: [], legal: [],
  };
  drawBoard(root, { view, interactive: false });
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", TEXT.picture(title));
  for (const node of root.querySelectorAll("[tabindex]")) node.removeAttribute("tabindex");
  return root;
}

/** Fill `list` with a card per game; `onPlay(name)` chooses the game in the create form. */
export function renderGameCards(list, games, { onPlay }) {
  const cards = games.map((game) => {
    const title = t(game.title);
    const name = encodeURIComponent(game.name);
    const heading = `card-${game.name}`.replace(/[^a-z0-9_-]/gi, "-");
    // Each link's name is its word; the card's heading describes which game it is for.
    const about = { "aria-describedby": heading };
    return html("li", { class: "game-card", "data-game": game.name }, [
      picture(game, title),
      html("div", { class: "game-card-text" }, [
        html("h3", { id: heading, text: title }),
        html("p", { class: "small", text: game.tagline ? t(game.tagline) : "" }),
        html("p", { class: "game-card-links" }, [
          html("a", { href: `/learn/${name}`, class: "button-link", text: TEXT.learn, ...about }),
          html("a", { href: `/rules/${name}`, class: "button-link", text: TEXT.rules, ...about }),
          html("button", { type: "button", class: "primary", text: TEXT.play, onclick: () => onPlay(game.name), ...about }),
        ]),
      ]),
    ]);
  });
  list.replaceChildren(...cards);
}
