// the boundaries `npm run lint` keeps (depcruise): no cycles between modules or folders, libs below
// apps, web features apart from each other, and the storage, queue, analytics, image, mail, logging
// and metrics drivers only in adapters. docs/architecture.md explains the layers.
const DRIVERS = [
  'mongoose',
  'better-sqlite3',
  'bullmq',
  'ioredis',
  '@clickhouse/client',
  'chdb',
  // images: decoding and encoding, and drawing a card's preview
  'sharp',
  'satori',
  '@resvg/resvg-js',
  // mail
  'nodemailer',
  // logs and metrics
  'pino',
  'prom-client',
  // signing Apple Wallet passes
  'passkit-generator',
];
// tests and their helpers are left out: an integration test starts the whole app from inside one
// feature's folder, so it imports across the tree by design
const TESTS = ['\\.(spec|e2e|contract)\\.tsx?$', '/(testing|test|e2e)/', '^infra/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'a module reaches itself through its imports: split out what both sides need',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'two folders import each other, directly or around a loop: move the shared piece (a token, a type) to a file both may import',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      comment: 'the libs are below the apps: an app imports a lib, never the other way',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      comment: 'an app does not import another app: what both need belongs in a lib',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-feature-imports-another',
      severity: 'error',
      comment:
        'a web feature does not import another feature: what two features share goes to components/ or lib/',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-below-features',
      severity: 'error',
      comment: "the web app's shared code (components, lib, config) is below the features and the app shell",
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/(features|app|ssr)/' },
    },
    {
      name: 'drivers-only-in-adapters',
      severity: 'error',
      comment:
        'only adapter files import storage, queue, analytics, image, mail, logging or metrics technology',
      from: { pathNot: '/(adapters|repositories)/' },
      to: { path: `^node_modules/(${DRIVERS.join('|')})/` },
    },
  ],
  options: {
    includeOnly: ['^(apps|libs|infra)/', `^node_modules/(${DRIVERS.join('|')})/`],
    exclude: { path: ['(^|/)(dist|dist-ssr)/', ...TESTS] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
