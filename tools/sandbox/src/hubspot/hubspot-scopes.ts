import type { ParameterizedContext } from 'koa';
import { correlationId } from '../core/ids.ts';
import { objectTypeOf, type HubspotObjectType } from './hubspot-schema.ts';

/**
 * Which scopes a call needs, read from the `security` blocks of HubSpot's OpenAPI files
 * (test/openapi): any one of `anyOf` is enough. A write scope does not imply read.
 * Emails and tasks are guarded by the contacts scopes, as the specs declare.
 */
export interface ScopeRule {
  anyOf: string[];
}

const READ_SUFFIXES = ['/search', '/batch/read'];

/** The scope family of an object type: contacts (also emails, tasks) or companies. */
function family(type: HubspotObjectType): 'contacts' | 'companies' {
  return type === 'companies' ? 'companies' : 'contacts';
}

function isRead(method: string, rest: string): boolean {
  return method === 'GET' || READ_SUFFIXES.some((suffix) => rest.endsWith(suffix));
}

/** The rule for `METHOD /hubspot/...`; undefined for paths that need no scope. */
export function requiredScopes(method: string, path: string): ScopeRule | undefined {
  const upper = method.toUpperCase();
  const parts = path
    .replace(/^\/hubspot/, '')
    .split('/')
    .filter(Boolean);
  const [crm, version, area, objectName] = parts;
  if (crm !== 'crm') return undefined;
  const rest = `/${parts.slice(3).join('/')}`;

  if (version === 'v3' && area === 'objects') {
    const type = objectTypeOf(objectName);
    if (!type) return undefined;
    const access = isRead(upper, rest) ? 'read' : 'write';
    return { anyOf: [`crm.objects.${family(type)}.${access}`] };
  }
  if (version === 'v3' && area === 'properties') {
    const type = objectTypeOf(objectName);
    if (!type) return undefined;
    const scopeFamily = family(type);
    if (isRead(upper, rest))
      return { anyOf: [`crm.schemas.${scopeFamily}.read`, `crm.objects.${scopeFamily}.read`] };
    return { anyOf: [`crm.schemas.${scopeFamily}.write`] };
  }
  if (version === 'v3' && area === 'owners') {
    return { anyOf: ['crm.objects.owners.read', 'automation'] };
  }
  if (version === 'v3' && area === 'lists') {
    const read = upper === 'GET' || (upper === 'POST' && parts[3] === 'search');
    return { anyOf: [read ? 'crm.lists.read' : 'crm.lists.write'] };
  }
  if (version === 'v4' && (area === 'objects' || area === 'associations')) {
    const type = objectTypeOf(objectName);
    if (!type) return undefined;
    const access = upper === 'GET' || rest.endsWith('/batch/read') ? 'read' : 'write';
    return { anyOf: [`crm.objects.${family(type)}.${access}`] };
  }
  return undefined;
}

export function missingScopes(rule: ScopeRule | undefined, granted: readonly string[]): boolean {
  return rule !== undefined && !rule.anyOf.some((scope) => granted.includes(scope));
}

/**
 * HubSpot's 403 for a token without a scope the call needs, key for key. Only granular
 * (`crm.*`) scopes are named, as HubSpot does.
 */
export function sendMissingScopes(ctx: ParameterizedContext, rule: ScopeRule): void {
  ctx.status = 403;
  ctx.body = {
    status: 'error',
    message:
      "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    correlationId: correlationId(),
    errors: [
      {
        message: 'One or more of the following scopes are required.',
        context: { requiredGranularScopes: rule.anyOf.filter((scope) => scope.startsWith('crm.')) },
      },
    ],
    links: { scopes: 'https://developers.hubspot.com/scopes' },
    category: 'MISSING_SCOPES',
  };
}
