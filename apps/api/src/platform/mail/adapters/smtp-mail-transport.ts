import { createTransport, type Transporter } from 'nodemailer';
import { hideCredentials } from '@cardcraft/config';
import type { MailMessage, MailTransport } from '../mail.port';

/**
 * SMTP through nodemailer. SMTP_URL carries everything: smtp://user:pass@host:587 (STARTTLS when
 * the server offers it), smtps://… for TLS from the start, and nodemailer's query options
 * (?pool=true, ?tls.rejectUnauthorized=false for a test server).
 */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;
  readonly destination: string;

  constructor(smtpUrl: string) {
    this.transporter = createTransport(smtpUrl);
    this.destination = hideCredentials(smtpUrl) ?? smtpUrl;
  }

  async send(message: MailMessage & { from: string }): Promise<void> {
    await this.transporter.sendMail(message);
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
