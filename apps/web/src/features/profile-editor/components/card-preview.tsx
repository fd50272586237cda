import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LAYOUTS, THEMES, type CardBrand } from '@cardcraft/contracts';
import { env } from '@/config/env';
import { useLanguage } from '@/i18n/use-language';
import { MessageForm } from '@/components/public-card/components/message-form';
import { ProfileCard } from '@/components/public-card/components/profile-card';
import { toPreviewProfile, type ProfileFormValues } from '../utils/profile-form';

/** the card is drawn at a phone's width, where most visitors open it, then scaled to the column */
export const PREVIEW_WIDTH = 390;
/** the frame's height before the card has been measured */
const INITIAL_HEIGHT = 720;

// the card page fills the screen (min-height 100dvh); in a frame sized to its content that would
// stop the frame from ever getting shorter, so the preview lets the card take its own height
const FRAME_STYLE = '[data-preview-card] > [data-layout] { min-height: 0; }';

// the frame's own standards-mode document. it is loaded, not written into the frame's first empty
// document: a document written that way never tells the browser it has finished loading, so the
// editor page itself would never look settled
const FRAME_DOCUMENT = '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';

const noTracking = () => undefined;

/**
 * the frame's document: the app's stylesheets, a language and a title, and a guard that keeps every
 * click inside: web links open in a new tab, everything else (save contact, share, mail, call, the
 * footer) does nothing, and the card's own handlers never run, so no event is counted
 */
function prepareFrame(doc: Document): HTMLElement {
  doc.documentElement.lang = document.documentElement.lang || 'en';
  // the page's rules are copied, not its <link>s: the frame fetches nothing of its own
  const rules = document.createElement('style');
  rules.textContent = Array.from(document.styleSheets, (sheet) => {
    try {
      return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
    } catch {
      return '';
    }
  }).join('\n');
  doc.head.appendChild(doc.importNode(rules, true));
  const style = doc.createElement('style');
  style.textContent = FRAME_STYLE;
  doc.head.appendChild(style);
  doc.body.style.margin = '0';
  const stop = (event: Event) => {
    const target = event.target as Element | null;
    const control = target && 'closest' in target ? target.closest('a, button, [role="button"]') : null;
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    // the card's own actions (save, share, mail, call) stay inert; its web links open in a new tab
    const href = control.hasAttribute('data-card-action') ? null : control.getAttribute('href');
    if (event.type === 'click' && href && /^https?:\/\//i.test(href)) {
      window.open(href, '_blank', 'noopener,noreferrer');
    }
  };
  doc.addEventListener('click', stop, true);
  doc.addEventListener('auxclick', stop, true);
  doc.addEventListener('submit', (event) => event.preventDefault(), true);
  // the card is drawn into this element, whose height is the card's own
  const mount = doc.createElement('div');
  mount.dataset.previewCard = '';
  doc.body.appendChild(mount);
  return mount;
}

/** the width of an element, followed as it changes */
function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * the live preview: the real public card, as its owner sees it, from the form's current values.
 * a team card shows its team's brand. it lives in a frame so the card gets a phone-sized screen of its own (its breakpoints, its docked
 * action bar and its landmarks stay inside), then the frame is scaled down to the column's width.
 */
export function CardPreview({
  values,
  brand = null,
}: {
  values: ProfileFormValues;
  brand?: CardBrand | null;
}) {
  const { t } = useTranslation('editor');
  const language = useLanguage();
  const captionId = useId();
  const profile = useMemo(() => toPreviewProfile(values, t, undefined, brand), [values, t, brand]);
  const boxRef = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const boxWidth = useWidth(boxRef);
  const scale = boxWidth ? Math.min(1, boxWidth / PREVIEW_WIDTH) : 1;
  const frameTitle = t('preview.frameTitle', { name: profile.displayName });

  // the frame's first, empty document is used at once; when FRAME_DOCUMENT has loaded in its place
  // (a browser does that a moment later; jsdom never does), the card moves there
  const attachedDoc = useRef<Document | null>(null);
  const attach = useCallback((frame: HTMLIFrameElement | null) => {
    const doc = frame?.contentDocument;
    if (!doc?.body || attachedDoc.current === doc) return;
    attachedDoc.current = doc;
    setMount(prepareFrame(doc));
  }, []);

  useEffect(() => {
    // the frame's document keeps the card's name as its title, for the accessibility tree, and the
    // language the card is drawn in
    if (!attachedDoc.current) return;
    attachedDoc.current.title = frameTitle;
    attachedDoc.current.documentElement.lang = language;
  }, [mount, frameTitle, language]);

  // the frame is as tall as the card, so the preview never scrolls inside itself
  useEffect(() => {
    const view = mount?.ownerDocument.defaultView;
    if (!mount || !view || typeof view.ResizeObserver === 'undefined') return;
    const measure = () => setHeight(Math.max(1, Math.ceil(mount.getBoundingClientRect().height)));
    const observer = new view.ResizeObserver(measure);
    observer.observe(mount);
    measure();
    return () => observer.disconnect();
  }, [mount]);

  const themeLabel = THEMES.find((t) => t.value === values.theme)?.label ?? values.theme;
  const layoutLabel = LAYOUTS.find((l) => l.value === values.layout)?.label ?? values.layout;

  return (
    <figure
      className="overflow-hidden rounded-(--radius-card) border border-border bg-surface shadow-xs"
      aria-labelledby={captionId}
      data-testid="card-preview"
    >
      <figcaption className="flex items-baseline justify-between gap-3 border-b border-border px-4 py-3">
        <span id={captionId} className="font-semibold">
          {t('preview.caption')}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {themeLabel} · {layoutLabel} ·{' '}
          {values.published ? t('publication.published') : t('publication.draft')}
        </span>
      </figcaption>
      <div
        ref={boxRef}
        className="relative mx-auto overflow-hidden"
        style={{ maxWidth: PREVIEW_WIDTH, height: height * scale }}
      >
        <iframe
          ref={attach}
          srcDoc={FRAME_DOCUMENT}
          onLoad={(event) => attach(event.currentTarget)}
          title={frameTitle}
          className="absolute top-0 left-0 block border-0"
          style={{
            width: PREVIEW_WIDTH,
            height,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
          }}
        />
      </div>
      {mount
        ? createPortal(
            <>
              {/* a new image address starts the card's media afresh, so a failed half-typed one is forgotten */}
              <ProfileCard
                key={`${profile.media.avatarUrl ?? ''} ${profile.media.bannerUrl ?? ''}`}
                profile={profile}
                viewer="owner"
                profileUrl={`${env.appOrigin}/u/${profile.handle}`}
                track={noTracking}
                message={
                  profile.allowMessages && (profile.questions.length > 0 || profile.offersCardExchange)
                    ? (cardTheme, className) => (
                        <MessageForm
                          theme={cardTheme}
                          className={className}
                          fields={profile.messageFields}
                          questions={profile.questions}
                          offersCardExchange={profile.offersCardExchange}
                          // the form's line in the preview: what visitors see, and that nothing is sent from here
                          note={t('preview.formNote')}
                        />
                      )
                    : undefined
                }
              />
            </>,
            mount,
          )
        : null}
    </figure>
  );
}
