import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** One DNS answer. */
export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to every address it has (like `dns.lookup` with `all: true`). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** host or host:port entries (lowercase) allowed even though they resolve to a non-public address; e.g. ['127.0.0.1:4100','localhost:4100'] for the sandbox */
  allowHosts?: readonly string[];
  /** DNS lookup, injectable for tests; defaults to node:dns lookup with all:true */
  lookup?: HostLookup;
  maxRedirects?: number; // default 5
  timeoutMs?: number; // default 15000, whole request
};

export type UnsafeUrlReason = 'invalid_url' | 'protocol' | 'credentials' | 'private_address';

/**
 * A URL OutSync will not call. `url` is the URL without credentials, query or fragment (they
 * may hold keys); the message names the host and the refused address, nothing of the request.
 */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
  readonly url: string;
  readonly reason: UnsafeUrlReason;

  constructor(url: string, reason: UnsafeUrlReason, message: string) {
    super(message);
    this.url = url;
    this.reason = reason;
  }
}

/**
 * True only for a globally routable unicast address. IPv4-mapped (::ffff:a.b.c.d), IPv4-
 * translated, NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses are judged by the IPv4
 * address they carry; other IPv6 addresses must be ipaddr.js `unicast` and inside 2000::/3,
 * the only block IANA allocates for global unicast. Anything that is not an IP is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // node:net is strict (dotted quads only); ipaddr.js would also read '0x7f.1' or '0177.0.0.1'.
  const version = isIP(text);
  if (version === 4) return ipaddr.IPv4.parse(text).range() === 'unicast';
  if (version !== 6) return false;
  const address = ipaddr.IPv6.parse(text);
  const embedded = embeddedIPv4(address);
  if (embedded) return embedded.range() === 'unicast';
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST);
}

/** Throws UnsafeUrlError unless the URL is http(s) and every resolved address is public (or the host is allow-listed). */
export async function assertPublicUrl(
  url: string | URL,
  options?: SafeFetchOptions,
): Promise<void> {
  await createAddressPolicy(options).assertPublicUrl(url);
}

/** The checks safe-fetch makes, with the allow-list parsed and the lookup chosen once. */
export type AddressPolicy = {
  lookup: HostLookup;
  /** Whether `host:port` is on the allow-list (by host alone, or host and port). */
  allows(hostname: string, port: number): boolean;
  /** Scheme and credentials only: what can be judged without DNS. */
  assertCallable(url: URL): void;
  assertPublicUrl(url: string | URL): Promise<void>;
  /**
   * Every address of `hostname`, after checking they are all public: one non-public answer
   * refuses the name, so a DNS answer mixing public and private addresses cannot slip through.
   */
  resolvePublic(hostname: string, url: string): Promise<ResolvedAddress[]>;
};

export function createAddressPolicy(options: SafeFetchOptions = {}): AddressPolicy {
  const allowList = (options.allowHosts ?? []).map(parseAllowHost);
  const lookup = options.lookup ?? systemLookup;

  const policy: AddressPolicy = {
    lookup,
    allows(hostname, port) {
      const host = bare(hostname).toLowerCase();
      return allowList.some((entry) => entry.host === host && (entry.port ?? port) === port);
    },
    assertCallable(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new UnsafeUrlError(
          safeUrl(url),
          'protocol',
          `Only http and https URLs can be called; ${url.protocol} is neither.`,
        );
      }
      if (url.username !== '' || url.password !== '') {
        throw new UnsafeUrlError(
          safeUrl(url),
          'credentials',
          'URLs with a user name or password are not called; send credentials in a header.',
        );
      }
    },
    async assertPublicUrl(input) {
      const url = parseUrl(input);
      policy.assertCallable(url);
      const hostname = bare(url.hostname);
      if (policy.allows(hostname, portOf(url))) return;
      if (isIP(hostname) !== 0) {
        // An IP literal: nothing to resolve.
        if (!isPublicAddress(hostname)) throw privateAddress(safeUrl(url), hostname);
        return;
      }
      await policy.resolvePublic(hostname, safeUrl(url));
    },
    async resolvePublic(hostname, url) {
      const answers = await lookup(hostname);
      if (answers.length === 0) {
        throw Object.assign(new Error(`No address found for ${hostname}.`), { code: 'ENOTFOUND' });
      }
      const refused = answers.find((answer) => !isPublicAddress(answer.address));
      if (refused) throw privateAddress(url, refused.address, hostname);
      return answers;
    },
  };
  return policy;
}

/**
 * An allow-list entry: `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address, read
 * lower-case. Throws an Error naming the entry when it is none of these.
 */
export function parseAllowHost(entry: string): { host: string; port: number | undefined } {
  const text = entry.trim().toLowerCase();
  const match =
    /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(text) ??
    (isIP(text) === 6 ? [text, text, undefined] : null) ??
    /^([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/.exec(text);
  const host = match?.[1];
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (!host || (port !== undefined && (port < 1 || port > 65535))) {
    throw new Error(`"${entry}" is not a host or host:port`);
  }
  return { host, port };
}

/** The URL as errors may show it: no credentials, query or fragment. */
export function safeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

export function privateAddress(url: string, address: string, hostname?: string): UnsafeUrlError {
  const of = hostname === undefined ? '' : ` of ${hostname}`;
  return new UnsafeUrlError(
    url,
    'private_address',
    `The address ${address}${of} is private; OutSync does not call private addresses.`,
  );
}

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that carry one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const fromParts = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) {
    return fromParts(parts[6] ?? 0, parts[7] ?? 0);
  }
  if (range === '6to4') return fromParts(parts[1] ?? 0, parts[2] ?? 0);
  // The deprecated IPv4-compatible ::a.b.c.d lies outside 2000::/3, so it is refused as it is.
  return undefined;
}

function bare(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function parseUrl(input: string | URL): URL {
  try {
    return new URL(String(input));
  } catch {
    throw new UnsafeUrlError('', 'invalid_url', 'The URL is not valid.');
  }
}

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}
