// The REST routes. Every call resolves to the JSON body or throws an ApiError whose `code` is
// the server's refusal code where it sent one (party routes), and `message` its text.

export class ApiError extends Error {
  constructor(status, message, code = null, fields = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

async function call(method, path, body) {
  const init = { method, credentials: 'same-origin', headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, String(err), 'network');
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const fields = data && data.fields;
    const code = fields && fields.code ? fields.code[0] : null;
    throw new ApiError(response.status, (data && data.error) || response.statusText, code, fields);
  }
  return data;
}

export const api = {
  signIn: () => call('POST', '/api/session'),
  me: () => call('GET', '/api/me'),
  setNickname: (nickname) => call('PATCH', '/api/me', { nickname }),
  languages: () => call('GET', '/api/languages'),
  leaderboard: (limit = 20, bots = false) => call('GET', `/api/leaderboard?limit=${limit}${bots ? '&bots=true' : ''}`),
  tournament: (id) => call('GET', `/api/tournaments/${id}`),
  createParty: (language) => call('POST', '/api/parties', { language }),
  joinParty: (invite) => call('POST', '/api/parties/join', { invite }),
  myParty: () => call('GET', '/api/party'),
  leaveParty: () => call('POST', '/api/party/leave'),
  startParty: () => call('POST', '/api/party/start'),
  removeMember: (player) => call('POST', '/api/party/remove', { player }),
  handOver: (player) => call('POST', '/api/party/leader', { player }),
  renewInvite: () => call('POST', '/api/party/invite'),
  setPartyLanguage: (language) => call('PATCH', '/api/party', { language }),
  /** {player, reason, where, tournament}: 201 filed, 200 already open (`created` says which). */
  report: (body) => call('POST', '/api/reports', body),
};
