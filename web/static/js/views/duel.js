// One duel on screen: both players with their lives, whose turn it is and its countdown, the
// shared board, the reason of a rejected guess, the result with the secret, and (in your own
// live duel) the keyboard. Used for your duel and for a duel you watch.

import { createBoard, motionOk, secretTiles } from '../board.js';
import { h, fill } from '../dom.js';
import { createKeyboard } from '../keyboard.js';
import { letterMarks, splitLetters } from '../letters.js';
import { canType, languageOf, livesOf, rulesFor } from '../reduce/select.js';
import { codeText, t } from '../i18n.js';
import { hearts, keyed, nameText, playerName } from './common.js';

/** The panel of my duel (`mine`) or of the one I watch, drawn from state `s0` and updated
 * with each new state. */
export function createDuelPanel(ctx, s0, { mine }) {
  const view = (s) => (mine ? s.duel : s.watching);
  const v0 = view(s0);
  const lang = s0.lobby.language;
  const me = s0.me.id;
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
    keyboard = createKeyboard(languageOf(s0, lang), {
      onKey: (k) => ctx.actions.type(k),
      onEnter: () => ctx.actions.submit(),
      onBack: () => ctx.actions.backspace(),
    });
  }
  const top = mine
    ? null
    : h('div', { class: 'watch-head' },
      h('p', { id: 'watching-label' }, t('duel.watching', { a: nameText(s0, order[0]), b: nameText(s0, order[1]) })),
      h('button', {
        class: 'btn small', type: 'button', id: 'stop-watching',
        onclick: () => ctx.actions.stopSpectating(),
      }, t('duel.stop_watching')));

  const el = h('section', {
    class: `duel-panel ${mine ? 'mine' : 'spectating'}`,
    data: { duel: String(v0.id), length: String(v0.length) },
    style: { '--len': String(v0.length), '--kb-rows': String(mine ? languageOf(s0, lang).keyboard.length : 0) },
    'aria-label': t('duel.watching', { a: nameText(s0, order[0]), b: nameText(s0, order[1]) }),
  },
  top,
  h('div', { class: 'duel-head' }, fighters[0], h('div', { class: 'turnbox' }, turnText, clock), fighters[1]),
  message,
  board.el,
  result,
  keyboard ? keyboard.el : null);

  let wasLive = !v0.outcome; // the duel ran when this panel was drawn

  function update(s) {
    const v = view(s);
    if (!v) return;
    const live = !v.outcome;
    // players and lives
    order.forEach((p, i) => {
      keyed(fighters[i], `${livesOf(s, p)}|${v.to_move === p && live}`, () => [
        playerName(s, p),
        hearts(livesOf(s, p)),
      ]);
      fighters[i].classList.toggle('active', live && v.to_move === p);
    });
    // whose turn, countdown
    let whose = '';
    let count = '';
    if (live && v.to_move !== null) {
      whose = v.to_move === me ? t('duel.your_turn') : t('duel.their_turn', { name: nameText(s, v.to_move) });
      count = v.turnNo ? t('duel.turn_of', { n: v.turnNo, max: v.max_turns }) : '';
    }
    keyed(turnText, `${whose}|${count}`, () => [
      h('span', { class: 'whose' }, whose && v.to_move !== me ? theirTurn(nameText(s, v.to_move)) : whose),
      count ? h('span', { class: 'count' }, count) : null,
    ]);
    turnText.classList.toggle('mine', live && v.to_move === me);
    // the turn and its clock take the colour of the player to move (as their box and rows do)
    const side = live && v.to_move !== null ? sideOf(v.to_move) : '';
    turnText.dataset.side = side;
    clock.dataset.side = side;
    if (live && v.deadline !== null) {
      clock.dataset.deadline = String(v.deadline);
      clock.dataset.total = String(s.turnTotal);
      clock.hidden = false;
    } else {
      delete clock.dataset.deadline;
      clock.hidden = true;
    }
    // the board
    // my next word: on my turn in the current row, on theirs typed ahead in the row after it
    const typing = mine && live && v.to_move !== null && (v.to_move === me || s.typed !== '');
    const typed = typing ? splitLetters(s.typed, rulesFor(s, lang)) || [] : null;
    board.update(v, { sideOf, nameOf: (p) => nameText(s, p), typed, me });
    // a rejected guess: the reason (the row shakes, an effect); the clock goes on
    const r = mine ? s.rejection : null;
    const text = r ? (r.local ? t(r.key, r.params) : codeText(r.reason, r.message, { length: v.length })) : '';
    if (message.textContent !== text) message.textContent = text;
    message.classList.toggle('show', !!text);
    // the end: who won, the secret (brought into view by an effect)
    // (it lands with a moment of its own when it comes while the duel is on screen)
    const ends = live ? null : wasLive && motionOk();
    wasLive = live;
    keyed(result, `${v.outcome}|${v.secret}`, () => (v.outcome ? resultOf(s, v, ends) : null));
    if (keyboard) keyboard.update(letterMarks(v.rows.filter(Boolean)), canType(s));
    el.classList.toggle('over', !live);
  }

  function resultOf(s, v, landing) {
    const parts = [h('p', { class: `result-text outcome-${v.outcome}${landing ? ' landing' : ''}` }, resultText(s, v))];
    if (v.secret_letters) {
      const word = secretTiles(v.secret_letters, lang);
      if (landing) word.classList.add('landing');
      parts.push(h('div', { class: 'secret' }, h('span', { class: 'secret-label' }, t('duel.secret')), word));
    }
    return parts;
  }

  function resultText(s, v) {
    const loser = v.loser ?? v.players.find((p) => p !== v.winner);
    switch (v.outcome) {
      case 'win':
        if (v.winner === me) return t('duel.you_won');
        if (loser === me) return t('duel.you_lost', { name: nameText(s, v.winner) });
        return t('duel.won_by', { name: nameText(s, v.winner) });
      case 'draw':
        return t('duel.draw', { turns: v.max_turns });
      case 'forfeit':
        if (v.winner === me) return t('duel.forfeit_you_won', { name: nameText(s, loser) });
        if (loser === me) return t('duel.forfeit_you_left');
        return t('duel.forfeit', { loser: nameText(s, loser), winner: nameText(s, v.winner) });
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

const NAME_MARK = '\uE000';

/** "Turno de {name}" with the name in an element of its own: where the line is short (a phone)
 * the name gives way, cut short (whole in its tooltip, in the player's box above and for screen
 * readers), never the words around it, whichever side of the name they are. */
function theirTurn(name) {
  const [before, after = ''] = t('duel.their_turn', { name: NAME_MARK })
    .split(NAME_MARK)
    .map((part, i) => part.replace(i ? /^\u2069/ : /\u2068$/, '')); // the name is isolated below
  const words = (text) => (text ? h('span', { class: 'whose-words' }, text) : null);
  return [words(before), h('bdi', { class: 'nick whose-name', title: name }, name), words(after)];
}

export function clearInto(el, panel) {
  fill(el, panel ? panel.el : null);
}
