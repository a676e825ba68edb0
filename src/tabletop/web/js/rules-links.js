// The "Rules" links of other pages (the create form on the home page, the game page):
// each `a[data-rules-link]` points at the rules of the game chosen in the form (the
// checked `input[name=game]`) or played on the page (`<body data-game>`, set by game.js);
// until one is known it points at the index of all the rules.

function point(game) {
  if (!game) return;
  for (const link of document.querySelectorAll("a[data-rules-link]")) {
    link.href = `/rules/${encodeURIComponent(game)}`;
  }
}

function chosen() {
  point(document.querySelector("input[name=game]:checked")?.value);
}

// The form's choices are built by home.js once the catalog arrives, and change with a click.
document.addEventListener("change", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.name === "game") chosen();
});
const form = document.getElementById("game-choice");
if (form) new MutationObserver(chosen).observe(form, { childList: true, subtree: true });
new MutationObserver(() => point(document.body.dataset.game)).observe(document.body, {
  attributes: true,
  attributeFilter: ["data-game"],
});
chosen();
point(document.body.dataset.game);
