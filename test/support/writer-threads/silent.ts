/** A writer thread that takes every write and never answers (a stuck commit): its writes must answer 503 in time. */
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', () => {});
