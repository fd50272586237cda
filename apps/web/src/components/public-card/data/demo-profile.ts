import { BLOCK_TYPE_DEFINITIONS } from '@cardcraft/contracts/blocks';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';

// a drawn portrait, so the demo looks complete without loading anything from elsewhere
const avatar =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160">
      <defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#fde68a"/><stop offset="0.5" stop-color="#f9a8d4"/><stop offset="1" stop-color="#a5b4fc"/>
        </linearGradient>
      </defs>
      <rect width="160" height="160" fill="url(#bg)"/>
      <circle cx="80" cy="66" r="28" fill="#7c2d12" opacity="0.9"/>
      <path d="M52 62c0-20 13-32 28-32s28 12 28 32c-6-9-15-13-28-13s-22 4-28 13z" fill="#1c1917"/>
      <circle cx="80" cy="70" r="24" fill="#f5d0b5"/>
      <path d="M56 60c6-14 16-20 24-20s20 6 24 20c-8-6-16-8-24-8s-16 2-24 8z" fill="#1c1917"/>
      <circle cx="71" cy="72" r="2.6" fill="#1c1917"/><circle cx="89" cy="72" r="2.6" fill="#1c1917"/>
      <path d="M73 82c4 3 10 3 14 0" stroke="#9a3412" stroke-width="2.4" fill="none" stroke-linecap="round"/>
      <path d="M30 160c4-30 24-46 50-46s46 16 50 46z" fill="#312e81"/>
      <path d="M66 116l14 14 14-14" stroke="#e0e7ff" stroke-width="3" fill="none"/>
    </svg>`,
  );

/** the demo card's sample data; the demo only ever shows the guest view */
export const DEMO_PROFILE: PublicProfileResponse = {
  id: 'demo',
  ownerId: 'demo-owner',
  handle: 'alex-morgan',
  displayName: 'Alex Morgan',
  tagline: 'Product designer crafting calm, human software',
  bio: 'I help early-stage teams turn fuzzy ideas into products people love. Ten years across fintech, health and developer tools. Currently leading design at Northwind Studio.',
  published: true,
  publishedAtUtc: '2026-01-15T09:00:00.000Z',
  theme: 'aurora',
  layout: 'neon',
  contact: {
    email: 'alex@northwind.example',
    phoneNumber: '+1 (415) 555-0132',
    company: 'Northwind Studio',
    location: 'San Francisco, CA',
    website: 'https://alexmorgan.example',
  },
  media: { avatarUrl: avatar, bannerUrl: null, ogImageUrl: null },
  allowMessages: true,
  messageFields: { name: 'optional', phone: 'off', company: 'off' },
  questions: [],
  offersCardExchange: false,
  ownerSeesVisitorNames: false,
  socialLinks: [
    { provider: 'LinkedIn', label: null, url: 'https://www.linkedin.com/in/alex-morgan', highlight: true, order: 0 },
    { provider: 'Twitter', label: null, url: 'https://x.com/alexmorgan', highlight: false, order: 1 },
    { provider: 'GitHub', label: null, url: 'https://github.com/alexmorgan', highlight: false, order: 2 },
    { provider: 'Instagram', label: null, url: 'https://www.instagram.com/alexmorgan', highlight: false, order: 3 },
    { provider: 'Dribbble', label: null, url: 'https://dribbble.com/alexmorgan', highlight: false, order: 4 },
  ],
  blocks: [
    {
      id: 'demo-cta',
      type: 'cta',
      title: BLOCK_TYPE_DEFINITIONS.cta.defaultTitle,
      subtitle: BLOCK_TYPE_DEFINITIONS.cta.defaultSubtitle,
      payloadJson: JSON.stringify({
        ctaLabel: 'Book a 20-minute intro',
        ctaHref: 'https://cal.com/',
        body: 'Working on something new? Pick a slot and tell me what you are building: I reply to every request within a day.',
      }),
      visible: true,
      order: 0,
    },
    {
      id: 'demo-quote',
      type: 'quote',
      title: BLOCK_TYPE_DEFINITIONS.quote.defaultTitle,
      subtitle: null,
      payloadJson: JSON.stringify({
        quote: 'Alex has a rare gift for making complex products feel effortless. Our activation rate doubled after the redesign.',
        author: 'Priya Shah, CEO at Lumen Health',
      }),
      visible: true,
      order: 1,
    },
    {
      id: 'demo-links',
      type: 'links',
      title: BLOCK_TYPE_DEFINITIONS.links.defaultTitle,
      subtitle: null,
      payloadJson: JSON.stringify({
        links: [
          { label: 'Selected work 2020-2026', href: 'https://alexmorgan.example/work' },
          { label: 'Designing for trust (talk)', href: 'https://alexmorgan.example/talks/trust' },
          { label: 'Newsletter: Calm Software', href: 'https://alexmorgan.example/newsletter' },
        ],
      }),
      visible: true,
      order: 2,
    },
  ],
  viewerType: 'guest',
  isOwner: false,
  brand: null,
};
