// the soak's traffic: a fixed mix at a fixed rate, an open load (each request is due at its own
// moment whatever the answers before it did, and its latency runs from that moment). every request
// goes over a fixed set of keep-alive connections that stay open for the whole run, taken in turn, so
// the sockets the product holds for its clients do not move and its open files can be judged flat.
// each visitor has an address of its own (X-Forwarded-For, believed by TRUST_PROXY=127.0.0.1) and a
// referrer of its own; loopback only.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '../bench/load.mjs';

/** per view: the engagement events and messages that come with it; the owners and their dashboards */
export const MIX = {
  eventsPerView: 0.2,
  messagesPerView: 0.01,
  owners: 4,
  cardsPerOwner: 5,
  // each owner reloads the dashboard (summary, first page of visits, live visitors) this often
  dashboardEverySeconds: 5,
  dashboardDays: 30,
};

// connections per api: the card pages, the engagement beacons, the message form; one per owner
const VIEW_CONNECTIONS = 8;
const EVENT_CONNECTIONS = 2;
const MESSAGE_CONNECTIONS = 1;
// distinct referrer hosts (each view's referrer is distinct by its path)
const REFERRER_HOSTS = 500;

const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
const ENGAGEMENTS = ['vcard_saved', 'shared', 'email_clicked', 'call_clicked', 'link_clicked'];

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function requestBytes(host, method, path, headers, body = null) {
  const payload = body === null ? null : Buffer.from(body);
  const head =
    `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    (payload ? `content-length: ${payload.length}\r\n` : '') +
    '\r\n';
  const bytes = Buffer.from(head, 'latin1');
  return payload ? Buffer.concat([bytes, payload]) : bytes;
}

/** keep-alive connections to one api, each request on the one idle longest */
class Pool {
  constructor(baseUrl, size) {
    const { hostname, port, host } = new globalThis.URL(baseUrl);
    if (!/^127\.\d+\.\d+\.\d+$/.test(hostname))
      throw new Error(`the soak loads loopback only, not ${hostname}`);
    this.host = host;
    this.connections = Array.from({ length: size }, () => new Connection(hostname, Number(port)));
    this.idle = [...this.connections];
    this.waiting = [];
  }

  /** resolves to the answer's status, 0 when none came */
  send(method, path, headers, body = null) {
    const bytes = requestBytes(this.host, method, path, headers, body);
    return new Promise((resolve) => {
      this.waiting.push({ bytes, resolve });
      this.pump();
    });
  }

  pump() {
    while (this.idle.length > 0 && this.waiting.length > 0) {
      const connection = this.idle.shift();
      const { bytes, resolve } = this.waiting.shift();
      connection.request(bytes).then((status) => {
        this.idle.push(connection);
        resolve(status);
        this.pump();
      });
    }
  }

  close() {
    for (const connection of this.connections) connection.close();
  }
}

/** visitor n: an address of its own and one of the browsers (its referrer goes with its view) */
function visitor(n) {
  return {
    'user-agent': BROWSERS[n % BROWSERS.length],
    'x-forwarded-for': `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`,
  };
}

const emptyCounts = () => ({ sent: 0, ok: 0 });

/**
 * the mix against `apis` ({ name, baseUrl }, taken in turn like a balancer would) for the cards of
 * `owners` ([{ token, profiles: [{ id, handle }] }]), `rate` views a second. counts by minute (of
 * each request's due moment) and by api; the 2xx views of each card for the final count.
 */
export class Traffic {
  constructor({ apis, owners, rate }) {
    this.rate = rate;
    this.targets = apis.map((api) => ({
      name: api.name,
      views: new Pool(api.baseUrl, VIEW_CONNECTIONS),
      events: new Pool(api.baseUrl, EVENT_CONNECTIONS),
      messages: new Pool(api.baseUrl, MESSAGE_CONNECTIONS),
    }));
    this.cards = owners.flatMap((owner) =>
      owner.profiles.map((profile, index) => ({
        ...profile,
        link: `https://www.linkedin.com/in/bench-${index}`,
      })),
    );
    // each owner's browser keeps one connection to one api
    this.owners = owners.map((owner, i) => ({
      ...owner,
      target: this.targets[i % this.targets.length].name,
      pool: new Pool(apis[i % apis.length].baseUrl, 1),
    }));
    this.okViewsByCard = new Map(this.cards.map((card) => [card.id, 0]));
    // the visitor who last opened each card: the one who then saves it, shares it or writes
    this.lastVisitorOf = new Map();
    this.minutes = [];
    this.stopped = false;
    // how far into the run the load has sent every request due
    this.sentUpToMs = 0;
  }

  minute(index) {
    while (this.minutes.length <= index) {
      this.minutes.push({
        inFlight: 0,
        byApi: new Map(
          this.targets.map((target) => [
            target.name,
            {
              views: emptyCounts(),
              latencies: [],
              events: emptyCounts(),
              messages: emptyCounts(),
              reads: emptyCounts(),
              failed: {},
            },
          ]),
        ),
      });
    }
    return this.minutes[index];
  }

  /** counts one request of `kind` due at `due`, its answer when it comes */
  track(kind, targetName, due, answer, onOk = () => undefined) {
    const minute = this.minute(Math.floor((due - this.startedAt) / 60_000));
    const counts = minute.byApi.get(targetName);
    counts[kind].sent++;
    minute.inFlight++;
    return answer.then((status) => {
      if (status >= 200 && status < 300) {
        counts[kind].ok++;
        if (kind === 'views') counts.latencies.push(performance.now() - due);
        onOk();
      } else {
        const key = `${kind} ${status || 'no answer'}`;
        counts.failed[key] = (counts.failed[key] ?? 0) + 1;
      }
      minute.inFlight--;
    });
  }

  /** request k of a kind: the api it goes to, in turn, and its card, every card in turn on each api */
  routeOf(k) {
    return {
      target: this.targets[k % this.targets.length],
      card: this.cards[Math.floor(k / this.targets.length) % this.cards.length],
    };
  }

  sendView(n, due) {
    const { target, card } = this.routeOf(n);
    this.lastVisitorOf.set(card.id, n);
    // a fifth come from a QR code, a tenth from a campaign; every one with a referrer of its own
    const query = n % 5 === 0 ? '?src=qr' : n % 10 === 1 ? '?utm_source=newsletter&utm_medium=email' : '';
    const answer = target.views.send('GET', `/u/${card.handle}${query}`, {
      ...visitor(n),
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en-GB,en;q=0.9',
      referer: `https://site${n % REFERRER_HOSTS}.soak.test/post/${n}`,
    });
    this.track('views', target.name, due, answer, () =>
      this.okViewsByCard.set(card.id, this.okViewsByCard.get(card.id) + 1),
    );
  }

  /** engagement event k, by the card's latest visitor */
  sendEvent(k, due) {
    const { target, card } = this.routeOf(k);
    const n = this.lastVisitorOf.get(card.id) ?? 0;
    const type = ENGAGEMENTS[k % ENGAGEMENTS.length];
    const body = JSON.stringify(type === 'link_clicked' ? { type, target: card.link } : { type });
    const answer = target.events.send(
      'POST',
      `/api/public/profiles/${card.id}/events`,
      { ...visitor(n), 'content-type': 'application/json', accept: '*/*' },
      body,
    );
    this.track('events', target.name, due, answer);
  }

  /** message m, left through the card's form (without script) by the card's latest visitor */
  sendMessage(m, due) {
    const { target, card } = this.routeOf(m);
    const n = this.lastVisitorOf.get(card.id) ?? 0;
    const form = new globalThis.URLSearchParams({
      email: `visitor-${n}@example.test`,
      message: `Hello from visitor ${n}: let us talk about the soak.`,
      consent: 'on',
    }).toString();
    const answer = target.messages.send(
      'POST',
      `/u/${card.handle}/message`,
      { ...visitor(n), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      form,
    );
    this.track('messages', target.name, due, answer);
  }

  /** owner o's dashboard, the k-th time: the summary, the first page of visits, the live visitors */
  sendDashboard(o, k, due) {
    const owner = this.owners[o];
    const card = owner.profiles[k % owner.profiles.length];
    const now = Date.now();
    const range =
      `from=${encodeURIComponent(new Date(now - MIX.dashboardDays * 86_400_000).toISOString())}` +
      `&to=${encodeURIComponent(new Date(now).toISOString())}`;
    const headers = { authorization: `Bearer ${owner.token}`, accept: 'application/json' };
    const base = `/api/profiles/${card.id}/analytics`;
    for (const path of [`${base}/summary?${range}`, `${base}/visits?${range}&pageSize=10`, `${base}/live`]) {
      this.track('reads', owner.target, due, owner.pool.send('GET', path, headers));
    }
  }

  /** the load for `seconds`; resolves when it has sent its last request (not waiting for answers) */
  async run(seconds) {
    this.startedAt = performance.now();
    const durationMs = seconds * 1000;
    const every = {
      view: 1000 / this.rate,
      event: 1000 / (this.rate * MIX.eventsPerView),
      message: 1000 / (this.rate * MIX.messagesPerView),
      dashboard: MIX.dashboardEverySeconds * 1000,
    };
    const sent = { view: 0, event: 0, message: 0 };
    const dashboards = this.owners.map(() => 0);
    const ownerOffset = (o) => (o * every.dashboard) / this.owners.length;
    for (;;) {
      const elapsed = performance.now() - this.startedAt;
      if (this.stopped || elapsed >= durationMs) break;
      const due = (count, interval) => count * interval <= elapsed;
      while (due(sent.view, every.view)) this.sendView(sent.view, this.startedAt + sent.view++ * every.view);
      while (due(sent.event, every.event))
        this.sendEvent(sent.event, this.startedAt + sent.event++ * every.event);
      while (due(sent.message, every.message))
        this.sendMessage(sent.message, this.startedAt + sent.message++ * every.message);
      dashboards.forEach((k, o) => {
        const at = ownerOffset(o) + k * every.dashboard;
        if (at <= elapsed) this.sendDashboard(o, dashboards[o]++, this.startedAt + at);
      });
      this.sentUpToMs = elapsed;
      const nextView = sent.view * every.view - (performance.now() - this.startedAt);
      await sleep(Math.max(1, Math.min(5, nextView)));
    }
    this.sentUpToMs = Infinity;
  }

  /** resolves when every request due in minute `index` has its answer (or gave up on it) */
  async settledMinute(index) {
    const minute = this.minute(index);
    while (this.sentUpToMs < (index + 1) * 60_000 || minute.inFlight > 0) await sleep(50);
  }

  /** minute `index`, api by api: what was sent, answered 2xx, the views' p99, what failed */
  minuteSummary(index) {
    const rows = new Map();
    for (const [name, counts] of this.minute(index).byApi) {
      rows.set(name, {
        views: counts.views,
        viewP99Ms: percentile(counts.latencies, 99),
        events: counts.events,
        messages: counts.messages,
        reads: counts.reads,
        failed: counts.failed,
      });
      // only the p99 is kept: a 20-minute run need not hold every latency
      counts.latencies = [];
    }
    return rows;
  }

  stop() {
    this.stopped = true;
  }

  close() {
    for (const target of this.targets) {
      target.views.close();
      target.events.close();
      target.messages.close();
    }
    for (const owner of this.owners) owner.pool.close();
  }
}
