// Tells a player whose attention is elsewhere (another tab, another window) that their turn
// has come: the page's title says so until they look, and a short sound plays, which the
// player can switch off in the menu (remembered in this browser).

import { t } from './i18n.js';

const SOUND = 'wt.sound';
let audio = null;
let waiting = false; // a turn of mine began while the page was not looked at

function stored() {
  try {
    return localStorage.getItem(SOUND);
  } catch {
    return null;
  }
}

export function soundOn() {
  return stored() !== 'off';
}

export function setSound(on) {
  try {
    localStorage.setItem(SOUND, on ? 'on' : 'off');
  } catch {
    /* storage blocked: for this visit only */
  }
}

function looking() {
  return document.visibilityState === 'visible' && document.hasFocus();
}

// Browsers let a page make sounds only after the player has used it: the audio is made ready on
// the first press, and played later without one.
function unlock() {
  if (audio || typeof AudioContext !== 'function') return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}
document.addEventListener('pointerdown', unlock, { once: true, capture: true });
document.addEventListener('keydown', unlock, { once: true, capture: true });

/** Two short soft notes. */
function chime() {
  if (!audio) return;
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  [660, 880].forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const at = start + i * 0.16;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.15);
  });
}

function title() {
  document.title = waiting ? t('duel.your_turn_title', { title: t('app.title') }) : t('app.title');
}

function seen() {
  if (!waiting || !looking()) return;
  waiting = false;
  title();
}
window.addEventListener('focus', seen);
document.addEventListener('visibilitychange', seen);

/** The effect of a turn of mine beginning (`turn`: its key) or ending (null): a turn that
 * begins while the page is not looked at sets the title (and plays the sound); the title comes
 * back when the turn is over or the player looks. */
export function turnChanged(turn) {
  const was = waiting;
  waiting = turn !== null && !looking();
  if (waiting && soundOn()) chime();
  if (waiting !== was) title();
}
