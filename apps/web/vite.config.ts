import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// where the dev and preview servers send /api; the API's own default port unless told otherwise
const apiTarget = process.env.CARDCRAFT_API_URL ?? 'http://127.0.0.1:3000';
const contracts = fileURLToPath(new URL('../../libs/contracts/src', import.meta.url));

export default defineConfig({
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
  build: { outDir: 'dist', sourcemap: false },
});
