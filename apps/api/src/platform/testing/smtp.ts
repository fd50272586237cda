import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** a real SMTP server on a loopback port for a suite: it keeps what arrives, parsed */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>: plain SMTP, no STARTTLS, no login */
  url: string;
  received: ParsedMail[];
  /** answer the next `count` messages with a temporary failure (451), as a server in trouble does */
  failNext(count: number): void;
  /** the mails to this address (case-insensitive) that arrived so far */
  to(address: string): ParsedMail[];
  /**
   * waits until a mail to the address with this subject arrives (polling), and answers the newest;
   * by subject because other mails (a new sign-in's notice) may reach the same address meanwhile
   */
  waitFor(address: string, subject: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export function recipients(mail: ParsedMail): string[] {
  const to = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((list) => list.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  const to = (address: string) => received.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    to,
    async waitFor(address, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address).filter((mail) => mail.subject === subject);
        if (found.length > 0) return found[found.length - 1];
        if (Date.now() > deadline) {
          const seen = to(address).map((mail) => mail.subject);
          throw new Error(
            `no mail "${subject}" to ${address} within ${timeoutMs} ms (seen: ${seen.join(' | ')})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** the e-mailed link's token (after #token=) in a mail's text */
export function linkTokenIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${path.replace(/[/.]/g, '\\$&')}#token=([A-Za-z0-9_-]{43})`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[1];
}
