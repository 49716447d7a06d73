// The websocket: connect, hand every message on, and reconnect with backoff when the
// connection drops (the server then answers with welcome + snapshot, or home). A `replaced`
// message stops reconnecting: the game is open elsewhere.

const PING_EVERY_MS = 15000; // a silent dead connection is noticed within ~25 s
const PONG_WITHIN_MS = 10000;

export class Socket {
  constructor({ onMessage, onStatus, beforeConnect }) {
    this.onMessage = onMessage;
    this.onStatus = onStatus; // connecting | online | reconnecting | stopped
    this.beforeConnect = beforeConnect || (async () => {});
    this.ws = null;
    this.attempt = 0;
    this.everOpen = false;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    const wake = () => {
      if (!this.stopped && !this.ws && this.retryTimer) this.retryNow();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') wake();
    });
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws?v=1`;
  }

  async connect() {
    this.stopped = false;
    this.onStatus(this.everOpen ? 'reconnecting' : 'connecting');
    try {
      await this.beforeConnect();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (this.stopped) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.everOpen = true;
      this.startPings();
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'pong') this.clearPong();
      if (message.type === 'welcome') this.onStatus('online');
      if (message.type === 'replaced') this.stop();
      this.onMessage(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPings();
      if (this.stopped) {
        this.onStatus('stopped');
        return;
      }
      this.onStatus(this.everOpen ? 'reconnecting' : 'connecting');
      this.scheduleRetry();
    };
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    const base = Math.min(5000, 400 * 2 ** this.attempt);
    this.attempt += 1;
    const delay = base * (0.75 + Math.random() * 0.5);
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }

  retryNow() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.stopped && !this.ws) this.connect();
  }

  /** Stop for good (replaced); connect() starts again. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPings();
  }

  /** Drop the connection as if the network had (the reconnect logic takes over). */
  drop() {
    if (this.ws) this.ws.close();
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  startPings() {
    this.stopPings();
    this.pingTimer = setInterval(() => {
      if (this.send({ type: 'ping', t: Date.now() }) && !this.pongTimer) {
        this.pongTimer = setTimeout(() => this.drop(), PONG_WITHIN_MS);
      }
    }, PING_EVERY_MS);
  }

  clearPong() {
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  stopPings() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearPong();
  }
}
