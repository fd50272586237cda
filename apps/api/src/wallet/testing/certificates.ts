import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface TestPassCertificates {
  /** PEM: a self-made stand-in for Apple's WWDR intermediate, a root here */
  wwdrCert: string;
  /** PEM: a Pass Type ID certificate issued by it */
  signerCert: string;
  /** PEM: the signer's private key, encrypted with the passphrase */
  signerKey: string;
  passphrase: string;
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKeyPem: string,
  signingKeyPem: string,
  serial: string,
  extensions: object[],
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** a certificate authority and a pass signing certificate, made for the test as Apple would issue them */
export function makePassCertificates(
  passTypeIdentifier: string,
  teamIdentifier: string,
): TestPassCertificates {
  const keys = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
  const ca = keys();
  const signer = keys();
  const caName = [
    { name: 'commonName', value: 'Test Worldwide Developer Relations CA' },
    { name: 'organizationName', value: 'Cardcraft Tests' },
  ];
  const wwdrCert = certificate(caName, caName, ca.publicKey, ca.privateKey, '01', [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  const signerCert = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${passTypeIdentifier}` },
      // UID
      { type: '0.9.2342.19200300.100.1.1', value: passTypeIdentifier },
      { shortName: 'OU', value: teamIdentifier },
    ],
    caName,
    signer.publicKey,
    ca.privateKey,
    '02',
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
    ],
  );
  const passphrase = 'pass phrase of the test';
  const signerKey = forge.pki.encryptRsaPrivateKey(
    forge.pki.privateKeyFromPem(signer.privateKey),
    passphrase,
    {
      algorithm: 'aes256',
    },
  );
  return { wwdrCert, signerCert, signerKey, passphrase };
}
