import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { ProfileResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import type { ProfileFields } from '../utils/profile-fields';
import { SwitchRow } from './editor-section';

/** published or draft; a card saved as published links to its live page, at the address it was saved at */
export function PublicationCard({ fields, profile }: { fields: ProfileFields; profile?: ProfileResponse }) {
  const { values, set } = fields;
  const { t } = useTranslation('editor');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('publication.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SwitchRow
          id="published"
          label={values.published ? t('publication.published') : t('publication.draft')}
          description={values.published ? t('publication.publishedText') : t('publication.draftText')}
        >
          <Switch
            id="published"
            aria-describedby="published-description"
            checked={values.published}
            onCheckedChange={(checked) => set('published', checked)}
          />
        </SwitchRow>
        {profile?.published ? (
          <Button asChild variant="outline" className="w-full">
            <a href={`/u/${profile.handle}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('publication.viewLive')}
            </a>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
