// Bootstrap of the match worker thread: a worker does not inherit the TypeScript loader the server
// (tsx) or the tests (vitest) run under, and Node's own type stripping cannot read all of @cards/rules.
import { register } from 'tsx/esm/api';

register();
await import('./matchWorker.ts');
