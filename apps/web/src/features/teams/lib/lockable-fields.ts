import type { LockableField } from '@cardcraft/contracts';

/**
 * each lockable field's label in the teams catalogue (templates.fields.*): the fields' paths hold dots,
 * which i18next reads as nesting. English says what contracts' LOCKABLE_FIELDS says
 */
export const LOCKABLE_FIELD_KEYS: Record<LockableField, string> = {
  tagline: 'tagline',
  bio: 'bio',
  theme: 'theme',
  layout: 'layout',
  'contact.email': 'email',
  'contact.phoneNumber': 'phoneNumber',
  'contact.company': 'company',
  'contact.location': 'location',
  'contact.website': 'website',
  'media.avatarUrl': 'avatar',
  'media.bannerUrl': 'banner',
  privacy: 'privacy',
  'privacy.questions': 'questions',
  socialLinks: 'socialLinks',
  blocks: 'blocks',
};
