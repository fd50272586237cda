/**
 * GET /api/client-config: what the web app needs to know of the server's setup, open to anyone.
 * publicBaseUrl is where cards live (/u/{handle}); walletPass says whether Apple Wallet passes can be
 * made (the operator set up a Pass Type certificate), so the button only shows when they can.
 */
export interface ClientConfigResponse {
  publicBaseUrl: string;
  walletPass: boolean;
}
