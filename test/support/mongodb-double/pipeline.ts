/**
 * `aggregate` pipelines as the server runs them, for the stages our adapters send: `$match` and `$sort` with
 * the server's comparisons (`query.ts`, `values.ts`: UTF-8 byte order, type brackets), `$unionWith`
 * (MongoDB 4.4+; manual, "$unionWith": the pipeline's documents, then those of `coll` run through its own
 * `pipeline`, in that order), and every other stage in `mingo` (`$project`, `$limit`, `$group`…).
 */
import type { Document } from 'bson';
import { aggregate } from 'mingo';
import { serverQuery } from './query.js';
import type { Storage } from './storage.js';
import { sortComparator } from './values.js';

/** The documents `pipeline` makes of `docs`; `$unionWith` reads collection `coll` of `db` through `view`. */
export function runPipeline(
  storage: Storage,
  db: string,
  view: ReturnType<Storage['view']>,
  docs: Document[],
  pipeline: Document[],
): Document[] {
  let out = docs;
  for (const stage of pipeline) {
    const [operator] = Object.keys(stage);
    const argument = stage[operator!];
    if (operator === '$match') {
      const query = serverQuery(argument);
      out = out.filter((doc) => query.test(doc));
    } else if (operator === '$sort') {
      out = [...out].sort(sortComparator(argument));
    } else if (operator === '$unionWith') {
      const { coll, pipeline: inner = [] } =
        typeof argument === 'string' ? { coll: argument } : (argument as { coll: string; pipeline?: Document[] });
      out = [...out, ...runPipeline(storage, db, view, storage.find(db, coll, view)?.docs ?? [], inner)];
    } else {
      out = aggregate(out, [stage]);
    }
  }
  return out;
}
