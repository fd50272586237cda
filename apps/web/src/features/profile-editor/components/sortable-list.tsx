import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp, GripVertical, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** which control of an item takes the focus after a change */
type Control = 'field' | 'handle' | 'up' | 'down';

/** what a list holds: its items' names and what is announced are list.{kind}.* in the catalogue */
export type ListKind = 'block' | 'socialLink' | 'question' | 'link';

/** the position a list item moves to, from `from` to `to`; the list is returned unchanged otherwise */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export interface SortableList {
  /** what the list says to a screen reader after a move or a removal */
  announcement: string;
  /** the item as its controls name it: "block 2" */
  itemName: (index: number) => string;
  /** the item being dragged over, to show where it would land */
  dropIndex: number | null;
  move: (from: number, to: number, control: Control) => void;
  remove: (index: number) => void;
  /** the drop target props of an item */
  /** the item's props: where a dragged item lands */
  itemProps: (index: number) => {
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDragLeave: () => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
  };
  /** the drag handle's props: dragged with a pointer (the whole item shows as dragged), moved with the arrow keys */
  handleProps: (index: number) => {
    draggable: true;
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
}

/**
 * reordering and removing the items of an editor list by pointer (a drag handle) and by keyboard (the
 * handle's arrow keys, move up and move down buttons), keeping the focus on something sensible: the
 * moved item's control, or after a removal the next item (the previous one at the end, the add button
 * when none is left). `kind` says what the items are, in what is announced and in the controls' names.
 */
export function useSortableList<T>(
  items: readonly T[],
  onChange: (items: T[]) => void,
  kind: ListKind,
): {
  /** on the list element: its children are the items, in order */
  listRef: RefObject<HTMLOListElement | null>;
  /** on the control that adds an item: it takes the focus when the last item is removed */
  addRef: RefObject<HTMLButtonElement | null>;
  list: SortableList;
} {
  const { t } = useTranslation('editor');
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<{ index: number; control: Control } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  // after the list has re-rendered, the focus goes where the last change asked
  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    pending.current = null;
    const item = listRef.current?.children[want.index] as HTMLElement | undefined;
    if (!item) {
      addRef.current?.focus();
      return;
    }
    // a move button disabled at the new place (moved to the top) hands the focus to the other one
    const other = want.control === 'up' ? 'down' : want.control === 'down' ? 'up' : want.control;
    const control =
      item.querySelector<HTMLElement>(`[data-control="${want.control}"]:not(:disabled)`) ??
      item.querySelector<HTMLElement>(`[data-control="${other}"]:not(:disabled)`) ??
      item.querySelector<HTMLElement>('[data-control="handle"]') ??
      item.querySelector<HTMLElement>('input, textarea, button:not(:disabled)');
    control?.focus();
  });

  const move = (from: number, to: number, control: Control) => {
    if (to < 0 || to >= items.length || from === to) return;
    pending.current = { index: to, control };
    onChange(moveItem(items, from, to));
    setAnnouncement(t(`list.${kind}.moved`, { position: to + 1, total: items.length }));
  };

  const remove = (index: number) => {
    const rest = items.filter((_, i) => i !== index);
    pending.current =
      rest.length === 0
        ? { index: -1, control: 'field' }
        : { index: Math.min(index, rest.length - 1), control: 'field' };
    onChange(rest);
    setAnnouncement(t(`list.${kind}.removed`, { number: index + 1 }));
  };

  const list: SortableList = {
    announcement,
    itemName: (index) => t(`list.${kind}.name`, { number: index + 1 }),
    dropIndex,
    move,
    remove,
    itemProps: (index) => ({
      onDragOver: (event) => {
        if (dragged === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (dropIndex !== index) setDropIndex(index);
      },
      onDragLeave: () => setDropIndex((current) => (current === index ? null : current)),
      onDrop: (event) => {
        event.preventDefault();
        const from = dragged;
        setDragged(null);
        setDropIndex(null);
        if (from !== null) move(from, index, 'handle');
      },
    }),
    handleProps: (index) => ({
      draggable: true,
      onDragStart: (event) => {
        setDragged(index);
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
        const item = listRef.current?.children[index];
        if (item instanceof HTMLElement) event.dataTransfer.setDragImage(item, 24, 24);
      },
      onDragEnd: () => {
        setDragged(null);
        setDropIndex(null);
      },
      onKeyDown: (event) => {
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'handle');
        }
      },
    }),
  };
  return { listRef, addRef, list };
}

/** the drag handle, move up, move down and remove buttons of one item */
export function ItemControls({ list, index, count }: { list: SortableList; index: number; count: number }) {
  const { t } = useTranslation('editor');
  const name = list.itemName(index);
  return (
    // inline, so beside a floated legend it takes the rest of the line, or the next line when that is too short
    <div className="inline-flex items-center gap-1">
      <button
        type="button"
        data-control="handle"
        className="inline-flex size-9 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
        aria-label={t('list.reorder', { name })}
        title={t('list.drag')}
        {...list.handleProps(index)}
      >
        {/* the icon takes no pointer: a drag must start on the button itself */}
        <GripVertical className="pointer-events-none size-4" aria-hidden="true" />
      </button>
      <Button
        variant="ghost"
        size="icon"
        data-control="up"
        disabled={index === 0}
        onClick={() => list.move(index, index - 1, 'up')}
        aria-label={t('list.moveUp', { name })}
      >
        <ChevronUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        data-control="down"
        disabled={index === count - 1}
        onClick={() => list.move(index, index + 1, 'down')}
        aria-label={t('list.moveDown', { name })}
      >
        <ChevronDown aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive-soft"
        onClick={() => list.remove(index)}
        aria-label={t('list.removeNamed', { name })}
      >
        <Trash2 aria-hidden="true" />
        {t('list.remove')}
      </Button>
    </div>
  );
}

/** where a dragged item would land */
export function dropClass(list: SortableList, index: number): string {
  return cn(list.dropIndex === index && 'ring-2 ring-primary ring-offset-2');
}

/** what the list says after a move or a removal, read out without moving the focus */
export function ListAnnouncement({ list }: { list: SortableList }) {
  return (
    <p role="status" className="sr-only">
      {list.announcement}
    </p>
  );
}
