/** where an owner's data export is: made in the background, kept for a while, then deleted */
export const ACCOUNT_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** one export of the account's data: POST /api/account/export answers it, GET reads it again */
export interface AccountExportResponse {
  id: string;
  status: AccountExportStatus;
  requestedAtUtc: string;
  /** when it became ready or failed; null while preparing */
  finishedAtUtc: string | null;
  /** when the archive is deleted */
  expiresAtUtc: string;
  /** the zip's size in bytes once ready */
  sizeBytes: number | null;
  /** where the signed-in owner downloads the zip, once ready (a session is needed: it is no bearer link) */
  downloadPath: string | null;
}

/** GET /api/account/export: the account's latest export, or null when there is none */
export interface AccountExportStateResponse {
  export: AccountExportResponse | null;
}

/** the words of the export's answers and of its section in Settings */
export const AccountExportMessages = {
  alreadyPreparing: 'Your data is already being prepared. We will e-mail you when it is ready.',
  notFound: 'This export does not exist or has expired. Ask for a new one in Settings.',
} as const;
