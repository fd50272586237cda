// the team step of npm run bench:analytics: a team of 1000 cards made through the api, 10 million
// events seeded over them per scale, and its summary read by its 8 admins at once through
// GET /api/teams/{teamId}/analytics/summary. where the api has no team routes (yet), the team's read
// path is measured in this process on the same store instead (team-reads.mjs), and the table says so.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { Api } from './analytics-api.mjs';
import { TEAM_LINK_TARGETS } from './analytics-store.mjs';
import {
  benchCardIds,
  inProcessTeamReader,
  lastDays,
  measureTeamReads,
  printTeamTable,
  seedTeam,
  TEAM_ADMINS,
  TEAM_CARDS,
  teamEventsAt,
} from './team-reads.mjs';

// node 20's built-in fetch
const { fetch } = globalThis;

/** the content every card of the team is made with: a links block, which its link clicks go to */
const TEMPLATE_CONTENT = {
  blocks: [
    {
      type: 'links',
      title: 'Links',
      payloadJson: JSON.stringify({
        links: TEAM_LINK_TARGETS.map((href, i) => ({ label: `Link ${i + 1}`, href })),
      }),
      visible: true,
      order: 0,
    },
  ],
};

/** what a card's owner sends to change it: its content, as GET /api/profiles/{id} answers it */
const CONTENT_FIELDS = [
  'handle',
  'displayName',
  'tagline',
  'bio',
  'published',
  'theme',
  'layout',
  'contact',
  'media',
  'privacy',
  'socialLinks',
  'blocks',
];

/**
 * the team as the api makes it: 8 users, the first makes the team, a template and the cards (it holds
 * them) and publishes each; the other 7 join as admins through an invitation, its link read from the
 * mail the api writes to DATA_DIR/outbox. where inviting does not work, the 8 readers are 8 sessions
 * of the team's owner (an admin too). the one place to change when the routes change.
 */
export async function prepareTeam(api, dataDir, cards = TEAM_CARDS) {
  const run = `${process.pid}${Date.now().toString(36)}`;
  const users = [];
  for (let i = 1; i <= TEAM_ADMINS; i++) {
    const email = `admin${i}.${run}@bench.example`;
    const session = await api.json('POST', '/api/auth/register', {
      body: { email, password: 'bench password', displayName: `Admin ${i}` },
    });
    users.push({ email, token: session.accessToken });
  }
  const [owner] = users;
  const team = await api.json('POST', '/api/teams', {
    token: owner.token,
    body: { name: `Bench team ${run}` },
  });
  const template = await api.json('POST', `/api/teams/${team.id}/templates`, {
    token: owner.token,
    body: { name: 'Bench card', content: TEMPLATE_CONTENT, lockedFields: [] },
  });
  const profileIds = [];
  for (let i = 0; i < cards; i++) {
    const card = await api.json('POST', `/api/teams/${team.id}/cards`, {
      token: owner.token,
      body: { templateId: template.id, handle: `bench-${run}-t${i}`, displayName: `Card ${i + 1}` },
    });
    const profile = await api.json('GET', `/api/profiles/${card.profileId}`, { token: owner.token });
    const content = Object.fromEntries(CONTENT_FIELDS.map((field) => [field, profile[field]]));
    await api.json('PUT', `/api/profiles/${card.profileId}`, {
      token: owner.token,
      body: { ...content, published: true },
    });
    profileIds.push(card.profileId);
  }
  let tokens;
  let admins;
  try {
    for (const user of users.slice(1)) await joinAsAdmin(api, dataDir, team.id, owner, user);
    tokens = users.map((user) => user.token);
    admins = `${TEAM_ADMINS} admins`;
  } catch (err) {
    console.log(
      `inviting admins did not work (${err.message}): the readers are sessions of the team's owner`,
    );
    tokens = [owner.token];
    for (let i = 1; i < TEAM_ADMINS; i++) {
      const session = await api.json('POST', '/api/auth/login', {
        body: { email: owner.email, password: 'bench password' },
      });
      tokens.push(session.accessToken);
    }
    admins = `${TEAM_ADMINS} sessions of the owner`;
  }
  return { teamId: team.id, profileIds, tokens, admins };
}

/** the secret of the invitation link mailed to the address, waited for (the api mails in the background) */
async function invitationToken(outbox, email) {
  for (let tries = 0; tries < 50; tries++) {
    const texts = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .map((name) =>
            // quoted-printable: soft line breaks joined, =XX decoded
            readFileSync(join(outbox, name), 'utf8')
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
          )
      : [];
    const mail = texts.find((text) => text.includes(email) && text.includes('/invite#token='));
    const token = mail && /\/invite#token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    if (token) return token;
    await sleep(100);
  }
  return null;
}

/** invites the user as an admin and accepts with the link from the mail the api wrote */
async function joinAsAdmin(api, dataDir, teamId, owner, user) {
  await api.json('POST', `/api/teams/${teamId}/invitations`, {
    token: owner.token,
    body: { email: user.email, role: 'admin' },
  });
  const token = await invitationToken(join(dataDir, 'outbox'), user.email);
  if (!token) throw new Error('no invitation link in the outbox');
  await api.json('POST', '/api/invitations/accept', { token: user.token, body: { token } });
}

/** the summary read through the api by admin n, timed to its last byte */
function httpTeamReader(api, team) {
  return async (admin, days) => {
    const { from, to } = lastDays(days);
    const path = `/api/teams/${team.teamId}/analytics/summary?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    const response = await fetch(api.url + path, {
      headers: { authorization: `Bearer ${team.tokens[admin % team.tokens.length]}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  };
}

/** whether the api answers the team's summary: a bad range is refused by the route, not read */
async function summaryRouteExists(api, team) {
  const response = await fetch(`${api.url}/api/teams/${team.teamId}/analytics/summary?from=x&to=y`, {
    headers: { authorization: `Bearer ${team.tokens[0]}` },
  });
  await response.arrayBuffer();
  return response.status !== 404;
}

export async function benchTeamAt(scale) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-bench-team-'));
  const api = new Api(dataDir);
  // chdb's queries run on native threads that do not hold node's event loop open on their own
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    console.log('');
    console.log(
      `the team step: machine ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    let team = null;
    try {
      await api.start();
      team = await prepareTeam(api, dataDir);
    } catch (err) {
      console.log(`the api did not make the team (${err.message})`);
    }
    await api.stop();
    const cardIds = team?.profileIds ?? benchCardIds();
    const seeded = await seedTeam(dataDir, cardIds, teamEventsAt(scale));
    console.log(
      `seeded ${seeded.events.toLocaleString('en')} events over ${cardIds.length} team cards in ${seeded.seconds.toFixed(1)} s ` +
        `(merges done ${seeded.settled.seconds.toFixed(1)} s in, ${seeded.settled.activeParts} active parts)`,
    );
    if (team) {
      await api.start();
      if (!(await summaryRouteExists(api, team))) {
        console.log('the api has no GET /api/teams/{teamId}/analytics/summary');
        team = null;
      }
    }
    let rows;
    let how;
    if (team) {
      rows = await measureTeamReads(httpTeamReader(api, team));
      how = `through the api, read by ${team.admins}`;
    } else {
      await api.stop();
      console.log("the team's read path is measured in this process instead, on the same store");
      const reader = inProcessTeamReader(dataDir, cardIds);
      try {
        rows = await measureTeamReads(reader.read);
      } finally {
        await reader.close();
      }
      how = 'read in process, embedded store: no http';
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    printTeamTable(seeded.events, cardIds.length, rows, how);
  } finally {
    clearInterval(keepAlive);
    await api.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
