import { createGameServer } from './app.ts';
import { parseOrigins } from './cors.ts';

const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST ?? '127.0.0.1';
const allowTestSeeds = process.env.ALLOW_TEST_SEEDS === '1';
// Behind N reverse proxies you run (TRUST_PROXY=N): count the per-address limits by the address
// the outermost proxy appended to X-Forwarded-For (see README).
const proxyHops = Number(process.env.TRUST_PROXY ?? 0);
if (!Number.isInteger(proxyHops) || proxyHops < 0)
  throw new Error('TRUST_PROXY must be the number of reverse proxies in front (0, 1, 2, …).');
const allowedOrigins = parseOrigins(process.env.ALLOWED_ORIGINS);

const server = createGameServer({ allowTestSeeds, proxyHops, allowedOrigins, handleSignals: true });
await server.listen(port, host);
console.log(
  `Card table server listening on http://${host}:${port}${allowTestSeeds ? ' (test seeds allowed)' : ''}`,
);
