/** the card's outline while it loads: neutral, so no theme flashes before the real one */
export function CardSkeleton() {
  return (
    <div className="min-h-dvh bg-slate-950 px-4 pt-16" role="status" aria-live="polite">
      <span className="sr-only">Loading profile...</span>
      <div
        className="mx-auto max-w-xl animate-pulse overflow-hidden rounded-3xl border border-white/10 bg-white/[0.04]"
        aria-hidden="true"
      >
        <div className="h-40 bg-white/10 sm:h-52" />
        <div className="flex flex-col items-center px-6 pb-8">
          <div className="-mt-16 size-32 rounded-full border-4 border-slate-950 bg-white/15" />
          <div className="mt-5 h-8 w-52 rounded-full bg-white/15" />
          <div className="mt-3 h-4 w-64 rounded-full bg-white/10" />
          <div className="mt-6 flex gap-2">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="size-11 rounded-full bg-white/10" />
            ))}
          </div>
          <div className="mt-6 h-12 w-full rounded-full bg-white/15" />
        </div>
      </div>
    </div>
  );
}
