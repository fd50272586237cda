// the backup drill: the embedded product under paced views, `npm run backup`'s command asked for an
// archive in the middle of the load, then the product killed and its DATA_DIR destroyed, the archive
// restored into the same path and the product started on it. every view answered before the backup's
// mark must be counted exactly once; views answered after it are in the archive or not (they were on
// the lost disk), but never twice; the accounts, cards, leads and photos are all back.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { seed } from '../bench/product.mjs';
import { compare, pacedLoad, seconds, t0 } from './drill-load.mjs';
import { startEmbedded } from './launcher.mjs';

const { fetch, URL } = globalThis;
const ACCOUNTS = 3;

/** the backup command as an operator runs it (built): exit code and output */
function backupCommand(root, command, file, dataDir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'apps/api/dist/backup/backup-cli.js'), command, file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

async function call(baseUrl, method, path, { token, body, raw, type } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(raw ? { 'content-type': type } : body ? { 'content-type': 'application/json' } : {}),
    },
    body: raw ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
  };
}

/** accounts with a card, a lead and a photo each: what must come back */
async function seedOwners(baseUrl) {
  const owners = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { token, profiles } = await seed(baseUrl, 1);
    const [card] = profiles;
    const image = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 40 * i, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const photo = await call(baseUrl, 'POST', '/api/media/avatar', { token, raw: image, type: 'image/jpeg' });
    if (photo.status !== 201) throw new Error(`photo upload: ${photo.status} ${JSON.stringify(photo.body)}`);
    const saved = await call(baseUrl, 'PUT', `/api/profiles/${card.id}`, {
      token,
      body: {
        handle: card.handle,
        displayName: `Drill card ${i}`,
        published: true,
        media: { avatarUrl: photo.body.url, bannerUrl: null, ogImageUrl: null },
      },
    });
    if (saved.status !== 200) throw new Error(`card update: ${saved.status} ${JSON.stringify(saved.body)}`);
    const lead = await call(baseUrl, 'POST', `/api/profiles/${card.id}/leads`, {
      body: { email: `lead-${i}@example.test`, message: `hello ${i}`, consent: true },
    });
    if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${JSON.stringify(lead.body)}`);
    owners.push({ token, card, photo: new URL(photo.body.url).pathname, photoSize: photo.body.size });
  }
  return owners;
}

/** how many of the seeded accounts, cards, leads and photos answer on the restored product */
async function presentAfter(baseUrl, owners) {
  const found = { accounts: 0, cards: 0, leads: 0, photos: 0 };
  for (const owner of owners) {
    if ((await call(baseUrl, 'GET', '/api/auth/me', { token: owner.token })).status === 200) found.accounts++;
    const cards = await call(baseUrl, 'GET', '/api/profiles', { token: owner.token });
    if (cards.status === 200 && cards.body.some((card) => card.id === owner.card.id)) found.cards++;
    const leads = await call(baseUrl, 'GET', `/api/profiles/${owner.card.id}/leads`, { token: owner.token });
    if (leads.status === 200) found.leads += leads.body.items.length;
    const photo = await fetch(`${baseUrl}${owner.photo}`);
    if (photo.ok && (await photo.arrayBuffer()).byteLength === owner.photoSize) found.photos++;
  }
  return found;
}

export async function backupRestoreDrill(root, name, rate) {
  const system = await startEmbedded(root);
  const api = system.apis[0];
  const archiveDir = mkdtempSync(join(tmpdir(), 'cardcraft-drill-archive-'));
  const archive = join(archiveDir, 'drill.tar.gz');
  try {
    const owners = await seedOwners(api.baseUrl);
    const { card } = owners[0];
    let backup = null;
    let backupMs = 0;
    const during = (async () => {
      await sleep(4000);
      const started = t0();
      backup = await backupCommand(root, 'backup', archive, system.dataDir);
      backupMs = t0() - started;
    })();
    const run = await pacedLoad({
      targets: [{ baseUrl: () => api.baseUrl, handle: card.handle }],
      rate,
      durationMs: 10_000,
    });
    await during;
    if (backup.code !== 0) throw new Error(`the backup failed:\n${backup.out}`);
    const markAt = Date.parse(/mark (\S+):/.exec(backup.out)?.[1] ?? '');
    const paused = /worker loop paused (\d+) ms/.exec(backup.out)?.[1] ?? '?';

    // the disaster: the process killed, its data directory gone
    await api.process.stop('SIGKILL');
    rmSync(system.dataDir, { recursive: true, force: true });
    const restoreStarted = t0();
    const restored = await backupCommand(root, 'restore', archive, system.dataDir);
    if (restored.code !== 0) throw new Error(`the restore failed:\n${restored.out}`);
    const restoreMs = t0() - restoreStarted;
    await api.start();

    const before = run.statuses.map((status, k) => status === 200 && run.answeredBy[k] < markAt);
    const after = run.statuses.map((status, k) => status === 200 && run.sentAfter[k] > markAt);
    const result = await compare({
      baseUrl: api.baseUrl,
      token: owners[0].token,
      profileId: card.id,
      // only the views answered before the mark must be there: the others count as not answered
      statuses: run.statuses.map((status, k) => (before[k] ? status : 0)),
    });
    const found = await presentAfter(api.baseUrl, owners);
    const afterCounted = result.unansweredCounted;
    return {
      name,
      mode: 'embedded',
      rate: run.sent / run.seconds,
      ...result,
      // the table's counted: the views answered before the mark, as stored after the restore
      counted: result.counted - afterCounted,
      unansweredCounted: 0,
      allowedLoss: 0,
      beforeMark: before.filter(Boolean).length,
      missing: Object.entries(found)
        .filter(([, n]) => n < ACCOUNTS)
        .map(([what]) => what),
      behaviour: `backup in ${seconds(backupMs)} at ${run.answeredBy.filter((at) => at < markAt).length} views in, worker loop paused ${paused} ms, every view answered 200 (${run.statuses.filter((s) => s === 200).length}/${run.sent}); DATA_DIR destroyed, restored in ${seconds(restoreMs)}; ${before.filter(Boolean).length} views answered before the mark; ${afterCounted} answered around or after it are in the archive too (${after.filter(Boolean).length} were sent after it); back: ${found.accounts}/${ACCOUNTS} accounts, ${found.cards}/${ACCOUNTS} cards, ${found.leads}/${ACCOUNTS} leads, ${found.photos}/${ACCOUNTS} photos`,
      recovery: seconds(restoreMs),
    };
  } finally {
    await system.stopAll();
    rmSync(archiveDir, { recursive: true, force: true });
  }
}
