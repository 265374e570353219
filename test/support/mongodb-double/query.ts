/**
 * Filters as the server reads them: `mingo`'s query language, except that `$gt`, `$gte`, `$lt` and `$lte`
 * compare the way the server does rather than as JavaScript does — strings by their UTF-8 bytes ("simple
 * binary comparison"), and only values of the same BSON type bracket (MongoDB manual, "Comparison Query
 * Operators" and "Comparison/Sort Order": `{ $lt: "b" }` matches no number and no missing field).
 */
import { Context } from 'mingo';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { ensureArray, resolve } from 'mingo/util';
import type { Document } from 'bson';
import { compareValues, typeRank } from './values.js';

type Bound = (order: number) => boolean;

function byteOrderOperator(holds: Bound) {
  return (selector: string, bound: unknown, _options: unknown) => (doc: Document) => {
    const found: unknown = resolve(doc, selector);
    if (found === undefined) return false;
    return ensureArray(found).some((value: unknown) => typeRank(value) === typeRank(bound) && holds(compareValues(value, bound)));
  };
}

// mingo's own query operators with these four replaced (a context given to mingo's `Query` could only add
// operators, not replace them). Cast: mingo types the table as the intersection of every operator's signature.
const SERVER_COMPARISONS = Context.init({
  query: {
    ...queryOperators,
    $gt: byteOrderOperator((order) => order > 0),
    $gte: byteOrderOperator((order) => order >= 0),
    $lt: byteOrderOperator((order) => order < 0),
    $lte: byteOrderOperator((order) => order <= 0),
  },
});

/** A mingo query for `filter` with the server's comparisons. */
export function serverQuery(filter: Document): Query {
  return new Query(filter, { context: SERVER_COMPARISONS });
}
