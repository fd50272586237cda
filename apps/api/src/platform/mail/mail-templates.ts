import { answerText, CARD_EXCHANGE_TEXT, MESSAGE_FIELD_LABELS, MESSAGE_FIELDS } from '@cardcraft/contracts';
import type { LeadRecord, ProfileRecord } from '@cardcraft/storage';
import { waitText } from '../throttling/rate-limit-keys';
import type { MailAttachment, MailMessage } from './mail.port';

/** the product's mails: plain text, with a simple HTML twin whose links can be clicked */

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

type Part = string | { link: string; label?: string };

/** paragraphs of text and links, as text and as HTML */
function compose(to: string, subject: string, paragraphs: Part[][], replyTo?: string): MailMessage {
  const text = paragraphs
    .map((parts) => parts.map((part) => (typeof part === 'string' ? part : part.link)).join(''))
    .join('\n\n');
  const body = paragraphs
    .map((parts) => {
      const inner = parts
        .map((part) =>
          typeof part === 'string'
            ? escapeHtml(part).replace(/\n/g, '<br>')
            : `<a href="${escapeHtml(part.link)}">${escapeHtml(part.label ?? part.link)}</a>`,
        )
        .join('');
      return `<p style="margin:0 0 16px">${inner}</p>`;
    })
    .join('\n');
  const html =
    '<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;' +
    `font-size:15px;line-height:1.5;color:#111827;max-width:560px">\n${body}\n</body></html>`;
  return { to, subject, text: text + '\n', html, ...(replyTo ? { replyTo } : {}) };
}

export function newMessageMail(
  to: string,
  lead: LeadRecord,
  profile: ProfileRecord,
  baseUrl: string,
): MailMessage {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
  const details = [
    `From: ${lead.email}`,
    ...MESSAGE_FIELDS.filter((field) => lead[field]).map(
      (field) => `${MESSAGE_FIELD_LABELS[field]}: ${lead[field]}`,
    ),
  ].join('\n');
  const answers = lead.answers.map((answer) => `${answer.label}\n${answerText(answer.value)}`);
  const exchange = lead.cardExchange
    ? lead.cardExchange.cardSent
      ? 'They asked for your card: it was e-mailed to them.'
      : 'They asked for your card: it was not e-mailed, as their address had already had cards today.'
    : null;
  return compose(
    to,
    `New message from ${who}`,
    [
      [
        `${who} left a message on your profile ${profile.displayName} (`,
        { link: `${baseUrl}/u/${profile.handle}` },
        ').',
      ],
      [details],
      [lead.message ?? 'No message, only the contact details.'],
      ...answers.map((answer) => [answer]),
      ...(exchange ? [[exchange]] : []),
      [
        'Reply to this e-mail to answer them. All messages: ',
        { link: `${baseUrl}/dashboard/leads?card=${profile.handle}` },
      ],
      [
        'You get this e-mail because "E-mail me new messages" is on in Settings: ',
        { link: `${baseUrl}/dashboard/settings` },
      ],
    ],
    lead.email,
  );
}

/**
 * "Send me your card": the owner's contact file attached, their follow-up text and the card's link.
 * a reply goes to the card's public e-mail address when it shows one
 */
export function cardExchangeMail(
  to: string,
  profile: ProfileRecord,
  contactFile: MailAttachment,
  baseUrl: string,
): MailMessage {
  const name = profile.displayName;
  const followUp = profile.privacy.cardExchange.followUp;
  const message = compose(
    to,
    `${name}'s card`,
    [
      [`Here is the card of ${name}, as you asked on their Cardcraft card.`],
      ...(followUp ? [[followUp]] : []),
      [`Open the attached file (${contactFile.filename}) to save ${name} in your contacts.`],
      ['See the card: ', { link: `${baseUrl}/u/${profile.handle}` }],
      [
        `You get this e-mail because "${CARD_EXCHANGE_TEXT}" was ticked with this address on the card. An address gets a card once a day at most; nothing else is sent.`,
      ],
    ],
    profile.contact.email ?? undefined,
  );
  return { ...message, attachments: [contactFile] };
}

export function passwordResetMail(to: string, link: string, ttlSeconds: number): MailMessage {
  return compose(to, 'Reset your Cardcraft password', [
    [`Someone asked to reset the password of the Cardcraft account ${to}.`],
    [`Open this link within ${waitText(ttlSeconds)} to choose a new password. It works once.`],
    [{ link, label: 'Choose a new password' }],
    ['If the button does not work, copy this address into your browser: ', link],
    ['If it was not you, ignore this e-mail: your password stays as it is.'],
  ]);
}

export function confirmEmailMail(to: string, link: string, ttlSeconds: number): MailMessage {
  return compose(to, 'Confirm your new e-mail address', [
    [`Open this link within ${waitText(ttlSeconds)} to use ${to} for your Cardcraft account. It works once.`],
    [{ link, label: 'Confirm the new address' }],
    ['If the button does not work, copy this address into your browser: ', link],
    ['If you did not ask for this, ignore this e-mail: nothing changes.'],
  ]);
}

