// Bootstrap of the computer players' worker thread (see matchWorker.mjs for why tsx is registered).
import { register } from 'tsx/esm/api';

register();
await import('./botWorker.ts');
