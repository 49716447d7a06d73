// The effects a change of state calls for, whatever message made it: the turn cue, the rows and
// the round said to screen readers, the shake of a refused guess, the end of a duel and the
// final countdown brought into view. Pure: old state and new state in, a list of effects out.

import { myTurnKey, player, views } from './select.js';
import { waitingToWatch } from './watch.js';

/** The round whose intro is on screen ("<tournament>:<round>"), or null. A tournament just
 * started (round 0) has no pairs yet: its first round_intro follows. */
function introKey(s) {
  const t = s.tournament;
  return t && t.phase === 'intro' && t.round > 0 ? `${t.id}:${t.round}` : null;
}

function introTexts(s) {
  const t = s.tournament;
  const me = s.me ? s.me.id : null;
  const texts = [{ key: 'intro.heading', params: { round: t.round } }];
  const pair = t.pairs.find((p) => p.includes(me));
  if (t.bye === me) texts.push({ key: 'intro.your_bye' });
  else if (pair) {
    texts.push({ key: 'intro.your_opponent', params: { name: player(s, pair.find((p) => p !== me)).nickname } });
  }
  return texts;
}

/** `at`: the local clock of the message that made the change. */
export function derivedEffects(old, s, at) {
  const fx = [];
  const turn = myTurnKey(s);
  if (turn !== myTurnKey(old)) fx.push({ type: 'attention', turn });
  const intro = introKey(s);
  if (intro !== null && intro !== introKey(old)) {
    fx.push({ type: 'scroll_top' }); // a new round from its top (a duel's end may have scrolled down)
    fx.push({ type: 'announce', texts: introTexts(s) });
  }
  for (const v of views(s)) {
    const before = views(old).find((o) => o.id === v.id);
    if (!before) continue; // a board drawn whole: its rows are not news
    for (let i = before.rows.length; i < v.rows.length; i += 1) {
      if (v.rows[i]) fx.push({ type: 'announce_row', duel: v.id, index: i });
    }
    if (v.outcome && !before.outcome) fx.push({ type: 'reveal', id: 'duel-result' });
  }
  // a wait begins with duels to watch: the offer in view (below the board on a phone)
  if (waitingToWatch(s) && !waitingToWatch(old)) fx.push({ type: 'reveal', id: 'watch-offer' });
  if (s.rejection && (!old.rejection || old.rejection.seq !== s.rejection.seq)) fx.push({ type: 'shake' });
  const hold = s.final ? s.final.holdUntil : null;
  if (hold && !(old.final && old.final.holdUntil) && s.tournament) {
    fx.push({ type: 'reveal', id: 'final-soon' });
    fx.push({ type: 'announce', texts: [{ key: 'game.final_in', params: { s: Math.ceil((hold - at) / 1000) } }] });
  }
  return fx;
}
