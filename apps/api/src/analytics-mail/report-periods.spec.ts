import { untilNextTick } from './analytics-mail-schedule';
import { changeText } from './report-mail';
import { duePeriod } from './report-periods';
import { isSpike, lastWholeHour } from './traffic-alert.sender';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-tokens';
import { startOfDay } from './zoned-time';

describe('report periods in the owner’s zone', () => {
  it('finds local midnight across changes of clocks', () => {
    // Berlin: UTC+1 in winter, UTC+2 in summer (clocks change on 29 March and 25 October 2026)
    expect(startOfDay(2026, 3, 29, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay(2026, 3, 30, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDay(2026, 10, 26, 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfDay(2026, 11, 9, 'America/New_York').toISOString()).toBe('2026-11-09T05:00:00.000Z');
    expect(startOfDay(2026, 11, 9, 'Asia/Kolkata').toISOString()).toBe('2026-11-08T18:30:00.000Z');
    // Santiago skips midnight in September: the day starts at 01:00
    expect(startOfDay(2026, 9, 6, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('is due on a local Monday for the week before, a week of 167 hours when clocks go forward', () => {
    const period = duePeriod('weekly', new Date('2026-03-30T06:00:00Z'), 'Europe/Berlin')!;
    expect(period).toMatchObject({ key: 'report:weekly:2026-03-23', label: '23 – 29 March 2026' });
    expect(period.from.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(period.days).toHaveLength(7);
    // compared with the week before, in the zone
    expect(period.before.from.toISOString()).toBe('2026-03-15T23:00:00.000Z');
    expect(period.before.to.toISOString()).toBe('2026-03-22T22:59:59.999Z');
    // Sunday 23:30 UTC is Monday in Berlin: due; Monday 23:30 UTC is Tuesday there: not
    expect(duePeriod('weekly', new Date('2026-11-08T23:30:00Z'), 'Europe/Berlin')?.key).toBe(
      'report:weekly:2026-11-02',
    );
    expect(duePeriod('weekly', new Date('2026-11-09T23:30:00Z'), 'Europe/Berlin')).toBeNull();
    expect(duePeriod('weekly', new Date('2026-11-09T23:30:00Z'), 'UTC')?.key).toBe(
      'report:weekly:2026-11-02',
    );
    expect(duePeriod('weekly', new Date('2026-01-05T09:00:00Z'), 'UTC')?.label).toBe(
      '29 December 2025 – 4 January 2026',
    );
  });

  it('is due on the 1st for the month before, and never when off', () => {
    const period = duePeriod('monthly', new Date('2026-03-01T10:00:00Z'), 'UTC')!;
    expect(period).toMatchObject({ key: 'report:monthly:2026-02', label: 'February 2026' });
    expect(period.days).toHaveLength(28);
    // compared with the calendar month before: January's 31 days
    expect(period.before.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(period.before.to.toISOString()).toBe('2026-01-31T23:59:59.999Z');
    const january = duePeriod('monthly', new Date('2026-01-01T10:00:00Z'), 'Europe/Berlin')!;
    expect(january.key).toBe('report:monthly:2025-12');
    expect(january.before.from.toISOString()).toBe('2025-10-31T23:00:00.000Z');
    expect(january.before.to.toISOString()).toBe('2025-11-30T22:59:59.999Z');
    expect(duePeriod('monthly', new Date('2026-03-02T10:00:00Z'), 'UTC')).toBeNull();
    expect(duePeriod('off', new Date('2026-03-01T10:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('report and alert figures', () => {
  it('writes a change as a rounded percentage, or new', () => {
    expect(changeText(12, 10)).toBe('+20 %');
    expect(changeText(97, 100)).toBe('\u22123 %');
    expect(changeText(5, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('±0 %');
    expect(changeText(10, 10)).toBe('±0 %');
  });

  it('alerts at the multiple of the usual hour and ten visits, not below either', () => {
    expect(isSpike(12, 4, 3)).toBe(true);
    expect(isSpike(11, 4, 3)).toBe(false);
    expect(isSpike(3, 0, 2)).toBe(false);
    expect(isSpike(10, 0, 10)).toBe(true);
    expect(isSpike(9, 0.1, 2)).toBe(false);
  });

  it('looks at the last whole hour, and ticks five minutes past each hour', () => {
    expect(lastWholeHour(new Date('2026-11-16T11:05:00Z'))).toEqual({
      from: new Date('2026-11-16T10:00:00Z'),
      to: new Date('2026-11-16T10:59:59.999Z'),
    });
    expect(untilNextTick(Date.parse('2026-11-16T11:00:00Z'))).toBe(5 * 60_000);
    expect(untilNextTick(Date.parse('2026-11-16T11:05:00Z'))).toBe(3_600_000);
    expect(untilNextTick(Date.parse('2026-11-16T11:06:00Z'))).toBe(59 * 60_000);
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-hmac-signing';
  const userId = '0123456789abcdef01234567';

  it('names its owner and kind, and only with the secret that signed it', () => {
    const token = unsubscribeToken(secret, 'alert', userId);
    expect(readUnsubscribeToken(secret, token)).toEqual({ kind: 'alert', userId });
    expect(readUnsubscribeToken('another-secret-that-is-long-enough', token)).toBeNull();
    expect(readUnsubscribeToken(secret, token.replace(/^alert/, 'report'))).toBeNull();
    expect(readUnsubscribeToken(secret, token.replace(userId, '1123456789abcdef01234567'))).toBeNull();
    for (const bad of [undefined, null, 7, '', 'report', `${token}=`, [token]]) {
      expect(readUnsubscribeToken(secret, bad)).toBeNull();
    }
  });
});
