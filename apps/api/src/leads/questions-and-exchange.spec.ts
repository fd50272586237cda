import type {
  CardQuestion,
  CardTemplateResponse,
  ErrorResponse,
  LeadResponse,
  Page,
  ProfileResponse,
  PublicProfileResponse,
  TeamCardResponse,
  TeamLeadResponse,
} from '@cardcraft/contracts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MailService } from '../platform/mail/mail.service';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { BUILT_WEB_DIST } from '../platform/testing/paths';
import { apiUnderTest } from '../platform/testing/test-app';
import { createTeam, editable, publish } from '../teams/testing/team-world';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

const QUESTIONS = [
  { label: 'How big is your team?', kind: 'one_choice', required: true, choices: ['1-10', '11-50', '51+'] },
  { label: 'What do you use today?', kind: 'choices', required: false, choices: ['Paper', 'An app'] },
  { label: 'What should we talk about?', kind: 'long_text', required: true, help: 'A line or two' },
  { label: 'Book a demo', kind: 'checkbox', required: false },
];

const privacy = (extra: Record<string, unknown> = {}) => ({
  collectGeo: false,
  collectIp: false,
  showIdentifiedViewers: true,
  allowMessages: true,
  messageFields: { name: 'optional', phone: 'off', company: 'off' },
  questions: QUESTIONS,
  cardExchange: { enabled: true, followUp: 'Lovely to meet you at the fair.\nTalk soon!' },
  ...extra,
});

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

let addressCounter = 0;
/** a client address of its own for each visitor, so one test's limits never spend another's */
const visitorAddress = () => `203.0.113.${++addressCounter}`;

