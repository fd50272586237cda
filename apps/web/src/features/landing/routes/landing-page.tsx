import { Link } from 'react-router-dom';
import {
  ArrowRight,
  ChartColumn,
  Check,
  Contact,
  Globe2,
  IdCard,
  QrCode,
  ShieldCheck,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { CardMockup } from '../components/card-mockup';

const FEATURES: { icon: LucideIcon; title: string; text: string; tint: string }[] = [
  {
    icon: IdCard,
    title: 'Digital business cards',
    text: 'One link with everything about you: contact details, social profiles, a bio and rich content blocks.',
    tint: 'from-indigo-500 to-violet-500',
  },
  {
    icon: ChartColumn,
    title: 'Advanced analytics',
    text: 'See views, unique visitors, locations, devices and engagement for every card, as it happens.',
    tint: 'from-fuchsia-500 to-pink-500',
  },
  {
    icon: Globe2,
    title: 'Global sharing',
    text: 'Share by link, QR code or your phone’s share sheet. Your card opens instantly, anywhere in the world.',
    tint: 'from-cyan-500 to-sky-500',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy controls',
    text: 'Decide what visitors see and what is collected: location, hashed IPs, identified viewers, messages.',
    tint: 'from-emerald-500 to-teal-500',
  },
  {
    icon: QrCode,
    title: 'Automatic QR codes',
    text: 'Every published card gets a crisp QR code, ready to print on a badge, a flyer or a slide.',
    tint: 'from-amber-500 to-orange-500',
  },
  {
    icon: Contact,
    title: 'vCard export',
    text: 'Visitors save you to their contacts in one tap, with your photo, company, links and notes.',
    tint: 'from-rose-500 to-red-500',
  },
];

const STATS = [
  { value: '50K+', label: 'Cards created' },
  { value: '2M+', label: 'Profile views' },
  { value: '150+', label: 'Countries' },
];

const THEMES = [
  {
    id: 'aurora',
    name: 'Aurora',
    text: 'Neon gradient',
    className: 'bg-[#07071a] text-white',
    accent: 'bg-linear-to-r from-cyan-300 via-violet-300 to-fuchsia-300',
    banner: 'bg-[linear-gradient(125deg,#6d28d9_0%,#c026d3_45%,#0891b2_100%)]',
  },
  {
    id: 'noir',
    name: 'Noir',
    text: 'Ultra minimal',
    className: 'bg-white text-black ring-1 ring-black',
    accent: 'bg-black',
    banner:
      'bg-black bg-[repeating-linear-gradient(135deg,rgba(255,255,255,0.16)_0_1px,transparent_1px_14px)]',
  },
  {
    id: 'solar',
    name: 'Solar',
    text: 'Warm spotlight',
    className: 'bg-[#fff8ef] text-stone-900',
    accent: 'bg-orange-700',
    banner: 'bg-[linear-gradient(135deg,#ea580c_0%,#f97316_40%,#fbbf24_100%)]',
  },
];

const primaryCta =
  'inline-flex h-12 items-center justify-center gap-2 rounded-full bg-slate-950 px-6 text-[15px] font-semibold text-white shadow-[0_12px_30px_-12px_rgba(79,70,229,0.8)] transition hover:bg-indigo-700';
const secondaryCta =
  'inline-flex h-12 items-center justify-center gap-2 rounded-full border border-slate-300 bg-white/80 px-6 text-[15px] font-semibold text-slate-900 backdrop-blur transition hover:border-slate-400 hover:bg-white';

/** / : the marketing page */
export function LandingPage() {
  return (
    <main className="overflow-x-clip bg-white text-slate-900">
      {/* hero */}
      <section className="relative isolate">
        <div
          className="absolute inset-0 -z-10 opacity-70"
          style={{
            backgroundImage:
              'linear-gradient(to right, rgba(15,23,42,0.06) 1px, transparent 1px), linear-gradient(to bottom, rgba(15,23,42,0.06) 1px, transparent 1px)',
            backgroundSize: '56px 56px',
            maskImage: 'radial-gradient(ellipse 80% 60% at 50% 0%, black 40%, transparent 100%)',
          }}
          aria-hidden="true"
        />
        <div
          className="absolute inset-0 -z-10"
          style={{
            backgroundImage:
              'radial-gradient(40rem 26rem at 15% 0%, rgba(129,140,248,0.28), transparent 70%), radial-gradient(34rem 24rem at 85% 10%, rgba(232,121,249,0.22), transparent 70%), radial-gradient(30rem 20rem at 60% 90%, rgba(34,211,238,0.18), transparent 70%)',
          }}
          aria-hidden="true"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-16 px-5 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-10 lg:pt-24 lg:pb-28">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm backdrop-blur">
              <Sparkles className="size-4" aria-hidden="true" />
              Digital business cards with built-in analytics
            </p>
            <h1 className="mt-6 text-[2.6rem] leading-[1.05] font-bold tracking-tight text-balance text-slate-950 sm:text-6xl lg:text-[4.25rem]">
              Your Digital Identity,{' '}
              <span className="bg-linear-to-r from-indigo-600 via-fuchsia-600 to-orange-600 bg-clip-text text-transparent">
                Beautifully Crafted
              </span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-slate-600 lg:mx-0">
              Build a stunning card in minutes, share it with a link or a QR code, and see exactly who viewed
              it, from where, and what they did next.
            </p>
            <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Link to="/auth/register" className={primaryCta}>
                Get Started Free
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link to="/demo" className={secondaryCta}>
                View Demo
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
              {['Free to start', 'No app needed', 'Works on every phone'].map((item) => (
                <li key={item} className="inline-flex items-center gap-1.5">
                  <Check className="size-4 text-emerald-600" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <CardMockup />
        </div>
      </section>

      {/* statistics */}
      <section aria-label="Cardcraft in numbers" className="border-y border-slate-200 bg-slate-50/80">
        <dl className="mx-auto grid max-w-6xl grid-cols-3 divide-x divide-slate-200 px-2 sm:px-6">
          {STATS.map(({ value, label }) => (
            <div key={label} className="flex flex-col items-center gap-1 px-2 py-7 text-center sm:py-10">
              <dt className="order-2 text-sm font-medium text-slate-600">{label}</dt>
              <dd className="order-1 bg-linear-to-br from-slate-950 to-indigo-800 bg-clip-text text-3xl font-bold tracking-tight text-transparent sm:text-5xl">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {/* features */}
      <section className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28" aria-labelledby="features-title">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            Everything in one card
          </p>
          <h2
            id="features-title"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl"
          >
            Make a first impression that lasts
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Paper cards get lost. Yours keeps working long after the handshake.
          </p>
        </div>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text, tint }) => (
            <li
              key={title}
              className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
            >
              <span
                className={`inline-flex size-11 items-center justify-center rounded-xl bg-linear-to-br ${tint} text-white shadow-md`}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-950">{title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* themes */}
      <section className="bg-slate-950 py-20 text-white sm:py-28" aria-labelledby="themes-title">
        <div className="mx-auto max-w-6xl px-5 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-cyan-300 uppercase">
              Three themes · three layouts
            </p>
            <h2 id="themes-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              A card that looks like you
            </h2>
            <p className="mt-4 text-lg text-slate-300">
              Neon gradients, stark black and white or a warm spotlight: hero, compact or split, your call.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {THEMES.map((theme) => (
              <li key={theme.id}>
                <Link
                  to={`/demo?theme=${theme.id}`}
                  className="group block rounded-3xl border border-white/10 bg-white/[0.04] p-4 transition hover:border-white/25 hover:bg-white/[0.07]"
                >
                  <div
                    className={`overflow-hidden rounded-2xl ${theme.className} ${theme.id === 'noir' ? 'rounded-none' : ''}`}
                  >
                    <div className={`h-16 ${theme.banner}`} />
                    <div className="flex flex-col items-center px-4 pb-5">
                      <div
                        className={`-mt-7 size-14 rounded-full ring-4 ${theme.id === 'aurora' ? 'bg-linear-to-br from-violet-500 to-cyan-400 ring-[#07071a]' : theme.id === 'noir' ? 'bg-black ring-white' : 'bg-linear-to-br from-orange-300 to-amber-200 ring-white'}`}
                      />
                      <div className="mt-3 h-3 w-24 rounded-full bg-current opacity-80" />
                      <div className="mt-2 h-2 w-32 rounded-full bg-current opacity-30" />
                      <div
                        className={`mt-4 h-8 w-full ${theme.accent} ${theme.id === 'noir' ? '' : 'rounded-full'}`}
                      />
                    </div>
                  </div>
                  <div className="mt-4 flex items-center justify-between px-1">
                    <span>
                      <span className="block font-semibold">{theme.name}</span>
                      <span className="block text-sm text-slate-400">{theme.text}</span>
                    </span>
                    <span className="inline-flex items-center gap-1 text-sm font-medium text-cyan-300">
                      Preview{' '}
                      <ArrowRight
                        className="size-4 transition group-hover:translate-x-0.5"
                        aria-hidden="true"
                      />
                    </span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* how it works */}
      <section className="mx-auto max-w-6xl px-5 py-20 sm:px-6 sm:py-28" aria-labelledby="steps-title">
        <h2
          id="steps-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
        >
          Live in three steps
        </h2>
        <ol className="mt-12 grid gap-5 md:grid-cols-3">
          {[
            ['Create', 'Add your details, links and content blocks. Pick a theme and a layout.'],
            ['Publish', 'Go live at your own address and download your QR code.'],
            ['Grow', 'Watch views, locations and saves come in, and answer the messages you receive.'],
          ].map(([title, text], index) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-indigo-50 text-sm font-bold text-indigo-700">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-950">{title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* final call to action */}
      <section className="px-5 pb-20 sm:px-6 sm:pb-28">
        <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-linear-to-br from-indigo-700 via-violet-700 to-fuchsia-700 px-6 py-16 text-center text-white shadow-2xl sm:px-12">
          <div
            className="absolute inset-0 -z-10 opacity-40"
            style={{
              backgroundImage:
                'radial-gradient(30rem 16rem at 10% 0%, rgba(34,211,238,0.6), transparent 70%), radial-gradient(26rem 16rem at 90% 100%, rgba(251,146,60,0.5), transparent 70%)',
            }}
            aria-hidden="true"
          />
          <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Ready to make your mark?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
            Join thousands of professionals who share smarter with Cardcraft.
          </p>
          <Link
            to="/auth/register"
            className="mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-full bg-white px-7 text-[15px] font-semibold text-indigo-800 shadow-lg transition hover:bg-indigo-50"
          >
            Create Your Card Now
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} Cardcraft · Digital business cards, beautifully crafted
      </footer>
    </main>
  );
}
