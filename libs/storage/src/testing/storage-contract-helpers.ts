import { createHash, randomBytes } from 'node:crypto';
import type { TemplateContent } from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type CardTemplateData,
  type NewLead,
  type NewTeamInvitation,
  type ProfileData,
  type Storage,
  type TeamBrandRecord,
  type TeamRecord,
  type UserRecord,
} from '../ports';

// what the storage contract suites (../*.contract.ts) share: ids, unique names, the profiles, leads,
// teams, invitations and templates they store, and the check of a duplicate key

export const ID = /^[0-9a-f]{24}$/;
export const UNKNOWN_ID = '0123456789abcdef01234567';

let sequence = 0;
/** unique per run, so the cases share one store without seeing each other's data */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection, got a result');
    },
    (error: unknown) => error,
  );
}

export async function expectDuplicate(
  promise: Promise<unknown>,
  key: DuplicateKeyError['key'],
): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(DuplicateKeyError);
  expect((error as DuplicateKeyError).key).toBe(key);
}

/** every field set, nothing at its default */
export function fullProfile(handle: string): ProfileData {
  return {
    handle,
    displayName: 'Ada Lovelace — Analyst',
    tagline: 'Poetical science',
    bio: 'First programmer.\nLine two, with “quotes” and emoji 🚀.',
    published: true,
    publishedAt: new Date('2026-03-04T05:06:07.089Z'),
    theme: 'noir',
    layout: 'split',
    contact: {
      email: 'ada@example.com',
      phoneNumber: '+44 20 7946 0000',
      company: 'Analytical Engines Ltd',
      location: 'London',
      website: 'https://ada.example.com',
    },
    media: {
      avatarUrl: 'https://cdn.example.com/a.png',
      bannerUrl: 'https://cdn.example.com/b.png',
      ogImageUrl: 'https://cdn.example.com/og.png',
    },
    privacy: {
      collectGeo: false,
      collectIp: true,
      showIdentifiedViewers: true,
      allowMessages: false,
      messageFields: { name: 'required', phone: 'optional', company: 'off' },
      questions: [
        {
          id: 'q-size',
          label: 'How big is your team?',
          kind: 'one_choice',
          required: true,
          help: 'Count everyone who would use a card',
          choices: ['1-10', '11-50', '51+'],
        },
        { id: 'q-demo', label: 'Book a demo', kind: 'checkbox', required: false, help: null, choices: [] },
      ],
      cardExchange: { enabled: true, followUp: 'Great to meet you.\nLet us talk soon.' },
    },
    // stored in the order given, which is not the order of `order`
    socialLinks: [
      { provider: 'github', label: 'Code', url: 'https://github.com/ada', highlight: true, order: 2 },
      { provider: 'linkedin', label: null, url: 'https://linkedin.com/in/ada', highlight: false, order: 0 },
      { provider: 'website', label: 'Blog', url: 'https://blog.example.com', highlight: false, order: 1 },
    ],
    blocks: [
      {
        id: 'blk-2',
        type: 'quote',
        title: 'On engines',
        subtitle: null,
        payloadJson: null,
        visible: false,
        order: 1,
      },
      {
        id: 'blk-1',
        type: 'cta',
        title: 'Book a call',
        subtitle: 'Thirty minutes',
        payloadJson: '{"url":"https://cal.example.com/ada","label":"Book","nested":{"n":[1,2,3]}}',
        visible: true,
        order: 0,
      },
    ],
  };
}

/** every optional value empty */
export function bareProfile(handle: string): ProfileData {
  return {
    handle,
    displayName: 'Bare',
    tagline: null,
    bio: null,
    published: false,
    publishedAt: null,
    theme: 'aurora',
    layout: 'neon',
    contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    privacy: {
      collectGeo: true,
      collectIp: false,
      showIdentifiedViewers: false,
      allowMessages: true,
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    },
    socialLinks: [],
    blocks: [],
  };
}

export function newUser(storage: Storage, email = `${unique('user')}@example.com`): Promise<UserRecord> {
  return storage.users.create({ email, displayName: 'Ada', passwordHash: 'scrypt$salt$hash' });
}

/** odd ones with every optional field, even ones with none */
export function newLead(profileId: string, n: number): NewLead {
  return {
    profileId,
    email: `visitor${n}@example.com`,
    message: n % 2 === 0 ? null : `message ${n}`,
    name: n % 2 === 0 ? null : `Visitor ${n}`,
    phone: n % 2 === 0 ? null : `+1 555 010${n}`,
    company: n % 2 === 0 ? null : 'Acme, Inc.',
    consent: true,
    consentText: 'I agree to be contacted.',
    visitorUserId: n % 2 === 0 ? null : UNKNOWN_ID,
    visitorKey: n % 2 === 0 ? null : `${n}`.padStart(32, 'a'),
    answers:
      n % 2 === 0
        ? []
        : [
            { questionId: 'q-size', label: 'How big is your team?', kind: 'one_choice', value: '11-50' },
            { questionId: 'q-tools', label: 'Tools', kind: 'choices', value: ['CRM', 'Mail'] },
            { questionId: 'q-demo', label: 'Book a demo', kind: 'checkbox', value: false },
            { questionId: 'q-note', label: 'Anything else?', kind: 'long_text', value: 'Line one\nLine two' },
          ],
    cardExchange:
      n % 2 === 0
        ? null
        : {
            consentText: 'Send me your card by e-mail',
            consentedAt: new Date(1_700_000_000_000 + n),
            cardSent: n % 4 === 1,
          },
  };
}

/** every field of a brand set */
export function fullBrand(): TeamBrandRecord {
  return {
    companyName: 'Analytical Engines Ltd',
    logoUrl: 'https://cdn.example.com/logo.png',
    bannerUrl: 'https://cdn.example.com/banner.png',
    website: 'https://engines.example.com',
    primaryColor: '#1a2b3c',
    secondaryColor: '#fafafa',
  };
}

export function emptyBrand(): TeamBrandRecord {
  return {
    companyName: null,
    logoUrl: null,
    bannerUrl: null,
    website: null,
    primaryColor: null,
    secondaryColor: null,
  };
}

/** a team of its own, owned by a new user */
export async function newTeam(storage: Storage): Promise<{ team: TeamRecord; owner: UserRecord }> {
  const owner = await newUser(storage);
  const team = await storage.teams.create(unique('Team '), emptyBrand(), owner.id);
  return { team, owner };
}

/** what a template holds of a card: all of it but the handle, the name and the publication */
export function templateContent(data: ProfileData): TemplateContent {
  const { handle: _handle, displayName: _name, published: _published, publishedAt: _at, ...content } = data;
  return content;
}

/** a template of every field (full) or of empty ones, locking a few */
export function templateData(name: string, full = true): CardTemplateData {
  return {
    name,
    content: templateContent(full ? fullProfile('unused') : bareProfile('unused')),
    lockedFields: full ? ['theme', 'contact.company', 'socialLinks'] : [],
  };
}

/** sha-256 of 32 random bytes, as a link's secret is stored */
export function newTokenHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

export const HOUR = 3_600_000;

/** an invitation with every field set, good for an hour */
export function newInvitation(teamId: string, invitedBy: string, email: string): NewTeamInvitation {
  return {
    teamId,
    email,
    role: 'member',
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    phone: '+1 555 0100',
    templateId: null,
    tokenHash: newTokenHash(),
    invitedBy,
    expiresAt: new Date(Date.now() + HOUR),
  };
}
