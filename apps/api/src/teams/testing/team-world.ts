import type {
  AcceptInvitationResponse,
  CardTemplateResponse,
  ProfileResponse,
  SessionResponse,
  TeamInvitationResponse,
  TeamResponse,
} from '@cardcraft/contracts';
import { simpleParser } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../platform/testing/eventually';
import { registerUser, type HttpClient } from '../../platform/testing/http';

let counter = 0;
/** a name no other test run uses */
export const fresh = (what: string) => `${what}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

export type Person = SessionResponse & { password: string };

/** each outbox file's addressees and invitation secret, read once: a file never changes once written */
const readMails = new Map<string, Promise<{ to: string; token: string | undefined }>>();

function readMail(file: string): Promise<{ to: string; token: string | undefined }> {
  let read = readMails.get(file);
  if (!read) {
    read = simpleParser(readFileSync(file)).then((mail) => ({
      to: JSON.stringify(mail.to ?? '').toLowerCase(),
      token: /\/invite#token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1],
    }));
    readMails.set(file, read);
  }
  return read;
}

/** the invitation links' secrets in the mails to the address in the `.eml` outbox, oldest first */
export async function invitationTokens(outboxDir: string, email: string): Promise<string[]> {
  let names: string[] = [];
  try {
    // outbox files are named by time: sorted, the last is the newest
    names = readdirSync(outboxDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(names.map((name) => readMail(join(outboxDir, name))));
  return mails
    .filter((mail) => mail.to.includes(email.toLowerCase()))
    .map((mail) => mail.token)
    .filter((token): token is string => token !== undefined);
}

/** waits for a new invitation to the address (more than `seen` of them) and answers its secret */
export async function newInvitationToken(outboxDir: string, email: string, seen: number): Promise<string> {
  const tokens = await eventually(
    () => invitationTokens(outboxDir, email),
    (found) => found.length > seen,
    10_000,
  );
  return tokens[tokens.length - 1];
}

export async function person(http: HttpClient, displayName?: string): Promise<Person> {
  return registerUser(http, displayName ? { displayName } : {});
}

function expectStatus(what: string, response: { status: number; text: string }, status: number): void {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
}

export async function createTeam(
  http: HttpClient,
  owner: Person,
  name = 'Acme Sales',
): Promise<TeamResponse> {
  const team = await http.post<TeamResponse>('/api/teams', { token: owner.accessToken, body: { name } });
  expectStatus('team', team, 201);
  return team.body;
}

/** a template that locks the theme and the company */
export async function createTemplate(
  http: HttpClient,
  admin: Person,
  teamId: string,
): Promise<CardTemplateResponse> {
  const template = await http.post<CardTemplateResponse>(`/api/teams/${teamId}/templates`, {
    token: admin.accessToken,
    body: {
      name: 'Sales card',
      content: {
        theme: 'noir',
        tagline: 'Account executive',
        contact: { company: 'Acme Corp', website: 'https://acme.example.com' },
        socialLinks: [{ provider: 'linkedin', url: 'https://linkedin.com/company/acme', highlight: true }],
      },
      lockedFields: ['theme', 'contact.company', 'socialLinks'],
    },
  });
  expectStatus('template', template, 201);
  return template.body;
}

/** invites the person, reads the link from the outbox, and joins with it */
export async function joinTeam(
  http: HttpClient,
  outboxDir: string,
  admin: Person,
  teamId: string,
  invitee: Person,
  extra: { role?: string; templateId?: string; name?: string; title?: string } = {},
): Promise<AcceptInvitationResponse> {
  const seen = (await invitationTokens(outboxDir, invitee.email)).length;
  const invited = await http.post<TeamInvitationResponse>(`/api/teams/${teamId}/invitations`, {
    token: admin.accessToken,
    body: { email: invitee.email, role: extra.role ?? 'member', ...extra },
  });
  expectStatus('invitation', invited, 201);
  const token = await newInvitationToken(outboxDir, invitee.email, seen);
  const accepted = await http.post<AcceptInvitationResponse>('/api/invitations/accept', {
    token: invitee.accessToken,
    body: { token },
  });
  expectStatus('accept', accepted, 200);
  return accepted.body;
}

/** publishes a card as its editor would save it */
export async function publish(http: HttpClient, token: string, profileId: string): Promise<ProfileResponse> {
  const card = await http.get<ProfileResponse>(`/api/profiles/${profileId}`, { token });
  expectStatus('card', card, 200);
  const saved = await http.put<ProfileResponse>(`/api/profiles/${profileId}`, {
    token,
    body: editable(card.body, { published: true }),
  });
  expectStatus('publish', saved, 200);
  return saved.body;
}

/** the body the editor sends for a card: its content, without the server's own fields */
export function editable(
  card: ProfileResponse,
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  const {
    id: _id,
    ownerId: _owner,
    team: _team,
    publishedAtUtc: _published,
    createdAtUtc: _created,
    updatedAtUtc: _updated,
    ...content
  } = card;
  return { ...content, ...changes };
}
