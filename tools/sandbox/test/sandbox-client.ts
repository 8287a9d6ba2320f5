import { startSandbox, type RunningSandbox, type SandboxOptions } from '../src/index.ts';

/** A sandbox on free ports plus small fetch helpers, for the behaviour and contract tests. */
export interface TestSandbox {
  url: string;
  smtpPort: number;
  stop(): Promise<void>;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; form?: Record<string, string> },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox: RunningSandbox = await startSandbox({
    port: 0,
    smtpPort: 0,
    host: '127.0.0.1',
    ...options,
  });
  const url = sandbox.url.replace('localhost', '127.0.0.1');
  return {
    url,
    smtpPort: sandbox.smtpPort,
    stop: () => sandbox.stop(),
    async request(method, path, { body, headers = {}, form } = {}) {
      const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
      if (form) {
        init.body = new URLSearchParams(form).toString();
        (init.headers as Record<string, string>)['content-type'] =
          'application/x-www-form-urlencoded';
      } else if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const response = await fetch(`${url}${path}`, init);
      const text = await response.text();
      const parsed = parseBody(text);
      return { status: response.status, body: parsed, headers: response.headers };
    },
  };
}

/** Reads a nested value from an unknown JSON body without casting at every step. */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
