import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * the recovery codes, shown this once: each signs in once in place of the authenticator app. they
 * can be copied or saved as a text file
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const text = `${t('recoveryCodes.fileTitle')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // a browser that refuses the clipboard: the codes are on screen and in the download
      setCopied(false);
    }
  };

  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'cardcraft-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{t('recoveryCodes.text')}</p>
      <ul
        aria-label={t('recoveryCodes.label')}
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-border bg-muted/50 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t('recoveryCodes.copied') : t('recoveryCodes.copy')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t('recoveryCodes.download')}
        </Button>
      </div>
    </div>
  );
}
