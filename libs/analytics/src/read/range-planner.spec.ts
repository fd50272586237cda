import {
  granularityOf,
  parseRange,
  planDays,
  planEdgeDays,
  planStoreSegments,
  previousRange,
  todayWindow,
  wholeDaysOf,
} from './range-planner';

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);
const span = (from: string, to: string) => ({ from: at(from), to: at(to) });

/**
 * a dashboard's "since Saturday noon" read at 15:00 on Tuesday 2026-03-10: the range starts inside
 * the 7th and ends today; the period before ends inside the 7th and starts inside the 4th
 */
const NOW = ms('2026-03-10T15:00:00Z');
const RANGE = parseRange('2026-03-07T12:00:00Z', '2026-03-10T15:00:00Z');
const BEFORE = previousRange(RANGE);

describe('periods and granularity', () => {
  it('compares with the period of the same length that ends a millisecond before the range', () => {
    expect(BEFORE).toEqual(span('2026-03-04T08:59:59.999Z', '2026-03-07T11:59:59.999Z'));
  });

  it('is hourly up to two days exactly, daily beyond', () => {
    expect(granularityOf(span('2026-03-08T15:00:00Z', '2026-03-10T15:00:00Z'))).toBe('hour');
    expect(granularityOf(span('2026-03-08T15:00:00Z', '2026-03-10T15:00:00.001Z'))).toBe('day');
    expect(granularityOf(RANGE)).toBe('day');
  });
});

describe('planDays', () => {
  it('reads the finished days inside a range as whole days, the first partial day and today apart', () => {
    expect(planDays(RANGE, NOW)).toEqual({
      wholeDays: ['2026-03-08', '2026-03-09'],
      partials: [
        span('2026-03-07T12:00:00Z', '2026-03-07T23:59:59.999Z'),
        span('2026-03-10T00:00:00Z', '2026-03-10T15:00:00Z'),
      ],
    });
    expect(planDays(BEFORE, NOW)).toEqual({
      wholeDays: ['2026-03-05', '2026-03-06'],
      partials: [
        span('2026-03-04T08:59:59.999Z', '2026-03-04T23:59:59.999Z'),
        span('2026-03-07T00:00:00Z', '2026-03-07T11:59:59.999Z'),
      ],
    });
  });

  it('has no partial part where the range starts and ends on day boundaries', () => {
    expect(planDays(span('2026-03-01T00:00:00Z', '2026-03-04T23:59:59.999Z'), NOW)).toEqual({
      wholeDays: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
      partials: [],
    });
  });

  it('never counts today or days to come as whole days', () => {
    // the whole of today and two days to come: one part read fresh, from today's midnight on
    expect(planDays(span('2026-03-08T00:00:00Z', '2026-03-12T23:59:59.999Z'), NOW)).toEqual({
      wholeDays: ['2026-03-08', '2026-03-09'],
      partials: [span('2026-03-10T00:00:00Z', '2026-03-12T23:59:59.999Z')],
    });
    // the day before midnight is today: nothing is finished in this range
    const lateNight = ms('2026-03-09T23:59:59.999Z');
    expect(planDays(span('2026-03-06T12:00:00Z', '2026-03-09T23:59:59.999Z'), lateNight).wholeDays).toEqual([
      '2026-03-07',
      '2026-03-08',
    ]);
  });

  it('reads a range with no whole day in it as it is', () => {
    const range = span('2026-03-05T12:00:00Z', '2026-03-06T11:59:59.999Z');
    expect(planDays(range, NOW)).toEqual({ wholeDays: [], partials: [range] });
  });
});

describe('todayWindow', () => {
  it('holds today in ten-minute steps, each once it ended two minutes ago', () => {
    expect(todayWindow(ms('2026-03-10T15:00:00Z'))).toEqual({
      start: ms('2026-03-10T00:00:00Z'),
      cutoff: ms('2026-03-10T14:50:00Z'),
      key: '2026-03-10@14:50',
    });
    expect(todayWindow(ms('2026-03-10T15:02:00Z')).cutoff).toBe(ms('2026-03-10T15:00:00Z'));
    expect(todayWindow(ms('2026-03-10T15:01:59.999Z')).cutoff).toBe(ms('2026-03-10T14:50:00Z'));
  });

  it('holds nothing of today in its first minutes: the step that ended belongs to yesterday', () => {
    expect(todayWindow(ms('2026-03-10T00:05:00Z'))).toEqual({
      start: ms('2026-03-10T00:00:00Z'),
      cutoff: ms('2026-03-10T00:00:00Z'),
      key: '2026-03-10@00:00',
    });
  });
});

