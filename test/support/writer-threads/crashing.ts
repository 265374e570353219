/** A writer thread that fails as it starts (as one that cannot load would): its writes must answer 503. */
import { threadId } from 'node:worker_threads';

throw new Error(`writer thread ${threadId} fails on start`);
