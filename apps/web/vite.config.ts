import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pwa } from './vite.pwa.ts';

// where the dev and preview servers send /api; the API's own default port unless told otherwise
const apiTarget = process.env.CARDCRAFT_API_URL ?? 'http://127.0.0.1:3000';
const contracts = fileURLToPath(new URL('../../libs/contracts/src', import.meta.url));

/** what every build of the web app shares: the plugins, the decorators, the aliases */
export const shared = {
  plugins: [react(), tailwindcss()],
  // the contracts are class-validator DTOs: legacy (experimental) decorators must be transformed
  oxc: {
    decorator: { legacy: true, emitDecoratorMetadata: true },
    typescript: { removeClassFieldsWithoutInitializer: true },
  },
  resolve: {
    alias: [
      { find: /^@cardcraft\/contracts$/, replacement: `${contracts}/index.ts` },
      { find: /^@cardcraft\/contracts\/(.*)$/, replacement: `${contracts}/$1.ts` },
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
    ],
  },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => ({
  ...shared,
  // the installable app's manifest and service worker: the client build's alone (vite.pwa.ts)
  plugins: isSsrBuild ? shared.plugins : [...shared.plugins, pwa()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // the client build: the single-page app. the public card's script and stylesheet are a build of
  // their own (vite.card.config.ts), so they share no chunk with the app.
  // the server build (`vite build --ssr src/ssr/render-card.tsx`) is the card's renderer for the API:
  // one ES module with its dependencies inside, so the API needs nothing of the web app's node_modules.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true }
    : { outDir: 'dist', sourcemap: false },
  ssr: { noExternal: true },
}));
