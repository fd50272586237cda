import { useTranslation } from 'react-i18next';
import { LayoutTemplate, Plus, Wand2 } from 'lucide-react';
import { BLOCK_TYPES } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  applyBlockTypeChange,
  applySuggestedSettings,
  createBlock,
  isValidJson,
  type BlockForm,
} from '../utils/profile-form';
import { BlockFields, editablePayload, payloadToJson } from './block-fields';
import { EditorSection, EmptyList } from './editor-section';
import { LockedSection } from './locked-field';
import { OptionSelect } from './option-select';
import { dropClass, ItemControls, ListAnnouncement, useSortableList } from './sortable-list';

export interface BlocksEditorProps {
  blocks: BlockForm[];
  errors: Record<string, string>;
  onChange: (blocks: BlockForm[]) => void;
  /** the team's template sets the blocks: shown, not edited */
  locked?: boolean;
}

export function BlocksEditor({ blocks, errors, onChange, locked = false }: BlocksEditorProps) {
  const { t } = useTranslation('editor');
  const title = t('blocks.title');
  const description = t('blocks.description');
  const typeLabel = (type: BlockForm['type']) => t(`blocks.types.${type}`);
  const options = BLOCK_TYPES.map((type) => ({ value: type, label: typeLabel(type) }));
  const { listRef, addRef, list } = useSortableList(blocks, onChange, 'block');
  const replace = (index: number, next: BlockForm) =>
    onChange(blocks.map((b, i) => (i === index ? next : b)));
  const edit = (index: number, field: 'title' | 'subtitle' | 'payloadJson', value: string) => {
    const block = blocks[index];
    replace(index, { ...block, [field]: value, touched: { ...block.touched, [field]: true } });
  };

  if (locked) {
    return (
      <LockedSection
        title={title}
        description={description}
        error={errors.blocks}
        empty={t('blocks.lockedEmpty')}
      >
        {blocks.map((block) => (
          <li key={block.id} className="flex justify-between gap-3 px-3 py-2">
            <span className="min-w-0 truncate font-medium">{block.title || t('blocks.untitled')}</span>
            <span className="shrink-0 text-muted-foreground">
              {typeLabel(block.type)}
              {block.visible ? '' : ` · ${t('blocks.hidden')}`}
            </span>
          </li>
        ))}
      </LockedSection>
    );
  }

  return (
    <EditorSection
      title={title}
      description={description}
      error={errors.blocks}
      action={
        <Button ref={addRef} variant="outline" size="sm" onClick={() => onChange([...blocks, createBlock()])}>
          <Plus aria-hidden="true" />
          {t('blocks.add')}
        </Button>
      }
    >
      <ListAnnouncement list={list} />
      {blocks.length === 0 ? (
        <EmptyList icon={LayoutTemplate}>{t('blocks.empty')}</EmptyList>
      ) : (
        <ol ref={listRef} className="space-y-4">
          {blocks.map((block, index) => {
            const jsonOk = isValidJson(block.payloadJson);
            const payload = editablePayload(block.payloadJson);
            const typeId = `block-type-${block.id}`;
            const payloadError = errors[`blocks.${index}.payloadJson`];
            return (
              <li
                key={block.id}
                className={cn(
                  'rounded-lg border border-border bg-background/60 p-3 sm:p-4',
                  dropClass(list, index),
                )}
                {...list.itemProps(index)}
              >
                <fieldset>
                  {/* the legend stays the fieldset's first child, which names the group; floated beside the controls */}
                  <legend className="float-left mt-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    {t('blocks.item', { number: index + 1 })} · {typeLabel(block.type)}
                  </legend>
                  <div className="mb-3 text-right">
                    <ItemControls list={list} index={index} count={blocks.length} />
                  </div>
                  <div className="clear-both grid gap-4 sm:grid-cols-2">
                    <FormField label={t('blocks.type')} id={typeId} error={errors[`blocks.${index}.type`]}>
                      <OptionSelect
                        value={block.type}
                        options={options}
                        onValueChange={(type) =>
                          replace(index, applyBlockTypeChange(block, type, block.touched))
                        }
                      />
                    </FormField>
                    <FormField label={t('blocks.blockTitle')} error={errors[`blocks.${index}.title`]}>
                      <Input
                        data-control="field"
                        value={block.title}
                        onChange={(e) => edit(index, 'title', e.target.value)}
                      />
                    </FormField>
                    <FormField
                      label={t('blocks.subtitle')}
                      error={errors[`blocks.${index}.subtitle`]}
                      className="sm:col-span-2"
                    >
                      <Input
                        placeholder={t('optional')}
                        value={block.subtitle}
                        onChange={(e) => edit(index, 'subtitle', e.target.value)}
                      />
                    </FormField>
                    <div className="sm:col-span-2">
                      {payload ? (
                        <BlockFields
                          type={block.type}
                          payload={payload}
                          title={block.title}
                          blockName={t('blocks.item', { number: index + 1 })}
                          onChange={(next) => edit(index, 'payloadJson', payloadToJson(next))}
                        />
                      ) : (
                        <p className="text-sm text-muted-foreground">{t('blocks.fixJson')}</p>
                      )}
                      {payloadError ? (
                        <p className="mt-2 text-xs font-medium text-destructive" role="alert">
                          {payloadError}
                        </p>
                      ) : null}
                    </div>
                    {/* the same payload as the fields above, for what they do not cover; open when it needs fixing */}
                    <details
                      className="group sm:col-span-2"
                      open={!payload || Boolean(payloadError) || undefined}
                    >
                      <summary className="cursor-pointer rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                        {t('blocks.advanced')}
                      </summary>
                      <FormField
                        label={t('blocks.json')}
                        className="mt-3"
                        error={jsonOk ? undefined : t('blocks.invalidJson')}
                      >
                        <Textarea
                          rows={6}
                          spellCheck={false}
                          className="font-mono text-xs"
                          value={block.payloadJson}
                          onChange={(e) => edit(index, 'payloadJson', e.target.value)}
                        />
                      </FormField>
                    </details>
                  </div>
                  <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                    <div className="flex items-center gap-3">
                      <Switch
                        id={`block-visible-${block.id}`}
                        checked={block.visible}
                        onCheckedChange={(visible) => replace(index, { ...block, visible })}
                      />
                      <label htmlFor={`block-visible-${block.id}`} className="cursor-pointer text-sm">
                        {t('blocks.visible')}
                      </label>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => replace(index, applySuggestedSettings(block))}
                    >
                      <Wand2 aria-hidden="true" />
                      {t('blocks.suggested')}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
    </EditorSection>
  );
}
