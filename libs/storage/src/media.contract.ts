import { randomBytes } from 'node:crypto';
import type { MakeStorage } from './storage.contract';
import type { Storage } from './ports';

let sequence = 0;
function key(ext = 'webp'): string {
  sequence += 1;
  return `${randomBytes(12).toString('hex')}${sequence}.${ext}`;
}

/** the media port, run against each adapter as the storage contract is */
export function describeMediaContract(name: string, makeStorage: MakeStorage): void {
  describe(`media contract: ${name}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await makeStorage();
    });
    afterAll(async () => {
      await storage?.close();
    });

    it('stores bytes under their key and reads them back whole', async () => {
      // more than one GridFS chunk (255 KiB), so chunked reads are joined in order
      const data = randomBytes(600 * 1024);
      const stored = await storage.media.put({
        key: key(),
        ownerId: 'owner-a',
        contentType: 'image/webp',
        data,
      });
      expect(stored).toMatchObject({ ownerId: 'owner-a', contentType: 'image/webp', size: data.length });
      expect(stored.createdAt).toBeInstanceOf(Date);
      const read = await storage.media.get(stored.key);
      expect(read?.data.equals(data)).toBe(true);
      expect(read).toMatchObject({ key: stored.key, contentType: 'image/webp', size: data.length });
    });

    it('keeps the first bytes of a key stored twice, and one object of it', async () => {
      const k = key('png');
      const first = await storage.media.put({
        key: k,
        ownerId: 'owner-b',
        contentType: 'image/png',
        data: Buffer.from('one'),
      });
      const again = await storage.media.put({
        key: k,
        ownerId: 'owner-b',
        contentType: 'image/png',
        data: Buffer.from('one'),
      });
      expect(again).toEqual(first);
      expect((await storage.media.listByOwner('owner-b')).filter((m) => m.key === k)).toHaveLength(1);
    });

    it('lists an owner’s objects oldest first and no one else’s', async () => {
      const owner = `owner-${randomBytes(4).toString('hex')}`;
      const keys = [key(), key('jpg'), key('png')];
      for (const k of keys) {
        await storage.media.put({ key: k, ownerId: owner, contentType: 'image/webp', data: Buffer.from(k) });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await storage.media.put({
        key: key(),
        ownerId: `${owner}-other`,
        contentType: 'image/webp',
        data: Buffer.from('x'),
      });
      expect((await storage.media.listByOwner(owner)).map((m) => m.key)).toEqual(keys);
      await expect(storage.media.listByOwner('nobody')).resolves.toEqual([]);
    });

    it('hands the objects an owner holds to another, and no one else’s', async () => {
      const from = `from-${randomBytes(4).toString('hex')}`;
      const to = `to-${randomBytes(4).toString('hex')}`;
      const mine = [key(), key('jpg')];
      const theirs = key('png');
      for (const k of mine) {
        await storage.media.put({ key: k, ownerId: from, contentType: 'image/webp', data: Buffer.from(k) });
      }
      await storage.media.put({
        key: theirs,
        ownerId: 'someone-else',
        contentType: 'image/png',
        data: Buffer.from('t'),
      });
      await expect(
        storage.media.handOver([...mine, mine[0], theirs, 'not a key', key()], from, to),
      ).resolves.toBe(2);
      await expect(storage.media.listByOwner(from)).resolves.toEqual([]);
      expect((await storage.media.listByOwner(to)).map((m) => m.key).sort()).toEqual([...mine].sort());
      expect((await storage.media.get(theirs))?.ownerId).toBe('someone-else');
      expect((await storage.media.get(mine[0]))?.data.equals(Buffer.from(mine[0]))).toBe(true);
      await expect(storage.media.handOver([], from, to)).resolves.toBe(0);
    });

    it('deletes an object and its bytes; an unknown or malformed key is nothing', async () => {
      const k = key();
      await storage.media.put({
        key: k,
        ownerId: 'owner-c',
        contentType: 'image/webp',
        data: Buffer.from('bytes'),
      });
      await expect(storage.media.delete(k)).resolves.toBe(true);
      await expect(storage.media.get(k)).resolves.toBeNull();
      await expect(storage.media.delete(k)).resolves.toBe(false);
      await expect(storage.media.get('../../etc/passwd')).resolves.toBeNull();
      await expect(storage.media.get(key())).resolves.toBeNull();
      await expect(storage.media.delete('../cardcraft.db')).resolves.toBe(false);
    });

    it('refuses to store under a malformed key', async () => {
      await expect(
        storage.media.put({
          key: '../x.webp',
          ownerId: 'o',
          contentType: 'image/webp',
          data: Buffer.from('x'),
        }),
      ).rejects.toThrow(/not a media key/);
    });

    it('shows what one handle stored to a second handle on the same store', async () => {
      const k = key();
      await storage.media.put({
        key: k,
        ownerId: 'owner-d',
        contentType: 'image/jpeg',
        data: Buffer.from('shared'),
      });
      const second = await makeStorage();
      try {
        expect((await second.media.get(k))?.data.toString()).toBe('shared');
      } finally {
        await second.close();
      }
    });
  });
}
