// the public card's rounds of npm run bench: raw node:http and the product in turn, the cpu each
// spends (all threads, from /proc), and what one counted view costs, split into serving it, recording
// it and storing it. every product round lasts until the store holds every view it answered, so its
// req/s is what the product sustains with every view stored.
import { awaitQuiet, cpuMeter } from './cpu.mjs';
import { combine, fixedRate, load } from './load.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * a load with the cpu this process (the load client) spent on it: the client shares the machine's
 * cores with the server it measures, so what it spends is what the server cannot have
 */
async function metered(work) {
  const meter = cpuMeter(process.pid);
  const result = await work();
  return { ...result, clientCpu: meter().total };
}

/**
 * one phase of the product, from a quiet process: the load, then the wait until the store holds the
 * views it was answered (stored: false for a phase that records none) and the process is quiet again
 * (the engine's merges of what the phase inserted done). cpu covers all of it, main thread and the
 * others apart.
 */
export async function productPhase(product, metrics, run, { stored = true, drainTimeoutMs }) {
  await awaitQuiet(product.pid);
  const rowsBefore = (await metrics.read()).rowsStored;
  const meter = cpuMeter(product.pid);
  const result = await run();
  // read right after the load: the histogram of the event loop's delay covers the load alone
  const { loopDelay } = await metrics.read();
  const drainMs = stored ? await metrics.awaitStored(rowsBefore + result.ok, drainTimeoutMs) : 0;
  const settledMs = stored ? await awaitQuiet(product.pid) : 0;
  const cpu = meter();
  return { ...result, cpu, loopDelay, drainMs, settledMs };
}

/**
 * raw, product and the product as a crawler in turn, `rounds` triples of `seconds` each, at
 * `connections`: each product round is measured against the raw and crawler rounds beside it, so a
 * machine whose speed drifts (a shared one) moves all three together
 */
export async function pageRounds({
  raw,
  product,
  metrics,
  requests,
  crawlerRequests,
  rounds,
  seconds,
  connections,
  drainTimeoutMs,
}) {
  const timed =
    (baseUrl, chosen = requests) =>
    () =>
      metered(() => load({ baseUrl, requests: chosen, connections, amount: 1_000_000, maxSeconds: seconds }));
  const rawRounds = [];
  const productRounds = [];
  const crawlerRounds = [];
  for (let round = 0; round < rounds; round++) {
    const rawMeter = cpuMeter(raw.pid);
    const rawRound = await timed(raw.baseUrl)();
    rawRounds.push({ ...rawRound, cpu: rawMeter() });
    const phase = await productPhase(product, metrics, timed(product.baseUrl), { drainTimeoutMs });
    // the requests over the time until the last of their views was stored
    const sustained = phase.requests / (phase.seconds + phase.drainMs / 1000);
    productRounds.push({ ...phase, sustained });
    crawlerRounds.push(
      await productPhase(product, metrics, timed(product.baseUrl, crawlerRequests), { stored: false }),
    );
  }
  return { rawRounds, productRounds, crawlerRounds };
}

/**
 * what a counted view costs, in microseconds of cpu: serving the kept page (a crawler's request,
 * which records nothing), recording the view (the main thread's cpu beyond serving: the event, the
 * queue, enrichment, serialisation) and storing it (every other thread's beyond serving: the
 * engine's parsing, insert and merges, node's helpers). raw: the baseline's cpu per request. each
 * figure is the median over the rounds, each round's taken against the crawler and raw rounds
 * beside it. the load client's cpu per answer gives the ceiling of the sustained ratio on `cores`
 * cores: the product and its client with every core busy, at this run's cpu per view and at
 * `goalRatio` times raw's.
 */
export function viewCost({ rawRounds, productRounds, crawlerRounds }, { cores, goalRatio }) {
  const pairs = productRounds.map((round, index) => {
    const crawler = crawlerRounds[index];
    const rawRound = rawRounds[index];
    const main = round.cpu.main / round.ok;
    const other = round.cpu.other / round.ok;
    const serveMain = crawler.cpu.main / crawler.requests;
    const serveOther = crawler.cpu.other / crawler.requests;
    const raw = rawRound.cpu.total / rawRound.requests;
    const clientPage = round.clientCpu / round.requests;
    return {
      clientRaw: rawRound.clientCpu / rawRound.requests,
      clientPage,
      // every core busy with the product and its client: the most views a second the machine could
      // answer and store at this cpu per view, against what raw node:http answered beside it
      ceiling: (cores * 1e6) / (main + other + clientPage) / rawRound.rps,
      // the same at the goal's cpu per view (goalRatio times raw's)
      ceilingAtGoal: (cores * 1e6) / (goalRatio * raw + clientPage) / rawRound.rps,
      raw,
      serveMain,
      serveOther,
      serve: serveMain + serveOther,
      record: main - serveMain,
      store: other - serveOther,
      total: main + other,
      ratio: (main + other) / raw,
    };
  });
  const middle = (pick) => median(pairs.map(pick));
  return {
    raw: middle((pair) => pair.raw),
    serveMain: middle((pair) => pair.serveMain),
    serveOther: middle((pair) => pair.serveOther),
    serve: middle((pair) => pair.serve),
    record: middle((pair) => pair.record),
    records: pairs.map((pair) => pair.record),
    store: middle((pair) => pair.store),
    total: middle((pair) => pair.total),
    ratio: middle((pair) => pair.ratio),
    ratios: pairs.map((pair) => pair.ratio),
    clientRaw: middle((pair) => pair.clientRaw),
    clientPage: middle((pair) => pair.clientPage),
    ceiling: middle((pair) => pair.ceiling),
    ceilingAtGoal: middle((pair) => pair.ceilingAtGoal),
    pairRatios: productRounds.map((round, index) => round.sustained / rawRounds[index].rps),
    sustainedRatio: median(productRounds.map((round, index) => round.sustained / rawRounds[index].rps)),
    page: combine(productRounds),
    rawPage: combine(rawRounds),
  };
}

/** an open load at `rate` requests a second: the tail a visitor sees when the product is not saturated */
export function fixedRateRound({ product, metrics, requests, rate, seconds, connections, drainTimeoutMs }) {
  return productPhase(
    product,
    metrics,
    () => fixedRate({ baseUrl: product.baseUrl, requests, rate, seconds, connections }),
    { drainTimeoutMs },
  );
}
