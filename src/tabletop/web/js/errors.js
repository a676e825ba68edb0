// The server's refusals in the player's language: worded here from the error's `code` and
// its `params` (docs/protocol.md, "Errors"; server/protocol.py ERROR_STATUS), never from
// the server's English `message`. `params.reason` says which refusal of a code it is (the
// rules engines' reasons for an illegal move, the options', the seats'); the other params
// are its specifics (the move, the square, the side, the limit, the seconds), so every
// language says as much as the English message. A reason this table does not know gets
// the code's own sentence, always true if less precise (English shows the message then).

import { language, t, tn } from "./i18n.js";

/** One sentence per error code (one place, for translation). */
export const TEXT = {
  "bad-request": t("That was not accepted: check what you entered."),
  "bad-message": t("The server did not understand that message."),
  "unknown-type": t("The server did not understand that message."),
  "bad-token": t("This link holds no seat of this game – you are watching."),
  "invite-used": t("This invite link has been used already – you are watching."),
  "seat-moved": t("Your seat is now played from another device – this screen watches."),
  spectator: t("You are watching: spectators cannot play."),
  "computer-seat": t("That seat is played by the computer."),
  "unknown-game": t("There is no game at this address – start one from the home page."),
  "not-found": t("Not found."),
  "method-not-allowed": t("That is not possible here."),
  "not-your-turn": t("It is not your turn."),
  "illegal-move": t("That move is not allowed here."),
  "seat-taken": t("That seat is taken already."),
  "game-over": t("The game is over."),
  stale: t("The game changed meanwhile – try again."),
  waiting: t("The game starts when every seat is taken."),
  scoring: t("Play has ended: mark dead stones or resume play."),
  busy: t("The server is busy – try again in a moment."),
  superseded: t("This game was opened in another tab – this one stopped."),
  "no-hint": t("Hints are given only in games against the computer."),
  "hint-failed": t("No hint could be worked out – ask again."),
  "bad-chat": t("That message was not sent: check what you typed."),
  "no-chat": t("A game against the computer has no chat."),
  "too-large": t("That file is too large."),
  "rate-limited": t("Too many requests – wait a moment and try again."),
  unavailable: t("The games cannot be reached just now – try again in a moment."),
  "signed-out": t("Log in first: you are not signed in, or your session has ended."),
  "unknown-player": t("There is no player of that name."),
  "cross-site": t("A request from another site's page was refused: nothing changed."),
  "not-yours": t("That offer is not yours to answer or withdraw."),
  "unknown-offer": t("There is no such offer."),
  "offer-gone": t("That offer is no longer open: someone took it, or it was answered, withdrawn or expired."),
  network: t("The server cannot be reached – check your connection."),
  http: t("The server could not answer – try again."),
  other: t("Something went wrong – try again."),
};

/** The params as the words take them: the side's name (sent in English, a catalog
 * message) translated, and `n` for the plural forms where a reason counts. */
function words(params) {
  const p = { ...params };
  if (typeof p.side === "string") p.side = t(p.side);
  if (typeof p.option === "string") p.option = t(p.option);
  return p;
}

