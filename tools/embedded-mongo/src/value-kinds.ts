// What kind of value a decoded document holds. Its own module, importing nothing, because both
// values.ts (index keys) and bson-order.ts (comparison) need it and values.ts needs bson-order.
// Values are recognised by `_bsontype`, not instanceof: under tsx the server and the driver
// may load different builds of bson (ESM and CJS), each with its own classes.

export type Document = Record<string, unknown>;

export interface BsonValue {
  _bsontype: string;
  toString(encoding?: string): string;
}

export function bsonTypeOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const tag = (value as Partial<BsonValue>)._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
