import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Cardcraft';
// one 30-second step either side of now: a phone's clock a little off still works, a code read a
// minute ago does not
const TOLERANCE_SECONDS = 30;

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, as every authenticator app reads it) through otplib */
export const Totp = {
  newSecret(): string {
    return generateSecret();
  },

  uri(accountEmail: string, secret: string): string {
    return generateURI({ issuer: ISSUER, label: accountEmail, secret });
  },

  /** the time step of a code that is right now, or null: the caller takes each step once */
  async stepOf(secret: string, code: string): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
    // a TOTP result names its step (an HOTP one, which this never asks for, does not)
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
};
