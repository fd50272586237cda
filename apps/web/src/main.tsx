// class-transformer reads decorator metadata through the Reflect API
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startAppTranslations } from '@/i18n/app-translations';
import { offlineQrCodes } from '@/lib/offline-qr-codes';
import { sessionStore } from '@/lib/session';
import './index.css';

// storage is synchronous: reading the session before the first render avoids a 'Loading...' flash
sessionStore.hydrate();
// a session that ended while the app was closed (it expired) takes its saved QR codes with it
if (!sessionStore.getState().session) offlineQrCodes.clear();
const translations = startAppTranslations();
document.documentElement.lang = translations.language;

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
