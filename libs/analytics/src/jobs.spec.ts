import { buildJobHandlers, JobRegistryError } from './jobs';

describe('typed job names, checked at start-up', () => {
  const handler = async () => undefined;

  it('accepts exactly one handler per known job', () => {
    const handlers = buildJobHandlers([{ name: 'analytics.ingest-batch', handler }]);
    expect(handlers['analytics.ingest-batch']).toBe(handler);
  });

  it('refuses a missing, a duplicate and an unknown handler', () => {
    expect(() => buildJobHandlers([])).toThrow(JobRegistryError);
    expect(() =>
      buildJobHandlers([
        { name: 'analytics.ingest-batch', handler },
        { name: 'analytics.ingest-batch', handler },
      ]),
    ).toThrow(/two handlers/);
    expect(() =>
      buildJobHandlers([
        { name: 'analytics.ingest-batch', handler },
        { name: 'analytics.unknown', handler },
      ]),
    ).toThrow(/unknown job/);
  });
});
