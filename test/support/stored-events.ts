/** What an embedded SQLite store holds, read behind the service's back (tests of what an event records). */
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database.js';
import { SQLITE_FILE } from '../../src/wiring.js';

/** The events of `stream` (`project-default:receipt`, `layout-default:brand`) in the store under `dataDir`, in revision order. */
export function storedEvents(dataDir: string, stream: string): Array<{ type: string; data: Record<string, unknown> }> {
  const db = openDatabase(join(dataDir, SQLITE_FILE));
  try {
    const rows = db.prepare('SELECT type, data FROM events WHERE stream_id = ? ORDER BY revision').all(stream) as Array<{
      type: string;
      data: string | Buffer;
    }>;
    return rows.map((row) => ({ type: row.type, data: JSON.parse(String(row.data)) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}
