import { Download, Eye, MapPin, QrCode, Share2, TrendingUp } from 'lucide-react';

const BARS = [38, 52, 44, 68, 60, 84, 76];

function Dot({ className }: { className: string }) {
  return <span className={`inline-block size-2 rounded-full ${className}`} aria-hidden="true" />;
}

/** a phone showing a card in the aurora theme, with the dashboard's numbers floating around it */
export function CardMockup() {
  return (
    <div className="relative mx-auto w-full max-w-[22rem]" aria-hidden="true">
      <div className="absolute -inset-10 -z-10 rounded-full bg-linear-to-tr from-indigo-400/40 via-fuchsia-400/30 to-cyan-300/40 blur-3xl" />

      <div className="relative rounded-[2.75rem] border border-slate-900/10 bg-slate-950 p-2.5 shadow-[0_40px_100px_-30px_rgba(30,27,75,0.65)]">
        <div className="overflow-hidden rounded-[2.2rem] bg-[#07071a] text-white">
          <div className="relative h-28 bg-[linear-gradient(125deg,#6d28d9_0%,#c026d3_45%,#0891b2_100%)]">
            <div className="absolute top-3 left-1/2 h-5 w-24 -translate-x-1/2 rounded-full bg-black/70" />
          </div>
          <div className="flex flex-col items-center px-5 pb-6 text-center">
            <div className="relative -mt-11 flex size-22 items-center justify-center rounded-full bg-linear-to-br from-amber-200 via-pink-300 to-indigo-300 text-2xl font-bold text-indigo-950 ring-4 ring-[#07071a] shadow-[0_0_0_6px_rgba(167,139,250,0.35),0_0_40px_-4px_rgba(34,211,238,0.55)]">
              AM
            </div>
            <p className="mt-3 bg-linear-to-r from-white via-cyan-100 to-fuchsia-200 bg-clip-text text-xl font-bold tracking-tight text-transparent">
              Alex Morgan
            </p>
            <p className="mt-1 text-[13px] text-slate-300">Product designer · Northwind Studio</p>
            <p className="mt-1 inline-flex items-center gap-1 text-[11px] text-slate-400">
              <MapPin className="size-3" /> San Francisco, CA
            </p>
            <div className="mt-4 flex gap-2">
              {['in', 'X', 'gh', 'ig'].map((label) => (
                <span
                  key={label}
                  className="flex size-8 items-center justify-center rounded-full border border-white/15 bg-white/[0.06] text-[11px] font-semibold text-white"
                >
                  {label}
                </span>
              ))}
            </div>
            <div className="mt-5 flex w-full gap-2">
              <span className="flex h-10 flex-1 items-center justify-center gap-1.5 rounded-full bg-linear-to-r from-cyan-300 via-violet-300 to-fuchsia-300 text-[13px] font-semibold text-slate-950">
                <Download className="size-3.5" /> Save Contact
              </span>
              <span className="flex size-10 items-center justify-center rounded-full border border-white/15 bg-white/[0.06]">
                <Share2 className="size-3.5" />
              </span>
            </div>
            <div className="mt-4 w-full rounded-2xl border border-white/10 bg-white/[0.045] p-3 text-left">
              <p className="text-[10px] font-semibold tracking-[0.2em] text-cyan-300 uppercase">
                More About Me
              </p>
              <p className="mt-1.5 text-[13px] font-semibold">Let&apos;s collaborate</p>
              <p className="text-[11px] text-slate-400">Schedule a quick intro meeting</p>
            </div>
          </div>
        </div>
      </div>

      <div className="absolute top-60 -left-16 hidden w-44 lg:-left-24 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-xl backdrop-blur sm:block">
        <p className="flex items-center gap-1.5 text-[11px] font-medium text-slate-600">
          <Eye className="size-3.5 text-indigo-600" /> Profile views
        </p>
        <p className="mt-1 flex items-baseline gap-1.5">
          <span className="text-xl font-bold text-slate-900">1,284</span>
          <span className="inline-flex items-center text-[11px] font-semibold text-emerald-700">
            <TrendingUp className="mr-0.5 size-3" />
            24%
          </span>
        </p>
        <div className="mt-2 flex h-8 items-end gap-1">
          {BARS.map((h, i) => (
            <span
              key={i}
              className="flex-1 rounded-sm bg-linear-to-t from-indigo-500 to-fuchsia-400"
              style={{ height: `${h}%` }}
            />
          ))}
        </div>
      </div>

      <div className="absolute -right-3 bottom-24 rounded-2xl border border-slate-200 bg-white/95 px-3 py-2.5 shadow-xl backdrop-blur sm:-right-14">
        <p className="flex items-center gap-2 text-[12px] font-semibold text-slate-900">
          <Dot className="bg-emerald-500" /> vCard saved
        </p>
        <p className="mt-0.5 text-[11px] text-slate-600">Berlin · iPhone · just now</p>
      </div>

      <div className="absolute -bottom-6 left-4 flex items-center gap-2.5 rounded-2xl border border-slate-200 bg-white/95 px-3 py-2.5 shadow-xl backdrop-blur sm:-left-10">
        <span className="flex size-9 items-center justify-center rounded-xl bg-slate-900 text-white">
          <QrCode className="size-5" />
        </span>
        <span>
          <span className="block text-[12px] font-semibold text-slate-900">QR code ready</span>
          <span className="block text-[11px] text-slate-600">cardcraft.app/u/alex</span>
        </span>
      </div>
    </div>
  );
}
