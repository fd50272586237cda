import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// the installable dashboard (docs/offline.md): its manifest, and a service worker made by workbox that
// precaches the app's shell and files and keeps nothing else. the worker controls /dashboard/ only (the
// app registers it with that scope): the public card (/u/), shared analytics (/share/), the API and
// every other page stay the network's, and the card page's own script and stylesheet are not precached.

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Cardcraft',
  short_name: 'Cardcraft',
  description: 'Your digital business cards and their QR codes, at hand even without a network.',
  // the screen that works offline: an installed app opened on the road still shows each card's code
  start_url: '/dashboard/qr-codes',
  // the sign-in pages stay inside the app's window
  scope: '/',
  display: 'standalone',
  // the app's primary colour and page background (src/theme.css)
  theme_color: '#4f46e5',
  background_color: '#f8fafc',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    // the app registers the worker itself, from the dashboard (src/lib/service-worker.ts)
    injectRegister: false,
    manifest,
    includeAssets: ['icons/apple-touch-icon.png'],
    workbox: {
      // the app's shell (index.html), its scripts and styles; the plugin adds the manifest and its icons
      globPatterns: ['**/*.{js,css,html}'],
      // the card page's build lands in the same dist/ after this one; never its files, whatever ran first
      globIgnores: ['**/card-page-*', '.vite/**'],
      // offline, a dashboard address opens the shell, and only a dashboard address
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/dashboard\//],
      navigateFallbackDenylist: [/^\/(api|u|share|media)\//],
      // a new deploy's worker takes over at once; the old precache is removed
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // one file to serve and to revalidate: the worker script, with workbox inside
      inlineWorkboxRuntime: true,
      // no runtime caching: no API answer is kept by the worker. 'My QR codes' reads its offline copy
      // from the app's own storage (src/lib/offline-qr-codes.ts), public fields only
    },
  });
}
