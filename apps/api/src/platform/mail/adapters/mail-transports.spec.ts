import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { OutboxMailTransport } from './outbox-mail-transport';
import { SmtpMailTransport } from './smtp-mail-transport';

const message = {
  from: 'Cardcraft <hello@cards.example.test>',
  to: 'ada@example.com',
  replyTo: 'grace@navy.example.com',
  subject: 'Grüße — a subject with “quotes”',
  text: 'Line one\nLine two: https://cards.example.test/u/ada\n',
  html: '<p>Line one<br>Line two</p>',
};

describe('SMTP mail transport', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('hands a mail to the SMTP server, text and HTML, with its sender and reply address', async () => {
    const transport = new SmtpMailTransport(smtp.url);
    try {
      await transport.send(message);
      const mail = await smtp.waitFor('ada@example.com', message.subject);
      expect(mail.subject).toBe(message.subject);
      expect(mail.from?.value[0]).toMatchObject({ name: 'Cardcraft', address: 'hello@cards.example.test' });
      expect(mail.replyTo?.value[0].address).toBe('grace@navy.example.com');
      expect(mail.text).toBe(message.text);
      expect(mail.html).toContain('Line two');
    } finally {
      await transport.close();
    }
  });

  it('throws when the server refuses, so the mail service can try again', async () => {
    const transport = new SmtpMailTransport(smtp.url);
    try {
      smtp.failNext(1);
      await expect(transport.send({ ...message, to: 'refused@example.com' })).rejects.toThrow(/451/);
      await transport.send({ ...message, to: 'refused@example.com' });
      expect(smtp.to('refused@example.com')).toHaveLength(1);
    } finally {
      await transport.close();
    }
  });

  it('hides the password of its address in the log line', () => {
    const transport = new SmtpMailTransport('smtps://user:secret@mail.example.com:465');
    expect(transport.destination).toBe('smtps://***@mail.example.com:465');
    expect(transport.destination).not.toContain('secret');
    void transport.close();
  });
});

describe('outbox mail transport', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardcraft-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each mail as a whole .eml file that a mail reader parses back', async () => {
    const outbox = join(dir, 'outbox');
    const transport = new OutboxMailTransport(outbox);
    await transport.send(message);
    await transport.send({ ...message, to: 'second@example.com' });
    const files = readdirSync(outbox);
    // no temporary file is left behind
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true);
    const mails = await Promise.all(
      files.sort().map((name) => simpleParser(readFileSync(join(outbox, name)))),
    );
    const first = mails.find((mail) => mail.subject === message.subject && mail.text === message.text);
    expect(first).toBeDefined();
    expect(mails.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.value[0].address)).sort()).toEqual([
      'ada@example.com',
      'second@example.com',
    ]);
    expect(first?.replyTo?.value[0].address).toBe('grace@navy.example.com');
    await transport.close();
  });
});
