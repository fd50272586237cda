import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cardcraft/contracts/languages';
import type { CardPageAssets, CardPageInput } from '@cardcraft/contracts/card-page';
import { cardPaths } from '@cardcraft/contracts/card-page';
import { normalizeTheme } from '@cardcraft/contracts/themes';
import { CARD_THEMES } from '@/components/public-card/components/card-theme';
import { MessageForm } from '@/components/public-card/components/message-form';
import { OwnerNotice } from '@/components/public-card/components/owner-notice';
import { ProfileCard } from '@/components/public-card/components/profile-card';
import { ProfileState } from '@/components/public-card/components/profile-state';
import { cardScriptTexts } from '@/i18n/card-translations';
import { cardHead, scriptSafeJson } from './card-head';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234f46e5'/%3E%3Crect x='7' y='10' width='18' height='12' rx='2.5' fill='none' stroke='white' stroke-width='2'/%3E%3C/svg%3E";

// without script the card's buttons are links and its form posts; nothing is tracked from here
const noTracking = () => undefined;

/** the id of the data the card's script reads its words from, when they are not English */
export const CARD_TEXTS_ID = 'card-texts';

function Document({
  assets,
  language,
  themeColor,
  head,
  children,
}: {
  assets: CardPageAssets;
  language: Language;
  themeColor: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        {head}
        <meta name="theme-color" content={themeColor} />
        <link rel="icon" href={FAVICON} />
        {/* the card's own stylesheet, built from its sources alone; the api checked that it cannot end the element */}
        <style dangerouslySetInnerHTML={{ __html: assets.style }} />
        {assets.script && language !== 'en' ? (
          // data, not script: what the card's script says, in the page's language
          <script
            type="application/json"
            id={CARD_TEXTS_ID}
            dangerouslySetInnerHTML={{ __html: scriptSafeJson(cardScriptTexts(language)) }}
          />
        ) : null}
        {assets.script ? <script type="module" src={assets.script} /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
}

/** the whole public page of a card, or of its dead ends: the same components as the web app's */
export function CardDocument({ input }: { input: CardPageInput }) {
  const { t } = useTranslation('card');
  if (input.state !== 'card') {
    const notFound = input.state === 'not-found';
    return (
      <Document
        assets={input.assets}
        language={input.language}
        themeColor="#020617"
        head={
          <>
            <title>{notFound ? t('state.notFoundTitle') : t('state.privateTitle')}</title>
            <meta name="robots" content="noindex" />
          </>
        }
      >
        <ProfileState kind={notFound ? 'not-found' : 'private'} />
      </Document>
    );
  }

  const { profile, viewer, outcome, baseUrl, assets, language } = input;
  const theme = CARD_THEMES[normalizeTheme(profile.theme)];
  const head = cardHead(profile, baseUrl, t);
  const paths = cardPaths(profile.handle, language);
  const isOwner = viewer === 'owner';
  const draft = !profile.publishedAtUtc;
  return (
    <Document
      assets={assets}
      language={language}
      themeColor={theme.themeColor}
      head={
        <>
          <title>{head.title}</title>
          <meta name="description" content={head.description} />
          <link rel="canonical" href={head.url} />
          {head.alternates.map(({ language: alternate, url }) => (
            <link key={alternate} rel="alternate" hrefLang={alternate} href={url} />
          ))}
          {draft ? <meta name="robots" content="noindex" /> : null}
          <meta property="og:type" content="profile" />
          <meta property="og:site_name" content="Cardcraft" />
          <meta property="og:title" content={head.title} />
          <meta property="og:description" content={head.description} />
          <meta property="og:url" content={head.url} />
          {head.image ? <meta property="og:image" content={head.image} /> : null}
          {head.imageSize ? (
            <>
              <meta property="og:image:width" content={String(head.imageSize.width)} />
              <meta property="og:image:height" content={String(head.imageSize.height)} />
            </>
          ) : null}
          <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
          <meta name="twitter:title" content={head.title} />
          <meta name="twitter:description" content={head.description} />
          {head.image ? <meta name="twitter:image" content={head.image} /> : null}
          {/* data, not script: the json is escaped so no text in it can end the element */}
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />
        </>
      }
    >
      <div data-card-page={profile.id} data-card-url={head.url}>
        <ProfileCard
          profile={profile}
          viewer={viewer}
          profileUrl={head.url}
          contactFileUrl={paths.contactFile}
          track={noTracking}
          notice={isOwner ? (cardTheme) => <OwnerNotice profile={profile} theme={cardTheme} /> : undefined}
          message={
            !isOwner && profile.allowMessages
              ? (cardTheme, className) => (
                  <MessageForm
                    theme={cardTheme}
                    className={className}
                    post={{ action: paths.message, profileId: profile.id }}
                    fields={profile.messageFields}
                    questions={profile.questions}
                    offersCardExchange={profile.offersCardExchange}
                    outcome={outcome}
                  />
                )
              : undefined
          }
        />
      </div>
    </Document>
  );
}
