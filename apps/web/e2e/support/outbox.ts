import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * the mails in the product's .eml outbox (DATA_DIR/outbox) to the address that `keep` takes, oldest
 * first, waiting until there are `count` of them
 */
export async function outboxMails(
  dataDir: string,
  to: string,
  {
    count = 1,
    keep = () => true,
    timeoutMs = 10_000,
  }: { count?: number; keep?: (mail: ParsedMail) => boolean; timeoutMs?: number } = {},
): Promise<ParsedMail[]> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // outbox files are named by time: sorted, the last is the newest
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort()
      : [];
    const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(join(outbox, name)))));
    const mine = mails.filter(
      (mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === to && keep(mail),
    );
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`${mine.length} of ${count} mails to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
