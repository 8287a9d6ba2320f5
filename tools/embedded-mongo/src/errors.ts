import type { Document } from './values.ts';

/** MongoDB's own error codes, as the driver and mongoose recognise them. */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  DocumentValidationFailure: 121,
  NotAReplicaSet: 123,
  CommandNotSupportedOnView: 166,
  APIVersionError: 322,
  APIStrictError: 323,
  DuplicateKey: 11000,
} as const;

const codeNames: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCode).map(([name, code]) => [code, name]),
);

export function codeNameOf(code: number): string {
  return codeNames[code] ?? 'UnknownError';
}

/** An error answered to the client as `{ ok: 0, errmsg, code, codeName }`. */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields MongoDB puts beside errmsg (keyPattern and keyValue for duplicates). */
  readonly details: Document;

  constructor(code: number, message: string, details: Document = {}, codeName?: string) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.codeName = codeName ?? codeNameOf(code);
    this.details = details;
  }

  toReply(): Document {
    return {
      ok: 0,
      errmsg: this.message,
      code: this.code,
      codeName: this.codeName,
      ...this.details,
    };
  }
}

export function badValue(message: string): CommandError {
  return new CommandError(ErrorCode.BadValue, message);
}
