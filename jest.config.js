const { availableParallelism } = require('node:os');
// one jest run, two projects: server code in node, web code in jsdom.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }];
// a few dependencies ship only as ES modules, which jest's CommonJS runtime cannot load as they are
const esmOnly = [
  'content-disposition',
  'archiver',
  'zip-stream',
  'compress-commons',
  'crc32-stream',
  'is-stream',
  // otplib's default plugins (base32 and HMAC), and @simplewebauthn/server's base64
  '@scure/base',
  '@noble/hashes',
  '@hexagon/base64',
];
const esmTransform = {
  [`node_modules/(${esmOnly.join('|')})/.+\\.js$`]: [
    'ts-jest',
    { tsconfig: { allowJs: true, isolatedModules: true } },
  ],
};
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const libs = {
  '^@cardcraft/(contracts|config|storage|analytics|observability)$': '<rootDir>/libs/$1/src',
  '^@cardcraft/(contracts|config|storage|analytics|observability)/(.*)$': '<rootDir>/libs/$1/src/$2',
};

// the fast tier (`npm run test:unit`): server logic tested without starting anything (no app, no
// database, no queue, no port), beside the web project. the server project leaves these to it, so
// `npm test` runs each spec once
const UNIT_SPECS = [
  '/libs/(contracts|config)/src/.*\\.spec\\.ts$',
  '/libs/observability/src/(dashboard|metrics-config|adapters/pino/logger|adapters/prometheus/service-metrics)\\.spec\\.ts$',
  '/libs/analytics/src/(lru-cache|jobs|event-loop)\\.spec\\.ts$',
  '/libs/analytics/src/read/(range-planner|edge-days|busy-days|today-tail|team-merge|team-day)\\.spec\\.ts$',
  '/libs/analytics/src/adapters/write-log/embedded-write-log\\.spec\\.ts$',
  '/libs/storage/src/adapters/mongo/mongo-errors\\.spec\\.ts$',
  '/apps/api/src/platform/config/.*\\.spec\\.ts$',
  '/apps/api/src/platform/(security/nginx-headers|throttling/rate-limit-keys)\\.spec\\.ts$',
  '/apps/api/src/public/(card-answer|public-profile-cache)\\.spec\\.ts$',
  '/apps/api/src/backup/backup-schedule\\.spec\\.ts$',
  '/apps/api/src/teams/bulk-invite-csv\\.spec\\.ts$',
];

/** @type {import('jest').Config} */
module.exports = {
  // two suites at a time even on two cores (jest's default there is one): most of a suite's time is
  // spent waiting on the processes it starts (the product, Chromium, FerretDB, Redis)
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // integration tests hash passwords and start real services on a shared two-core machine
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/libs', '<rootDir>/apps/api', '<rootDir>/apps/worker', '<rootDir>/infra/scripts'],
      // infra/scripts: the cluster script's spec, next to it
      testMatch: ['**/src/**/*.spec.ts', '<rootDir>/infra/scripts/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest, ...esmTransform },
      transformIgnorePatterns,
      testPathIgnorePatterns: ['/node_modules/', ...UNIT_SPECS],
      moduleNameMapper: libs,
      globalSetup: '<rootDir>/infra/test/global-setup.ts',
      globalTeardown: '<rootDir>/infra/test/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/libs', '<rootDir>/apps/api'],
      testRegex: UNIT_SPECS,
      transform: { '^.+\\.ts$': tsJest, ...esmTransform },
      transformIgnorePatterns,
      moduleNameMapper: libs,
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/apps/web/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': tsJest },
      moduleNameMapper: { ...libs, '^@/(.*)$': '<rootDir>/apps/web/src/$1' },
      setupFiles: ['reflect-metadata'],
      setupFilesAfterEnv: [
        '<rootDir>/apps/web/src/test/async-timeout.ts',
        '<rootDir>/apps/web/src/test/i18n.ts',
      ],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/apps/web/e2e'],
      testMatch: ['**/*.e2e.ts'],
      // otplib, to read an authenticator app's codes as a person's phone would
      transform: { '^.+\\.ts$': tsJest, ...esmTransform },
      transformIgnorePatterns,
      moduleNameMapper: libs,
    },
  ],
};
