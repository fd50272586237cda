import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { normalizeError } from '@/lib/api-client';

/** the page in place of the editor when the profile could not be loaded */
export function ProfileUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation('editor');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <CircleAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold">{t('unavailable.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {error ? normalizeError(error).message : t('unavailable.text')}
      </p>
      <div className="mt-6">
        <Button asChild variant="outline">
          <Link to="/dashboard/home">
            <ArrowLeft aria-hidden="true" />
            {t('unavailable.back')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
