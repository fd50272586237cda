import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fieldErrorMap,
  UpdateTeamDto,
  validateInput,
  type TeamBrandResponse,
  type TeamResponse,
} from '@cardcraft/contracts';
import { SectionHeader } from '@/components/layout/section-header';
import { ImageField } from '@/components/media/image-field';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { standingErrors } from '@/lib/form-errors';
import { useCurrentTeam } from '@/lib/teams';
import { useUpdateTeam } from '../api/teams';
import { ColorField } from '../components/color-field';
import { ContrastHint } from '../components/contrast-hint';
import { withScheme } from '@/lib/urls';

type BrandValues = { [K in keyof TeamBrandResponse]: string };
interface Values {
  name: string;
  brand: BrandValues;
}

function valuesOf(team: TeamResponse): Values {
  const { brand } = team;
  return {
    name: team.name,
    brand: {
      companyName: brand.companyName ?? '',
      logoUrl: brand.logoUrl ?? '',
      bannerUrl: brand.bannerUrl ?? '',
      website: brand.website ?? '',
      primaryColor: brand.primaryColor ?? '',
      secondaryColor: brand.secondaryColor ?? '',
    },
  };
}

/** the body PATCH takes: empty fields as null (the DTO trims them to null too) */
function toInput(values: Values) {
  const brand = Object.fromEntries(
    Object.entries(values.brand).map(([key, value]) => [key, value.trim() === '' ? null : value.trim()]),
  ) as { [K in keyof TeamBrandResponse]: string | null };
  return { name: values.name, brand };
}

function BrandForm({ team }: { team: TeamResponse }) {
  const { t } = useTranslation('teams');
  const update = useUpdateTeam(team.id);
  const [values, setValues] = useState<Values>(() => valuesOf(team));
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<{ errors: Record<string, string>; values: Values } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const input = toInput(values);
  const errors = {
    ...(answer ? standingErrors(answer.errors, answer.values, values) : {}),
    ...(submitted ? fieldErrorMap(validateInput(UpdateTeamDto, input).errors) : {}),
  };
  const setBrand = (key: keyof BrandValues, value: string) =>
    setValues((current) => ({ ...current, brand: { ...current.brand, [key]: value } }));
  const brandField = (key: keyof BrandValues) => ({
    value: values.brand[key],
    onChange: (event: { target: { value: string } }) => setBrand(key, event.target.value),
    error: errors[`brand.${key}`],
  });
  const url = (key: 'website' | 'logoUrl' | 'bannerUrl') => () =>
    setBrand(key, withScheme(values.brand[key]));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setAnswer(null);
    const result = validateInput(UpdateTeamDto, input);
    if (result.errors.length > 0) return;
    setFailure(null);
    try {
      const saved = await update.mutateAsync(result.value);
      setValues(valuesOf(saved));
      setSubmitted(false);
      toast({
        title: t('brand.saved'),
        description: t('brand.savedText'),
        variant: 'success',
      });
    } catch (error) {
      setAnswer({ errors: fieldErrorMap(fieldErrorsOf(error)), values });
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('brand.company')}</CardTitle>
            <CardDescription>{t('brand.companyText')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('brand.teamName')}
              required
              value={values.name}
              onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
              error={errors.name}
            />
            <TextField
              label={t('brand.companyName')}
              autoComplete="organization"
              {...brandField('companyName')}
            />
            <TextField
              label={t('brand.website')}
              type="url"
              inputMode="url"
              placeholder="https://"
              className="sm:col-span-2"
              {...brandField('website')}
              onBlur={url('website')}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('brand.images')}</CardTitle>
            <CardDescription>{t('brand.imagesText')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <ImageField
              kind="avatar"
              logo
              label={t('brand.logo')}
              value={values.brand.logoUrl}
              onChange={(logoUrl) => setBrand('logoUrl', logoUrl)}
              onBlur={url('logoUrl')}
              error={errors['brand.logoUrl']}
            />
            <ImageField
              kind="banner"
              label={t('brand.banner')}
              value={values.brand.bannerUrl}
              onChange={(bannerUrl) => setBrand('bannerUrl', bannerUrl)}
              onBlur={url('bannerUrl')}
              error={errors['brand.bannerUrl']}
            />
          </CardContent>
        </Card>
      </div>
      <aside className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('brand.colours')}</CardTitle>
            <CardDescription>{t('brand.coloursText')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <ColorField
              label={t('brand.primary')}
              pickLabel={t('brand.pickPrimary')}
              clearLabel={t('brand.clearPrimary')}
              hint={t('brand.primaryHint')}
              value={values.brand.primaryColor}
              onChange={(color) => setBrand('primaryColor', color)}
              error={errors['brand.primaryColor']}
            />
            <ColorField
              label={t('brand.secondary')}
              pickLabel={t('brand.pickSecondary')}
              clearLabel={t('brand.clearSecondary')}
              hint={t('brand.secondaryHint')}
              value={values.brand.secondaryColor}
              onChange={(color) => setBrand('secondaryColor', color)}
              error={errors['brand.secondaryColor']}
            />
            <ContrastHint primary={values.brand.primaryColor} secondary={values.brand.secondaryColor} />
          </CardContent>
        </Card>
        <div className="space-y-3 lg:sticky lg:top-24">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          {submitted && Object.keys(errors).length > 0 && !failure ? (
            <p className="text-sm text-destructive" role="status">
              {t('brand.fix')}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={update.isPending}>
            {update.isPending ? t('actions.saving') : t('brand.save')}
          </Button>
        </div>
      </aside>
    </form>
  );
}

/** the team's name, company, logo, banner, website and colours (admins) */
export function BrandPage() {
  const { t } = useTranslation('teams');
  const { team } = useCurrentTeam();
  return (
    <section aria-labelledby="brand-title">
      <SectionHeader id="brand-title" title={t('brand.title')} description={t('brand.description')} />
      {team.data ? <BrandForm key={team.data.id} team={team.data} /> : null}
    </section>
  );
}
