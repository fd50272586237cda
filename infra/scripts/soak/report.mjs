// what the soak prints: a row per process and minute as the run goes, and the verdict at its end,
// each goal judged against the first minute after the warm-up.

/** the goals, each with its reason */
export const GOALS = {
  // every buffer on the way is bounded: once warm, memory stays where it settled
  rssDrift: 0.1,
  heapDrift: 0.1,
  // sockets, files and pipes are given back: the fewest open in a minute moves by at most this after
  // the warm-up (the soak's own connections stay open for the whole run and do not move it). the
  // embedded engine's thread handles are judged apart: how many are open says how many of its
  // threads are at work, so none may outlive its thread
  fdsSpread: 5,
  staleThreadHandles: 0,
};

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const pct = (ratio) =>
  Number.isFinite(ratio)
    ? `${ratio > 0 ? '+' : ratio < 0 ? '−' : ''}${Math.abs(ratio * 100).toFixed(1)} %`
    : 'n/a';
const okOf = (counts) => `${counts.ok}/${counts.sent}`;

export const MINUTE_HEADER = [
  '| min | process | RSS MB | heap MB in use | heap MB alive | fds fewest–most | fds held | threads at most | loop p99 ms | views sent | views 2xx | view p99 ms | engagement 2xx/sent | messages 2xx/sent | dashboard reads 2xx/sent | failed | not stored yet |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
].join('\n');

/** minute `minute` (0-based): one row per process, its traffic (an api's) on the same row */
export function minuteRows({ minute, warmup, processes, backlog, traffic }) {
  const label = `${minute + 1}${minute < warmup ? ' (warm-up)' : ''}`;
  return Object.entries(processes).map(([name, figures], row) => {
    const served = traffic[name];
    const load = served
      ? [
          served.views.sent,
          served.views.ok,
          fmt(served.viewP99Ms),
          okOf(served.events),
          okOf(served.messages),
          okOf(served.reads),
          Object.entries(served.failed)
            .map(([what, count]) => `${what} ×${count}`)
            .join(', ') || '0',
        ]
      : ['', '', '', '', '', '', ''];
    // the backlog is the pipeline's, once a minute
    const behind = row === 0 ? backlog : '';
    return `| ${label} | ${name} | ${fmt(figures.rssMb)} | ${fmt(figures.heapMb)} | ${fmt(figures.heapLiveMb)} | ${figures.fds}–${figures.fdsMax} | ${figures.fdsHeld} | ${figures.threadsMax} | ${fmt(figures.loopP99Ms)} | ${load.join(' | ')} | ${behind} |`;
  });
}

/** the traffic of every minute and api added up */
export function totals(minutes) {
  const sum = { views: { sent: 0, ok: 0 }, events: { sent: 0, ok: 0 }, messages: { sent: 0, ok: 0 } };
  sum.reads = { sent: 0, ok: 0 };
  const failed = {};
  for (const { traffic } of minutes) {
    for (const served of Object.values(traffic)) {
      for (const kind of ['views', 'events', 'messages', 'reads']) {
        sum[kind].sent += served[kind].sent;
        sum[kind].ok += served[kind].ok;
      }
      for (const [what, count] of Object.entries(served.failed)) failed[what] = (failed[what] ?? 0) + count;
    }
  }
  return { ...sum, failed };
}

/**
 * the goals judged over the minutes after the warm-up (`minutes`: [{ processes: { name: figures } }]),
 * each process's figures relative to its first such minute; `counted`: the owners' count of views
 */
