/**
 * reads that arrive while others run are read together, in one query. an embedded ClickHouse (chdb)
 * pays a fixed price a query before it reads a row (parts, columns, a granule each), so eight owners
 * reading their dashboards at once pay it eight times; one query for eight cards costs little more
 * than one (docs/decisions/010-coalesced-reads.md). nothing waits on a timer: an idle store reads a request at once, alone; only what queues
 * behind a running read is grouped.
 */
export interface CoalescedReadsOptions<Req, Res> {
  /** reads a group at once: one answer per request, in order */
  readTogether(requests: Req[]): Promise<Res[]>;
  /** reads one request by itself (a group of one, and each request of a group that failed) */
  readAlone(request: Req): Promise<Res>;
  /** false when the request cannot join this group (it would change what another one reads) */
  fits(request: Req, group: readonly Req[]): boolean;
  /** groups read at the same time: 1 for chdb, more for a server that runs queries in parallel */
  concurrency: number;
  /** requests in one group at most */
  maxGroup: number;
}

interface Waiting<Req, Res> {
  request: Req;
  resolve(value: Res): void;
  reject(error: unknown): void;
}

/** a request of a card another request of the group already reads */
export const sameCard = (profileId: string, group: readonly { profileId: string }[]) =>
  group.some((other) => other.profileId === profileId);

/**
 * reads answered by one query a group (`readGroup`, an answer per request in order; alone, a group of
 * one), one request a card in a group: two of one card could claim the same rows
 */
export function readsOfCards<Req extends { profileId: string }, Res>(
  readGroup: (requests: Req[]) => Promise<Res[]>,
  empty: () => Res,
  concurrency: number,
  maxGroup: number,
): CoalescedReads<Req, Res> {
  return new CoalescedReads({
    readTogether: readGroup,
    readAlone: async (request) => (await readGroup([request]))[0] ?? empty(),
    fits: (request, group) => !sameCard(request.profileId, group),
    concurrency,
    maxGroup,
  });
}

export class CoalescedReads<Req, Res> {
  private queue: Waiting<Req, Res>[] = [];
  private running = 0;

  constructor(private readonly options: CoalescedReadsOptions<Req, Res>) {}

  read(request: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const group = this.takeGroup();
      this.running += 1;
      void this.run(group).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  /** the oldest request, and those behind it that fit with it, oldest first */
  private takeGroup(): Waiting<Req, Res>[] {
    const group: Waiting<Req, Res>[] = [];
    const requests: Req[] = [];
    const rest: Waiting<Req, Res>[] = [];
    for (const waiting of this.queue) {
      if (
        group.length === 0 ||
        (group.length < this.options.maxGroup && this.options.fits(waiting.request, requests))
      ) {
        group.push(waiting);
        requests.push(waiting.request);
      } else {
        rest.push(waiting);
      }
    }
    this.queue = rest;
    return group;
  }

  private async run(group: Waiting<Req, Res>[]): Promise<void> {
    const [only] = group;
    if (group.length === 1 && only) {
      await this.options.readAlone(only.request).then(only.resolve, only.reject);
      return;
    }
    let answers: Res[];
    try {
      answers = await this.options.readTogether(group.map((g) => g.request));
    } catch {
      // one request's bad value must not fail the others: each is read again by itself, and only
      // the one at fault fails
      await Promise.all(group.map((g) => this.options.readAlone(g.request).then(g.resolve, g.reject)));
      return;
    }
    group.forEach((g, i) => g.resolve(answers[i] as Res));
  }
}
