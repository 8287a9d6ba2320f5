import type { ParameterizedContext } from 'koa';
import { asArray, asString, bodyObject, isObject, type JsonObject } from '../core/http.ts';
import { salesforceOrgOf } from './salesforce-auth.ts';
import { SUBREQUEST_HEADER, SUBREQUEST_SECRET } from './salesforce-limits.ts';

const MAX_SUBREQUESTS = 25;
const REFERENCE = /@\{([A-Za-z0-9_]+)((?:\.[A-Za-z0-9_]+|\[\d+\])*)\}/g;

interface SubrequestResult {
  body: unknown;
  httpHeaders: Record<string, string>;
  httpStatusCode: number;
  referenceId: string;
}

const HALTED = (message: string) => [{ errorCode: 'PROCESSING_HALTED', message }];
const ROLLED_BACK_MESSAGE =
  'The transaction was rolled back since another operation in the same transaction failed.';

/**
 * Composite (`POST /composite`): subrequests run in order, each answered as the same request
 * alone would be, and a later one may use an earlier one's answer through `@{referenceId.path}`.
 * With allOrNone, when one fails everything is rolled back: the failing subrequest keeps its
 * error, every other one answers 400 PROCESSING_HALTED. Subrequests go through the sandbox
 * itself, so they meet the same routes and checks.
 */
export async function composite(
  ctx: ParameterizedContext,
  snapshot: () => () => void,
): Promise<void> {
  const body = bodyObject(ctx);
  const requests = asArray(body.compositeRequest).filter(isObject);
  if (requests.length === 0 || requests.length > MAX_SUBREQUESTS) {
    ctx.status = 400;
    ctx.body = [
      {
        message: `compositeRequest must have between 1 and ${MAX_SUBREQUESTS} subrequests`,
        errorCode: 'INVALID_API_INPUT',
      },
    ];
    return;
  }
  const allOrNone = body.allOrNone === true;
  const restore = snapshot();
  const answers = new Map<string, unknown>();
  const results: SubrequestResult[] = [];
  for (const request of requests) {
    const referenceId = asString(request.referenceId) ?? '';
    if (allOrNone && results.some(failed)) {
      results.push(halt(referenceId, ROLLED_BACK_MESSAGE));
      continue;
    }
    try {
      const url = resolve(asString(request.url) ?? '', answers) as string;
      const resolved = request.body === undefined ? undefined : resolve(request.body, answers);
      // "If the Composite request has allOrNone set to true, then the all-or-none behavior also
      // applies to each of the sObject Collections subrequests, overriding [theirs]."
      const subBody =
        allOrNone && isObject(resolved) && /\/composite\/sobjects(\/|\?|$)/.test(url)
          ? { ...resolved, allOrNone: true }
          : resolved;
      const result = await dispatch(ctx, asString(request.method) ?? 'GET', url, subBody);
      answers.set(referenceId, result.body);
      results.push({ ...result, referenceId });
    } catch (error) {
      if (!(error instanceof UnresolvedReference)) throw error;
      results.push(halt(referenceId, error.message));
    }
  }
  if (allOrNone && results.some(failed)) {
    restore();
    const first = results.findIndex(failed);
    ctx.body = {
      compositeResponse: results.map((result, index) =>
        index === first ? result : halt(result.referenceId, ROLLED_BACK_MESSAGE),
      ),
    };
    return;
  }
  ctx.body = { compositeResponse: results };
}

function failed(result: SubrequestResult): boolean {
  return result.httpStatusCode >= 400;
}

function halt(referenceId: string, message: string): SubrequestResult {
  return { body: HALTED(message), httpHeaders: {}, httpStatusCode: 400, referenceId };
}

class UnresolvedReference extends Error {}

/** Replaces `@{ref.path}` in every string of `value` with the referenced answer's value. */
function resolve(value: unknown, answers: Map<string, unknown>): unknown {
  if (typeof value === 'string')
    return value.replace(REFERENCE, (whole, reference: string, path: string) => {
      const found = answers.has(reference) ? walk(answers.get(reference), path) : undefined;
      if (found === undefined || found === null || typeof found === 'object')
        throw new UnresolvedReference(
          `Invalid reference specified. No value for ${whole.slice(2, -1)} found in ${reference}. Provided referenceId ('${reference}') must be a subrequest that ran and succeeded.`,
        );
      return String(found as string | number | boolean);
    });
  if (Array.isArray(value)) return value.map((item) => resolve(item, answers));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, answers)]),
    );
  return value;
}

function walk(value: unknown, path: string): unknown {
  let current = value;
  for (const [, key, index] of path.matchAll(/\.([A-Za-z0-9_]+)|\[(\d+)\]/g)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as JsonObject)[key ?? index ?? ''];
  }
  return current;
}

/** One subrequest, sent to this sandbox on the org's instance with the caller's session. */
async function dispatch(
  ctx: ParameterizedContext,
  method: string,
  url: string,
  body: unknown,
): Promise<Omit<SubrequestResult, 'referenceId'>> {
  if (!url.startsWith('/services/data/'))
    return {
      body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
      httpHeaders: {},
      httpStatusCode: 404,
    };
  const socket = ctx.req.socket;
  const host = socket.localAddress?.includes(':')
    ? `[${socket.localAddress}]`
    : (socket.localAddress ?? '127.0.0.1');
  const response = await fetch(
    `http://${host}:${socket.localPort ?? 0}${salesforceOrgOf(ctx).instancePath}${url}`,
    {
      method: method.toUpperCase(),
      headers: {
        authorization: ctx.get('authorization'),
        [SUBREQUEST_HEADER]: SUBREQUEST_SECRET,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  const id = isObject(parsed) ? asString(parsed.id) : undefined;
  const created = response.status === 201 && id !== undefined && /\/sobjects\/\w+$/.test(url);
  return {
    body: parsed,
    httpHeaders: created ? { Location: `${url}/${id}` } : {},
    httpStatusCode: response.status,
  };
}
