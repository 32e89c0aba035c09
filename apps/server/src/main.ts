import { createGameServer } from './app.ts';

const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST ?? '127.0.0.1';
const allowTestSeeds = process.env.ALLOW_TEST_SEEDS === '1';
// Behind a reverse proxy you run: count the per-address HTTP limits by the forwarded client address.
const trustProxy = process.env.TRUST_PROXY === '1';

// A client built elsewhere (the bundle bench serves an older build this way); default apps/client/dist.
const clientDist = process.env.CLIENT_DIST || undefined;

const server = createGameServer({ allowTestSeeds, trustProxy, clientDist, handleSignals: true });
await server.listen(port, host);
console.log(
  `Card table server listening on http://${host}:${port}${allowTestSeeds ? ' (test seeds allowed)' : ''}`,
);
