// `@outsync/contracts/zod` in the browser (package.json's `browser` export condition: the front-end
// builds and jsdom tests; everything else gets ./zod-server.ts, zod's classic API). Every contracts
// file imports zod through it, by package name (`import * as z from '@outsync/contracts/zod'`), and
// it is a federation singleton of its own, so every contracts entry uses one copy of zod.
//
// Why not zod's classic API here: its schemas carry every method (`.email()`, `.url()`, `.or()`…),
// each reaching its own schema class and checks, so nothing of it tree-shakes: what the contracts
// use cost 26 KB gzip of the shell's first load (88 KB for all of zod). `zod/mini` is the same
// engine (zod/v4/core: the same parsing, issues and messages) behind plain functions. Rewriting
// 6,000 lines of contracts into mini's functional style would change every schema the service, the
// OpenAPI document and the other teams' code read, so instead the contracts keep the classic
// spelling and this file gives mini's schemas the classic methods the contracts call, each one the
// mini function classic's own method calls (classic: `optional() { return optional(this) }`). They
// are installed once, non-enumerable, on the prototypes of the mini classes our functions create
// (zod supports extending its prototypes: its mini test suite does it), so nothing is copied per
// schema. TypeScript reads zod-server.ts, so types stay zod's classic ones; a method the contracts
// start to use must be added below too (zod-facade.test.ts lists the methods contracts call and
// fails on one this file lacks, and checks that each behaves as classic's).
import * as z from 'zod/mini';
import { $constructor, $ZodPreprocess, globalRegistry, memoizer } from 'zod/v4/core';
import { en } from 'zod/locales';

// Classic sets both on its first schema: English messages (mini has none: every issue would read
// "Invalid input") and the memoizer that lets containers hold recursive schemas.
z.config({ ...en(), memoizer: memoizer() });

/** A mini schema class (what `z.string`, `z.object`… construct). */
interface SchemaClass {
  prototype: object;
}
type Schema = z.ZodMiniType;
type Check = Parameters<Schema['check']>[number];
type Params = string | { error?: string; message?: string } | undefined;

// zod/mini has no preprocess: classic's is a pipe from a transform whose core class skips the
// transform's result checks on absent input (`$ZodPreprocess`).
// (`init` is typed as an assertion on each class's own types; the two traits share one instance.)
type Init = (inst: unknown, def: unknown) => void;
const ZodMiniPreprocess = $constructor('ZodMiniPreprocess', (inst: z.ZodMiniPipe, def: unknown) => {
  (z.ZodMiniPipe.init as Init)(inst, def);
  ($ZodPreprocess.init as Init)(inst, def);
});

/** A transform whose context can `addIssue`, as classic's can (mini's has only `issues`). */
type Payload = { value: unknown; issues: unknown[]; addIssue?: (issue: string | Issue) => void };
type Issue = Record<string, unknown> & { fatal?: boolean; continue?: boolean };
function classicTransform(fn: (value: unknown, ctx: never) => unknown): z.ZodMiniTransform {
  const schema: z.ZodMiniTransform = z.transform((value, ctx) => {
    const payload = ctx as unknown as Payload;
    // Classic's ZodTransform: a string is a custom issue's message; an object keeps zod 3's
    // `fatal`, and gets the code, input and schema it lacks.
    payload.addIssue = (issue) => {
      if (typeof issue === 'string') {
        payload.issues.push({ message: issue, code: 'custom', input: payload.value, inst: schema });
        return;
      }
      if (issue.fatal) issue.continue = false;
      payload.issues.push({
        ...issue,
        code: issue.code ?? 'custom',
        ...('input' in issue ? {} : { input: payload.value }),
        inst: issue.inst ?? schema,
      });
    };
    return fn(value, payload as never);
  });
  return schema;
}

export function preprocess<T extends z.ZodMiniType>(
  fn: (value: unknown) => unknown,
  schema: T,
): z.ZodMiniPipe<z.ZodMiniTransform, T> {
  return new ZodMiniPreprocess({ type: 'pipe', in: classicTransform(fn), out: schema }) as never;
}

/** Methods every schema has in classic, as classic defines them. */
const everySchema = {
  optional(this: Schema) {
    return z.optional(this);
  },
  nullable(this: Schema) {
    return z.nullable(this);
  },
  nullish(this: Schema) {
    return z.optional(z.nullable(this));
  },
  array(this: Schema) {
    return z.array(this);
  },
  or(this: Schema, other: Schema) {
    return z.union([this, other]);
  },
  default(this: Schema, value: unknown) {
    return z._default(this, value as never);
  },
  catch(this: Schema, value: unknown) {
    return z.catch(this, value as never);
  },
  transform(this: Schema, fn: (value: unknown, ctx: never) => unknown) {
    return z.pipe(this, classicTransform(fn));
  },
  pipe(this: Schema, target: Schema) {
    return z.pipe(this, target);
  },
  refine(this: Schema, fn: (value: unknown) => unknown, params?: Params) {
    return this.check(z.refine(fn, params));
  },
  superRefine(this: Schema, fn: Parameters<typeof z.superRefine>[0]) {
    return this.check(z.superRefine(fn));
  },
  describe(this: Schema, description: string) {
    const copy = this.clone();
    globalRegistry.add(copy, { description });
    return copy;
  },
  meta(this: Schema, ...meta: [] | [Record<string, unknown>]) {
    if (meta.length === 0) return globalRegistry.get(this);
    const copy = this.clone();
    globalRegistry.add(copy, meta[0]);
    return copy;
  },
};