/** The refusals named by `params.reason`, each worded with its params. */
const REASONS = {
  // What is not a move at all.
  "not-a-move": (p) => t("“{move}” is not a move.", p),
  notation: (p) => t("“{move}” is not a move of this game.", p),
  "not-a-point": (p) => t("“{move}” is not a point.", p),
  "game-over": () => TEXT["game-over"],
  "not-allowed": (p) => t("{move} is not allowed here.", p),
  "off-board": () => t("That move does not fit on the board."),
  "pass-refused": (p) =>
    p.count !== undefined
      ? tn(
          "You may pass only when no placement is legal, and {n} is (for example {example}).",
          "You may pass only when no placement is legal, and {n} are (for example {example}).",
          p.count,
          p,
        )
      : t("You may pass only when you have no move."),
  // Go (and Oust's taken cell).
  occupied: (p) => t("{move} is taken already.", p),
  ko: (p) => t("{move}: ko – the stone just taken cannot be retaken at once; play elsewhere first.", p),
  superko: (p) => t("{move}: superko – it would repeat an earlier whole-board position.", p),
  suicide: (p) => t("{move}: suicide – the stone would have no liberties and capture nothing.", p),
  "no-stone": (p) => t("There is no stone on {move} to mark dead.", p),
  "not-ended": () => t("That is possible only after two passes have ended play."),
  "no-dead": () => t("Under Tromp-Taylor rules no stones are removed: every stone counts."),
  // Quoridor.
  "pawn-there": (p) => t("{move}: your pawn is there already.", p),
  "square-taken": (p) => t("{move}: {side}'s pawn stands there.", p),
  "wall-blocks-step": (p) => t("{move}: a wall between {from} and {move} blocks the step.", p),
  "jump-no-pawn": (p) => t("{move}: a pawn moves one square from {from}; it jumps only over a facing pawn.", p),
  "wall-blocks-jump": (p) => t("{move}: a wall between {from} and {over} blocks the jump.", p),
  "wall-behind-pawn": (p) => t("{move}: a wall behind {side}'s pawn on {over} blocks the jump.", p),
  "side-step": (p) => t("{move}: a diagonal move from {from} is only a side step past a facing pawn whose straight jump is blocked.", p),
  "too-far": (p) => t("{move}: the pawn on {from} cannot reach it in one move.", p),
  "no-walls-left": (p) => t("{move}: {side} has no walls left and must move the pawn.", p),
  "wall-taken": (p) => t("{move}: a wall stands there already.", p),
  "walls-cross": (p) => t("{move}: walls may not cross – {wall} crosses it.", p),
  "walls-overlap": (p) => t("{move}: walls may not overlap – {wall} covers half of it already.", p),
  "walls-meet": (p) => t("{move}: walls may not overlap or cross.", p),
  "cuts-off": (p) => t("{move} would cut {side} off from its goal: every pawn must keep a path to its goal side.", p),
  "cuts-off-own": (p) => t("{move} would cut your own pawn off from its goal: every pawn must keep a path to its goal side.", p),
  // Abalone.
  "no-marble": (p) => t("{move}: there is no marble on {cell}.", p),
  "partner-marble": (p) => t("{move}: the marble on {cell} is your partner's – a move is led from the rear by one of your own marbles.", p),
  "not-own": (p) => t("{move}: the marble on {cell} is not yours.", p),
  "too-many": (p) => t("{move}: at most three marbles move, and this line has four or more.", p),
  "own-off": (p) => t("{move}: a move may not push your own marble off the board.", p),
  "single-push": (p) => t("{move}: a single marble never pushes.", p),
  outnumbered: (p) => t("{move}: a push needs more marbles than it pushes (2 against 1, 3 against 1 or 3 against 2).", p),
  sandwich: (p) => t("{move}: the pushed marbles must move into an empty cell or off the board, and one of your side's marbles is behind them.", p),
  "not-a-line": (p) => t("{move}: {cell} to {last} is not a line of your side's marbles.", p),
  "broadside-end": (p) => t("{move}: in a sideways move with partner marbles, at least one end marble must be your own.", p),
  "broadside-all-own": (p) => t("{move}: in a sideways move, every marble must be your own.", p),
  "broadside-any-own": (p) => t("{move}: in a sideways move with partner marbles, at least one marble must be your own.", p),
  "broadside-blocked": (p) => t("{move}: a sideways move needs every cell it moves into empty – it never pushes.", p),
  // Oust.
  "pie-off": (p) => t("{move}: the pie rule is off in this game.", p),
  "swap-late": (p) => t("{move}: the swap is only White's answer to Black's first stone.", p),
  "no-enemy": (p) =>
    tn(
      "{move}: a stone placed beside your own must capture – the new group of {n} stone touches no enemy group.",
      "{move}: a stone placed beside your own must capture – the new group of {n} stones touches no enemy group.",
      p.size,
      p,
    ) + oustPass(p),
  "equal-enemy": (p) =>
    tn(
      "{move}: a capturing group must be larger than every enemy group it touches – the new group of {n} stone touches an enemy group of the same size.",
      "{move}: a capturing group must be larger than every enemy group it touches – the new group of {n} stones touches an enemy group of the same size.",
      p.size,
      p,
    ) + oustPass(p),
  "larger-enemy": (p) =>
    tn(
      "{move}: a capturing group must be larger than every enemy group it touches – the new group of {n} stone touches an enemy group of {enemy}.",
      "{move}: a capturing group must be larger than every enemy group it touches – the new group of {n} stones touches an enemy group of {enemy}.",
      p.size,
      p,
    ) + oustPass(p),
  // Seats, options and requests (bad-request and friends).
  "seat-kind": (p) => t("A seat is a person or the computer, not “{kind}”.", p),
  level: (p) => t("A computer seat needs a level from {min} to {max}.", p),
  "name-long": (p) => tn("A name has at most {n} character.", "A name has at most {n} characters.", p.max, p),
  "seat-count": (p) => tn("This game has {n} seat, not {given}.", "This game has {n} seats, not {given}.", p.seats, p),
  "no-person": () => t("At least one seat must be a person."),
  "no-seat": (p) => t("There is no seat {seat}: the seats are 0 to {last}.", p),
  "not-person": (p) => t("Seat {seat} is not played by a person.", p),
  "seat-open": (p) => t("{side}'s seat is still open: its invite link claims it.", p),
  "all-taken": () => t("Every seat of this game is taken."),
  "undo-waiting": () => t("An undo request is waiting for an answer already."),
  "no-undo": () => t("There is no undo request for you to answer."),
  "nothing-to-undo": () => t("You have no move to take back."),
  accepted: () => t("You have accepted already."),
  proposing: () => t("The dead stones are still being worked out: accept once they are proposed."),
  "not-scoring": () => t("That is possible only while the dead stones are marked."),
  "no-replace": () => t("Only a game of 3 or 4 players replaces a player."),
  "last-person": () => t("The last person in a game is not replaced."),
  hint: () => t("A hint is for the player to move."),
  "rematch-early": () => t("A rematch is offered once the game is over."),
  "rematch-started": () => t("The rematch has started already."),
  "rematch-offered": () => t("You have offered a rematch already: waiting for the others."),
  "rematch-token": () => t("This seat has no link to carry into a rematch."),
  ply: (p) => tn("Move {ply} is not in this game: it has {n} move.", "Move {ply} is not in this game: it has {n} moves.", p.plies, p),
  "option-value": (p) =>
    p.min !== undefined
      ? t("{option}: “{value}” is not allowed; choose from {min} to {max}.", p)
      : t("{option}: “{value}” is not allowed; the choices are {allowed}.", p),
  "unknown-option": (p) => t("This game has no option “{option}”.", p),
  "waiting-games": (p) =>
    tn(
      "{n} game made from your address is waiting for players: start or finish it first.",
      "{n} games made from your address are waiting for players: start or finish some first.",
      p.count,
      p,
    ),
  "chat-empty": () => t("Type a message first."),
  "chat-long": (p) => tn("A message has at most {n} character; this one has {length}.", "A message has at most {n} characters; this one has {length}.", p.max, p),
  "chat-control": (p) => t("Character {at} of the message is a control character ({char}); take it out.", p),
  "chat-flood": (p) => tn("You are sending messages too fast – wait {n} second.", "You are sending messages too fast – wait {n} seconds.", p.seconds, p),
  "clock-days": (p) => t("A correspondence clock gives {allowed} days per move, not “{value}”.", p),
  "record-moves": (p) => tn("The record has {moves} moves; this server takes at most {n} move.", "The record has {moves} moves; this server takes at most {n} moves.", p.limit, p),
  "record-bytes": (p) => tn("A record is at most {n} byte.", "A record is at most {n} bytes.", p.limit, p),
  // Seeks and challenges.
  "offer-players": (p) => tn("Seeks and challenges are for two players, not {n}.", "Seeks and challenges are for two players, not {n}.", p.players, p),
  "rated-guest": () => t("A guest plays casual games: log in to play rated ones."),
  "unrated-game": () => t("Games with these options are not rated: offer a casual game."),
  "rating-range": (p) => t("The rating range {min}–{max} is the wrong way round.", ratingWords(p)),
  "out-of-range": (p) => t("Your rating {rating} is outside this seek's range {min}–{max}.", ratingWords(p)),
  "own-offer": () => t("That is your own offer."),
  "challenge-self": () => t("You cannot challenge yourself."),
  "open-offers": (p) => tn("You may have at most {n} such offer open at once.", "You may have at most {n} such offers open at once.", p.max, p),
};

