import type { Query } from 'mingo';
import { Query as BaseQuery } from 'mingo/query';
import type { Options } from 'mingo/types';
import { BSON_CONTEXT } from './bson-operators.ts';
import type { Collation } from './collation.ts';
import { CommandError, ErrorCode } from './errors.ts';
import type { Document } from './values.ts';

/*
 * Filter compilation and the shared mingo options, apart from `query.ts` so the storage layer
 * (secondary indexes' partial filters) can compile filters without importing the query
 * engine, which itself refers to the storage layer.
 */

/** What changes how a filter or pipeline evaluates: a collation and `let` variables. */
export interface EvalOptions {
  collation?: Collation | undefined;
  variables?: Document | undefined;
}

/**
 * Options shared by every mingo call: MongoDB semantics, no copies (we never mutate results),
 * and comparisons in BSON order (`src/bson-operators.ts`; they also honour a collation).
 */
export const MINGO_OPTIONS: Partial<Options> = {
  idKey: '_id',
  useStrictMode: true,
  context: BSON_CONTEXT,
};

/** mingo options for a collation and `let` variables (the shared options when neither). */
export function mingoOptions(evalOptions: EvalOptions = {}): Partial<Options> {
  const { collation, variables } = evalOptions;
  if (!collation && !variables) return MINGO_OPTIONS;
  return {
    ...MINGO_OPTIONS,
    ...(variables ? { variables } : {}),
    ...(collation ? { collation } : {}),
  };
}

/** Compiles a filter, turning mingo's complaints into MongoDB's BadValue. */
export function compileFilter(filter: Document, evalOptions: EvalOptions = {}): Query {
  try {
    // The root Query always merges mingo's own operators over a given context, so the BSON
    // context needs the bare class.
    return new BaseQuery(filter, mingoOptions(evalOptions)) as Query;
  } catch (error) {
    throw new CommandError(ErrorCode.BadValue, (error as Error).message);
  }
}
