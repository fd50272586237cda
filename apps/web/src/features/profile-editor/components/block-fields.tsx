import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Plus } from 'lucide-react';
import { parseBlockPayload, type BlockType } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { FormField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { resolveEmbed } from '@/components/public-card/lib/embed';
import { withScheme } from '@/lib/urls';
import { dropClass, ItemControls, ListAnnouncement, useSortableList } from './sortable-list';

type Payload = Record<string, unknown>;

const URL_INPUT = { type: 'url', inputMode: 'url', placeholder: 'https://' } as const;

function text(payload: Payload, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : '';
}

interface LinkItem {
  label: string;
  href: string;
}

function linksOf(payload: Payload): LinkItem[] {
  const list = payload.links;
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown) => {
    const record = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const href =
      typeof record.href === 'string' ? record.href : typeof record.url === 'string' ? record.url : '';
    return { label: typeof record.label === 'string' ? record.label : '', href };
  });
}

/** the payload as the Configuration JSON shows it */
export function payloadToJson(payload: Payload): string {
  return JSON.stringify(payload, null, 2);
}

/** whether the json is an object the fields can edit; anything else is edited as json only */
export function editablePayload(payloadJson: string): Payload | null {
  if (payloadJson.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(payloadJson);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? parseBlockPayload(payloadJson)
      : null;
  } catch {
    return null;
  }
}

/** the embed's address and what the card will show for it, with the player on demand */
function EmbedPreview({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('editor');
  const [shown, setShown] = useState<string | null>(null);
  const target = resolveEmbed(url.trim() || null);
  if (!url.trim()) return null;
  if (target.kind === 'invalid') {
    return <p className="text-xs font-medium text-destructive">{t('blockFields.notAnAddress')}</p>;
  }
  if (target.kind === 'link') {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
        {t('blockFields.notAPlayer')}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">{t('blockFields.plays', { provider: target.provider })}</p>
      {shown === target.src ? (
        <div className="overflow-hidden rounded-lg border border-border bg-black">
          <iframe
            src={target.src}
            title={t('blockFields.previewTitle', { title, provider: target.provider })}
            className="block aspect-video w-full border-0"
            allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          />
        </div>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setShown(target.src)}>
          {t('blockFields.showPreview')}
        </Button>
      )}
    </div>
  );
}

/** the links block's list: a label and a link each, added, removed and reordered */
function LinksList({
  links,
  blockName,
  onChange,
}: {
  links: LinkItem[];
  blockName: string;
  onChange: (links: LinkItem[]) => void;
}) {
  const { t } = useTranslation('editor');
  const { listRef, addRef, list } = useSortableList(links, onChange, 'link');
  const update = (index: number, patch: Partial<LinkItem>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <div className="space-y-3">
      <ListAnnouncement list={list} />
      {links.length > 0 ? (
        <ol ref={listRef} className="space-y-3">
          {links.map((link, index) => (
            // the links have no id of their own: their place is their identity while editing
            <li
              key={index}
              className={`rounded-md border border-border bg-surface p-3 ${dropClass(list, index)}`}
              {...list.itemProps(index)}
            >
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="sr-only">
                  {t('blockFields.linkLegend', { block: blockName, number: index + 1 })}
                </legend>
                <TextField
                  label={t('blockFields.linkLabel')}
                  data-control="field"
                  value={link.label}
                  onChange={(e) => update(index, { label: e.target.value })}
                />
                <TextField
                  label={t('blockFields.linkAddress')}
                  {...URL_INPUT}
                  value={link.href}
                  onChange={(e) => update(index, { href: e.target.value })}
                  onBlur={() => update(index, { href: withScheme(link.href) })}
                />
                <div className="sm:col-span-2 flex justify-end">
                  <ItemControls list={list} index={index} count={links.length} />
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : null}
      <Button
        ref={addRef}
        variant="outline"
        size="sm"
        onClick={() => onChange([...links, { label: '', href: '' }])}
      >
        <Plus aria-hidden="true" />
        {t('blockFields.addLink')}
      </Button>
    </div>
  );
}

/**
 * the fields of a block's payload by its type: label and link of a call to action, quote and author,
 * the embed's address with a preview, the links block's list. they write the Configuration JSON, which
 * stays the advanced view of the same payload.
 */
export function BlockFields({
  type,
  payload,
  title,
  blockName,
  onChange,
}: {
  type: BlockType;
  payload: Payload;
  title: string;
  blockName: string;
  onChange: (payload: Payload) => void;
}) {
  const { t } = useTranslation(['editor', 'card']);
  const set = (key: string, value: unknown) => onChange({ ...payload, [key]: value });
  // the hint is the one the card shows for an empty block: the card's words, in its catalogue
  const hint = t(`blocks.${type}`, { ns: 'card' });
  switch (type) {
    case 'cta':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('blockFields.buttonLabel')}
            placeholder={t('blockFields.buttonPlaceholder')}
            value={text(payload, 'ctaLabel')}
            onChange={(e) => set('ctaLabel', e.target.value)}
            hint={hint}
          />
          <TextField
            label={t('blockFields.buttonLink')}
            {...URL_INPUT}
            value={text(payload, 'ctaHref')}
            onChange={(e) => set('ctaHref', e.target.value)}
            onBlur={() => set('ctaHref', withScheme(text(payload, 'ctaHref')))}
            hint={t('blockFields.buttonLinkHint')}
          />
          <FormField label={t('blockFields.text')} className="sm:col-span-2" hint={t('blockFields.textHint')}>
            <Textarea rows={3} value={text(payload, 'body')} onChange={(e) => set('body', e.target.value)} />
          </FormField>
        </div>
      );
    case 'quote':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('blockFields.quote')} className="sm:col-span-2" hint={hint}>
            <Textarea
              rows={3}
              value={text(payload, 'quote')}
              onChange={(e) => set('quote', e.target.value)}
            />
          </FormField>
          <TextField
            label={t('blockFields.author')}
            placeholder={t('optional')}
            value={text(payload, 'author')}
            onChange={(e) => set('author', e.target.value)}
          />
        </div>
      );
    case 'embed':
      return (
        <div className="space-y-3">
          <TextField
            label={t('blockFields.embedUrl')}
            {...URL_INPUT}
            value={text(payload, 'embedUrl')}
            onChange={(e) => set('embedUrl', e.target.value)}
            onBlur={() => set('embedUrl', withScheme(text(payload, 'embedUrl')))}
            hint={hint}
          />
          <EmbedPreview url={text(payload, 'embedUrl')} title={title} />
        </div>
      );
    case 'links':
      return (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('blockFields.links')}</p>
          {linksOf(payload).length === 0 ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
          <LinksList
            links={linksOf(payload)}
            blockName={blockName}
            onChange={(links) => set('links', links)}
          />
        </div>
      );
  }
}
