/**
 * The SQLite store's thread (SqliteThreadStore): runs each batch of calls on a SqliteStore in one
 * commit (groupCommit.ts) and answers them in one message once they are committed. 'close' closes
 * the database and ends the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runBatch } from './groupCommit.ts';
import { SqliteStore } from './sqliteStore.ts';
import type { StoreCall } from './batchedStore.ts';
import { answerOf } from './threadWire.ts';

const { file, checkpointer } = workerData as { file: string; checkpointer: boolean };
const store = new SqliteStore(file, { checkpointer });
const port = parentPort;
if (port === null) throw new Error('sqliteThreadWorker runs as a worker thread');

port.on('message', async (message: StoreCall[] | 'close') => {
  if (message === 'close') {
    await store.close();
    port.close();
    return;
  }
  port.postMessage((await runBatch(store, message)).map(answerOf));
});
