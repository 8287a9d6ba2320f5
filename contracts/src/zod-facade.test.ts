// The browser's zod (./zod.ts: zod/mini with the classic methods the contracts call) against the
// service's (./zod-server.ts: zod's classic API). Every contracts entry is loaded once with each,
// and every schema it exports must describe the same thing (its JSON Schema, which carries types,
// checks, defaults and descriptions) and give the same issues, messages included, on wrong input.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as classic from 'zod';
import * as facade from './zod';
import * as server from './zod-server';

const contractsDir = path.join(__dirname, '..');
const exportsMap = JSON.parse(readFileSync(path.join(contractsDir, 'package.json'), 'utf8'))
  .exports as Record<string, string | { browser: string }>;
/** Every entry the browser can import, as the file it resolves to there. */
const browserEntries = Object.entries(exportsMap)
  .filter(([subpath]) => subpath !== './zod')
  .map(([subpath, target]): [string, string] => [
    subpath,
    typeof target === 'string' ? target : target.browser,
  ]);

type Loaded = Record<string, Record<string, unknown>>;

/** Loads every entry in a fresh module registry, `@outsync/contracts/zod` being `zodFile`. */
function loadEntries(zodFile: './zod' | './zod-server'): Loaded {
  const loaded: Loaded = {};
  jest.isolateModules(() => {
    jest.doMock('@outsync/contracts/zod', () => jest.requireActual(zodFile));
    for (const [subpath, file] of browserEntries) {
      loaded[subpath] = jest.requireActual<Record<string, unknown>>(path.join(contractsDir, file));
    }
  });
  return loaded;
}

const isSchema = (value: unknown): value is classic.core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

const jsonSchema = (schema: classic.core.$ZodType) =>
  classic.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });

/** Inputs that break most schemas in a different way each. */
const wrongInputs: unknown[] = [undefined, null, '', '  x  ', 0, -1.5, true, [], {}, { id: 1 }];

describe('the browser zod (zod/mini with classic methods)', () => {
  const withFacade = loadEntries('./zod');
  const withClassic = loadEntries('./zod-server');

  it('exports the names the service zod exports (toJSONSchema aside)', () => {
    const names = (module: object) =>
      Object.keys(module)
        .filter((name) => name !== 'toJSONSchema')
        .sort();
    expect(names(facade)).toEqual(names(server));
    const schemaCount = Object.values(withFacade).flatMap((entry) =>
      Object.values(entry).filter(isSchema),
    ).length;
    expect(schemaCount).toBeGreaterThan(100);
  });

  it.each(browserEntries.map(([subpath]) => subpath))(
    'builds every schema of %s as classic zod does',
    (subpath) => {
      const classicEntry = withClassic[subpath] ?? {};
      const facadeEntry = withFacade[subpath] ?? {};
      const schemas = Object.entries(classicEntry).filter(([, value]) => isSchema(value));
      for (const [name, classicSchema] of schemas) {
        const facadeSchema = facadeEntry[name];
        if (!isSchema(facadeSchema) || !isSchema(classicSchema)) throw new Error(name);
        // The facade's schemas are mini's (the point of it), the classic ones classic's.
        expect(facadeSchema._zod.traits.has('ZodMiniType')).toBe(true);
        expect([name, jsonSchema(facadeSchema)]).toEqual([name, jsonSchema(classicSchema)]);
        for (const input of wrongInputs) {
          const issues = (schema: classic.core.$ZodType) =>
            classic.core.safeParse(schema, input).error?.issues ?? null;
          expect([name, input, issues(facadeSchema)]).toEqual([name, input, issues(classicSchema)]);
        }
      }
    },
  );

  it('has every classic schema method the contracts and the modules call', () => {
    // Methods that exist on classic schemas but not on mini ones: each needs its twin in ./zod.ts.
    const samples = [
      classic.string(),
      classic.number(),
      classic.array(classic.string()),
      classic.object({}),
      classic.enum(['a']),
      classic.string().optional(),
    ];
    const classicMethods = new Set(
      samples.flatMap((schema) => {
        const names: string[] = [];
        for (let proto = schema; proto; proto = Object.getPrototypeOf(proto)) {
          names.push(...Object.getOwnPropertyNames(proto));
        }
        return names;
      }),
    );
    const facadeSamples = [
      facade.string(),
      facade.number(),
      facade.array(facade.string()),
      facade.object({}),
      facade.enum(['a']),
      // Typed as classic (zod-server.ts), built as mini: the method is the facade's.
      (facade.string() as unknown as classic.ZodString).optional(),
    ];
    const hasMethod = (name: string) => facadeSamples.some((schema) => name in (schema as object));
    const called = new Set<string>();
    for (const file of sourceFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /(?<!\bz|\bz\.iso)\.\s*([a-zA-Z]+)\(/g,
      )) {
        if (match[1]) called.add(match[1]);
      }
    }
    // Names also used on strings, arrays and promises in the same files are checked too: the
    // facade defines them all the same, so only a schema method it lacks is listed.
    const missing = [...called].filter(
      (name) => classicMethods.has(name) && !hasMethod(name) && !notSchemaMethods.has(name),
    );
    expect(missing).toEqual([]);
  });
});

/** Names classic schemas have that our sources only call on other things. */
const notSchemaMethods = new Set(['constructor', 'toString', 'valueOf', 'hasOwnProperty']);

/** The contracts' sources and the front-end files that build schemas with `@outsync/contracts/zod`. */
function sourceFiles(): string[] {
  const repo = path.join(contractsDir, '..');
  const roots = ['contracts/src', 'app-runtime/src', 'ui/src', 'shell/src'].concat(
    readdirSync(repo)
      .filter((name) => name.startsWith('mfe-'))
      .map((name) => `${name}/src`),
  );
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
    }
  };
  for (const root of roots) walk(path.join(repo, root));
  const zodFiles = ['zod.ts', 'zod-server.ts'].map((name) => path.join(contractsDir, 'src', name));
  return files.filter(
    (file) =>
      !zodFiles.includes(file) &&
      (file.startsWith(path.join(repo, 'contracts')) ||
        readFileSync(file, 'utf8').includes('@outsync/contracts/zod')),
  );
}
