import { useTranslation } from 'react-i18next';
import { Link2, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { withScheme } from '@/lib/urls';
import { createSocialLink, type SocialLinkForm } from '../utils/profile-form';
import { cn } from '@/lib/utils';
import { EditorSection, EmptyList } from './editor-section';
import { LockedSection } from './locked-field';
import { dropClass, ItemControls, ListAnnouncement, useSortableList } from './sortable-list';

// the platforms' names, offered as the provider a card stores: not translated
const PLATFORMS = [
  'LinkedIn',
  'Twitter',
  'X',
  'GitHub',
  'Instagram',
  'Facebook',
  'YouTube',
  'TikTok',
  'Website',
];

export interface SocialLinksEditorProps {
  links: SocialLinkForm[];
  errors: Record<string, string>;
  onChange: (links: SocialLinkForm[]) => void;
  /** the team's template sets the links: shown, not edited */
  locked?: boolean;
}

export function SocialLinksEditor({ links, errors, onChange, locked = false }: SocialLinksEditorProps) {
  const { t } = useTranslation('editor');
  const title = t('social.title');
  const description = t('social.description');
  const { listRef, addRef, list } = useSortableList(links, onChange, 'socialLink');
  const update = (index: number, patch: Partial<SocialLinkForm>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));

  if (locked) {
    return (
      <LockedSection
        title={title}
        description={description}
        error={errors.socialLinks}
        empty={t('social.lockedEmpty')}
      >
        {links.map((link) => (
          <li key={link.id} className="flex justify-between gap-3 px-3 py-2">
            <span className="shrink-0 font-medium">{link.label || link.provider}</span>
            <span className="min-w-0 truncate text-muted-foreground">{link.url}</span>
          </li>
        ))}
      </LockedSection>
    );
  }

  return (
    <EditorSection
      title={title}
      description={description}
      error={errors.socialLinks}
      action={
        <Button
          ref={addRef}
          variant="outline"
          size="sm"
          onClick={() => onChange([...links, createSocialLink()])}
        >
          <Plus aria-hidden="true" />
          {t('social.add')}
        </Button>
      }
    >
      <ListAnnouncement list={list} />
      <datalist id="social-platforms">
        {PLATFORMS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {links.length === 0 ? (
        <EmptyList icon={Link2}>{t('social.empty')}</EmptyList>
      ) : (
        <ol ref={listRef} className="space-y-4">
          {links.map((link, index) => (
            <li
              key={link.id}
              className={cn(
                'rounded-lg border border-border bg-background/60 p-3 sm:p-4',
                dropClass(list, index),
              )}
              {...list.itemProps(index)}
            >
              <fieldset>
                <legend className="float-left mt-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {t('social.item', { number: index + 1 })}
                </legend>
                <div className="mb-3 text-right">
                  <ItemControls list={list} index={index} count={links.length} />
                </div>
                <div className="clear-both grid gap-4 sm:grid-cols-2">
                  <FormField label={t('social.platform')} error={errors[`socialLinks.${index}.provider`]}>
                    <Input
                      data-control="field"
                      list="social-platforms"
                      value={link.provider}
                      onChange={(e) => update(index, { provider: e.target.value })}
                    />
                  </FormField>
                  <FormField label={t('social.label')} error={errors[`socialLinks.${index}.label`]}>
                    <Input
                      placeholder={t('optional')}
                      value={link.label}
                      onChange={(e) => update(index, { label: e.target.value })}
                    />
                  </FormField>
                  <FormField
                    label={t('social.url')}
                    error={errors[`socialLinks.${index}.url`]}
                    className="sm:col-span-2"
                  >
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={link.url}
                      onChange={(e) => update(index, { url: e.target.value })}
                      onBlur={() => update(index, { url: withScheme(link.url) })}
                    />
                  </FormField>
                </div>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <div className="flex items-center gap-3">
                    <Switch
                      id={`link-highlight-${link.id}`}
                      checked={link.highlight}
                      onCheckedChange={(checked) => update(index, { highlight: checked })}
                    />
                    <label htmlFor={`link-highlight-${link.id}`} className="cursor-pointer text-sm">
                      {t('social.highlight')}
                    </label>
                  </div>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
    </EditorSection>
  );
}
