import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { shared } from './vite.config.ts';

// the public card page's own files, built after the app into the same dist/assets: its script (no
// React, nothing shared with the app: one file) and its stylesheet (only the card's classes). the
// manifest tells the API their hashed names.
export default defineConfig({
  ...shared,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/card-manifest.json',
    modulePreload: false,
    rollupOptions: {
      input: {
        'card-page': fileURLToPath(new URL('./src/ssr/card-enhance.ts', import.meta.url)),
        'card-page-style': fileURLToPath(new URL('./src/ssr/card.css', import.meta.url)),
      },
    },
  },
});
