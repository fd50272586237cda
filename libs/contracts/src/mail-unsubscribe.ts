/** POST /api/mail/unsubscribe: what the one-click link turned off */
export interface UnsubscribeResponse {
  /** report: the analytics report is now off; alert: the traffic alert is */
  unsubscribed: 'report' | 'alert';
  message: string;
}

export const UnsubscribeMessages = {
  report: 'You will get no more analytics reports. Turn them on again in Settings.',
  alert: 'You will get no more traffic alerts. Turn them on again in Settings.',
} as const;