describe('planEdgeDays', () => {
  const parts = [...planDays(RANGE, NOW).partials, ...planDays(BEFORE, NOW).partials];

  it('holds each day a part lies in once: a finished day from the hour before its earliest part, today up to its cutoff', () => {
    const plan = planEdgeDays(parts, NOW, -Infinity);
    const today = span('2026-03-10T00:00:00Z', '2026-03-10T14:49:59.999Z');
    expect(plan.days).toEqual([
      // the 7th's two parts: the earlier starts at its midnight
      {
        key: '2026-03-07',
        load: span('2026-03-07T00:00:00Z', '2026-03-07T23:59:59.999Z'),
        read: span('2026-03-07T00:00:00Z', '2026-03-07T23:59:59.999Z'),
        earliest: ms('2026-03-07T00:00:00Z'),
      },
      { key: '2026-03-10@14:50', load: today, read: today, earliest: ms('2026-03-10T00:00:00Z') },
      // a part from 08:59:59.999: read from 07:00, so a start that moves back within the hour finds it
      {
        key: '2026-03-04',
        load: span('2026-03-04T00:00:00Z', '2026-03-04T23:59:59.999Z'),
        read: span('2026-03-04T07:00:00Z', '2026-03-04T23:59:59.999Z'),
        earliest: ms('2026-03-04T08:59:59.999Z'),
      },
    ]);
    // the 7th is cut between the two periods: both halves are counted from the same held day
    expect(plan.parts).toEqual([
      {
        key: '2026-03-07',
        from: ms('2026-03-07T12:00:00Z'),
        to: ms('2026-03-07T23:59:59.999Z'),
        withTail: false,
      },
      { key: '2026-03-10@14:50', from: ms('2026-03-10T00:00:00Z'), to: NOW, withTail: true },
      {
        key: '2026-03-04',
        from: ms('2026-03-04T08:59:59.999Z'),
        to: ms('2026-03-04T23:59:59.999Z'),
        withTail: false,
      },
      {
        key: '2026-03-07',
        from: ms('2026-03-07T00:00:00Z'),
        to: ms('2026-03-07T11:59:59.999Z'),
        withTail: false,
      },
    ]);
    // today's events since the cutoff, to the day's end
    expect(plan.needsTail).toBe(true);
    expect(plan.tail).toEqual(span('2026-03-10T14:50:00Z', '2026-03-10T23:59:59.999Z'));
  });

  it('leaves to the store a day whose raw events the retention may have taken', () => {
    const plan = planEdgeDays(parts, NOW, ms('2026-03-05T00:00:00Z'));
    expect(plan.parts[2]).toBeNull();
    expect(plan.days.map((day) => day.key)).toEqual(['2026-03-07', '2026-03-10@14:50']);
  });

  it('leaves to the store a part that spans days or lies in days to come', () => {
    const plan = planEdgeDays(
      [
        span('2026-03-10T00:00:00Z', '2026-03-12T23:59:59.999Z'),
        span('2026-03-11T08:00:00Z', '2026-03-11T09:00:00Z'),
      ],
      NOW,
      -Infinity,
    );
    expect(plan.parts).toEqual([null, null]);
    expect(plan.days).toEqual([]);
    expect(plan.needsTail).toBe(false);
  });

  it('needs no tail for a part of today that ends before the cutoff', () => {
    const plan = planEdgeDays([span('2026-03-10T00:00:00Z', '2026-03-10T12:00:00Z')], NOW, -Infinity);
    expect(plan.parts[0]?.withTail).toBe(false);
    expect(plan.needsTail).toBe(false);
  });

  it('reads nothing held of today in its first minutes, only the tail', () => {
    const early = ms('2026-03-10T00:05:00Z');
    const plan = planEdgeDays([span('2026-03-10T00:00:00Z', '2026-03-10T00:05:00Z')], early, -Infinity);
    expect(plan.days).toEqual([
      { key: '2026-03-10@00:00', load: null, read: null, earliest: ms('2026-03-10T00:00:00Z') },
    ]);
    expect(plan.needsTail).toBe(true);
    expect(plan.tail).toEqual(span('2026-03-10T00:00:00Z', '2026-03-10T23:59:59.999Z'));
  });
});

describe('planStoreSegments', () => {
  const plans = [planDays(RANGE, NOW), planDays(BEFORE, NOW)];

  it('names the whole days of both periods once', () => {
    expect(wholeDaysOf([...plans, planDays(RANGE, NOW)])).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-05',
      '2026-03-06',
    ]);
  });

  it('asks the store for the parts not counted from held days, then one span over the days not cached', () => {
    // today could not be counted (its tail was too busy), the rest was; the 5th and the 8th are not cached
    const segments = planStoreSegments(
      plans,
      [
        [true, false],
        [true, true],
      ],
      ['2026-03-08', '2026-03-05'],
    );
    expect(segments).toEqual({
      ranges: [
        span('2026-03-10T00:00:00Z', '2026-03-10T15:00:00Z'),
        // the 6th, cached, comes along: one span is one query
        span('2026-03-05T00:00:00Z', '2026-03-08T23:59:59.999Z'),
      ],
      partials: [
        [null, 0],
        [null, null],
      ],
      wholeDays: 1,
    });
  });

  it('asks nothing when every part was counted and every day cached', () => {
    expect(
      planStoreSegments(
        plans,
        [
          [true, true],
          [true, true],
        ],
        [],
      ),
    ).toEqual({
      ranges: [],
      partials: [
        [null, null],
        [null, null],
      ],
      wholeDays: null,
    });
  });
});
