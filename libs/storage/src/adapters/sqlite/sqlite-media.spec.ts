import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage } from '../../index';
import { describeAccountExportsContract } from '../../account-exports.contract';
import { describeMediaContract } from '../../media.contract';

const dir = mkdtempSync(join(tmpdir(), 'cardcraft-sqlite-media-'));
const file = join(dir, 'data', 'cardcraft.db');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeMediaContract('sqlite', () => createStorage({ kind: 'sqlite', file }));
describeAccountExportsContract('sqlite', () => createStorage({ kind: 'sqlite', file }));

describe('sqlite media files', () => {
  it('keeps the bytes in DATA_DIR/media under the key, and removes the file on delete', async () => {
    const storage = await createStorage({ kind: 'sqlite', file });
    try {
      const key = 'a1b2c3d4e5f6a7b8.jpg';
      await storage.media.put({ key, ownerId: 'o', contentType: 'image/jpeg', data: Buffer.from('jpeg') });
      const path = join(dir, 'data', 'media', key);
      expect(readFileSync(path, 'utf8')).toBe('jpeg');
      await storage.media.delete(key);
      expect(existsSync(path)).toBe(false);
    } finally {
      await storage.close();
    }
  });
});
