import type { RecoveryCodesResponse, SecondFactorSetupResponse } from '@cardcraft/contracts';
import { generate } from 'otplib';
import type { HttpClient } from '../../../platform/testing/http';

/** the authenticator app's code at `offsetSeconds` from now (a step each 30 s; the server takes ±30 s) */
export function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/**
 * turns two-step verification on for the session's account, with the code of 30 s ago: the codes of
 * now and of 30 s ahead are still the account's to use
 */
export async function turnOnSecondFactor(
  http: HttpClient,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[]; firstCode: string }> {
  const setup = await http.post<SecondFactorSetupResponse>('/api/account/second-factor/setup', { token });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  const firstCode = await codeAt(setup.body.secret, -30);
  const enabled = await http.post<RecoveryCodesResponse>('/api/account/second-factor/enable', {
    token,
    body: { code: firstCode },
  });
  if (enabled.status !== 200) throw new Error(`enable: ${enabled.status} ${enabled.text}`);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes, firstCode };
}
