import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import {
  BulkInviteDto,
  fieldErrorMap,
  TeamLimits,
  type BulkInviteResponse,
  type CardTemplateResponse,
} from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useBulkInvite } from '../api/invitations';
import { BulkReport } from './bulk-report';
import { RoleField, TemplateField } from './pickers';

const SAMPLE = 'email,name,title,phone\npeter@initech.example,Peter Gibbons,Engineer,+1 555 0100';

/** many invitations at once: a CSV file chosen or pasted, every row with the same role and template */
export function BulkInvite({
  teamId,
  templates,
  canGrantOwner,
}: {
  teamId: string;
  templates: CardTemplateResponse[];
  canGrantOwner: boolean;
}) {
  const { t } = useTranslation('teams');
  const bulk = useBulkInvite(teamId);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHintId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<BulkInviteResponse | null>(null);
  const { values, errors, failure, setFailure, setServerErrors, field, set, validate } = useForm(
    { csv: '', role: 'member', templateId: '' },
    {
      dto: BulkInviteDto,
      extra: (current): Record<string, string> =>
        current.csv.trim() === '' ? { csv: t('bulk.csvEmpty') } : {},
    },
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file chosen again is read again
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    set('csv', await file.text());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setReport(null);
    const valid = validate();
    if (!valid) return;
    try {
      setReport(await bulk.mutateAsync(valid));
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bulk.title')}</CardTitle>
        <CardDescription>{t('bulk.description', { max: TeamLimits.bulkRowsMax })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-describedby={fileHintId}
              onClick={() => fileInput.current?.click()}
            >
              <FileUp aria-hidden="true" />
              {t('bulk.choose')}
            </Button>
            <span id={fileHintId} className="text-sm text-muted-foreground">
              {fileName ? t('bulk.read', { file: fileName }) : t('bulk.orPaste')}
            </span>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void onFile(event)}
              data-testid="bulk-file"
            />
          </div>
          <FormField label={t('bulk.rows')} error={errors.csv}>
            <Textarea
              rows={6}
              spellCheck={false}
              className="font-mono text-xs"
              placeholder={SAMPLE}
              value={values.csv}
              onChange={field('csv').onChange}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <RoleField
              value={values.role}
              onChange={(role) => set('role', role)}
              canGrantOwner={canGrantOwner}
              error={errors.role}
            />
            <TemplateField
              value={values.templateId}
              onChange={(templateId) => set('templateId', templateId)}
              templates={templates}
              label={t('bulk.cards')}
              error={errors.templateId}
            />
          </div>
          <Button type="submit" disabled={bulk.isPending}>
            {bulk.isPending ? t('bulk.pending') : t('bulk.submit')}
          </Button>
        </form>
        {report ? (
          <div className="mt-5">
            <BulkReport report={report} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
