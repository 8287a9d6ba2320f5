// The deployment files in deploy/ (issue 33, item 6), checked as far as they can be without a
// Docker engine or a Kubernetes cluster: the compose file against the Compose Specification's
// JSON schema, the Kubernetes manifests against Kubernetes' own schemas, and the nginx config
// against the rules of scripts/serve-app.ts it mirrors. docs/operations.md says what is not run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { cacheControlOf, entryFiles } from './serve-app';
import { apps, proxiedPrefixes, remoteApps } from './topology';

const root = path.resolve(__dirname, '..');
const deploy = path.join(root, 'deploy');
const read = (file: string) => readFileSync(path.join(deploy, file), 'utf8');

type Json = Record<string, unknown>;
// Narrow helper for reading parsed YAML in assertions.
const obj = (value: unknown): Json => value as Json;
/** The single (or first) element, failing the test when there is none. */
function one<T>(list: readonly T[]): T {
  if (list.length === 0) throw new Error('expected at least one element');
  return list[0] as T;
}

const METRICS_PORT = '9464';

describe('compose.yaml', () => {
  const schemaText = read('schemas/compose-spec.json');
  // Compose files use YAML 1.1 merge keys (`<<: *anchor`), which `docker compose` resolves
  // before validating.
  const compose = obj(parse(read('compose.yaml'), { merge: true }));
  const services = obj(compose.services);

  function validateCompose(document: unknown) {
    const schema = JSON.parse(schemaText) as Json;
    // Written as https://json-schema.org/draft-07/schema; ajv knows draft-07 by its http id.
    delete schema.$schema;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    return validate(document) ? [] : (validate.errors ?? []);
  }

  it('is the vendored schema the README names', () => {
    const sha256 = createHash('sha256').update(schemaText).digest('hex');
    expect(read('schemas/README.md')).toContain(sha256);
  });

  it('validates against the Compose Specification JSON schema', () => {
    expect(validateCompose(compose)).toEqual([]);
  });

  it('the schema catches a misspelt key (so the check above means something)', () => {
    const broken = structuredClone(compose);
    obj(obj(broken.services).api).helthcheck = { test: ['CMD', 'true'] };
    expect(validateCompose(broken).length).toBeGreaterThan(0);
  });

  it('runs a 3-member replica set, initiated once', () => {
    for (const name of ['mongo1', 'mongo2', 'mongo3']) {
      expect(obj(services[name]).image).toBe('mongo:8');
      expect(obj(services[name]).command).toEqual(['mongod', '--replSet', 'rs0', '--bind_ip_all']);
    }
    const init = JSON.stringify(obj(services['mongo-init']).command);
    expect(init).toContain('rs.initiate');
    for (const host of ['mongo1:27017', 'mongo2:27017', 'mongo3:27017']) {
      expect(init).toContain(host);
    }
  });

  it('runs one API process and two workers of the service image, with metrics on', () => {
    const api = obj(services.api);
    const worker = obj(services.worker);
    expect(api.command).toEqual(['--role=api']);
    expect(worker.command).toEqual(['--role=worker']);
    expect(obj(api.deploy ?? {}).replicas ?? 1).toBe(1);
    expect(obj(worker.deploy).replicas).toBe(2);
    for (const service of [api, worker]) {
      expect(obj(service.build).dockerfile).toBe('deploy/Dockerfile.service');
      const env = obj(service.environment);
      expect(env.METRICS_PORT).toBe(METRICS_PORT);
      expect(String(env.MONGODB_URI)).toMatch(/replicaSet=rs0/);
      expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
      expect(env.SECRETS_KEY).toMatch(/^\$\{SECRETS_KEY:\?/);
    }
  });

  it('has a healthcheck on every long-running service', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'mongo-init') continue;
      expect([name, obj(service).healthcheck]).toEqual([name, expect.anything()]);
    }
  });

  it('keeps the sandbox and Prometheus in optional profiles', () => {
    expect(obj(services.sandbox).profiles).toEqual(['sandbox']);
    expect(obj(services.prometheus).profiles).toEqual(['metrics']);
    expect(JSON.stringify(obj(services.prometheus).volumes)).toContain('./prometheus-alerts.yaml');
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'sandbox' && name !== 'prometheus')
        expect(obj(service).profiles).toBeUndefined();
    }
  });

  it("scrapes every process's METRICS_PORT as the job the alert rules name", () => {
    const prometheus = obj(parse(read('prometheus/prometheus.yml')));
    const job = one(prometheus.scrape_configs as Json[]);
    expect(job.job_name).toBe('outsync');
    expect(read('prometheus-alerts.yaml')).toContain('up{job="outsync"}');
    const targets = (job.dns_sd_configs as Json[]).map((sd) => [sd.names, String(sd.port)]);
    expect(targets).toEqual([
      [['api'], METRICS_PORT],
      [['worker'], METRICS_PORT],
    ]);
  });
});

