// The replay of a finished tournament's duels (/tournaments/<id>): each board, drawn whole by
// the server, is replayed row by row: back to the start, a row back, play and pause, a row on,
// all rows. Each row shown is said in words to screen readers. A link to #duel-<id> opens that
// duel. A replay starts from no row, and the secret is not in the page's text: its letters and
// the outcome naming it wait in data attributes (web/templates/replay.html) until the replay
// reaches the row that found it (data-reveal-at: a draw's is its last row) or "Show the word".

import { Formatter, formatParts, parse } from './icu.js';

const STEP_MS = 1100;
const lang = document.documentElement.lang || 'en';
const formatter = new Formatter(lang, { rtl: document.documentElement.dir === 'rtl' });

// The secret's tiles and the outcome that names it, once shown (it stays shown).
function revealer(box) {
  const secret = box.querySelector('.secret');
  const outcome = box.closest('details')?.querySelector('.replay-outcome');
  const button = secret.querySelector('.show-word');
  let shown = false;
  function reveal() {
    if (shown) return;
    shown = true;
    const letters = secret.dataset.letters.split(' ');
    const word = secret.querySelector('.secret-word');
    word.replaceChildren(...letters.map((letter) => {
      const tile = document.createElement('span');
      tile.className = 'tile mark-g';
      tile.setAttribute('aria-hidden', 'true');
      tile.textContent = letter;
      return tile;
    }));
    word.setAttribute('aria-label', letters.join(''));
    if (outcome) outcome.textContent = secret.dataset.outcome;
    secret.querySelector('.secret-label').hidden = false;
    secret.classList.remove('hidden-word');
    button.hidden = true;
  }
  button.addEventListener('click', reveal);
  button.hidden = false;
  return { reveal, at: Number(secret.dataset.revealAt) };
}

function setUp(box) {
  const controls = box.querySelector('.replay-controls');
  const rows = [...box.querySelectorAll('.board .row')];
  const secret = revealer(box);
  if (!controls || !rows.length) {
    secret.reveal(); // no row to spoil
    return;
  }
  const position = parse(controls.dataset.position);
  const status = controls.querySelector('.replay-pos');
  const say = controls.querySelector('.replay-say'); // for screen readers: the row in words
  const playBtn = controls.querySelector('[data-step="play"]');
  let shown = 0; // the replay starts from the first row: nothing is given away
  let timer = null;

  function draw(speak) {
    rows.forEach((row, i) => {
      const ahead = i >= shown;
      row.classList.toggle('ahead', ahead);
      row.setAttribute('aria-hidden', ahead ? 'true' : 'false');
    });
    const where = formatParts(position, { n: shown, total: rows.length }, formatter);
    status.textContent = where;
    if (speak) say.textContent = shown > 0 ? `${where}. ${rows[shown - 1].getAttribute('aria-label')}` : where;
    controls.querySelector('[data-step="start"]').disabled = shown === 0;
    controls.querySelector('[data-step="back"]').disabled = shown === 0;
    controls.querySelector('[data-step="next"]').disabled = shown === rows.length;
    controls.querySelector('[data-step="end"]').disabled = shown === rows.length;
    playBtn.textContent = timer ? controls.dataset.pause : controls.dataset.play;
    playBtn.setAttribute('aria-pressed', timer ? 'true' : 'false');
    box.dataset.shown = String(shown);
    if (shown >= secret.at) secret.reveal();
  }

  function pause() {
    clearInterval(timer);
    timer = null;
  }

  function go(n, speak = true) {
    shown = Math.max(0, Math.min(rows.length, n));
    if (shown === rows.length) pause();
    draw(speak);
  }

  function play() {
    if (timer) {
      pause();
      draw(false);
      return;
    }
    if (shown === rows.length) shown = 0; // from the start again
    timer = setInterval(() => go(shown + 1), STEP_MS);
    go(shown + 1);
  }

  controls.addEventListener('click', (e) => {
    const button = e.target.closest('[data-step]');
    if (!button) return;
    const step = button.dataset.step;
    if (step === 'play') {
      play();
      return;
    }
    pause();
    if (step === 'start') go(0);
    else if (step === 'back') go(shown - 1);
    else if (step === 'next') go(shown + 1);
    else go(rows.length);
  });
  // a duel folded away stops playing
  const details = box.closest('details');
  if (details) details.addEventListener('toggle', () => { if (!details.open) { pause(); draw(false); } });
  controls.hidden = false;
  draw(false);
}

document.querySelectorAll('.replay').forEach(setUp);

function openLinked() {
  const target = location.hash && document.getElementById(location.hash.slice(1));
  if (target && target.tagName === 'DETAILS') {
    target.open = true;
    target.scrollIntoView();
  }
}
window.addEventListener('hashchange', openLinked);
openLinked();
