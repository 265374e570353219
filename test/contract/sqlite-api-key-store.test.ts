/** The SQLite API-key store against the ApiKeyStore contract. */
import { SqliteApiKeyStore } from '../../src/adapters/sqlite/api-key-store.js';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { describeApiKeyStoreContract } from './api-key-store.contract.js';

describeApiKeyStoreContract('sqlite', async () => {
  const db = openDatabase(':memory:');
  return { store: new SqliteApiKeyStore(db), cleanup: async () => void db.close() };
});
