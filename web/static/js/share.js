// A tournament's result to share, without a letter of any word: a line per duel of mine with the
// colours of my rows as squares (and how the duel ended). No DOM here, so `node --test` can check
// it (tests/browser/js/).

const SQUARES = { g: '🟩', y: '🟨', x: '⬛' };
const CONTRAST = { g: '🟧', y: '🟦', x: '⬛' }; // the high-contrast palette's colours
const SKIPPED = '⌛';
const OUTCOME = { won: '✅', lost: '❌', draw: '🤝', void: '➖' };

/** How a duel of a summary (GET /api/tournaments/<id>) ended for player `me`. */
function outcomeOf(duel, me) {
  if (duel.result === 'draw') return 'draw';
  if (duel.result === 'void' || duel.winner === null) return 'void';
  return duel.winner === me ? 'won' : 'lost';
}

/** One line per duel `me` played: the round, my rows as coloured squares, the outcome. */
export function shareGrid(duels, me, { contrast = false, num = String } = {}) {
  const squares = contrast ? CONTRAST : SQUARES;
  return duels
    .filter((d) => d.players.includes(me))
    .sort((a, b) => a.round - b.round)
    .map((d) => {
      const rows = d.rows
        .filter((r) => r.player === me)
        .map((r) => (r.skipped ? SKIPPED : [...r.marks].map((m) => squares[m] || '⬛').join('')));
      return [`${num(d.round)}.`, ...rows, OUTCOME[outcomeOf(d, me)]].join(' ');
    })
    .join('\n');
}

/** The rounds `me` played: up to the round they went out in, else the tournament's last. */
export function roundsPlayed(summary, me) {
  const entry = summary.entries.find((e) => e.player.id === me);
  if (entry && entry.elimination_round) return entry.elimination_round;
  return Math.max(0, ...summary.duels.map((d) => d.round));
}