/** A check method: classic's `string().max(5)` is mini's `string().check(z.maxLength(5))`. */
const checking = <A extends unknown[]>(make: (...args: A) => Check) =>
  function (this: Schema, ...args: A) {
    return this.check(make(...args));
  };

const sized = {
  min: checking((n: number, p?: Params) => z.minLength(n, p)),
  max: checking((n: number, p?: Params) => z.maxLength(n, p)),
  length: checking((n: number, p?: Params) => z.length(n, p)),
  nonempty: checking((p?: Params) => z.minLength(1, p)),
};

const strings = {
  ...sized,
  trim: checking(() => z.trim()),
  toLowerCase: checking(() => z.toLowerCase()),
  toUpperCase: checking(() => z.toUpperCase()),
  regex: checking((pattern: RegExp, p?: Params) => z.regex(pattern, p)),
  email: checking((p?: Params) => z.email(p) as unknown as Check),
  startsWith: checking((prefix: string, p?: Params) => z.startsWith(prefix, p)),
  endsWith: checking((suffix: string, p?: Params) => z.endsWith(suffix, p)),
  includes: checking((part: string, p?: Params) => z.includes(part, p)),
};

const numbers = {
  min: checking((n: number, p?: Params) => z.gte(n, p)),
  max: checking((n: number, p?: Params) => z.lte(n, p)),
  gte: checking((n: number, p?: Params) => z.gte(n, p)),
  lte: checking((n: number, p?: Params) => z.lte(n, p)),
  gt: checking((n: number, p?: Params) => z.gt(n, p)),
  lt: checking((n: number, p?: Params) => z.lt(n, p)),
  positive: checking((p?: Params) => z.gt(0, p)),
  nonnegative: checking((p?: Params) => z.gte(0, p)),
  int: checking((p?: Params) => z.int(p) as unknown as Check),
};

type AnyObject = z.ZodMiniObject;
type Mask = Record<string, true>;
const objects = {
  extend(this: AnyObject, shape: z.core.$ZodLooseShape) {
    return z.extend(this, shape);
  },
  safeExtend(this: AnyObject, shape: z.core.$ZodLooseShape) {
    return z.safeExtend(this, shape as never);
  },
  pick(this: AnyObject, mask: Mask) {
    return z.pick(this, mask);
  },
  omit(this: AnyObject, mask: Mask) {
    return z.omit(this, mask);
  },
  partial(this: AnyObject, mask?: Mask) {
    return mask ? z.partial(this, mask) : z.partial(this);
  },
  keyof(this: AnyObject) {
    return z.keyof(this);
  },
  catchall(this: AnyObject, schema: Schema) {
    return z.catchall(this, schema);
  },
  strict(this: AnyObject) {
    return z.catchall(this, z.never());
  },
  passthrough(this: AnyObject) {
    return z.catchall(this, z.unknown());
  },
};

/** Installs methods on a class's prototype, as zod installs its own: not enumerable, not per schema. */
function install(classes: SchemaClass[], methods: object): void {
  for (const { prototype } of classes) {
    for (const [name, value] of Object.entries(methods)) {
      Object.defineProperty(prototype, name, {
        value,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
  }
}

// Every class the exported functions (and the methods above) construct.
const stringClasses: SchemaClass[] = [z.ZodMiniString, z.ZodMiniEmail, z.ZodMiniISODateTime];
const numberClasses: SchemaClass[] = [z.ZodMiniNumber, z.ZodMiniNumberFormat];
const allClasses: SchemaClass[] = [
  ...stringClasses,
  ...numberClasses,
  z.ZodMiniBoolean,
  z.ZodMiniUnknown,
  z.ZodMiniNever,
  z.ZodMiniArray,
  z.ZodMiniObject,
  z.ZodMiniUnion,
  z.ZodMiniDiscriminatedUnion,
  z.ZodMiniNull,
  z.ZodMiniRecord,
  z.ZodMiniEnum,
  z.ZodMiniLiteral,
  z.ZodMiniTransform,
  z.ZodMiniOptional,
  z.ZodMiniNullable,
  z.ZodMiniDefault,
  z.ZodMiniCatch,
  z.ZodMiniPipe,
  ZodMiniPreprocess,
];
install(allClasses, everySchema);
install(stringClasses, strings);
install(numberClasses, numbers);
install([z.ZodMiniArray], sized);
install([z.ZodMiniObject], objects);
// Classic's `description` reads the registry; `.enum` is the enum's entries.
for (const { prototype } of allClasses) {
  Object.defineProperty(prototype, 'description', {
    get(this: Schema) {
      return globalRegistry.get(this)?.description;
    },
    configurable: true,
  });
}
Object.defineProperty(z.ZodMiniEnum.prototype, 'enum', {
  get(this: z.ZodMiniEnum) {
    return this._zod.def.entries;
  },
  configurable: true,
});

export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  looseObject,
  NEVER,
  null,
  number,
  object,
  record,
  string,
  union,
  unknown,
} from 'zod/mini';
// Types for this file's own readers only: TypeScript resolves zod-server.ts for every importer.
export type { infer, input, output, ZodObject, ZodType } from 'zod';
