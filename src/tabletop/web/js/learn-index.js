// The index of the lessons (/learn, learn_index.html): each game's stars from this browser's progress.

import { catalog, formatNumber } from "./i18n.js";
import { progressOf, starText } from "./learn-progress.js";

const words = await catalog("lessons");
/** Messages of the lessons catalog (extracted from this module into it). */
const t = (message, params) => words.t(message, params);
const tn = (singular, plural, n, params) => words.tn(singular, plural, n, params);

const TEXT = {
  done: (done, total) => t("{done} of {total} lessons done", { done: formatNumber(done), total: formatNumber(total) }),
  stars: (n) => tn("{n} star", "{n} stars", n),
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
