import { startFerretDb } from './ferretdb';
import { registerTestService } from './services';

// starts the real services the server tests use. env set here is inherited by jest's workers.
export default async function globalSetup(): Promise<void> {
  await startMongo();
}

/** FerretDB, unless TEST_MONGO_URL already names a server (for example a real MongoDB) */
async function startMongo(): Promise<void> {
  if (process.env.TEST_MONGO_URL) return;
  const ferretdb = await startFerretDb();
  registerTestService(ferretdb);
  process.env.TEST_MONGO_URL = ferretdb.url;
}
