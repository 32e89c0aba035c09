/**
 * One of the client processes of `pnpm bench room --client-processes N` (benchLoad.ts ForkedLoad):
 * runs its share of the simulated clients and answers the parent's requests over IPC, one at a time.
 */
import { InProcessLoad, type LoadAnswer, type LoadRequest, type LoadSetup } from './benchLoad.ts';

const setup = JSON.parse(process.argv[2] ?? '{}') as LoadSetup;
const load = new InProcessLoad(setup.config, setup.bare, setup.port);
const send = (answer: LoadAnswer) => process.send?.(answer);

async function handle(request: LoadRequest): Promise<void> {
  switch (request.type) {
    case 'open':
      return void send({ type: 'open', ...(await load.open(request.tables, request.spectators)) });
    case 'totals':
      return void send({ type: 'totals', ...(await load.totals()) });
    case 'begin':
      await load.beginWindow();
      return void send({ type: 'begin' });
    case 'end':
      return void send({ type: 'end', ...(await load.endWindow()) });
    case 'close':
      await load.close();
      return void send({ type: 'close' });
  }
}

process.on('message', (request: LoadRequest) => {
  handle(request).catch((error: unknown) => {
    console.error('bench client process:', error);
    process.exit(1);
  });
});
// The parent disconnects once this process has left its tables; the SDK's sockets would keep it alive.
process.on('disconnect', () => process.exit(0));
