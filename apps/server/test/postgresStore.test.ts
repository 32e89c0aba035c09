import { afterAll, beforeAll } from 'vitest';
import { PostgresServer } from '../src/cluster/postgresServer.ts';
import { PostgresStore } from '../src/store/postgresStore.ts';
import { describeFencing } from './storeFencing.ts';
import { testPort } from './helpers.ts';

/** Debian's PostgreSQL on a spare port (`npm test` installs it when missing). */
let server: PostgresServer;
beforeAll(async () => {
  server = await PostgresServer.start(testPort(47401));
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

let databases = 0;
describeFencing('PostgreSQL', async () =>
  PostgresStore.open(await server.database(`fencing_${++databases}`)),
);
