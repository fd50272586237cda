import { sampleEvent } from './testing/sample-events';
import { buildJobHandlers, eraseJobId, JobRegistryError, parseJob, runJob } from './jobs';

describe('typed job names, checked at start-up', () => {
  const handler = async () => undefined;
  const both = [
    { name: 'analytics.ingest-batch', handler },
    { name: 'analytics.erase-profile', handler },
  ];

  it('accepts exactly one handler per known job', () => {
    const handlers = buildJobHandlers(both);
    expect(handlers['analytics.ingest-batch']).toBe(handler);
    expect(handlers['analytics.erase-profile']).toBe(handler);
  });

  it('refuses a missing, a duplicate and an unknown handler', () => {
    expect(() => buildJobHandlers([])).toThrow(JobRegistryError);
    expect(() => buildJobHandlers([both[0]])).toThrow(/no handler for the job\(s\) analytics.erase-profile/);
    expect(() => buildJobHandlers([...both, both[0]])).toThrow(/two handlers/);
    expect(() => buildJobHandlers([...both, { name: 'analytics.unknown', handler }])).toThrow(/unknown job/);
  });
});

describe('jobs read back from a queue', () => {
  it('checks each payload by its job name and hands it to that handler', async () => {
    const seen: string[] = [];
    const handlers = buildJobHandlers([
      { name: 'analytics.ingest-batch', handler: async (batch: { id: string }) => void seen.push(batch.id) },
      {
        name: 'analytics.erase-profile',
        handler: async (erasure: { profileId: string }) => void seen.push(erasure.profileId),
      },
    ]);
    const batch = { id: 'b1', events: [sampleEvent({ profileId: 'p' })] };
    await runJob(handlers, parseJob('analytics.ingest-batch', JSON.parse(JSON.stringify(batch))));
    await runJob(handlers, parseJob('analytics.erase-profile', { profileId: 'p' }));
    expect(seen).toEqual(['b1', 'p']);
  });

  it('refuses an unknown job and an erase without a profile', () => {
    expect(() => parseJob('analytics.unknown', {})).toThrow(/unknown job/);
    expect(() => parseJob('analytics.erase-profile', {})).toThrow(/profileId/);
    expect(() => parseJob('analytics.erase-profile', null)).toThrow(/profileId/);
  });

  it('gives one profile one erase id', () => {
    expect(eraseJobId('p1')).toBe(eraseJobId('p1'));
    expect(eraseJobId('p1')).not.toBe(eraseJobId('p2'));
  });
});
