// builds FerretDB into .cache/bin when no usable one is found. `npm test` starts this first, so the
// build from the Go module proxy (about two minutes on a fresh machine) overlaps the lint and the
// build instead of holding jest's global setup
import { ensureFerretDb } from './ferretdb';

ensureFerretDb().then(
  (binary) => console.log(`FerretDB: ${binary}`),
  (error: unknown) => {
    console.error(`FerretDB could not be built: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
