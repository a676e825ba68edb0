// The game page's "Learn" link: to the lessons of the game shown (/learn/<game>); it
// points at the index of the lessons until the game is known.

import { api } from "./api.js";

const link = document.getElementById("learn-link");
const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
if (link && id) {
  api
    .game(id)
    .then((view) => {
      if (view?.game) link.href = `/learn/${encodeURIComponent(view.game)}`;
    })
    .catch(() => {}); // the index of the lessons is a fine link too
}
