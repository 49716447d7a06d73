// How each local event changes the state: what the player does on the page, the socket's
// status, the answers of REST calls, the clock's tick. Same form as frames.js: `s` is the
// reducer's copy, c.fx(effect) asks for a side effect, c.at is the local clock.

import { deleteLetter, splitLetters, typeKey } from '../letters.js';
import { showFinal } from './frames.js';
import { onReport } from './report.js';
import { canType, myDuelLive, myTurn, rulesFor } from './select.js';
import { autoWatchDue, onWatchEvent } from './watch.js';

// Screen readers hear the last seconds of my own turn, not every second.
const SAY_SECONDS = [10, 5, 3];

function localRejection(s, reason, key, params) {
  s.seq += 1;
  s.rejection = { reason, key, params, local: true, seq: s.seq };
}

function queue(s, c, language) {
  s.notice = null;
  c.fx({ type: 'send', message: { type: 'queue', language } });
}

/** The second of my turn to say now (10, 5, 3), or null. */
export function secondToSay(s, at) {
  const d = myDuelLive(s);
  if (!d || !s.me || d.to_move !== s.me.id || d.deadline === null) return null;
  const secs = Math.ceil(Math.max(0, d.deadline - at) / 1000);
  if (!SAY_SECONDS.includes(secs) || secs * 1000 >= s.turnTotal || d.announced === secs) return null;
  return secs;
}

/** A tick changes something: the final table is due, a second of my turn is to be said, or
 * the automatic watch (reduce/watch.js, run after every message) is due. */
export function tickDue(s, at) {
  return (!!s.final && !!s.final.holdUntil && at >= s.final.holdUntil) || secondToSay(s, at) !== null
    || autoWatchDue(s, at);
}

