import type {
  CardTemplateInputDto,
  LockableField,
  TeamBrandResponse,
  TemplateContent,
} from '@cardcraft/contracts';
import {
  emptyProfileValues,
  profileToFormValues,
  toProfileInput,
  type ProfileFormValues,
} from './profile-form';
import type { FieldErrors } from './profile-fields';

/** a template in the editor: the card's own form (its handle, name and publication unused) */
export function templateToFormValues(content: TemplateContent): ProfileFormValues {
  return profileToFormValues({ ...content, handle: '', displayName: '', published: false });
}

/** a new template starts with the team's company, website and banner */
export function newTemplateValues(brand: TeamBrandResponse | undefined): ProfileFormValues {
  const empty = emptyProfileValues();
  return {
    ...empty,
    contact: { ...empty.contact, company: brand?.companyName ?? '', website: brand?.website ?? '' },
    media: { ...empty.media, bannerUrl: brand?.bannerUrl ?? '' },
  };
}

/** the body of POST and PUT: the card's content as the card editor sends it, without what is the holder's */
export function toTemplateInput(
  name: string,
  values: ProfileFormValues,
  lockedFields: readonly LockableField[],
): CardTemplateInputDto {
  const { handle: _handle, displayName: _name, published: _published, ...content } = toProfileInput(values);
  return { name: name.trim(), content, lockedFields: [...lockedFields] };
}

/** the template's errors where the card editor's sections look for them ("content.tagline" → "tagline") */
export function templateErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^content\./, ''), message]),
  );
}
