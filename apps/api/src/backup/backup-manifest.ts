import type { ArchivedFile } from './backup-archive';

export const MANIFEST_PATH = 'manifest.json';
export const MANIFEST_FORMAT = 'cardcraft-backup';
/** the archive's layout; a restore refuses a format it does not know */
export const MANIFEST_VERSION = 1;

/** where the archive's parts sit in it, and in DATA_DIR after a restore */
export const ARCHIVE_PATHS = {
  sqlite: 'cardcraft.db',
  analytics: 'chdb-backup',
  media: 'media',
  outbox: 'outbox',
  exports: 'exports',
  jwtSecret: 'jwt-secret',
} as const;

/**
 * the moment the backup stands for: every view answered before `at` is in the archive, stored in the
 * analytics or still queued (a restored product stores what is queued), and counted once
 */
export interface BackupMark {
  at: string;
  /** the newest batch in the queue's copy (ids are time-ordered uuid v7); null: nothing was queued */
  lastQueuedBatchId: string | null;
  queuedBatches: number;
  queuedEvents: number;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: number;
  product: { name: string; version: string };
  createdAt: string;
  /** how long the backup took, and how long the analytics worker loop stood still for it */
  tookMs: number;
  pausedMs: number;
  mark: BackupMark;
  schema: { sqliteTables: string[]; analyticsMigrations: number[] };
  counts: {
    users: number;
    profiles: number;
    leads: number;
    media: number;
    mediaFiles: number;
    sessions: number;
    /** absent from a manifest made before teams */
    teams?: number;
    teamMembers?: number;
    teamInvitations?: number;
    cardTemplates?: number;
    /** analytics events: stored ones and queued ones (the mark's), and dead letters kept for replay */
    events: number;
    storedEvents: number;
    queuedEvents: number;
    deadLetterEvents: number;
    /** rows of each analytics table (events, the rollups, the erased profiles, schema_migrations) */
    analyticsTables: Record<string, number>;
  };
  files: ArchivedFile[];
}

/** what is wrong with the manifest or with the files beside it; empty when the archive is whole */
export function manifestProblems(
  manifest: BackupManifest,
  extracted: ReadonlyMap<string, ArchivedFile>,
  knownMigrations: readonly number[],
): string[] {
  if (manifest.format !== MANIFEST_FORMAT) return [`${MANIFEST_PATH} is not a Cardcraft backup's`];
  if (manifest.formatVersion !== MANIFEST_VERSION) {
    return [
      `its format version ${manifest.formatVersion} is not ${MANIFEST_VERSION}, the one this version reads`,
    ];
  }
  if (!Array.isArray(manifest.files)) return [`${MANIFEST_PATH} lists no files`];
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const found = extracted.get(file.path);
    if (!found) problems.push(`${file.path} is missing`);
    else if (found.size !== file.size)
      problems.push(`${file.path} has ${found.size} bytes, not ${file.size}`);
    else if (found.sha256 !== file.sha256) problems.push(`${file.path} does not match its checksum`);
  }
  for (const path of extracted.keys()) {
    if (path !== MANIFEST_PATH && !listed.has(path)) problems.push(`${path} is not in the manifest`);
  }
  if (!manifest.files.some((file) => file.path === ARCHIVE_PATHS.sqlite)) {
    problems.push(`it holds no ${ARCHIVE_PATHS.sqlite}`);
  }
  const unknown = manifest.schema.analyticsMigrations.filter((version) => !knownMigrations.includes(version));
  if (unknown.length > 0) {
    problems.push(
      `its analytics schema has migration ${unknown.join(', ')}, which this version does not know: restore it with the version that made it (${manifest.product.version})`,
    );
  }
  return problems;
}

/** the manifest of an archive, parsed; null when it is not JSON of the expected shape */
export function parseManifest(text: string): BackupManifest | null {
  try {
    const parsed = JSON.parse(text) as BackupManifest;
    const ok =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof parsed.formatVersion === 'number' &&
      typeof parsed.mark?.at === 'string' &&
      Array.isArray(parsed.schema?.analyticsMigrations) &&
      typeof parsed.counts?.analyticsTables === 'object';
    return ok ? parsed : null;
  } catch {
    return null;
  }
}
