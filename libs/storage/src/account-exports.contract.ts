import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AccountExportsRepository, Storage } from './ports';
import type { MakeStorage } from './storage.contract';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** a fresh account id of the adapter's shape (the exports port does not read the users) */
const userId = () => randomBytes(12).toString('hex');

async function read(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** the data exports' port, run against each adapter as the media contract is */
export function describeAccountExportsContract(name: string, makeStorage: MakeStorage): void {
  describe(`account exports contract: ${name}`, () => {
    let storage: Storage;
    let exports: AccountExportsRepository;
    beforeAll(async () => {
      storage = await makeStorage();
      exports = storage.exports;
    });
    afterAll(async () => {
      await storage?.close();
    });

    const start = (user: string, now = new Date()) =>
      exports.start({
        userId: user,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 7 * DAY),
        staleBefore: new Date(now.getTime() - HOUR),
      });
    const ready = (id: string, size: number, now = new Date()) =>
      exports.finish(id, {
        status: 'ready',
        size,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + DAY),
      });

    it('keeps one export per account: none starts while one is preparing, an abandoned one is replaced', async () => {
      const user = userId();
      await expect(exports.findByUser(user)).resolves.toBeNull();
      const first = await start(user, new Date(Date.now() - 2 * HOUR));
      expect(first).toMatchObject({ userId: user, status: 'preparing', finishedAt: null, size: null });
      // two requests at once, an hour after the first stopped moving: one replaces it
      const [a, b] = await Promise.all([start(user), start(user)]);
      expect([a, b].filter((started) => started !== null)).toHaveLength(1);
      const second = (a ?? b)!;
      expect(second.id).not.toBe(first!.id);
      await expect(start(user)).resolves.toBeNull();
      await expect(exports.findByUser(user)).resolves.toEqual(second);
    });

    it('stores the archive, reads it back once ready, and deletes it with the export a new one replaces', async () => {
      const user = userId();
      const started = (await start(user))!;
      // more than one GridFS chunk (255 KiB), streamed in pieces
      const bytes = randomBytes(300 * 1024);
      await exports.writeArchive(started.id, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      const done = await ready(started.id, bytes.length);
      expect(done).toMatchObject({ id: started.id, status: 'ready', size: bytes.length });
      expect(done!.finishedAt).toBeInstanceOf(Date);
      expect((await read(await exports.openArchive(started.id)))?.equals(bytes)).toBe(true);
      // an ended export is not ended twice
      await expect(ready(started.id, 1)).resolves.toBeNull();

      const next = (await start(user))!;
      expect(next.id).not.toBe(started.id);
      await expect(exports.openArchive(started.id)).resolves.toBeNull();
      await expect(exports.openArchive(next.id)).resolves.toBeNull();
    });

    it('keeps nothing of an archive whose export went while it was written, or whose stream failed', async () => {
      const user = userId();
      const started = (await start(user))!;
      await expect(exports.deleteForUser(user)).resolves.toBe(1);
      await exports.writeArchive(started.id, Readable.from([Buffer.from('late')]));
      await expect(ready(started.id, 4)).resolves.toBeNull();
      await expect(exports.openArchive(started.id)).resolves.toBeNull();

      const again = (await start(user))!;
      const broken = new Readable({
        read() {
          this.push(Buffer.from('part'));
          this.destroy(new Error('the archive could not be made'));
        },
      });
      await expect(exports.writeArchive(again.id, broken)).rejects.toThrow('the archive could not be made');
      await expect(exports.openArchive(again.id)).resolves.toBeNull();
      const failed = await exports.finish(again.id, {
        status: 'failed',
        size: null,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + DAY),
      });
      expect(failed).toMatchObject({ status: 'failed', size: null });
      // a failed export does not block the next
      await expect(start(user)).resolves.toMatchObject({ status: 'preparing' });
    });

    it('deletes exports past their expiry with their archives, and only those', async () => {
      const [old, fresh] = [userId(), userId()];
      const expired = (await start(old, new Date(Date.now() - 9 * DAY)))!;
      await exports.writeArchive(expired.id, Readable.from([Buffer.from('old')]));
      await ready(expired.id, 3, new Date(Date.now() - 2 * DAY));
      const kept = (await start(fresh))!;
      await exports.writeArchive(kept.id, Readable.from([Buffer.from('new')]));
      await ready(kept.id, 3);

      expect(await exports.deleteExpired(new Date())).toBeGreaterThanOrEqual(1);
      await expect(exports.findByUser(old)).resolves.toBeNull();
      await expect(exports.openArchive(expired.id)).resolves.toBeNull();
      expect((await read(await exports.openArchive(kept.id)))?.toString()).toBe('new');
    });
  });
}
