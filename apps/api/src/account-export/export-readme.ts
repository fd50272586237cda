import type { ProfileRecord, UserRecord } from '@cardcraft/storage';

/** the archive's README.txt: what each file holds, for an owner who opens the zip without us */
export function exportReadme(user: UserRecord, cards: readonly ProfileRecord[], exportedAt: Date): string {
  const cardLines =
    cards.length > 0
      ? cards.map((card) => `  - ${card.handle}: ${card.displayName}${card.published ? '' : ' (draft)'}`)
      : ['  (no cards)'];
  return [
    'Your Cardcraft data',
    '===================',
    '',
    `Account: ${user.displayName} <${user.email}>`,
    `Exported: ${exportedAt.toISOString()} (times in these files are UTC)`,
    '',
    'Cards:',
    ...cardLines,
    '',
    'What is in this archive',
    '-----------------------',
    '',
    'account.json',
    '  Your account: e-mail address, name, when it was made, your settings and the list of your cards.',
    '  Your password is not in it, not even scrambled, nor any sign-in session.',
    '',
    'cards/<handle>.json',
    '  Each card as you edited it: texts, contact details, links, blocks, theme, privacy settings',
    '  and its addresses. The same shape as the card in the Cardcraft API (GET /api/profiles/{id}).',
    '',
    'photos/<handle>/',
    '  The images you uploaded for the card: avatar, banner and link-preview image, as stored.',
    '  An image the card shows from another website is not copied; its address is in the card file.',
    '',
    'leads.csv',
    '  Every message visitors left on your cards, newest first per card: the card, when it came,',
    '  the e-mail, name, phone, company and message, and the consent the visitor gave.',
    '',
    'analytics/<handle>/visits.csv',
    '  Every view of the card we still keep, newest first: when, a guest or a signed-in visitor',
    '  (the name only where the card shows identified viewers), country, city, device and the site',
    '  the visitor came from.',
    '',
    'analytics/<handle>/daily.csv',
    "  The card's figures for each day it had any: views, unique visitors, views by signed-in",
    '  visitors, contact saves, shares, e-mail, call and link clicks, and messages.',
    '',
    'The CSV files open in any spreadsheet (UTF-8, comma-separated). A cell a visitor typed that',
    'starts like a formula (=, +, -, @) begins with an apostrophe, so the spreadsheet shows it as text.',
    '',
  ].join('\r\n');
}
