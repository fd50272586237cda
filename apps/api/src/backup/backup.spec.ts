import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type {
  LeadResponse,
  MediaUploadResponse,
  ProfileResponse,
  SessionResponse,
  UserResponse,
} from '@cardcraft/contracts';
import { freePort } from '../../../../infra/test/services';
import { spawnNode, waitUntilAnswers, type NodeProcess } from '../../../web/e2e/support/product';
import { REPO_ROOT } from '../platform/testing/paths';
import { createProfile, httpClient, registerUser, type HttpClient } from '../platform/testing/http';
import { unlimitedRateLimits } from '../platform/testing/test-app';

// the built product and its backup command, as an operator runs them: `npm run build:server` first
const API_MAIN = join(REPO_ROOT, 'apps/api/dist/main.js');
const BACKUP_CLI = join(REPO_ROOT, 'apps/api/dist/backup/backup-cli.js');
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Product {
  process: NodeProcess;
  http: HttpClient;
  url: string;
}

async function startProduct(dataDir: string): Promise<Product> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const product = spawnNode(API_MAIN, {
    ...unlimitedRateLimits(),
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: url,
    LOG_LEVEL: 'warn',
    PASSWORD_SCRYPT_COST: '16384',
    WEB_DIST_DIR: '',
  });
  await waitUntilAnswers(`${url}/api/health/ready`, product, 'the product');
  return { process: product, http: httpClient(url), url };
}

/** the backup command with DATA_DIR; its exit code and what it printed */
function cli(command: 'backup' | 'restore', file: string, dataDir: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [BACKUP_CLI, command, file], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

/** a card read by visitor n, told apart by its referrer host; when its answer came */
async function view(url: string, handle: string, n: number): Promise<number | null> {
  const ref = encodeURIComponent(`https://v${n}.backup.test/`);
  const response = await fetch(`${url}/api/public/profiles/${handle}?ref=${ref}`, {
    headers: { 'user-agent': IPHONE, accept: 'application/json' },
  });
  await response.arrayBuffer();
  return response.ok ? Date.now() : null;
}

/** how many stored views each visitor has, from the owner's visits export */
async function storedViews(url: string, token: string, profileId: string): Promise<Map<number, number>> {
  const from = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
  const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
  const response = await fetch(
    `${url}/api/profiles/${profileId}/analytics/visits.csv?from=${from}&to=${to}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.status).toBe(200);
  const counts = new Map<number, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /v(\d+)\.backup\.test/.exec(line);
    if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  }
  return counts;
}

describe('backup and restore of the embedded product (npm run backup / npm run restore)', () => {
  const root = mkdtempSync(join(tmpdir(), 'cardcraft-backup-'));
  const archive = join(root, 'backup.tar.gz');
  const restored = join(root, 'restored');
  let original: Product | null = null;
  let again: Product | null = null;

  beforeAll(() => {
    for (const file of [API_MAIN, BACKUP_CLI]) {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:server\` first`);
    }
  });

  afterAll(async () => {
    await original?.process.stop();
    await again?.process.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up a product while it answers views, and a restore brings back every account, card, lead, photo and view', async () => {
    original = await startProduct(join(root, 'data'));
    const { http, url } = original;
    const owner = await registerUser(http);
    const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${url}/api/media/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${owner.accessToken}` },
      body: new Uint8Array(photo),
    });
    expect(uploaded.status).toBe(201);
    const avatar = (await uploaded.json()) as MediaUploadResponse;
    const card: ProfileResponse = await createProfile(http, owner.accessToken, {
      published: true,
      media: { avatarUrl: avatar.url, bannerUrl: null, ogImageUrl: null },
    });
    const lead = await http.post<LeadResponse>(`/api/profiles/${card.id}/leads`, {
      body: { email: 'grace@navy.example.com', message: 'Hi Ada!', consent: true },
    });
    expect(lead.status).toBe(201);

    // views keep coming while the backup is made: 20 at a time, one visitor each
    const answeredAt: (number | null)[] = [];
    let loading = true;
    const load = (async () => {
      for (let n = 0; loading || n < 40; n += 20) {
        const batch = await Promise.all(Array.from({ length: 20 }, (_, k) => view(url, card.handle, n + k)));
        batch.forEach((at, k) => (answeredAt[n + k] = at));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const made = await cli('backup', archive, join(root, 'data'));
    loading = false;
    await load;
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain('worker loop paused');
    const markAt = Date.parse(/mark (\S+):/.exec(made.out)?.[1] ?? '');
    const beforeMark = answeredAt.flatMap((at, n) => (at !== null && at < markAt ? [n] : []));
    expect(beforeMark.length).toBeGreaterThan(0);
    // the disaster: the product killed; its directory is left alone, the restore goes to a new one
    original.process.child.kill('SIGKILL');
    await original.process.exited;
    // with no product on the socket it left, the command takes the files itself
    const direct = await cli('backup', join(root, 'direct.tar.gz'), join(root, 'data'));
    expect(direct.code).toBe(0);
    expect(direct.out).toContain(
      `no product is running on ${join(root, 'data')}: backing up its files directly`,
    );
    expect(direct.out).toMatch(/1 accounts, 1 cards, 1 leads, 1 images \(1 files\)/);

    const done = await cli('restore', archive, restored);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    again = await startProduct(restored);
    // the session made before the backup is still good: the same users, sessions and signing secret
    const me = await again.http.get<UserResponse>('/api/auth/me', { token: owner.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: owner.userId, email: owner.email });
    const signedIn = await again.http.post<SessionResponse>('/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(signedIn.status).toBe(200);
    const cards = await again.http.get<ProfileResponse[]>('/api/profiles', { token: owner.accessToken });
    expect(cards.body).toEqual([expect.objectContaining({ id: card.id, handle: card.handle })]);
    const leads = await again.http.get<{ items: LeadResponse[] }>(`/api/profiles/${card.id}/leads`, {
      token: owner.accessToken,
    });
    expect(leads.body.items).toEqual([expect.objectContaining({ email: 'grace@navy.example.com' })]);
    const served = await fetch(`${again.url}${new URL(avatar.url).pathname}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).length).toBe(avatar.size);

    // what was queued at the mark is stored by the restored product: wait for it, then count
    let counts = new Map<number, number>();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      counts = await storedViews(again.url, owner.accessToken, card.id);
      if (beforeMark.every((n) => counts.has(n))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(beforeMark.filter((n) => counts.get(n) !== 1)).toEqual([]);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
  });

  it('refuses a damaged archive and writes nothing', async () => {
    const damaged = join(root, 'damaged.tar.gz');
    copyFileSync(archive, damaged);
    const bytes = readFileSync(damaged);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(damaged, bytes);
    const target = join(root, 'from-damaged');
    const refused = await cli('restore', damaged, target);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`the archive ${damaged} is damaged`);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('restore-'))).toEqual([]);
  });

  it('refuses a DATA_DIR that is not empty and leaves it as it was', async () => {
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'cardcraft.db'), 'mine');
    const refused = await cli('restore', archive, busy);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`Cannot restore: DATA_DIR ${busy} is not empty (cardcraft.db)`);
    expect(readdirSync(busy)).toEqual(['cardcraft.db']);
    expect(readFileSync(join(busy, 'cardcraft.db'), 'utf8')).toBe('mine');
  });
});
