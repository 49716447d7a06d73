// Every text the player sees, in one place, keyed. Add an interface language by adding a table
// with the same keys; t() falls back to English for a key a table lacks.
// Placeholders are written {name} and filled by t(key, {name: value}).

const en = {
  'app.title': 'Wordle Tournament',
  'app.loading': 'Loading…',
  'app.rules': 'How to play',
  'app.home': 'Home',

  // connection
  'conn.connecting': 'Connecting…',
  'conn.reconnecting': 'Connection lost — reconnecting…',
  'conn.reconnecting_hint': 'Your seat is kept for a minute; your turns keep running meanwhile.',
  'conn.replaced': 'The game is open in another window or tab, so this one was disconnected.',
  'conn.use_here': 'Play in this window',
  'conn.reload': 'Reload the page',
  'conn.offline_failed': 'Could not reach the server. Check your connection; we keep trying.',
  'conn.signin_failed': 'Could not sign in: {detail}',

  // home
  'home.heading': 'Play Wordle against seven others',
  'home.intro': 'Eight players, three lives each, 1-vs-1 duels on a shared board until one is left.',
  'home.you': 'You',
  'home.nickname': 'Nickname',
  'home.edit_nickname': 'Change',
  'home.save': 'Save',
  'home.cancel': 'Cancel',
  'home.nickname_saved': 'Nickname saved.',
  'home.nickname_refused': 'That nickname cannot be used: {detail}',
  'home.rating': 'Rating',
  'home.language': 'Word language',
  'home.play': 'Play',
  'home.play_hint': 'You join a lobby of eight; bots take empty seats after a short wait.',
  'home.create_party': 'Create a party',
  'home.party_hint': 'Play with friends: share an invite link, everyone lands in one lobby.',
  'home.leaderboard': 'Leaderboard',
  'home.leaderboard_empty': 'Nobody is ranked yet.',
  'home.leaderboard_failed': 'The leaderboard could not be loaded.',
  'home.rank': '#',
  'home.player': 'Player',
  'home.dismiss': 'OK',
  'home.your_last': 'Your last tournament: {place} place, rating {change}.',
  'end.new_rating': '(rating now {rating})',

  // common
  'common.bot': 'bot',
  'common.bot_long': 'Bot player',
  'common.you_marker': '(you)',
  'common.lives_aria': '{n} of 3 lives',
  'common.close': 'Close',
  'common.seconds': '{n} s',
  'common.vs': 'vs',
  'common.offline': 'offline',

  // lobby
  'lobby.heading': 'Waiting for players',
  'lobby.party_heading': 'Your party’s lobby',
  'lobby.language': 'Language: {name}',
  'lobby.seats': '{n} of {max} seats taken',
  'lobby.empty_seat': 'Empty seat',
  'lobby.bot_fill': 'Bots take the empty seats in {s} s.',
  'lobby.bot_fill_now': 'Bots are taking the empty seats…',
  'lobby.no_bot_fill': 'The tournament starts when all eight seats are taken.',
  'lobby.leave': 'Leave lobby',
  'lobby.disconnected': 'reconnecting',

  // round intro
  'intro.heading': 'Round {round}',
  'intro.starts_in': 'Duels start in {s} s',
  'intro.bye': '{name} has a bye this round and loses nothing.',
  'intro.your_bye': 'You have a bye this round: you lose nothing.',
  'intro.your_duel': 'Your duel',

  // duel
  'duel.your_turn': 'Your turn',
  'duel.their_turn': '{name}’s turn',
  'duel.turn_of': 'turn {n} of {max}',
  'duel.thinking': '{name} is thinking…',
  'duel.time_left': 'Time left in this turn',
  'duel.seconds_left': '{n} seconds left',
  'duel.watching': 'Watching {a} vs {b}',
  'duel.stop_watching': 'Stop watching',
  'duel.skipped': 'time ran out',
  'duel.row_aria': 'Row {n}, {name}: {content}',
  'duel.row_empty': 'empty',
  'duel.row_typing': 'typing: {word}',
  'duel.skipped_aria': 'skipped, time ran out',
  'duel.tile_g': '{letter} right place',
  'duel.tile_y': '{letter} elsewhere in the word',
  'duel.tile_x': '{letter} not in the word',
  'duel.too_short': 'The word must have {length} letters.',
  'duel.wait_turn': 'Wait for your turn.',
  'duel.secret': 'The word was',
  'duel.you_won': 'You guessed it — you win the duel!',
  'duel.you_lost': '{name} guessed it first. You lose a life.',
  'duel.won_by': '{name} guessed it and wins the duel.',
  'duel.draw': 'Nobody guessed it in six turns: a draw, both lose a life.',
  'duel.forfeit_you_won': '{name} left the tournament: you win and keep your lives.',
  'duel.forfeit_you_left': 'You left: the duel counts as lost.',
  'duel.forfeit': '{loser} left the tournament; {winner} wins.',
  'duel.void': 'This duel was cancelled by a server error; nobody loses a life.',
  'duel.key_enter': 'Enter',
  'duel.key_back': '⌫',
  'duel.key_back_aria': 'Delete letter',
  'duel.keyboard_aria': 'Keyboard',
  'duel.board_aria': 'Shared board',

  // tournament (standings, spectating, waiting)
  'game.standings': 'Standings',
  'game.live_duels': 'Live duels',
  'game.no_live_duels': 'No duel is running right now.',
  'game.watch': 'Watch',
  'game.watching_now': 'Watching',
  'game.watch_hint': 'You can watch a duel while yours is not running.',
  'game.waiting_round': 'Your duel is over. Waiting for the other duels of this round…',
  'game.waiting_start': 'The round is about to start…',
  'game.bye_waiting': 'You have a bye this round. Watch a duel while you wait.',
  'game.you_are_out': 'You are out of lives.',
  'game.place_pending': 'Your place is pending until the last duel of this round ends.',
  'game.your_place': 'You finished {place}: rating {before} → {after} ({change}).',
  'game.leave': 'Leave tournament',
  'game.leave_out': 'Leave and go home',
  'game.leave_confirm': 'Leaving now counts as a defeat and costs rating. Leave anyway?',
  'game.status_playing': 'playing',
  'game.status_bye': 'bye',
  'game.status_waiting': 'waiting',
  'game.status_out': 'out',
  'game.status_left': 'left',
  'game.status_pending': 'place pending',
  'game.round': 'Round {round}',
  'game.col_player': 'Player',
  'game.col_lives': 'Lives',
  'game.col_status': 'Status',
  'game.away': 'away, {s} s left to return',

  // tournament end
  'end.heading': 'Tournament over',
  'end.winner': '{name} wins the tournament!',
  'end.you_won': 'You won the tournament!',
  'end.shared': 'The last players were out in the same round and share first place.',
  'end.your_result': 'You finished {place}. Rating change: {change}.',
  'end.col_place': 'Place',
  'end.col_player': 'Player',
  'end.col_change': 'Rating',
  'end.back_home': 'Back to home',
  'end.back_party': 'Back to the party',
  'end.play_again': 'Play again',

  // party
  'party.heading': 'Your party',
  'party.members': 'Members ({n} of {max})',
  'party.leader': 'leader',
  'party.online': 'online',
  'party.offline': 'offline',
  'party.in_tournament': 'in a tournament',
  'party.invite': 'Invite link',
  'party.invite_hint': 'Send this link to friends: opening it joins the party.',
  'party.copy': 'Copy link',
  'party.copied': 'Link copied.',
  'party.copy_failed': 'Copy failed; select the link and copy it yourself.',
  'party.new_link': 'New link',
  'party.new_link_hint': 'A new link makes the old one stop working.',
  'party.language': 'Word language',
  'party.start': 'Start the tournament',
  'party.start_again': 'Start again',
  'party.start_hint': 'Everyone online goes into one lobby; bots fill the empty seats.',
  'party.wait_members': 'Waiting until no member is still in a tournament.',
  'party.wait_leader': 'Waiting for {name} (the leader) to start.',
  'party.remove': 'Remove',
  'party.make_leader': 'Make leader',
  'party.leave': 'Leave party',
  'party.removed': 'You are no longer in the party.',
  'party.joined': 'You joined the party.',
  'party.join_failed': 'Could not join the party: {detail}',

  // ordinal places
  'ordinal.1': '1st',
  'ordinal.2': '2nd',
  'ordinal.3': '3rd',
  'ordinal.4': '4th',
  'ordinal.5': '5th',
  'ordinal.6': '6th',
  'ordinal.7': '7th',
  'ordinal.8': '8th',
  'ordinal.n': '{n}th',

  // server codes: errors and notices (web socket), guess rejections
  'code.duel_over': 'This duel is over.',
  'code.not_in_duel': 'You are not playing in this duel.',
  'code.not_your_turn': 'It is not your turn.',
  'code.wrong_length': 'The word must have {length} letters.',
  'code.not_letters': 'Use only the letters of this language.',
  'code.not_a_word': 'Not in the word list.',
  'code.no_duel': 'You have no duel running.',
  'code.bad_json': 'The game sent a broken message. Reload the page if this keeps happening.',
  'code.bad_message': 'The game sent a message the server did not understand. Reload the page.',
  'code.unknown_type': 'The game sent a message the server did not understand. Reload the page.',
  'code.too_large': 'That was too long.',
  'code.rate_limited': 'Too many actions at once; slow down a little.',
  'code.binary_frame': 'The game sent a message the server did not understand. Reload the page.',
  'code.unsupported_version': 'The server was updated: reload the page.',
  'code.unauthorized': 'You are not signed in any more; signing in again…',
  'code.unknown_language': 'That language is not offered here.',
  'code.already_playing': 'You are already in a lobby or a tournament.',
  'code.placement_pending': 'Your place in the tournament you left is fixed when its round ends; then you can play again.',
  'code.not_in_lobby': 'You are not in a lobby.',
  'code.in_party': 'You are in a party: its leader starts the game for the whole party.',
  'code.shutting_down': 'The server is restarting; no new games for now.',
  'code.no_such_duel': 'That duel is not running any more.',
  'code.cannot_spectate': 'You can watch other duels when your own is not running.',
  'code.replaced': 'The game is open in another window or tab, so this one was disconnected.',
  'code.grace_expired': 'You were away too long and have left the tournament.',
  'code.left': 'You left the tournament.',
  'code.left_lobby': 'You left the lobby.',
  'code.duel_void': 'This duel was cancelled by a server error; nobody loses a life.',
  'code.tournament_aborted':
    'The tournament was stopped by a server error. Places already fixed keep their rating ' +
    'changes; nobody else’s rating changes.',
  'code.tournament_stopped':
    'The server is restarting and stopped this tournament. Places already fixed keep their ' +
    'rating changes; nobody else’s rating changes.',
  'code.slow_consumer': 'Your connection is too slow to keep up; reconnecting…',

  // party refusals (REST)
  'party_code.bad_invite': 'This invite link does not work any more. Ask for a fresh one.',
  'party_code.no_party': 'There is no such party.',
  'party_code.not_member': 'You are not a member of this party.',
  'party_code.not_leader': 'Only the party’s leader can do that.',
  'party_code.party_full': 'The party is full (8 members).',
  'party_code.in_party': 'You are already in a party; leave it first.',
  'party_code.in_tournament': 'Finish your tournament before joining a party.',
  'party_code.members_playing': 'Wait until every member’s tournament is over.',
  'party_code.already_playing': 'Someone is already in a lobby or a tournament.',
  'party_code.placement_pending': 'Someone left a tournament whose round has not ended yet; try again in a moment.',
  'party_code.cannot_remove_self': 'Leave the party instead.',
  'party_code.unknown_language': 'That language is not offered here.',
  'party_code.shutting_down': 'The server is restarting; no new games for now.',

  'error.network': 'The server could not be reached. Try again.',
  'error.generic': 'Something went wrong: {detail}',
};

export const TABLES = { en };

let table = en;

/** The text for `key` with {placeholders} filled; the key itself if no table has it. */
export function t(key, params = {}) {
  const text = table[key] ?? en[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function has(key) {
  return key in table || key in en;
}

export function setLanguage(code) {
  table = TABLES[code] ?? en;
}

/** "1st", "2nd", … */
export function ordinal(n) {
  return has(`ordinal.${n}`) ? t(`ordinal.${n}`) : t('ordinal.n', { n });
}

/** A rating change with its sign: "+18", "−11", "±0". */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '±0';
}

/** The text for a server code (error, rejection, left reason), else the server's own words. */
export function codeText(code, fallback, params = {}) {
  return has(`code.${code}`) ? t(`code.${code}`, params) : fallback || code;
}
