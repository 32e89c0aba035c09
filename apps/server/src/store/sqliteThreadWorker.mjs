// Bootstrap of the SQLite store's thread (see room/matchWorker.mjs for why tsx is registered).
import { register } from 'tsx/esm/api';

register();
await import('./sqliteThreadWorker.ts');