export const onEvent = {
  ...onReport,
  ...onWatchEvent, // auto_watch, spectate, stop_spectating

  /** The socket's status: connecting | online | reconnecting | stopped. */
  conn(s, m) {
    if ((s.conn === 'replaced' || s.conn === 'outdated') && m.status === 'stopped') return;
    s.conn = m.status === 'stopped' ? 'replaced' : m.status;
    if (m.status === 'online') s.everOnline = true;
  },

  /** "Use it here" after `replaced`. */
  reconnect(s, m, c) {
    s.conn = 'connecting';
    c.fx({ type: 'connect' });
  },

  signed_in(s, m) {
    if (!s.me) s.me = m.player;
  },

  /** The word languages are loaded; `language` is the one to start with; `autoWatch` the
   * remembered "watch automatically". */
  booted(s, m) {
    s.languages = m.languages;
    s.language = m.language;
    s.autoWatch = !!m.autoWatch;
    s.notice = null;
  },

  notice(s, m) {
    s.notice = m.notice;
  },

  dismiss_notice(s) {
    s.notice = null;
  },

  /** A short message, already in the player's words. */
  toast(s, m) {
    s.seq += 1;
    s.toast = { text: m.text, seq: s.seq };
  },

  /** A party as a REST call answered it (joined, created, changed). */
  party_view(s, m) {
    if (m.party && m.party.id !== undefined) s.party = m.party;
  },

  leaving_party(s) {
    s.leavingParty = true;
  },

  party_left(s) {
    s.party = null;
  },

  queue(s, m, c) {
    queue(s, c, m.language);
  },

  leave(s, m, c) {
    c.fx({ type: 'send', message: { type: 'leave' } });
  },

  /** A key pressed (on screen or on the keyboard): a letter of my next guess, when it is one;
   * on the opponent's turn it is typed ahead (and can be corrected), not sent. */
  type(s, m) {
    const d = myDuelLive(s);
    if (!d || !canType(s)) return;
    s.typed = typeKey(s.typed, m.key, rulesFor(s, s.lobby.language), d.length);
  },

  backspace(s) {
    if (canType(s)) s.typed = deleteLetter(s.typed, rulesFor(s, s.lobby.language));
  },

  /** Enter: the guess goes out on my turn only. Before it, Enter arms nothing (it says "wait
   * for your turn"); the word typed ahead stays, and a later Enter on my turn sends it. */
  submit(s, m, c) {
    const d = myDuelLive(s);
    if (!d) return;
    if (!myTurn(s)) {
      localRejection(s, 'wait_turn', 'duel.wait_turn', {});
      return;
    }
    if (!canType(s)) return;
    const letters = splitLetters(s.typed, rulesFor(s, s.lobby.language)) || [];
    if (letters.length !== d.length) {
      localRejection(s, 'wrong_length', 'duel.too_short', { length: d.length });
      return;
    }
    s.pendingGuess = true;
    s.rejection = null;
    c.fx({ type: 'send', message: { type: 'guess', word: letters.join('') } });
  },

  /** A message could not go out (the socket is closed): a guess is not on its way after all. */
  send_failed(s, m) {
    if (m.message.type === 'guess') s.pendingGuess = false;
  },

  show_final(s, m, c) {
    showFinal(s, c);
  },

  dismiss_final(s) {
    s.final = null;
  },

  play_again(s, m, c) {
    s.final = null;
    queue(s, c, m.language);
  },

  /** Who I am, as GET /api/me says. */
  me(s, m) {
    s.me = { ...s.me, nickname: m.me.nickname, tag: m.me.tag, rating: m.me.rating };
  },

  edit_nickname(s, m, c) {
    s.nickname = { editing: true, error: '' };
    c.fx({ type: 'focus', id: 'nickname' });
  },

  cancel_nickname(s) {
    s.nickname = { editing: false, error: '' };
  },

  nickname_saved(s, m) {
    s.me = { ...s.me, nickname: m.me.nickname, rating: m.me.rating };
    s.players[m.me.id] = { ...(s.players[m.me.id] || {}), nickname: m.me.nickname };
    s.nickname = { editing: false, error: '' };
  },

  nickname_refused(s, m, c) {
    s.nickname = { editing: true, error: m.text };
    c.fx({ type: 'focus', id: 'nickname' });
  },

  leaderboard_wanted(s, m) {
    s.leaderboardBots = m.bots;
  },

  /** The leaderboard came (or failed: {failed: true}); an answer for the other list is late. */
  leaderboard(s, m) {
    if (m.board.failed || s.leaderboardBots === m.bots) s.leaderboard = m.board;
  },

  /** The word language chosen on the home screen (remembered in this browser). */
  set_language(s, m, c) {
    s.language = m.code;
    c.fx({ type: 'remember', key: 'wt.language', value: m.code });
  },

  /** Show the page in the word language just chosen? (Its words: {code, text, yes, no}.) */
  offer(s, m) {
    if (s.language === m.offer.code) s.offer = m.offer;
  },

  dismiss_offer(s) {
    s.offer = null;
  },

  /** The record of the tournament I came home from without its end (null: it still runs). */
  gone_summary(s, m) {
    const summary = m.summary;
    const mine = summary && summary.entries.find((e) => e.player.id === s.me.id);
    if (!summary || !mine || mine.left) {
      s.notice = [{ key: 'code.grace_expired' }];
      if (mine && mine.place) {
        s.notice.push({
          key: 'home.your_last', params: { place: mine.place, change: mine.rating_change ?? 0 },
        });
      }
      return;
    }
    for (const e of summary.entries) s.players[e.player.id] = e.player;
    const places = summary.entries
      .filter((e) => e.place !== null)
      .map((e) => ({ player: e.player.id, place: e.place, rating_change: e.rating_change ?? 0 }));
    const firsts = places.filter((p) => p.place === 1);
    s.final = {
      tournament: summary.id,
      winner: firsts.length === 1 ? firsts[0].player : null,
      places,
      party: null,
      mine: { place: mine.place, rating_change: mine.rating_change },
      holdUntil: null,
    };
  },

  /** The clock: the final table when its hold is over, the last seconds of my turn said. */
  tick(s, m, c) {
    if (s.final && s.final.holdUntil && m.at >= s.final.holdUntil) showFinal(s, c);
    const secs = secondToSay(s, m.at);
    if (secs !== null) {
      s.duel.announced = secs;
      c.fx({ type: 'announce', texts: [{ key: 'duel.seconds_left', params: { n: secs } }] });
    }
  },
};
