"""Screens of a tournament drawn in the real page (its stylesheet, its top bar) from a state made
by the page's own reducer out of protocol frames, in any interface language and at any size, with
names as long as a nickname may be: the layout tests measure them without waiting for bots to
bring a duel to the wanted turn. The game's own screen is hidden meanwhile (its websocket stays
quiet on the home screen), and the scene is drawn by the page's own view modules.
"""

from __future__ import annotations

from models.nicknames import MAX_LENGTH

ME, THEM = 12, 44
# A maximal name with no space to break at, and one of words: each as long as a nickname may be.
WIDE = "W" + "w" * (MAX_LENGTH - 1)
WORDY = "Maximiliano Wolfgang XIV"
assert len(WORDY) == MAX_LENGTH

SCENE = """
async ({ screen, toMove, lang, words, names }) => {
  const main = document.querySelector('script[src$="/js/main.js"]').src;
  const base = main.replace(/js\\/main\\.js$/, '');
  const modules = ['js/reducer.js', 'js/i18n.js', 'js/views/game.js', 'js/views/end.js'];
  const [{ initialState, reduce }, i18n, gameView, endView] = await Promise.all(
    modules.map((m) => import(base + m)));
  await i18n.use(lang);
  const languages = await (await fetch('/api/languages')).json();
  const ME = 12, THEM = 44, IDS = [12, 40, 41, 42, 43, 44, 45, 46];
  const seat = (id, i) => ({
    id, nickname: names[i % names.length], tag: 'k3f9', rating: 1000, bot: id !== ME,
    connected: true,
  });
  const lobby = { id: 3, language: words, status: 'playing', capacity: 8, average: 1000,
    bot_fill_at: null, party: null, seats: IDS.map(seat) };
  const watching = screen === 'watch';
  const others = [[40, 46], [41, 45], [42, 43]];
  const pairs = watching ? others : [[ME, THEM], ...others];
  const rows = (a, b) => [
    { index: 0, player: a, letters: [...'crane'], marks: 'xgyxx', skipped: false },
    { index: 1, player: b, letters: null, marks: null, skipped: true },
    { index: 2, player: a, letters: [...'grape'], marks: 'ggxxg', skipped: false },
  ];
  const view = (id, [a, b], next) => ({
    id, round: 1, players: [a, b], length: 5, starter: a, rows: rows(a, b), to_move: next,
    deadline: 0, remaining_ms: 20000, max_turns: 6, turn_ms: 30000, outcome: null,
    winner: null, secret: null, secret_letters: null,
  });
  const snapshot = {
    type: 'snapshot', you: ME, lobby,
    tournament: {
      id: 7, round: 1, phase: 'playing', intro_ends_at: null, intro_remaining_ms: null,
      pairs, bye: watching ? ME : null,
      standings: IDS.map((id) => ({ player: id, lives: 3, out: false, left: false, place: null,
        rating_change: null, connected: true, gone_at: null })),
      duels: pairs.map((players, i) => ({ id: 17 + i, players, length: 5, over: false,
        outcome: null, winner: null })),
      recap: [],
    },
    duel: watching ? null : view(17, [THEM, ME], toMove === 'me' ? ME : THEM),
    watching: watching ? view(17, [40, 46], toMove === 'a' ? 40 : 46) : null,
  };
  let s = initialState();
  const send = (m) => { s = reduce(s, { at: performance.now(), wall: Date.now(), ...m }).state; };
  const frame = (f) => send({ type: 'frame', frame: f });
  send({ type: 'booted', languages, language: words });
  send({ type: 'conn', status: 'online' });
  frame({ type: 'welcome', v: 1, server_time: Date.now(), you: seat(ME, 0) });
  frame({ type: 'home', party: null });
  frame(snapshot);
  if (screen === 'end') {
    frame({ type: 'tournament_ended', tournament: 7, winner: 46,
      places: IDS.map((player, i) => ({ player, place: 8 - i, rating_change: 30 - 8 * i })) });
    send({ type: 'show_final' });
  }
  const actions = new Proxy({}, { get: () => () => {} });
  if (window.__scene) window.__scene.view.unmount?.();
  document.getElementById('screen').hidden = true;
  let root = document.getElementById('scene');
  if (!root) {
    root = document.createElement('main');
    root.id = 'scene';
    document.getElementById('screen').after(root);
  }
  root.replaceChildren();
  root.className = `screen screen-${screen === 'end' ? 'end' : 'game'}`;
  const v = (screen === 'end' ? endView : gameView).mount(root, { actions });
  v.update(s);
  window.__scene = { view: v };
}
"""


def draw(
    page,
    screen: str,
    lang: str = "en",
    to_move: str = "me",
    words: str = "es",
    names: tuple[str, ...] = (WIDE, WORDY),
) -> None:
    """Draw `screen` ("mine": my duel, "watch": a duel I watch, "end": the final table) in
    interface language `lang`; `to_move`: "me" or "them" in my duel, "a" or "b" when watching.
    Every player's name is one of `names` in turn (mine the first)."""
    page.evaluate(
        SCENE,
        {"screen": screen, "toMove": to_move, "lang": lang, "words": words, "names": list(names)},
    )
    page.wait_for_timeout(150)  # the clock draws the countdowns; layout settles


def open_page(new_page, server, size: dict) -> object:
    page = new_page("desktop")
    page.set_viewport_size(size)
    page.goto(server.base)
    page.wait_for_selector("#play")
    return page
