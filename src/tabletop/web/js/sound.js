// Sounds of the game page, made with WebAudio (no audio files): a move, a capture,
// your turn, low time. Muted by a switch the browser remembers.

const KEY = "tabletop.mute";

/** Each sound as short tones: [frequency Hz, start s, length s, wave]. */
const TONES = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[660, 0, 0.06, "square"], [440, 0.07, 0.09, "square"]],
  turn: [[587, 0, 0.09, "sine"], [880, 0.1, 0.12, "sine"]],
  low: [[990, 0, 0.08, "sine"], [990, 0.16, 0.08, "sine"]],
};

let context = null;

/** Whether the player turned sound off (remembered in localStorage). */
export function muted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function setMuted(off) {
  try {
    localStorage.setItem(KEY, off ? "1" : "0");
  } catch {
    /* nothing kept: the switch holds for this page */
  }
}

/** Play one of TONES' sounds, unless muted; browsers allow it after the page's first click. */
export function play(kind) {
  const tones = TONES[kind];
  if (!tones || muted()) return;
  document.documentElement.dataset.lastSound = kind; // for the tests: what would sound
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  try {
    context = context || new Audio();
    if (context.state === "suspended") context.resume();
    const now = context.currentTime;
    for (const [freq, start, length, wave] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    /* no audio device: stay silent */
  }
}

/** Wire the sound switch (a checkbox: checked plays sounds) to the stored choice. */
export function wireMute(checkbox) {
  checkbox.checked = !muted();
  checkbox.addEventListener("change", () => setMuted(!checkbox.checked));
}
