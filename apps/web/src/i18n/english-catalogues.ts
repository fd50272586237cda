// English, the specification's words, bundled into the app: the first screen never waits for them.
// every other language's files are loaded on first use (app-translations.ts)
import analytics from './locales/en/analytics.json';
import auth from './locales/en/auth.json';
import card from './locales/en/card.json';
import common from './locales/en/common.json';
import editor from './locales/en/editor.json';
import integrations from './locales/en/integrations.json';
import leads from './locales/en/leads.json';
import profiles from './locales/en/profiles.json';
import settings from './locales/en/settings.json';
import teams from './locales/en/teams.json';

/** every namespace of the dashboard, one file per language each: locales/{language}/{namespace}.json */
export const ENGLISH_CATALOGUES = {
  card,
  common,
  auth,
  settings,
  profiles,
  editor,
  analytics,
  teams,
  leads,
  integrations,
};

export type Namespace = keyof typeof ENGLISH_CATALOGUES;
export const NAMESPACES = Object.keys(ENGLISH_CATALOGUES) as Namespace[];