describe.each(STORAGE_KINDS)('a card\'s questions and "Send me your card" (%s)', (kind) => {
  const { http, app } = apiUnderTest(kind, {
    WEB_DIST_DIR: BUILT_WEB_DIST,
    PUBLIC_BASE_URL: 'https://cards.example.test',
    TRUST_PROXY: 'true',
    RATE_LIMIT_MESSAGES: '1000/1m',
    RATE_LIMIT_CARD_CREATION: '1000/1h',
    RATE_LIMIT_CARD_EXCHANGE: '3/1h',
  });
  const mailIdle = () => app().app.get(MailService).idle();

  /** the outbox's mails to an address, oldest first */
  async function mailsTo(email: string): Promise<ParsedMail[]> {
    await mailIdle();
    const dir = app().config.mail.outboxDir;
    if (!existsSync(dir)) return [];
    const mails = await Promise.all(
      readdirSync(dir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => simpleParser(readFileSync(join(dir, name)))),
    );
    return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value[0].address === email);
  }

  async function cardWithQuestions(extra: Record<string, unknown> = {}) {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: privacy(extra),
    });
    const [size, tools, topic, demo] = profile.privacy.questions;
    return { owner, profile, size, tools, topic, demo };
  }

  const sendLead = (profileId: string, body: Record<string, unknown>, address = visitorAddress()) =>
    http.post<LeadResponse & ErrorResponse>(`/api/profiles/${profileId}/leads`, {
      body: { consent: true, ...body },
      headers: { 'x-forwarded-for': address },
    });

  const leadsOf = async (profileId: string, token: string) =>
    (await http.get<Page<LeadResponse>>(`/api/profiles/${profileId}/leads`, { token })).body.items;

  it('keeps the questions with the card, with ids of their own, and shows the public form no follow-up', async () => {
    const { profile } = await cardWithQuestions();
    expect(profile.privacy.questions).toEqual([
      { ...QUESTIONS[0], id: expect.stringMatching(/^q[0-9a-f]{12}$/), help: null },
      { ...QUESTIONS[1], id: expect.any(String), help: null },
      { ...QUESTIONS[2], id: expect.any(String), choices: [] },
      { ...QUESTIONS[3], id: expect.any(String), help: null, choices: [] },
    ]);
    expect(new Set(profile.privacy.questions.map((q) => q.id)).size).toBe(4);
    const card = await http.get<PublicProfileResponse>(`/api/public/profiles/${profile.handle}`);
    expect(card.body.questions).toEqual(profile.privacy.questions);
    expect(card.body.offersCardExchange).toBe(true);
    expect(card.text).not.toContain('Lovely to meet you');
  });

  it('refuses bad questions with the field that is wrong, and keeps the card as it was', async () => {
    const { owner, profile } = await cardWithQuestions();
    const save = (questions: unknown[], cardExchange?: unknown) =>
      http.put<ErrorResponse>(`/api/profiles/${profile.id}`, {
        token: owner.accessToken,
        body: editable(profile, {
          privacy: { ...profile.privacy, questions, ...(cardExchange ? { cardExchange } : {}) },
        }),
      });
    const one = (question: Record<string, unknown>) => [{ label: 'Q', kind: 'short_text', ...question }];
    const cases: [unknown[], unknown, string, string][] = [
      [
        one({ kind: 'one_choice', choices: ['Only'] }),
        undefined,
        'privacy.questions.0.choices',
        'Give 2 to 10 options',
      ],
      [
        one({ kind: 'choices', choices: ['A', 'a'] }),
        undefined,
        'privacy.questions.0.choices',
        'Give each option a different text',
      ],
      [one({ label: '  ' }), undefined, 'privacy.questions.0.label', 'Write the question'],
      [
        one({ label: 'x'.repeat(121) }),
        undefined,
        'privacy.questions.0.label',
        'Keep the question under 120 characters',
      ],
      [one({ kind: 'essay' }), undefined, 'privacy.questions.0.kind', 'Choose a question type'],
      [one({ id: 'not an id' }), undefined, 'privacy.questions.0.id', 'Each question needs its own id'],
      [
        [...one({ id: 'same' }), ...one({ id: 'same' })],
        undefined,
        'privacy.questions',
        'Each question needs its own id',
      ],
      [
        Array.from({ length: 6 }, () => one({})[0]),
        undefined,
        'privacy.questions',
        'Keep it to 5 questions or fewer',
      ],
      [
        [],
        { enabled: true, followUp: 'x'.repeat(1001) },
        'privacy.cardExchange.followUp',
        'Keep the follow-up under 1000 characters',
      ],
    ];
    for (const [questions, exchange, field, message] of cases) {
      const refused = await save(questions, exchange);
      expect([refused.status, refused.body.errors]).toEqual([400, [{ field, message }]]);
    }
    const stored = await http.get<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
    });
    expect(stored.body.privacy).toEqual(profile.privacy);
  });

  it('refuses missing and wrong answers through the JSON route, then stores the answers as asked', async () => {
    const { owner, profile, size, tools, topic, demo } = await cardWithQuestions();
    const missing = await sendLead(profile.id, {
      email: 'grace@example.com',
      answers: { [tools.id]: ['Paper'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: `answers.${size.id}`, message: 'Choose an option' },
      { field: `answers.${topic.id}`, message: 'Answer this question' },
    ]);
    const wrong = await sendLead(profile.id, {
      email: 'grace@example.com',
      answers: { [size.id]: '1000+', [tools.id]: ['Paper', 'Fax'], [topic.id]: 'x'.repeat(1001) },
    });
    expect(wrong.body.errors).toEqual([
      { field: `answers.${size.id}`, message: 'Choose one of the options' },
      { field: `answers.${tools.id}`, message: 'Choose one of the options' },
      { field: `answers.${topic.id}`, message: 'Keep the answer within 1000 characters' },
    ]);
    const shapeless = await sendLead(profile.id, { email: 'grace@example.com', answers: [1, 2] });
    expect(shapeless.body.errors).toEqual([
      { field: 'answers', message: 'Answer the questions with text, a list of options or yes/no' },
    ]);
    await expect(leadsOf(profile.id, owner.accessToken)).resolves.toEqual([]);

    const sent = await sendLead(profile.id, {
      email: 'grace@example.com',
      answers: {
        [size.id]: '11-50',
        [topic.id]: '  Cards for\nthe sales team ',
        [demo.id]: true,
        unknown: 'dropped',
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.answers).toEqual([
      { questionId: size.id, label: size.label, kind: 'one_choice', value: '11-50' },
      { questionId: topic.id, label: topic.label, kind: 'long_text', value: '  Cards for\nthe sales team ' },
      { questionId: demo.id, label: 'Book a demo', kind: 'checkbox', value: true },
    ]);
    expect(sent.body.cardExchange).toBeNull();

    // renamed later, the question keeps the words it was answered under
    const renamed = profile.privacy.questions.map((q: CardQuestion) =>
      q.id === size.id ? { ...q, label: 'Team size' } : q,
    );
    const saved = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: editable(profile, { privacy: { ...profile.privacy, questions: renamed } }),
    });
    expect(saved.status).toBe(200);
    await sendLead(profile.id, {
      email: 'linus@example.com',
      answers: { [size.id]: '51+', [topic.id]: 'Pricing', [tools.id]: ['An app', 'Paper'] },
    });
    const [second, first] = await leadsOf(profile.id, owner.accessToken);
    expect(first.answers[0].label).toBe('How big is your team?');
    expect(second.answers.map((a) => [a.label, a.value])).toEqual([
      ['Team size', '51+'],
      ['What do you use today?', ['An app', 'Paper']],
      ['What should we talk about?', 'Pricing'],
    ]);

    // the CSV: a column per label met, newest lead first; the vCard's note lists the answers
    const csv = await http.get(`/api/profiles/${profile.id}/leads/export`, { token: owner.accessToken });
    const [header, newest, oldest] = csv.text.trimEnd().split('\r\n');
    expect(header).toBe(
      'Received (UTC),Email,Name,Phone,Company,Message,Consent,Consent text,Status,Tags,Note,Card by e-mail,Team size,What do you use today?,What should we talk about?,How big is your team?,Book a demo',
    );
    expect(newest).toMatch(/,linus@example\.com,.*,51\+,An app; Paper,Pricing,,$/);
    expect(oldest).toMatch(/,grace@example\.com,.*,,," {2}Cards for\nthe sales team ",11-50,Yes$/);
    const vcard = await http.get(`/api/profiles/${profile.id}/leads/${first.id}/vcard`, {
      token: owner.accessToken,
    });
    expect(vcard.text.replace(/\r\n /g, '')).toContain(
      'How big is your team?: 11-50\\nWhat should we talk about?:   Cards for\\nthe sales team \\nBook a demo: Yes',
    );
  });

  it('takes answers posted without script: errors under the questions, values kept, then stored', async () => {
    const { owner, profile, size, tools, topic, demo } = await cardWithQuestions();
    const page = await http.get(`/u/${profile.handle}`);
    // a choice question is a fieldset named by its legend; a help line is tied to its control
    expect(page.text).toMatch(
      new RegExp(
        `<fieldset[^>]*data-question="${size.id}"[^>]*><legend[^>]*>How big is your team\\?</legend>`,
      ),
    );
    expect(page.text).toMatch(new RegExp(`<textarea[^>]*aria-describedby="[^"]*-q-${topic.id}-help"`));
    expect(page.text).toContain('A line or two');
    expect(page.text).toContain('Send me your card by e-mail');

    const post = (fields: [string, string][]) =>
      http.post(`/u/${profile.handle}/message`, {
        rawBody: form(fields),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': visitorAddress(),
        },
      });
    const refused = await post([
      ['email', 'ada@example.com'],
      ['consent', 'yes'],
      [`answers.${tools.id}`, 'Paper'],
      [`answers.${tools.id}`, 'An app'],
      [`answers.${demo.id}`, ''],
      [`answers.${demo.id}`, 'yes'],
    ]);
    expect(refused.status).toBe(400);
    const errorOf = (id: string) =>
      new RegExp(`id="[^"]*-q-${id}-error"[^>]*>([^<]*)<`).exec(refused.text)?.[1];
    expect(errorOf(size.id)).toBe('Choose an option');
    expect(refused.text).toMatch(
      new RegExp(`<fieldset[^>]*data-question="${size.id}"[^>]*aria-describedby="[^"]*-q-${size.id}-error"`),
    );
    expect(errorOf(topic.id)).toBe('Answer this question');
    // what was ticked stays ticked
    const ticked = (id: string) =>
      [...refused.text.matchAll(new RegExp(`<input[^>]*name="answers\\.${id}"[^>]*>`, 'g'))]
        .filter(([input]) => input.includes('checked=""'))
        .map(([input]) => /value="([^"]*)"/.exec(input)?.[1]);
    expect(ticked(tools.id)).toEqual(['Paper', 'An app']);
    expect(ticked(demo.id)).toEqual(['yes']);
    expect(ticked(size.id)).toEqual([]);

    const sent = await post([
      ['email', 'ada@example.com'],
      ['consent', 'yes'],
      [`answers.${size.id}`, '1-10'],
      // a textarea's line breaks, as a browser posts them
      [`answers.${topic.id}`, 'Cards\r\nand badges'],
      [`answers.${demo.id}`, ''],
      ['answers.gone', 'a question deleted after the page was loaded'],
      ['message', 'See you\r\nat the fair'],
    ]);
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('Thanks! The owner has received your message.');
    const [lead] = await leadsOf(profile.id, owner.accessToken);
    // stored with line feeds, as the page's script sends them
    expect(lead.answers.map((a) => [a.questionId, a.value])).toEqual([
      [size.id, '1-10'],
      [topic.id, 'Cards\nand badges'],
      [demo.id, false],
    ]);
    expect(lead.message).toBe('See you\nat the fair');
  });

  it('mails the card to a visitor who ticked the box, with the vCard and the follow-up, once a day', async () => {
    const { owner, profile, size, topic } = await cardWithQuestions();
    const answers = { [size.id]: '1-10', [topic.id]: 'Hello' };
    const email = `visitor-${kind}-${Date.now()}@example.com`;
    const first = await sendLead(profile.id, { email, answers, sendCard: true });
    expect(first.body.cardExchange).toEqual({
      consentText: 'Send me your card by e-mail',
      consentedAtUtc: expect.any(String),
      cardSent: true,
    });
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe(`${profile.displayName}'s card`);
    expect(mail.text).toContain('Lovely to meet you at the fair.\nTalk soon!');
    expect(mail.text).toContain(`https://cards.example.test/u/${profile.handle}`);
    expect(mail.replyTo?.value[0].address).toBe(profile.contact.email);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${profile.handle}.vcf`, 'text/vcard'],
    ]);
    const vcard = mail.attachments[0].content.toString('utf8');
    expect(vcard).toContain(`FN:${profile.displayName}`);
    expect(vcard).toBe((await http.get(`/u/${profile.handle}/contact.vcf`)).text);

    // the same address again that day: the message is kept, the card not sent twice, and the form says so
    const again = await http.post(`/u/${profile.handle}/message`, {
      rawBody: form([
        ['email', email],
        ['consent', 'yes'],
        ['sendCard', 'yes'],
        [`answers.${size.id}`, '1-10'],
        [`answers.${topic.id}`, 'Hello again'],
      ]),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': visitorAddress() },
    });
    expect(again.status).toBe(200);
    expect(again.text).toContain('The card was not e-mailed: an address gets only a few cards a day.');
    // without the tick, nothing is sent
    await sendLead(profile.id, { email: 'no-tick@example.com', answers });
    await expect(mailsTo(email)).resolves.toHaveLength(1);
    await expect(mailsTo('no-tick@example.com')).resolves.toHaveLength(0);
    const leads = await leadsOf(profile.id, owner.accessToken);
    expect(leads.map((lead) => [lead.email, lead.cardExchange?.cardSent ?? null])).toEqual([
      ['no-tick@example.com', null],
      [email, false],
      [email, true],
    ]);
    // the owner's notice says what became of the request
    const notices = await mailsTo(owner.email);
    expect(notices.map((notice) => notice.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('They asked for your card: it was e-mailed to them.')]),
    );
    const csv = await http.get(`/api/profiles/${profile.id}/leads/export`, { token: owner.accessToken });
    expect(csv.text).toContain(',Not sent (daily limit),');
    expect(csv.text).toContain(',Sent,');
  });

  it('sends one address five cards a day at most across cards, and ignores the tick where not offered', async () => {
    const email = `busy-${kind}-${Date.now()}@example.com`;
    const cards = [];
    for (let n = 0; n < 6; n += 1) cards.push((await cardWithQuestions({ questions: [] })).profile);
    const outcomes = [];
    for (const card of cards) {
      outcomes.push((await sendLead(card.id, { email, sendCard: true })).body.cardExchange?.cardSent);
    }
    expect(outcomes).toEqual([true, true, true, true, true, false]);
    await expect(mailsTo(email)).resolves.toHaveLength(5);

    const closed = await cardWithQuestions({
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    });
    const ignored = await sendLead(closed.profile.id, { email: 'quiet@example.com', sendCard: true });
    expect([ignored.status, ignored.body.cardExchange]).toEqual([201, null]);
    await expect(mailsTo('quiet@example.com')).resolves.toHaveLength(0);
  });

  it('throttles the requests for cards per client address, and stores nothing it refuses', async () => {
    const { owner, profile } = await cardWithQuestions({ questions: [] });
    const address = visitorAddress();
    const statuses = [];
    for (let n = 0; n < 4; n += 1) {
      statuses.push(
        (await sendLead(profile.id, { email: `t${n}@example.com`, sendCard: true }, address)).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // a message without the tick from the same address still goes through
    const plain = await sendLead(profile.id, { email: 't4@example.com' }, address);
    expect(plain.status).toBe(201);
    const leads = await leadsOf(profile.id, owner.accessToken);
    expect(leads.map((lead) => lead.email).sort()).toEqual([
      't0@example.com',
      't1@example.com',
      't2@example.com',
      't4@example.com',
    ]);
  });

  it("carries a template's questions to its team cards, locked as one path, into the team's inbox and CSV", async () => {
    const admin = await registerUser(http);
    const team = await createTeam(http, admin);
    const template = await http.post<CardTemplateResponse>(`/api/teams/${team.id}/templates`, {
      token: admin.accessToken,
      body: {
        name: 'Fair',
        content: { privacy: privacy({ questions: [QUESTIONS[0]] }) },
        lockedFields: ['privacy.questions'],
      },
    });
    expect(template.status).toBe(201);
    const card = await http.post<TeamCardResponse>(`/api/teams/${team.id}/cards`, {
      token: admin.accessToken,
      body: { templateId: template.body.id, handle: fullProfileInput().handle, displayName: 'Fair Card' },
    });
    expect(card.status).toBe(201);
    const published = await publish(http, admin.accessToken, card.body.profileId);
    const [question] = published.privacy.questions;
    expect(question).toEqual(template.body.content.privacy.questions[0]);

    const changed = await http.put<ErrorResponse>(`/api/profiles/${published.id}`, {
      token: admin.accessToken,
      body: editable(published, { privacy: { ...published.privacy, questions: [] } }),
    });
    expect([changed.status, changed.body.errors?.[0].field]).toEqual([403, 'privacy.questions']);

    await sendLead(published.id, { email: 'fair@example.com', answers: { [question.id]: '51+' } });
    const inbox = await http.get<Page<TeamLeadResponse>>(`/api/teams/${team.id}/leads`, {
      token: admin.accessToken,
    });
    expect(inbox.body.items[0].answers).toEqual([
      { questionId: question.id, label: 'How big is your team?', kind: 'one_choice', value: '51+' },
    ]);
    const csv = await http.get(`/api/teams/${team.id}/leads/export`, { token: admin.accessToken });
    const [header, row] = csv.text.trimEnd().split('\r\n');
    expect(header.endsWith(',Card by e-mail,How big is your team?')).toBe(true);
    expect(row.endsWith(',51+')).toBe(true);
  });
});
