import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// where the dev and preview servers send /api; the API's own default port unless told otherwise
const apiTarget = process.env.CARDCRAFT_API_URL ?? 'http://127.0.0.1:3000';
const contracts = fileURLToPath(new URL('../../libs/contracts/src', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
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
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // the client build: the single-page app and, as an entry of its own, the public card's small script
  // (no React). the manifest tells the API the hashed names of the card's script and stylesheet.
  // the server build (`vite build --ssr src/ssr/render-card.tsx`) is the card's renderer for the API:
  // one ES module with its dependencies inside, so the API needs nothing of the web app's node_modules.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true }
    : {
        outDir: 'dist',
        sourcemap: false,
        manifest: true,
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            card: fileURLToPath(new URL('./src/ssr/card-enhance.ts', import.meta.url)),
          },
        },
      },
  ssr: { noExternal: true },
}));
