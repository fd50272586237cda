/**
 * a store whose schema this build cannot use: newer than the build (made or migrated by a later one),
 * or older with the migrations left to `npm run migrate` (the cluster's MongoDB). the message is one
 * line naming both versions and what to do, for a process to print as it refuses to start.
 */
export class SchemaVersionError extends Error {
  constructor(
    /** what the store is and where: "the SQLite store in /data/cardcraft.db" */
    readonly store: string,
    readonly storedVersion: number,
    readonly buildVersion: number,
  ) {
    super(
      storedVersion > buildVersion
        ? `${store} is at schema version ${storedVersion}, newer than this build's ${buildVersion}; run a build at least as new, or restore a backup made by this one.`
        : `${store} is at schema version ${storedVersion}, older than this build's ${buildVersion}; run \`npm run migrate\` (the cluster's migrate service) first.`,
    );
    this.name = 'SchemaVersionError';
  }
}

/** the newest version of a list of numbered migrations, which must be 1, 2, 3… in order */
export function latestVersion(migrations: ReadonlyArray<{ version: number }>): number {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration ${migration.version} is out of place: migrations are numbered 1, 2, 3… in order`,
      );
    }
  });
  return migrations.length;
}