export function emailChangeRequestedMail(to: string, newEmail: string, baseUrl: string): MailMessage {
  return compose(to, 'Your Cardcraft e-mail address is changing', [
    [`Someone signed in to your Cardcraft account asked to change its e-mail address to ${newEmail}.`],
    ['It changes only when the link sent to that address is opened.'],
    ['If this was not you, change your password now: ', { link: `${baseUrl}/dashboard/settings` }],
  ]);
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return compose(to, 'Your Cardcraft e-mail address was changed', [
    [`Your Cardcraft account now uses ${newEmail}. Sign in with that address from now on.`],
    ['If this was not you, write to us by replying to this e-mail.'],
  ]);
}

/** "Friday 14 March 2025": an export's expiry as the owner reads it (UTC, as the product's times are) */
function dayText(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** the export is ready: a link to Settings, where the owner downloads it signed in */
export function accountExportReadyMail(to: string, settingsLink: string, expiresAt: Date): MailMessage {
  return compose(to, 'Your Cardcraft data is ready to download', [
    [
      'The copy of your Cardcraft data you asked for is ready: your account, your cards and their photos, the messages visitors left and your analytics, in one zip file.',
    ],
    [{ link: settingsLink, label: 'Download your data' }],
    ['If the button does not work, copy this address into your browser: ', settingsLink],
    [
      `Sign in to download it. It is kept until ${dayText(expiresAt)}, then deleted; you can ask for a new one in Settings at any time.`,
    ],
    ['If you did not ask for it, change your password now: someone may be signed in to your account.'],
  ]);
}

/** the export could not be made: the owner may ask again */
export function accountExportFailedMail(to: string, settingsLink: string): MailMessage {
  return compose(to, 'Your Cardcraft data could not be prepared', [
    [
      'We could not finish the copy of your Cardcraft data you asked for. Nothing was changed in your account.',
    ],
    ['Ask for it again in Settings: ', { link: settingsLink }],
  ]);
}

export function teamInvitationMail(
  to: string,
  teamName: string,
  inviterName: string,
  link: string,
  expiresAt: Date,
): MailMessage {
  const until = expiresAt.toUTCString().replace(' GMT', ' UTC');
  return compose(to, `${inviterName} invited you to ${teamName} on Cardcraft`, [
    [
      `${inviterName} invited you to join the team ${teamName} on Cardcraft, where it runs its business cards.`,
    ],
    [`Open this link to join. It works once, until ${until}.`],
    [{ link, label: `Join ${teamName}` }],
    ['If the button does not work, copy this address into your browser: ', link],
    ['If you did not expect this, ignore this e-mail: nothing happens until you open the link.'],
  ]);
}

/** a webhook endpoint the product turned off after its deliveries kept failing */
export function webhookDisabledMail(
  to: string,
  endpoint: { url: string; description: string | null },
  reason: string,
  settingsLink: string,
): MailMessage {
  const name = endpoint.description ? `"${endpoint.description}" (${endpoint.url})` : endpoint.url;
  return compose(to, 'A Cardcraft webhook was turned off', [
    [`We turned off the webhook endpoint ${name}.`],
    [`Why: ${reason}`],
    [
      'Nothing more is sent to it until it is turned on again. Once the receiver answers again, turn it on and send a test event here: ',
      { link: settingsLink },
    ],
    ['Each failed delivery stays in its log there, with the answer it got, and can be sent again.'],
  ]);
}

/** what a new sign-in mail tells of the sign-in */
export interface NewSignIn {
  /** "Chrome on macOS" */
  device: string;
  /** "Germany"; null when unknown */
  country: string | null;
  at: Date;
  /** ends that session, without signing in */
  endLink: string;
  settingsLink: string;
}

/** someone signed in from a device the account had not used: the owner can end it from the mail */
export function newSignInMail(to: string, signIn: NewSignIn): MailMessage {
  const when = signIn.at.toUTCString().replace(' GMT', ' UTC');
  const where = signIn.country ? `, from ${signIn.country}` : '';
  return compose(to, 'New sign-in to your Cardcraft account', [
    [
      `Your Cardcraft account ${to} was signed in to from a new device: ${signIn.device}${where}, on ${when}.`,
    ],
    ['If this was you, there is nothing to do.'],
    ['If it was not you, end that session now, then change your password:'],
    [{ link: signIn.endLink, label: 'End that session' }],
    ['If the button does not work, copy this address into your browser: ', signIn.endLink],
    ['Every session of your account is listed in Settings: ', { link: signIn.settingsLink }],
  ]);
}

/** two-step verification was turned off: if it was not the owner, the account is at risk */
export function secondFactorOffMail(to: string, settingsLink: string): MailMessage {
  return compose(to, 'Two-step verification is off for your Cardcraft account', [
    [`Two-step verification was turned off for your Cardcraft account ${to}. A password alone now signs in.`],
    [
      'If this was you, there is nothing to do. You can turn it on again in Settings: ',
      { link: settingsLink },
    ],
    ['If it was not you, reset your password now and end the sessions you do not recognize in Settings.'],
  ]);
}
