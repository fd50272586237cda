import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '.cache/**',
      'coverage/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // k6 load scripts run in k6's own runtime, which provides these globals
    files: ['k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // only adapters may import storage, queue, analytics, image, mail, logging and metrics technology (dependency-cruiser checks it too)
    files: ['**/*.ts'],
    // tests and their helpers (testing/ folders) drive the technology directly, as dependency-cruiser allows
    ignores: [
      '**/adapters/**',
      '**/repositories/**',
      '**/*.spec.ts',
      '**/*.e2e.ts',
      '**/testing/**',
      'infra/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'mongoose',
            'better-sqlite3',
            'bullmq',
            'ioredis',
            '@clickhouse/client',
            'chdb',
            'chdb/connection',
            'sharp',
            'satori',
            '@resvg/resvg-js',
            'nodemailer',
            'pino',
            'prom-client',
            'passkit-generator',
          ].map((name) => ({
            name,
            message:
              'Only adapter files import storage, queue, analytics, image, mail, logging, metrics or signing technology.',
          })),
        },
      ],
    },
  },
  prettier,
);
