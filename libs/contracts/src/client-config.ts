/**
 * GET /api/client-config: what the web app needs to know of the server's setup, open to anyone.
 * publicBaseUrl is where cards live (/u/{handle}); walletPass says whether Apple Wallet passes can be
 * made (the operator set up a Pass Type certificate), googleWallet whether Google Wallet save links can
 * (GOOGLE_WALLET_* name an issuer), so each button only shows when it works.
 */
export interface ClientConfigResponse {
  publicBaseUrl: string;
  walletPass: boolean;
  googleWallet: boolean;
}
