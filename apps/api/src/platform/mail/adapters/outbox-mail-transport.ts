import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from '../mail.port';

/**
 * without SMTP_URL: each mail is written to a folder as an .eml file (RFC 5322, as nodemailer would
 * send it), which any mail program opens. written under a temporary name and renamed, so a reader of
 * the folder never sees half a file.
 */
export class OutboxMailTransport implements MailTransport {
  private readonly composer: Transporter;

  constructor(readonly destination: string) {
    // nodemailer's stream transport builds the message without sending it
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  async send(message: MailMessage & { from: string }): Promise<void> {
    const info = (await this.composer.sendMail(message)) as { message: Buffer };
    await mkdir(this.destination, { recursive: true });
    // sorted by time when listed; the random part keeps two mails of one millisecond apart
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const temporary = join(this.destination, `.${name}.tmp`);
    await writeFile(temporary, info.message);
    await rename(temporary, join(this.destination, name));
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}
