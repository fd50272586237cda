import { Logger } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp';
import { SmtpMailTransport } from './adapters/smtp-mail-transport';
import { MailService } from './mail.service';

const mail = { to: 'owner@example.com', subject: 'New message', text: 'Hello\n' };

describe('mail service', () => {
  let smtp: TestSmtpServer;
  const errors: string[] = [];
  let spies: jest.SpyInstance[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    spies = [
      jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
        errors.push(String(message));
      }),
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined),
    ];
  });
  afterAll(async () => {
    for (const spy of spies) spy.mockRestore();
    await smtp.close();
  });

  const service = (retryDelays: string) => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cardcraft-mail-')),
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAYS: retryDelays,
    });
    return new MailService(new SmtpMailTransport(smtp.url), config);
  };

  it('tries again after each wait, then gives up with an error in the log, never throwing', async () => {
    const mails = service('50ms,50ms');
    smtp.failNext(3);
    mails.send({ ...mail, to: 'given-up@example.com' });
    await mails.idle();
    expect(smtp.to('given-up@example.com')).toHaveLength(0);
    expect(errors.some((line) => line.includes('"New message" was not sent after 3 attempt(s)'))).toBe(true);
    await mails.onApplicationShutdown();
  });

  it('logs a mail that cannot be written and sends nothing for a mail not wanted', async () => {
    const mails = service('none');
    mails.send(async () => {
      throw new Error('the owner could not be read');
    });
    mails.send(async () => null);
    await mails.idle();
    expect(errors).toContain('a mail could not be written: the owner could not be read');
    await mails.onApplicationShutdown();
  });

  it('on stop, sends a mail waiting for its retry at once instead of after the wait', async () => {
    const mails = service('1h');
    smtp.failNext(1);
    mails.send({ ...mail, to: 'before-stop@example.com' });
    // the first attempt is refused by now, and the mail waits an hour for the next one
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await mails.onApplicationShutdown();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(smtp.to('before-stop@example.com')).toHaveLength(1);
  });
});
