import { resolve } from 'node:path';

/** the repository's root, for suites that read the files it ships (nginx.conf, migrations, docs) */
export const REPO_ROOT = resolve(__dirname, '../../../../..');

/** the web app `npm run build` makes: the suites that render the card page serve it */
export const BUILT_WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');
