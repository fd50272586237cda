import { useTranslation } from 'react-i18next';
import { LAYOUTS, THEMES } from '@cardcraft/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import type { ProfileFields } from '../utils/profile-fields';
import { LockedNote } from './locked-field';
import { OptionSelect } from './option-select';

/** the card's theme and layout */
export function AppearanceCard({ fields }: { fields: ProfileFields }) {
  const { values, errors, set, isLocked } = fields;
  const { t } = useTranslation('editor');
  // the themes and layouts keep their names; what each looks like is said in the editor's language
  const themes = THEMES.map((option) => ({ ...option, description: t(`appearance.themes.${option.value}`) }));
  const layouts = LAYOUTS.map((option) => ({
    ...option,
    description: t(`appearance.layouts.${option.value}`),
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('appearance.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField
          label={t('appearance.theme')}
          error={errors.theme}
          hint={isLocked('theme') ? <LockedNote /> : undefined}
        >
          <OptionSelect
            disabled={isLocked('theme')}
            value={values.theme}
            options={themes}
            onValueChange={(theme) => set('theme', theme)}
          />
        </FormField>
        <FormField
          label={t('appearance.layout')}
          error={errors.layout}
          hint={isLocked('layout') ? <LockedNote /> : undefined}
        >
          <OptionSelect
            disabled={isLocked('layout')}
            value={values.layout}
            options={layouts}
            onValueChange={(layout) => set('layout', layout)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