describe('Kubernetes manifests (deploy/k8s)', () => {
  const byKind = {
    'apps/v1 Deployment': (d: Json) => new Deployment(d as never),
    'v1 Service': (d: Json) => new Service(d as never),
    'v1 ConfigMap': (d: Json) => new ConfigMap(d as never),
    'v1 Secret': (d: Json) => new Secret(d as never),
    'policy/v1 PodDisruptionBudget': (d: Json) => new PodDisruptionBudget(d as never),
  } as Record<string, (d: Json) => { validate(): void }>;
  const files = readdirSync(path.join(deploy, 'k8s')).filter((f) => f.endsWith('.yaml'));
  const documents = files.flatMap((file) =>
    parseAllDocuments(read(`k8s/${file}`)).map((doc) => ({
      file,
      errors: doc.errors.map((error) => error.message),
      doc: obj(doc.toJS()),
    })),
  );
  const ofKind = (kind: string) =>
    documents.filter(({ doc }) => doc.kind === kind).map((d) => d.doc);

  it('are all of a kind the test knows', () => {
    expect(files.sort()).toEqual([
      'api.yaml',
      'config.yaml',
      'pdb.yaml',
      'prometheus-scrape.yaml',
      'secret.example.yaml',
      'worker.yaml',
    ]);
    for (const { file, errors, doc } of documents) {
      expect([file, errors]).toEqual([file, []]);
      expect([file, `${String(doc.apiVersion)} ${String(doc.kind)}`]).toEqual([
        file,
        expect.stringMatching(new RegExp(`^(${Object.keys(byKind).join('|')})$`)),
      ]);
    }
  });

  it.each(documents.map(({ file, doc }) => [file, doc.kind, obj(doc.metadata).name, doc] as const))(
    '%s: %s %s validates against the Kubernetes schema',
    (_file, _kind, _name, doc) => {
      const model = byKind[`${String(doc.apiVersion)} ${String(doc.kind)}`]?.(doc);
      expect(model).toBeDefined();
      expect(() => model?.validate()).not.toThrow();
    },
  );

  it('the schema catches a wrong type (so the check above means something)', () => {
    const deployment = structuredClone(one(ofKind('Deployment')));
    const containers = obj(obj(obj(obj(deployment.spec).template).spec)).containers as Json[];
    one(one(containers).ports as Json[]).containerPort = 'http';
    expect(() => new Deployment(deployment as never).validate()).toThrow(/containerPort/);
  });

  const deployments = ofKind('Deployment');
  const containerOf = (d: Json) => one(obj(obj(obj(d.spec).template).spec).containers as Json[]);

  it('has the api and worker Deployments with their roles, probes and resources', () => {
    const roles = deployments.map((d) => containerOf(d).args);
    expect(roles.sort()).toEqual([['--role=api'], ['--role=worker']]);
    for (const deployment of deployments) {
      const container = containerOf(deployment);
      expect(obj(obj(container.livenessProbe).httpGet).path).toBe('/healthz');
      expect(obj(obj(container.readinessProbe).httpGet).path).toBe('/readyz');
      expect(obj(obj(container.resources).requests)).toEqual({
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(obj(obj(container.resources).limits).memory).toEqual(expect.any(String));
      const annotations = obj(obj(obj(obj(deployment.spec).template).metadata).annotations);
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(annotations['prometheus.io/port']).toBe(METRICS_PORT);
      const ports = (container.ports as Json[]).map((p) => [p.name, p.containerPort]);
      expect(ports).toContainEqual(['metrics', Number(METRICS_PORT)]);
    }
  });

  it('keeps AUTH_SECRET, SECRETS_KEY and MONGODB_URI in the Secret, METRICS_PORT in the ConfigMap', () => {
    const config = one(
      ofKind('ConfigMap').filter((c) => obj(c.metadata).name === 'outsync-config'),
    );
    const secret = one(ofKind('Secret'));
    expect(obj(config.data).METRICS_PORT).toBe(METRICS_PORT);
    for (const name of ['AUTH_SECRET', 'SECRETS_KEY', 'MONGODB_URI']) {
      expect(Object.keys(obj(secret.stringData))).toContain(name);
      expect(Object.keys(obj(config.data))).not.toContain(name);
    }
  });

  it('has a PodDisruptionBudget for each Deployment, selecting its pods', () => {
    const budgets = ofKind('PodDisruptionBudget');
    for (const deployment of deployments) {
      const labels = obj(obj(obj(obj(deployment.spec).template).metadata).labels);
      const covering = budgets.filter((b) =>
        Object.entries(obj(obj(obj(b.spec).selector).matchLabels)).every(
          ([key, value]) => labels[key] === value,
        ),
      );
      expect([obj(deployment.metadata).name, covering.length]).toEqual([
        obj(deployment.metadata).name,
        1,
      ]);
    }
  });

  it('keeps the metrics port off the API Service', () => {
    const api = one(ofKind('Service').filter((s) => obj(s.metadata).name === 'outsync-api'));
    expect((obj(api.spec).ports as Json[]).map((p) => p.port)).toEqual([4000]);
  });

  it('scrapes the pods as the job the alert rules name', () => {
    const scrape = one(
      ofKind('ConfigMap').filter((c) => obj(c.metadata).name === 'outsync-prometheus-scrape'),
    );
    const config = obj(parse(String(obj(scrape.data)['outsync-scrape.yml'])));
    expect((config.scrape_configs as Json[]).map((job) => job.job_name)).toEqual(['outsync']);
  });
});

// --- nginx -----------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** A small parser for the subset of nginx syntax outsync.conf uses (directives, blocks, quotes). */
function parseNginx(text: string): Directive[] {
  const tokens: string[] = [];
  const pattern =
    /#[^\n]*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([{};])|((?:\$\{\w+\}|[^\s{};'"#])+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  }
  let at = 0;
  function block(): Directive[] {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const name = tokens[at++] ?? '';
      const args: string[] = [];
      while (at < tokens.length && tokens[at] !== ';' && tokens[at] !== '{') {
        args.push(tokens[at++] ?? '');
      }
      if (tokens[at++] === '{') {
        directives.push({ name, args, block: block() });
        at++; // the closing brace
      } else directives.push({ name, args });
    }
    return directives;
  }
  return block();
}

describe('nginx/outsync.conf mirrors scripts/serve-app.ts', () => {
  const text = read('nginx/outsync.conf');
  const config = parseNginx(text);
  const servers = config.filter((d) => d.name === 'server');
  const serverOn = (port: number) =>
    servers.find((s) => s.block?.some((d) => d.name === 'listen' && d.args[0] === String(port)));
  const locations = (server: Directive | undefined) =>
    (server?.block ?? []).filter((d) => d.name === 'location');
  const directive = (block: Directive[] | undefined, name: string) =>
    (block ?? []).filter((d) => d.name === name).map((d) => d.args);

  /** The `map $uri $outsync_cache_control` block evaluated as nginx does: first regex match. */
  function nginxCacheControl(uri: string): string {
    const map = config.find((d) => d.name === 'map' && d.args[1] === '$outsync_cache_control');
    let fallback = '';
    for (const { name, args } of map?.block ?? []) {
      if (name === 'default') fallback = args[0] ?? '';
      else if (name.startsWith('~') && new RegExp(name.slice(1)).test(uri)) return args[0] ?? '';
    }
    return fallback;
  }

  it('gives every path the Cache-Control cacheControlOf gives it', () => {
    const samples = [
      ...entryFiles,
      '/',
      '/webhooks/logs',
      '/main.cf61903d.js',
      '/main.cf61903d.js.map',
      '/vendors-node_modules_react.0123abcd.js',
      '/styles.0123456789abcdef.css',
      '/__federation_expose_Page.abcdef12.js',
      '/logo.svg',
      '/remoteEntry.abc.js',
      '/index.html.bak',
    ];
    for (const uri of samples) {
      expect([uri, nginxCacheControl(uri)]).toEqual([uri, cacheControlOf(uri)]);
    }
  });

  it('serves each app on its topology port from its own folder', () => {
    for (const [name, info] of Object.entries(apps)) {
      const server = serverOn(info.defaultPort);
      expect([name, directive(server?.block, 'root')]).toEqual([
        name,
        [[`/usr/share/outsync/${info.folder}`]],
      ]);
    }
    expect(servers).toHaveLength(Object.keys(apps).length);
  });

  it('sends the cache rule from every static location, and CORS from the remotes only', () => {
    const shellStatic = locations(serverOn(apps.shell.defaultPort)).find((l) => l.args[0] === '/');
    expect(directive(shellStatic?.block, 'add_header')).toEqual([
      ['Cache-Control', '$outsync_cache_control'],
    ]);
    expect(directive(shellStatic?.block, 'try_files')).toEqual([['$uri', '$uri/', '/index.html']]);
    for (const app of remoteApps) {
      const appLocations = locations(serverOn(apps[app].defaultPort));
      expect(appLocations).toHaveLength(1);
      const only = one(appLocations);
      expect(only.args).toEqual(['/']);
      expect(directive(only.block, 'add_header')).toEqual([
        ['Cache-Control', '$outsync_cache_control'],
        ['Access-Control-Allow-Origin', '*'],
      ]);
      expect(directive(only.block, 'try_files')).toEqual([['$uri', '=404']]);
    }
  });

  it('forwards exactly the proxied prefixes, as matchesPrefix matches them', () => {
    const proxied = locations(serverOn(apps.shell.defaultPort)).filter((l) =>
      l.block?.some((d) => d.name === 'proxy_pass'),
    );
    expect(proxied).toHaveLength(1);
    const [modifier, regex = ''] = one(proxied).args;
    expect(modifier).toBe('~');
    const forwards = (uri: string) => new RegExp(regex).test(uri);
    for (const prefix of proxiedPrefixes) {
      expect([prefix, forwards(prefix), forwards(`${prefix}/x`), forwards(`${prefix}x`)]).toEqual([
        prefix,
        true,
        true,
        false,
      ]);
    }
    for (const other of ['/', '/metrics', '/remotes.json', '/index.html', '/apis', '/x/api']) {
      expect([other, forwards(other)]).toEqual([other, false]);
    }
    expect(directive(one(proxied).block, 'proxy_pass')).toEqual([['${SYNC_SERVICE_URL}']]);
  });

  it('serves /remotes.json no-store, and 503 when it cannot be read', () => {
    const remotes = locations(serverOn(apps.shell.defaultPort)).find(
      (l) => l.args[0] === '=' && l.args[1] === '/remotes.json',
    );
    expect(directive(remotes?.block, 'add_header')).toEqual([
      ['Cache-Control', 'no-store', 'always'],
    ]);
    expect(text).toContain('"code":"remotes_unavailable"');
    expect(text).toContain('"code":"bad_gateway"');
  });

  // The config must parse as the nginx image renders it. Debian's nginx-light is installed by
  // .ci/run (with Chromium); on a machine without it this test says how to get it.
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  it('parses with nginx -t', () => {
    if (!nginx)
      throw new Error('nginx is not installed: apt-get install nginx-light (.ci/run does)');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outsync-nginx-'));
    try {
      const rendered = text.replaceAll('${SYNC_SERVICE_URL}', 'http://127.0.0.1:4000');
      writeFileSync(path.join(dir, 'outsync.conf'), rendered);
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid; error_log stderr; events {} http { include /etc/nginx/mime.types; access_log off; include ${dir}/outsync.conf; }`,
      );
      const check = () =>
        execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
          stdio: 'pipe',
        });
      expect(check).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfiles', () => {
  const workspaces = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces: string[];
    }
  ).workspaces;

  it.each(['Dockerfile.service', 'Dockerfile.static'])(
    '%s copies every workspace manifest before npm ci (the lockfile names them all)',
    (file) => {
      const text = read(file);
      for (const workspace of workspaces) {
        expect(text).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      }
      expect(text).toContain('FROM ${NODE_IMAGE} AS');
      expect(text).toContain('ARG NODE_IMAGE=node:24-bookworm-slim');
    },
  );

  it('runs the service as a non-root user with the role as the command', () => {
    const text = read('Dockerfile.service');
    expect(text).toMatch(/npm prune --omit=dev/);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(
      /^ENTRYPOINT \["node", "--import", "tsx", "sync-service\/src\/main\.ts"\]$/m,
    );
    expect(text).toMatch(/^CMD \["--role=all"\]$/m);
    expect(text).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
  });

  it('installs the nginx config and the remotes.json writer in the static image', () => {
    const text = read('Dockerfile.static');
    expect(text).toContain(
      'COPY deploy/nginx/outsync.conf /etc/nginx/templates/outsync.conf.template',
    );
    expect(text).toContain('NGINX_ENVSUBST_FILTER=^SYNC_SERVICE_URL$');
    for (const [name, info] of Object.entries(apps)) {
      expect([name, text]).toEqual([
        name,
        expect.stringContaining(`/app/${info.folder}/dist /usr/share/outsync/${info.folder}`),
      ]);
    }
  });
});
