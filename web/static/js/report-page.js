// Reporting a nickname on the server-rendered pages (a replay's placements, a profile): the flag
// beside another person's name (drawn hidden by the server, shown here: without this script it
// could not work) opens the page's report panel; one reason sends POST /api/reports; the answer
// or the refusal is said in the page's words, which the panel carries (web/templates/_players.html).
// The game page does the same through its reducer (reduce/report.js, views/report.js).

const panel = document.getElementById('report-panel');
const CODES = ['report_limited', 'report_self', 'report_bot', 'unknown_player', 'network'];

function setUp() {
  const choose = panel.querySelector('.report-choose');
  const done = panel.querySelector('.report-done');
  const name = panel.querySelector('.report-h .nick');
  const sending = panel.querySelector('.report-sending');
  const result = panel.querySelector('#report-result');
  const reasons = [...panel.querySelectorAll('[data-reason]')];
  let from = null; // the flag that opened the panel
  let busy = false;

  function open(button) {
    if (busy) return;
    from = button;
    name.textContent = button.dataset.name;
    choose.hidden = false;
    done.hidden = true;
    sending.textContent = '';
    reasons.forEach((b) => { b.disabled = false; b.classList.remove('chosen'); });
    panel.hidden = false;
    reasons[0].focus();
  }

  function close() {
    if (busy) return;
    panel.hidden = true;
    if (from) from.focus();
  }

  function answer(text, refused) {
    busy = false;
    choose.hidden = true;
    done.hidden = false;
    result.textContent = text;
    result.classList.toggle('refused', refused);
    panel.querySelector('#report-close').focus();
  }

  async function send(reason, button) {
    if (busy || !from) return;
    busy = true;
    reasons.forEach((b) => { b.disabled = true; });
    button.classList.add('chosen');
    sending.textContent = panel.dataset.sending;
    const tournament = panel.dataset.tournament ? Number(panel.dataset.tournament) : null;
    const body = { player: Number(from.dataset.report), reason, where: panel.dataset.where, tournament };
    let code = null;
    try {
      const res = await fetch('/api/reports', {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      });
      if (res.ok) {
        const data = await res.json();
        answer(data.created ? panel.dataset.sent : panel.dataset.already, false);
        return;
      }
      const data = await res.json().catch(() => null);
      code = data && data.fields && data.fields.code ? data.fields.code[0] : null;
    } catch {
      code = 'network';
    }
    answer(CODES.includes(code) ? panel.dataset[`code_${code}`] : panel.dataset.failed, true);
  }

  document.querySelectorAll('.report-btn[data-report]').forEach((button) => {
    button.hidden = false;
    button.addEventListener('click', () => open(button));
  });
  reasons.forEach((b) => b.addEventListener('click', () => send(b.dataset.reason, b)));
  panel.querySelector('#report-cancel').addEventListener('click', close);
  panel.querySelector('#report-close').addEventListener('click', close);
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  });
}

if (panel) setUp();