export function judge({ minutes, warmup, counted }) {
  const after = minutes.slice(warmup);
  const rows = [];
  for (const name of Object.keys(after[0].processes)) {
    const series = (field) => after.map((m) => m.processes[name][field]);
    // the change from the first minute that is furthest from it, with its sign (a drop misses too)
    const drift = (field) => {
      const values = series(field);
      // a process that stopped answering its readings fails the goal
      if (!values.every(Number.isFinite)) return NaN;
      return values
        .map((value) => value / values[0] - 1)
        .reduce((furthest, change) => (Math.abs(change) > Math.abs(furthest) ? change : furthest), 0);
    };
    const rss = drift('rssMb');
    const heap = drift('heapLiveMb');
    const fds = series('fdsHeld');
    const fdsSpread = Math.max(...fds) - Math.min(...fds);
    const stale = Math.max(...series('staleThreadHandles'));
    const threadHandles = series('fds').map((all, minute) => all - fds[minute]);
    // the kinds of descriptor that differ between the minutes with the fewest and the most
    const kindsAt = (count) => after[fds.indexOf(count)]?.processes[name].fdKindsHeld ?? {};
    const fewest = kindsAt(Math.min(...fds));
    const most = kindsAt(Math.max(...fds));
    const moved = Object.keys({ ...fewest, ...most })
      .filter((kind) => kind !== '/proc')
      .map((kind) => [kind, (most[kind] ?? 0) - (fewest[kind] ?? 0)])
      .filter(([, change]) => change !== 0)
      .map(([kind, change]) => `${kind} ${change > 0 ? '+' : ''}${change}`);
    const first = after[0].processes[name];
    rows.push(
      {
        goal: 'RSS within ±10 % of the first minute after the warm-up',
        process: name,
        measured: `${pct(rss)} (${fmt(first.rssMb)} MB → ${series('rssMb')
          .map((v) => fmt(v, 0))
          .join(', ')})`,
        pass: Math.abs(rss) <= GOALS.rssDrift,
      },
      {
        goal: 'heap alive (after a full collection) within ±10 % of the first minute after the warm-up',
        process: name,
        measured: `${pct(heap)} (${fmt(first.heapLiveMb)} MB → ${series('heapLiveMb')
          .map((v) => fmt(v, 0))
          .join(', ')}; in use, each minute's lowest: ${series('heapMb')
          .map((v) => fmt(v, 0))
          .join(', ')})`,
        pass: Math.abs(heap) <= GOALS.heapDrift,
      },
      {
        goal: `open fds flat (the minutes' fewest held, the engine's thread handles apart: max − min ≤ ${GOALS.fdsSpread})`,
        process: name,
        measured:
          `${fdsSpread} (${Math.min(...fds)} to ${Math.max(...fds)}` +
          `${moved.length ? `; ${moved.join(', ')}` : ''}; thread handles at the minutes' fewest ` +
          `${Math.min(...threadHandles)} to ${Math.max(...threadHandles)})`,
        pass: fdsSpread <= GOALS.fdsSpread,
      },
      {
        goal: 'no engine thread handle outlives its thread (in every reading)',
        process: name,
        measured: Number.isFinite(stale) ? `${stale} at most` : 'n/a',
        pass: stale <= GOALS.staleThreadHandles,
      },
    );
  }
  const sum = totals(minutes);
  rows.push({
    goal: 'every view answered 2xx and counted once',
    process: 'all',
    measured: `${sum.views.sent} sent, ${sum.views.ok} answered 2xx, ${counted} counted`,
    pass: sum.views.ok === sum.views.sent && counted === sum.views.ok,
  });
  const others = ['events', 'messages', 'reads'].map((kind) => sum[kind]);
  rows.push({
    goal: 'every engagement event, message and dashboard read answered 2xx',
    process: 'all',
    measured:
      `engagement ${okOf(sum.events)}, messages ${okOf(sum.messages)}, reads ${okOf(sum.reads)}` +
      (Object.keys(sum.failed).length ? `; failed: ${JSON.stringify(sum.failed)}` : ''),
    pass: others.every((counts) => counts.ok === counts.sent),
  });
  return rows;
}

export function verdictTable(rows) {
  return [
    '| goal | process | measured | verdict |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) => `| ${row.goal} | ${row.process} | ${row.measured} | ${row.pass ? 'pass' : 'FAIL'} |`,
    ),
  ].join('\n');
}

/** measured only, no goal: the worst minute after the warm-up, memory at rest (after the seeding) and at its peak */
export function measuredOnly({ minutes, warmup, rest, peak, peakSinceLoad }) {
  const after = minutes.slice(warmup);
  const lines = [];
  for (const name of Object.keys(after[0].processes)) {
    const loop = Math.max(...after.map((m) => m.processes[name].loopP99Ms).filter(Number.isFinite));
    const views = after.map((m) => m.traffic[name]?.viewP99Ms).filter(Number.isFinite);
    lines.push(
      `- ${name}: RSS at rest ${fmt(rest[name])} MB, peak (VmHWM` +
        `${peakSinceLoad ? ' since the load began' : ' since start, the seeding included'}) ${fmt(peak[name])} MB, ` +
        `peak ÷ rest ${fmt(peak[name] / rest[name], 2)}; worst loop p99 ${fmt(loop)} ms` +
        (views.length ? `; worst minute's view p99 ${fmt(Math.max(...views))} ms` : ''),
    );
  }
  return lines.join('\n');
}
