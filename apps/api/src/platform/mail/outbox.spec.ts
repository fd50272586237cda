import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { simpleParser } from 'mailparser';
import { STORAGE_KINDS } from '../testing/adapters';
import { registerUser } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { MailService } from './mail.service';

describe.each(STORAGE_KINDS)('without SMTP_URL: the outbox (%s)', (kind) => {
  const warnings: string[] = [];
  let spy: jest.SpyInstance;
  beforeAll(() => {
    spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
  });
  afterAll(() => spy.mockRestore());
  const { http, app } = apiUnderTest(kind);

  it('says at start where mail goes, and writes a password-reset mail there as an .eml file', async () => {
    const outbox = join(app().config.dataDir, 'outbox');
    expect(warnings).toContain(`mail goes to ${outbox} (.eml files; set SMTP_URL to send it)`);
    const user = await registerUser(http);
    await http.post('/api/auth/forgot-password', { body: { email: user.email } });
    await app().app.get(MailService).idle();
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(join(outbox, files[0])));
    expect(mail.subject).toBe('Reset your Cardcraft password');
    expect(mail.text).toMatch(/https:\/\/cards\.example\.test\/auth\/reset-password#token=[\w-]{43}/);
    expect(mail.from?.value[0].address).toBe('no-reply@cards.example.test');
  });
});
