// npm run cluster: the cluster of docker-compose.yml as processes on loopback (cluster/cluster.mjs):
// two api replicas behind a small proxy, two analytics workers, redis, FerretDB and ClickHouse over
// HTTP (chDB), each with its own data directory under one run directory. Ctrl-C stops them all.
//   npm run cluster                         the proxy on http://127.0.0.1:8080
//   npm run cluster -- --port 0 --apis 3    a free port, three replicas
// flags: --port N (8080; 0 a free one), --apis N (2), --workers N (2), --dir PATH (the run directory,
// default .cache/cluster/<time>; an existing one is reused, so its data survives a restart).
// every other setting comes from the environment, as for the api and the worker (README).
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    dir: { type: 'string' },
  },
});
const count = (name, min) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number from ${min} (got "${values[name]}")`);
    process.exit(2);
  }
  return value;
};

let cluster;
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the proxy, the api replicas, the workers and the stores...`);
  await cluster?.stop();
  console.log('stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  cluster = await startCluster({
    port: count('port', 0),
    apis: count('apis', 1),
    workers: count('workers', 1),
    ...(values.dir ? { runDir: values.dir } : {}),
    onStatus: (line) => console.log(line),
  });
} catch (error) {
  console.error(`the cluster did not start: ${error.message}`);
  process.exit(1);
}
if (stopping) process.exit(0);
const rows = [
  ['proxy', cluster.url],
  ...cluster.apis.map((api) => [api.name, `${api.url}  metrics ${api.metricsUrl}  pid ${api.pid}`]),
  ...cluster.workers.map((worker) => [worker.name, `metrics ${worker.metricsUrl}  pid ${worker.pid}`]),
  ['redis', cluster.redisUrl],
  ['mongodb', `${cluster.mongoUrl} (FerretDB)`],
  ['clickhouse', `${cluster.clickhouseUrl} (chDB over http)`],
  ['logs', cluster.logDir],
];
console.log(
  `\nCardcraft cluster is running: open ${cluster.url}\n\n${rows.map(([name, what]) => `  ${name.padEnd(11)} ${what}`).join('\n')}\n\nCtrl-C stops it.`,
);
