/**
 * The old name of `scripts/keys.ts` (`npm run api-keys`, `node dist/scripts/api-keys.js` in the image),
 * kept so that earlier instructions still work. Same commands, flags and exit codes.
 */
await import('./keys.js');
