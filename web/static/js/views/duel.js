// One duel on screen: both players with their lives, whose turn it is and its countdown, the
// shared board, the reason of a rejected guess, the result with the secret, and (in your own
// live duel) the keyboard. Used for your duel and for a duel you watch.

import { rulesFor } from '../actions.js';
import { createBoard, secretTiles } from '../board.js';
import { h, fill, seeIt } from '../dom.js';
import { createKeyboard } from '../keyboard.js';
import { letterMarks, splitLetters } from '../letters.js';
import { languageOf, state } from '../state.js';
import { codeText, t } from '../i18n.js';
import { announce } from '../announce.js';
import { hearts, keyed, livesOf, nameText, playerName } from './common.js';

export function createDuelPanel(ctx, { mine }) {
  const view = () => (mine ? state.duel : state.watching);
  const v0 = view();
  const lang = state.lobby.language;
  const me = state.me.id;
  const first = mine ? me : v0.players[0];
  const sideOf = (p) => (p === first ? 'a' : 'b');
  const order = [first, v0.players.find((p) => p !== first)];

  const fighters = order.map((p) => h('div', { class: `fighter side-${sideOf(p)}`, data: { player: String(p) } }));
  const turnText = h('p', { class: 'turn-text', id: 'turn-text', 'aria-live': 'polite' });
  const clock = h('div', {
    class: 'clock countdown', id: 'turn-clock', role: 'timer', 'aria-label': t('duel.time_left'),
  }, h('span', { class: 'secs' }), h('span', { class: 'bar', 'aria-hidden': 'true' }, h('i', { class: 'fill' })));
  const message = h('p', { class: 'duel-msg', id: 'duel-msg', 'aria-live': 'assertive' });
  const board = createBoard({ length: v0.length, maxRows: v0.max_turns * 2, lang });
  const result = h('div', { class: 'duel-result', id: 'duel-result', 'aria-live': 'polite' });
  let keyboard = null;
  if (mine) {
    keyboard = createKeyboard(languageOf(lang), {
      onKey: (k) => ctx.actions.type(k),
      onEnter: () => ctx.actions.submit(),
      onBack: () => ctx.actions.backspace(),
    });
  }
  const top = mine
    ? null
    : h('div', { class: 'watch-head' },
      h('p', { id: 'watching-label' }, t('duel.watching', { a: nameText(order[0]), b: nameText(order[1]) })),
      h('button', {
        class: 'btn small', type: 'button', id: 'stop-watching',
        onclick: () => ctx.actions.stopSpectating(),
      }, t('duel.stop_watching')));

  const el = h('section', {
    class: `duel-panel ${mine ? 'mine' : 'spectating'}`,
    data: { duel: String(v0.id), length: String(v0.length) },
    style: { '--len': String(v0.length), '--kb-rows': String(mine ? languageOf(lang).keyboard.length : 0) },
    'aria-label': t('duel.watching', { a: nameText(order[0]), b: nameText(order[1]) }),
  },
  top,
  h('div', { class: 'duel-head' }, fighters[0], h('div', { class: 'turnbox' }, turnText, clock), fighters[1]),
  message,
  board.el,
  result,
  keyboard ? keyboard.el : null);

  let lastRejection = null;
  let spoken = v0.rows.filter(Boolean).length; // rows already on the board when it was drawn
  let endSeen = !!v0.outcome;

  function update() {
    const v = view();
    if (!v) return;
    const live = !v.outcome;
    // players and lives
    order.forEach((p, i) => {
      keyed(fighters[i], `${livesOf(p)}|${v.to_move === p && live}`, () => [
        playerName(p),
        hearts(livesOf(p)),
      ]);
      fighters[i].classList.toggle('active', live && v.to_move === p);
    });
    // whose turn, countdown
    let whose = '';
    let count = '';
    if (live && v.to_move !== null) {
      whose = v.to_move === me ? t('duel.your_turn') : t('duel.their_turn', { name: nameText(v.to_move) });
      count = v.turnNo ? t('duel.turn_of', { n: v.turnNo, max: v.max_turns }) : '';
    }
    keyed(turnText, `${whose}|${count}`, () => [
      h('span', { class: 'whose' }, whose), count ? h('span', { class: 'count' }, count) : null,
    ]);
    turnText.classList.toggle('mine', live && v.to_move === me);
    // the turn and its clock take the colour of the player to move (as their box and rows do)
    const side = live && v.to_move !== null ? sideOf(v.to_move) : '';
    turnText.dataset.side = side;
    clock.dataset.side = side;
    if (live && v.deadline !== null) {
      clock.dataset.deadline = String(v.deadline);
      clock.dataset.total = String(state.turnTotal);
      if (v.to_move === me) clock.dataset.announce = '1';
      else delete clock.dataset.announce;
      clock.hidden = false;
    } else {
      delete clock.dataset.deadline;
      clock.hidden = true;
    }
    // the board
    const typing = mine && live && v.to_move === me;
    const typed = typing ? splitLetters(state.typed, rulesFor(lang)) || [] : null;
    board.update(v, { sideOf, nameOf: nameText, typed });
    // screen readers hear each new row: its player, then every letter with its colour in words
    for (; spoken < v.rows.length; spoken += 1) {
      if (v.rows[spoken]) announce(board.label(spoken));
    }
    // a rejected guess: the reason, and the row shakes; the clock goes on
    const r = mine ? state.rejection : null;
    const text = r ? (r.local ? r.message : codeText(r.reason, r.message, { length: v.length })) : '';
    if (message.textContent !== text) message.textContent = text;
    message.classList.toggle('show', !!text);
    if (r && r.seq !== lastRejection) {
      lastRejection = r.seq;
      board.shake();
    }
    // the end: who won, the secret
    keyed(result, `${v.outcome}|${v.secret}`, () => (v.outcome ? resultOf(v) : null));
    if (keyboard) keyboard.update(letterMarks(v.rows.filter(Boolean)), ctx.actions.canType());
    el.classList.toggle('over', !live);
    if (!live && !endSeen) {
      endSeen = true; // the result and the word come into view, below a tall board
      requestAnimationFrame(() => seeIt(result));
    }
  }

  function resultOf(v) {
    const parts = [h('p', { class: `result-text outcome-${v.outcome}` }, resultText(v))];
    if (v.secret_letters) {
      parts.push(h('div', { class: 'secret' }, h('span', { class: 'secret-label' }, t('duel.secret')),
        secretTiles(v.secret_letters, lang)));
    }
    return parts;
  }

  function resultText(v) {
    const loser = v.loser ?? v.players.find((p) => p !== v.winner);
    switch (v.outcome) {
      case 'win':
        if (v.winner === me) return t('duel.you_won');
        if (loser === me) return t('duel.you_lost', { name: nameText(v.winner) });
        return t('duel.won_by', { name: nameText(v.winner) });
      case 'draw':
        return t('duel.draw', { turns: v.max_turns });
      case 'forfeit':
        if (v.winner === me) return t('duel.forfeit_you_won', { name: nameText(loser) });
        if (loser === me) return t('duel.forfeit_you_left');
        return t('duel.forfeit', { loser: nameText(loser), winner: nameText(v.winner) });
      default:
        return t('duel.void');
    }
  }

  return {
    el,
    update,
    destroy() {
      if (keyboard) keyboard.destroy();
    },
  };
}

export function clearInto(el, panel) {
  fill(el, panel ? panel.el : null);
}
