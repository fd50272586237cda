/** what a chart's frame shows when the period has no visits */
export function ChartEmpty() {
  return (
    <div className="flex h-full items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-muted-foreground">
      No visits in this period yet
    </div>
  );
}
