/**
 * GET /api/profiles/:id/google-wallet: the card's "Save to Google Wallet" link,
 * https://pay.google.com/gp/v/save/{jwt}, the JWT a generic pass signed by the server's issuer
 */
export interface GoogleWalletLinkResponse {
  url: string;
}
