// The tournament screen. The main part shows the round intro (pairings and bye, with lives, and
// how the round before was settled), your duel, a duel you watch, or what you are waiting for,
// with the duels still running to watch; beside it (below on a phone) your status, the closest
// duel offered while you wait (views/watch.js), the live duels with their progress, the
// standings, and leave. After the last duel, its end stays a few seconds before the
// final table.

import { h, fill } from '../dom.js';
import { liveDuels, livesOf, player } from '../reduce/select.js';
import { signed, t } from '../i18n.js';
import { createDuelPanel } from './duel.js';
import { hearts, keyed, playerName, recapText } from './common.js';
import { reportButton } from './report.js';
import { createOffer, fillProgress, progressSlot, rowText } from './watch.js';

export function mount(root, ctx) {
  const { actions } = ctx;
  const panelBox = h('div', { class: 'panel-slot' });
  const finalBox = h('div', { class: 'final-soon', id: 'final-soon', hidden: true });
  const offer = createOffer(actions);
  const main = h('div', { class: 'game-main' }, panelBox, finalBox);
  const mineBox = h('section', { class: 'card my-status', id: 'my-status', 'aria-live': 'polite' });
  const duelsBox = h('section', { class: 'card live-duels', id: 'live-duels', 'aria-labelledby': 'live-h' });
  const standingsBox = h('section', { class: 'card standings', id: 'standings', 'aria-labelledby': 'st-h' });
  const leaveBtn = h('button', { class: 'btn danger', type: 'button', id: 'leave-tournament' });
  leaveBtn.addEventListener('click', () => actions.leaveTournament());
  // the offer heads the side column: beside the board on a wide screen, right below it on a phone
  const side = h('aside', { class: 'game-side' }, mineBox, offer.el, duelsBox, standingsBox,
    h('div', { class: 'actions' }, leaveBtn));
  const game = h('div', { class: 'game' }, main, side);
  root.append(game);

  let panel = null;
  let panelKey = null;

  function myStanding(s) {
    return s.tournament && s.me ? s.tournament.standings[s.me.id] : null;
  }

  function mainKind(s) {
    const tour = s.tournament;
    if (tour.phase === 'intro') return `intro:${tour.round}`;
    if (s.duel && !s.duel.outcome) return `duel:${s.duel.id}`;
    if (s.watching) return `watch:${s.watching.id}`;
    if (s.duel) return `duel:${s.duel.id}`;
    return `wait:${tour.round}`;
  }

  function renderMain(s, kind) {
    if (kind !== panelKey) {
      if (panel && panel.destroy) panel.destroy();
      panel = null;
      panelKey = kind;
      const [what] = kind.split(':');
      if (what === 'duel') panel = createDuelPanel(ctx, s, { mine: true });
      else if (what === 'watch') panel = createDuelPanel(ctx, s, { mine: false });
      else if (what === 'intro') panel = introPanel();
      else panel = waitPanel();
      fill(panelBox, panel.el);
      main.className = `game-main main-${what}`;
    }
    panel.update(s);
  }

  function introPanel() {
    const el = h('section', { class: 'card intro', id: 'intro', 'aria-labelledby': 'intro-h' });
    return {
      el,
      update(s) {
        const tour = s.tournament;
        keyed(el, JSON.stringify([tour.round, tour.pairs, tour.bye, tour.introDeadline !== null,
          Object.values(tour.standings).map((x) => x.lives), tour.recap]), () => {
          const me = s.me.id;
          const myPair = tour.pairs.find((pair) => pair.includes(me));
          const mine = myPair
            ? t('intro.your_opponent', { name: player(s, myPair.find((p) => p !== me)).nickname })
            : null;
          const pairs = tour.pairs.map(([a, b]) => h('li', {
            class: `pair${a === me || b === me ? ' is-mine' : ''}`,
          },
          h('span', { class: 'pair-side side-a' }, playerName(s, a), hearts(livesOf(s, a))),
          h('span', { class: 'vs' }, t('common.vs')),
          h('span', { class: 'pair-side side-b', 'data-vs': t('common.vs') }, playerName(s, b), hearts(livesOf(s, b)))));
          return [
            h('h1', { id: 'intro-h' }, t('intro.heading', { round: tour.round })),
            mine ? h('p', { class: 'lead my-pair' }, mine) : null,
            tour.introDeadline !== null
              ? h('p', {
                class: 'lead countdown', id: 'intro-countdown',
                data: { deadline: String(tour.introDeadline), format: 'intro.starts_in' },
              }) // its text: the clock's (main.js)
              : null,
            recap(s, tour),
            h('ul', { class: 'pairs', 'aria-label': t('intro.heading', { round: tour.round }) }, pairs),
            tour.bye !== null
              ? h('p', { class: `bye${tour.bye === me ? ' is-mine' : ''}`, id: 'bye' },
                tour.bye === me ? t('intro.your_bye') : t('intro.bye', { name: player(s, tour.bye).nickname }),
                ' ', hearts(livesOf(s, tour.bye)))
              : null,
          ];
        });
      },
    };
  }

  /** How each pair of the round before was settled: its result, its word, its rows. */
  function recap(s, tour) {
    if (!tour.recap || !tour.recap.length) return null;
    const me = s.me.id;
    const lang = s.lobby.language;
    return h('section', { class: 'recap', id: 'recap', 'aria-labelledby': 'recap-h' },
      h('h2', { id: 'recap-h' }, t('recap.heading', { round: tour.round - 1 })),
      h('ul', { class: 'recap-list' }, tour.recap.map((r) => h('li', {
        class: `recap-item outcome-${r.outcome}${r.players.includes(me) ? ' is-mine' : ''}`,
        data: { duel: r.duel === null ? '' : String(r.duel) },
      }, recapText(s, r, me, lang)))));
  }

  function waitPanel() {
    const el = h('section', { class: 'card waiting', id: 'waiting' });
    return {
      el,
      update(s) {
        const mine = myStanding(s);
        const tour = s.tournament;
        let text;
        if (tour.phase === 'between' || tour.phase === 'finished') text = t('game.round_over', { round: tour.round });
        else if (mine && mine.out) text = t('game.out_watch');
        else if (tour.bye === s.me.id && tour.phase === 'playing') text = t('game.bye_waiting');
        else if (tour.phase === 'playing') text = t('game.waiting_round');
        else text = t('game.waiting_start');
        keyed(el, text, () => h('p', { class: 'lead' }, text));
      },
    };
  }

  /** After the last duel: its end stays on screen, then the final table (or at once, asked). */
  function renderFinal(s) {
    const until = s.final ? s.final.holdUntil : null;
    keyed(finalBox, String(until), () => (until === null
      ? null
      : [
        h('span', { class: 'countdown', data: { deadline: String(until), format: 'game.final_in' } }),
        h('button', { class: 'btn small', type: 'button', id: 'final-now', onclick: () => actions.showFinal() },
          t('game.final_now')),
      ]));
    finalBox.hidden = until === null; // brought into view, and said once, by effects
  }

  function renderMine(s) {
    const mine = myStanding(s);
    const placed = s.myPlacement;
    const key = JSON.stringify([mine, placed]);
    keyed(mineBox, key, () => {
      if (!mine || !mine.out) return null;
      const parts = [h('p', { class: 'out' }, t('game.you_are_out'))];
      if (placed && placed.place) {
        parts.push(h('p', { class: 'placed', id: 'my-place' }, t('game.your_place', {
          place: placed.place,
          before: placed.rating_before ?? '',
          after: placed.rating_after ?? '',
          change: placed.rating_change,
        })));
      } else {
        parts.push(h('p', { class: 'pending', id: 'my-place' }, t('game.place_pending')));
      }
      return parts;
    });
    mineBox.hidden = !(mine && mine.out);
  }

  function canWatch(s) {
    return !s.duel || !!s.duel.outcome;
  }

  function renderDuels(s) {
    const tour = s.tournament;
    const live = liveDuels(s);
    const allowed = canWatch(s);
    const watching = s.watching ? s.watching.id : null;
    const key = [live.map((d) => d.id), allowed, watching, live.map((d) => d.players.map((p) => livesOf(s, p)))];
    keyed(duelsBox, JSON.stringify(key), () => [
      h('h2', { id: 'live-h' }, t('game.live_duels')),
      live.length
        ? h('ul', { class: 'duel-list' }, live.map((d) => h('li', { class: watching === d.id ? 'is-watched' : '', data: { duel: String(d.id) } },
          h('span', { class: 'duel-players' },
            h('span', { class: 'duel-player' }, playerName(s, d.players[0], { you: false }), hearts(livesOf(s, d.players[0]))),
            h('span', { class: 'duel-player' }, h('span', { class: 'vs' }, t('common.vs')), ' ',
              playerName(s, d.players[1], { you: false }), hearts(livesOf(s, d.players[1])))),
          watching === d.id
            ? h('span', { class: 'badge' }, t('game.watching_now'))
            : h('button', {
              class: 'btn small watch', type: 'button', disabled: !allowed, data: { duel: String(d.id) },
              onclick: () => actions.spectate(d.id),
            }, t('game.watch')),
          progressSlot(d))))
        : h('p', { class: 'hint' }, t('game.no_live_duels')),
      !allowed && live.length ? h('p', { class: 'hint' }, t('game.watch_hint')) : null,
    ]);
    // each duel's progress in place: a row does not draw the list (and its buttons) again
    for (const d of live) fillProgress(duelsBox.querySelector(`.progress-slot[data-duel="${d.id}"]`), d);
  }

  function statusOf(s, st) {
    const tour = s.tournament;
    const placed = () => `${t('common.place', { n: st.place })} · ${signed(st.rating_change)}`;
    if (st.left) return st.place ? placed() : t('game.status_left');
    if (st.out) return st.place ? placed() : t('game.status_pending');
    if (!st.connected) {
      if (st.awayUntil == null) return t('common.offline');
      const deadline = st.awayUntil;
      return h('span', { class: 'countdown away', data: { deadline: String(deadline), format: 'game.away' } });
    }
    if (tour.phase === 'finished' && st.place) return placed();
    if (tour.bye === st.player) return t('game.status_bye');
    return liveDuelOf(tour, st.player) ? t('game.status_playing') : t('game.status_waiting');
  }

  /** The running duel of a player, whose row the standings add to "playing". */
  function liveDuelOf(tour, id) {
    return tour.duels.find((x) => x.players.includes(id) && !x.over) || null;
  }

  function renderStandings(s) {
    const tour = s.tournament;
    const list = Object.values(tour.standings);
    const rank = (st) => (st.out ? (st.place ? 100 + st.place : 50) : 10 - st.lives);
    list.sort((a, b) => rank(a) - rank(b) || a.player - b.player);
    const rows = list.map((st) => [st, statusOf(s, st)]);
    const key = rows.map(([st, status]) => [st, typeof status === 'string' ? status : 'away']);
    keyed(standingsBox, JSON.stringify([key, tour.round]), () => [
      h('h2', { id: 'st-h' }, t('game.standings'), ' ',
        h('span', { class: 'muted' }, t('game.round', { round: tour.round || 1 }))),
      h('table', { class: 'table standings-table' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, t('game.col_player')),
          h('th', { scope: 'col' }, t('game.col_lives')))),
        // the status under the name: a whole name fits on its line, and nothing wraps
        h('tbody', {}, rows.map(([st, status]) => h('tr', {
          class: `${st.out ? 'is-out' : ''}${s.me && st.player === s.me.id ? ' is-me' : ''}`,
          data: { player: String(st.player) },
        },
        h('td', {}, h('a', { // a profile beside the game, which goes on in this tab
          class: 'plink', href: `/players/${st.player}`, target: '_blank', rel: 'noopener',
        }, playerName(s, st.player)), reportButton(s, st.player, 'standings', actions, tour.id),
          h('span', { class: 'status' }, status, h('span', { class: 'status-row' }))),
        h('td', {}, hearts(st.lives)))))),
    ]);
    // "· Row 5 of 12" beside "playing", in place: a row does not draw the table again
    for (const [st, status] of rows) {
      const d = status === t('game.status_playing') ? liveDuelOf(tour, st.player) : null;
      const el = standingsBox.querySelector(`tr[data-player="${st.player}"] .status-row`);
      const text = d ? ` · ${rowText(d)}` : '';
      if (el && el.textContent !== text) el.textContent = text;
    }
  }

  return {
    update(s) {
      if (!s.tournament) return;
      game.dataset.phase = s.tournament.phase;
      const kind = mainKind(s);
      renderMain(s, kind);
      offer.update(s);
      renderFinal(s);
      renderMine(s);
      renderDuels(s);
      renderStandings(s);
      const out = myStanding(s) && myStanding(s).out;
      const label = out ? t('game.leave_out') : t('game.leave');
      if (leaveBtn.textContent !== label) leaveBtn.textContent = label;
      document.body.classList.toggle('in-duel', !!(s.duel && !s.duel.outcome));
      // a duel's board on the screen, mine or watched (a laptop gives it the screen's height)
      document.body.classList.toggle('with-board', /^(duel|watch):/.test(kind));
    },
    unmount() {
      if (panel && panel.destroy) panel.destroy();
      document.body.classList.remove('in-duel', 'with-board');
    },
  };
}
