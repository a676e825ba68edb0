// The index of the lessons (/learn): each game's stars from this browser's progress.

import { catalog, formatNumber } from "./i18n.js";
import { progressOf, starText } from "./learn-progress.js";

const words = await catalog("lessons");

const TEXT = {
  done: (done, total) => words.t("{done} of {total} lessons done", { done: formatNumber(done), total: formatNumber(total) }),
  stars: (n) => words.tn("{n} star", "{n} stars", n),
};

for (const line of document.querySelectorAll(".learn-progress")) {
  const progress = progressOf(line.dataset.game);
  line.textContent = TEXT.done(Object.keys(progress).length, Number(line.dataset.total));
}
for (const mark of document.querySelectorAll(".stars[data-lesson]")) {
  const stars = progressOf(mark.dataset.game)[mark.dataset.lesson] || 0;
  mark.textContent = stars ? starText(stars) : "";
  mark.setAttribute("aria-label", stars ? TEXT.stars(stars) : "");
}
