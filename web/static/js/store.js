// The store: holds the state, stamps each message with the time, hands it to the reducer, then
// (once per batch, in a microtask) calls the subscribers with the new state and the effects to
// run. Nothing but dispatch() replaces the state.

export const now = () => performance.now();

export function createStore(initial, reduce) {
  let state = initial;
  let effects = [];
  let scheduled = false;
  const listeners = new Set();

  function flush() {
    scheduled = false;
    const due = effects;
    effects = [];
    for (const fn of listeners) fn(state, due);
  }

  /** Draw again (and run what is due) soon: a change of state, or of the interface language. */
  function refresh() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  }

  return {
    get state() {
      return state;
    },
    /** Reduce one message now; the drawing follows in a microtask. Returns the new state. */
    dispatch(message) {
      const out = reduce(state, { at: now(), wall: Date.now(), ...message });
      if (out.state === state && !out.effects.length) return state;
      state = out.state;
      effects.push(...out.effects);
      refresh();
      return state;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    refresh,
  };
}
