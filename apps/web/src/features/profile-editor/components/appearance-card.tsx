import { LAYOUTS, THEMES } from '@cardcraft/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import type { ProfileFields } from '../utils/profile-fields';
import { LockedNote } from './locked-field';
import { OptionSelect } from './option-select';

/** the card's theme and layout */
export function AppearanceCard({ fields }: { fields: ProfileFields }) {
  const { values, errors, set, isLocked } = fields;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormField label="Theme" error={errors.theme} hint={isLocked('theme') ? <LockedNote /> : undefined}>
          <OptionSelect
            disabled={isLocked('theme')}
            value={values.theme}
            options={THEMES}
            onValueChange={(theme) => set('theme', theme)}
          />
        </FormField>
        <FormField
          label="Layout"
          error={errors.layout}
          hint={isLocked('layout') ? <LockedNote /> : undefined}
        >
          <OptionSelect
            disabled={isLocked('layout')}
            value={values.layout}
            options={LAYOUTS}
            onValueChange={(layout) => set('layout', layout)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
