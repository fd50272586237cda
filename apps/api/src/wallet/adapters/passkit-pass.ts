import type { WalletPassConfig } from '../../platform/config/wallet-pass-config';

/** what a pass shows, in the terms of Apple's pass.json */
export interface PassContent {
  serialNumber: string;
  organizationName: string;
  description: string;
  /** rgb(r, g, b) */
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  primary: { label: string; value: string };
  secondary: { key: string; label: string; value: string }[];
  back: { key: string; label: string; value: string }[];
  barcode: { message: string; altText: string };
  /** PNG files by their names in the pass: icon.png, icon@2x.png, thumbnail.png, ... */
  images: Record<string, Buffer>;
}

/**
 * a generic-style .pkpass, signed with the operator's Pass Type ID certificate (passkit-generator,
 * loaded with its certificate library at the first pass: the api need not carry it from start-up)
 */
export async function signedPass(config: WalletPassConfig, content: PassContent): Promise<Buffer> {
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    { ...content.images },
    {
      wwdr: config.wwdrCert,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      signerKeyPassphrase: config.signerKeyPassphrase,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeIdentifier,
      teamIdentifier: config.teamIdentifier,
      serialNumber: content.serialNumber,
      organizationName: content.organizationName,
      description: content.description,
      backgroundColor: content.backgroundColor,
      foregroundColor: content.foregroundColor,
      labelColor: content.labelColor,
    },
  );
  pass.type = 'generic';
  pass.primaryFields.push({ key: 'name', ...content.primary });
  pass.secondaryFields.push(...content.secondary);
  pass.backFields.push(...content.back);
  pass.setBarcodes({
    message: content.barcode.message,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: content.barcode.altText,
  });
  return pass.getAsBuffer();
}
