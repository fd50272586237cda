import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { MailService } from '../mail/mail.service';
import type { TestApp } from './test-app';

/** the mails in the app's .eml outbox to one address, oldest first, once the mail sent so far is out */
export async function outboxMailsTo(app: TestApp, to: string): Promise<ParsedMail[]> {
  await app.app.get(MailService).idle();
  const outbox = join(app.config.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  // outbox files are named by time: sorted, the last is the newest
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(join(outbox, name)))));
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === to);
}
