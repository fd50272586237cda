/** one e-mail as the product writes it: plain text always, HTML beside it when there is one */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** where a reply goes, e.g. the visitor who left a message */
  replyTo?: string;
  /** files sent with it, e.g. a card's contact file */
  attachments?: MailAttachment[];
  /** extra headers, e.g. List-Unsubscribe on the analytics mails */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** shown inside the HTML part, where it says <img src="cid:..."> */
  cid?: string;
}

/** how mail leaves: an SMTP server, or .eml files in a folder when none is configured */
export interface MailTransport {
  /** throws when the message could not be handed over; the mail service retries */
  send(message: MailMessage & { from: string }): Promise<void>;
  /** where mail goes, for the start-up log line (credentials hidden) */
  readonly destination: string;
  close(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
