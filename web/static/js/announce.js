// Words for screen readers: each announcement is a new paragraph in the page's polite live
// region (#sr-live), so the same words said twice are still heard twice.

const KEEP = 4;

export function announce(text) {
  const live = document.getElementById('sr-live');
  if (!live || !text) return;
  const p = document.createElement('p');
  p.textContent = text;
  live.append(p);
  while (live.childElementCount > KEEP) live.firstElementChild.remove();
}