/** Ratings as players read them: "1800", never grouped as "1.800". */
function ratingWords(p) {
  const plain = (n) => (n === undefined ? n : String(n));
  return { ...p, rating: plain(p.rating), min: plain(p.min), max: plain(p.max) };
}

/** Oust's note that no placement is legal at all (the refused one was not the way). */
function oustPass(p) {
  return p.pass ? " " + t("No placement is legal here: pass.") : "";
}

/** The codes whose specifics need no reason: worded from their params when they have them. */
const WITH_PARAMS = {
  "not-your-turn": (p) => (p.side ? t("It is {side}'s turn.", p) : null),
  "seat-taken": (p) => (p.side ? t("{side}'s seat is taken already.", p) : null),
  "computer-seat": (p) => (p.side ? t("{side} is played by the computer.", p) : null),
  stale: (p) => (p.ply !== undefined ? t("The game moved on meanwhile (it is at move {ply}) – try again.", p) : null),
  "rate-limited": (p) =>
    p.seconds !== undefined ? tn("Too many requests – try again in {n} second.", "Too many requests – try again in {n} seconds.", p.seconds) : null,
  "too-large": (p) => (p.limit !== undefined ? tn("That is too large: at most {n} byte.", "That is too large: at most {n} bytes.", p.limit) : null),
  "unknown-type": (p) => (p.type ? t("The server does not know the message type “{type}”.", p) : null),
  "bad-message": (p) => (p.field ? t("The server did not understand that message ({field}).", p) : null),
  "bad-request": (p) => (p.field ? t("{field}: that value was not accepted.", p) : null),
};

/** The words for an error: an ApiError, or a WebSocket error frame ({code, message, params}). */
export function errorText(error) {
  const params = error?.params && typeof error.params === "object" ? error.params : {};
  const text = refusalText(error);
  // A record's move that cannot be played: which move of the record it was.
  return params.record_ply !== undefined ? t("Move {ply} of the record: {problem}", { ply: params.record_ply, problem: text }) : text;
}

function refusalText(error) {
  const code = error?.code || "other";
  const message = typeof error?.message === "string" ? error.message : "";
  const params = error?.params && typeof error.params === "object" ? words(error.params) : {};
  // Text that is no move: the English message says what is wrong with it (a column off
  // the board, a letter I in Go); other languages say it is no move of this game.
  if (language === "en" && message && params.reason === "notation") return message;
  const reason = REASONS[params.reason];
  if (reason) return reason(params);
  const worded = WITH_PARAMS[code]?.(params);
  if (worded) return worded;
  // A refusal this table has no words for: English says the server's message, which names
  // the detail; another language says the code's sentence.
  if (language === "en" && message && (params.reason || !(code in TEXT))) return message;
  return TEXT[code] || TEXT.other;
}
