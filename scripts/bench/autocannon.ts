// The load client of every bench: autocannon, without decoding response bodies.
// autocannon 8 turns each body into a string (`body += chunk`, for `onResponse`/`verifyBody`,
// which no bench uses). On a 24-100 kB page that decoding took 75-86 % of the client's CPU and
// set the pace on these 2 cores (a cached gzip page: 3.2k req/s with the server half idle, 8.9k
// without it), so a big response measured the client. Bodies are still read off the socket and
// counted (throughput), as wrk does.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
Queue.prototype.addBody = () => {};

/** autocannon with bodies left undecoded: refuses the options that would read them. */
const load = (opts: autocannon.Options) => {
  const reads = opts.requests?.some((r) => r.onResponse) || 'verifyBody' in opts || 'expectBody' in opts;
  if (reads) throw new Error('scripts/bench/autocannon.ts: response bodies are not kept (see its comment)');
  return autocannon(opts);
};

export default load;
