import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack, type Pack } from 'tar-stream';

/** a file of the archive as the manifest lists it */
export interface ArchivedFile {
  path: string;
  size: number;
  sha256: string;
}

/** the archive is not what its writer made: cut, flipped, or not an archive at all */
export class DamagedArchiveError extends Error {
  constructor(file: string, reason: string) {
    super(`the archive ${file} is damaged: ${reason}`);
    this.name = 'DamagedArchiveError';
  }
}

/** counts and hashes what streams through */
function digesting(): Transform & { result(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ size, sha256: hash.digest('hex') }) });
}

/**
 * a tar.gz written as it goes: each file streamed from the disk once (hashed on the way), under a
 * temporary name until finish() renames it into place, so a backup cut short leaves no archive
 */
export class ArchiveWriter {
  private readonly pack: Pack = tarPack();
  private readonly partial: string;
  private readonly written: Promise<void>;
  readonly files: ArchivedFile[] = [];

  constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    this.written = mkdir(dirname(file), { recursive: true }).then(() =>
      pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(this.partial, { mode: 0o600 })),
    );
    // a failure is seen by finish() or abort(); not unhandled meanwhile
    this.written.catch(() => undefined);
  }

  /** a file of the disk, read through one open handle (a file removed meanwhile is still read whole) */
  async addFile(path: string, source: string): Promise<ArchivedFile> {
    const handle = await open(source, 'r');
    try {
      const { size } = await handle.stat();
      const digest = digesting();
      const entry = this.pack.entry({ name: path, size, mode: 0o600, mtime: new Date() });
      // the size the header promised, read from the handle opened (an empty file has no range)
      const source = size > 0 ? handle.createReadStream({ start: 0, end: size - 1, autoClose: false }) : [];
      await pipeline(source, digest, entry);
      const archived = { path, ...digest.result() };
      if (archived.size !== size) throw new Error(`${path} changed while it was archived`);
      this.files.push(archived);
      return archived;
    } finally {
      await handle.close();
    }
  }

  /** every file under `dir` (recursively), as `prefix/...`; `skip` leaves files out by name */
  async addDirectory(
    prefix: string,
    dir: string,
    skip: (name: string) => boolean = () => false,
  ): Promise<number> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let added = 0;
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const source = join(dir, entry.name);
      const path = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) added += await this.addDirectory(path, source, skip);
      else if (entry.isFile() && !skip(entry.name)) {
        await this.addFile(path, source);
        added += 1;
      }
    }
    return added;
  }

  /** the last entry (the manifest), then the archive is complete and renamed into place */
  async finish(lastPath: string, last: Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name: lastPath, size: last.length, mode: 0o600, mtime: new Date() }, last, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    this.pack.finalize();
    await this.written;
    await rename(this.partial, this.file);
  }

  /** stops and removes what was written */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

/** a path of the archive as it may be written under the extraction folder: relative, no way out */
function safePath(name: string): string | null {
  const path = normalize(name);
  if (path.startsWith('..') || path.startsWith(sep) || path.includes(`${sep}..${sep}`) || path === '.') {
    return null;
  }
  return path;
}

/**
 * extracts a tar.gz written by ArchiveWriter into `dir` (files only), hashing each file as it is
 * written. throws DamagedArchiveError when the archive does not read back whole
 */
export async function extractArchive(file: string, dir: string): Promise<Map<string, ArchivedFile>> {
  const found = new Map<string, ArchivedFile>();
  const extract = tarExtract();
  extract.on('entry', (header, stream, next) => {
    const path = safePath(header.name);
    const kind = header.type ?? 'file';
    if (kind === 'directory') {
      stream.resume();
      stream.once('end', () => next());
      return;
    }
    if (kind !== 'file' || path === null || found.has(path)) {
      stream.destroy();
      next(new Error(`unexpected entry ${JSON.stringify(header.name)} (${kind})`));
      return;
    }
    const target = join(dir, path);
    const digest = digesting();
    mkdir(dirname(target), { recursive: true })
      .then(() => pipeline(stream, digest, createWriteStream(target, { mode: 0o600 })))
      .then(
        () => {
          found.set(path, { path, ...digest.result() });
          next();
        },
        (error: Error) => next(error),
      );
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'EACCES') throw error;
    throw new DamagedArchiveError(file, message);
  }
  return found;
}
