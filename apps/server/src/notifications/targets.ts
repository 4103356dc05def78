import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a webhook may go (docs/rules/webhooks.md#where-an-endpoint-may-point): never inside the
 * server's own network. Every address a target's name resolves to is checked when the endpoint is
 * added and again in the connection of every delivery (the `lookup` the request connects with), so
 * a name whose answer changes after it was added (DNS rebinding) is refused when it is sent to.
 * WEBHOOK_ALLOWED_HOSTS names the hosts a provider means to reach inside.
 */

/** Resolves a name to every address it has (node:dns lookup's form; tests pass a stand-in). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** A target refused: what a manager is told (the address itself is not named to viewers). */
export class TargetRefused extends Error {}

const inside = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // unspecified, 'this network'
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared (carrier-grade NAT, RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services among them)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  inside.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  inside.addSubnet(network, bits, 'ipv6');

const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The IPv4 address an IPv6 one carries (::ffff:a.b.c.d mapped, ::ffff:0:a.b.c.d and
 * 64:ff9b::a.b.c.d translated, ::a.b.c.d compatible), which is where a connection to it ends up;
 * undefined otherwise.
 */
export function embeddedIPv4(address: string): string | undefined {
  const g = groupsOf(address);
  const tail = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && g[5] === 0xffff) return tail;
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return tail;
  if (zeroHead && g[5] === 0 && (g[6] !== 0 || g[7]! > 1)) return tail;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return tail;
  return undefined;
}

/** The server's own addresses, as its interfaces have them now. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const entry of list ?? []) own.add(entry.address.toLowerCase().split('%')[0]!);
  return own;
}

/** Why an address is inside (loopback, private, ...), or undefined for a public one. */
export function insideReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an address';
  const v4 = family === 6 ? embeddedIPv4(address) : address;
  if (v4 !== undefined && inside.check(v4, 'ipv4')) return 'an inside address';
  const v6 = address.split('%')[0]!;
  if (family === 6 && inside.check(v6, 'ipv6')) return 'an inside address';
  // Beyond the IPv4 an address carries, only global unicast (2000::/3) is outside.
  if (family === 6 && v4 === undefined && !globalUnicast.check(v6, 'ipv6'))
    return 'an inside address';
  const own = ownAddresses();
  if (own.has(address.toLowerCase().split('%')[0]!) || (v4 !== undefined && own.has(v4)))
    return 'one of this server’s own addresses';
  return undefined;
}

/** What a delivery to an endpoint stored with an http URL says in production (its last error). */
export const NOT_HTTPS_DELIVERY =
  'This endpoint is not https: in production events are delivered over https only';

/** A URL's host as an address or name: brackets off, lower case (the URL parser's form). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * WEBHOOK_ALLOWED_HOSTS: `host`, `host:port`, an IPv4 or IPv6 address (`[v6]:port` with a port),
 * each as its URL would write it. Answers whether the URL's host (and port) is one.
 */
export function allowedHost(allowed: readonly string[], url: URL): boolean {
  const host = hostOf(url);
  return allowed.some((entry) => {
    let parsed: URL;
    try {
      parsed = new URL(`http://${isIP(entry) === 6 ? `[${entry}]` : entry}/`);
    } catch {
      return false;
    }
    if (hostOf(parsed) !== host) return false;
    return parsed.port === '' || parsed.port === portOf(url);
  });
}

function refusal(host: string, address: string): TargetRefused | undefined {
  const reason = insideReason(address);
  return reason ? new TargetRefused(`its host ${host} is ${reason}`) : undefined;
}

/**
 * An address written in the URL (Node connects to it without any lookup): refused when it is
 * inside and not allowed. A name is left to the lookup.
 */
export function literalRefusal(url: URL, allowed: readonly string[]): TargetRefused | undefined {
  const host = hostOf(url);
  if (isIP(host) === 0 || allowedHost(allowed, url)) return undefined;
  return refusal(host, host);
}

/**
 * Refuses a target inside, as the endpoint is added: every address of its host must be outside,
 * unless WEBHOOK_ALLOWED_HOSTS names it. A name that does not resolve is refused too.
 */
export async function checkTarget(
  url: URL,
  allowed: readonly string[],
  resolve: ResolveHost,
): Promise<void> {
  const host = hostOf(url);
  if (allowedHost(allowed, url)) return;
  if (isIP(host) !== 0) {
    const refused = refusal(host, host);
    if (refused) throw refused;
    return;
  }
  let answers: LookupAddress[];
  try {
    answers = await resolve(host);
  } catch {
    throw new TargetRefused(`its host ${host} does not resolve`);
  }
  if (answers.length === 0) throw new TargetRefused(`its host ${host} does not resolve`);
  for (const { address } of answers) {
    const refused = refusal(host, address);
    if (refused) throw refused;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` a delivery's connection resolves its host with: the resolver's answer, refused
 * when any address is inside (the connection is never made), unless the host is allowed. Node
 * does not call it for an address written in the URL; checkTarget covers that before connecting.
 */
export function guardedLookup(url: URL, allowed: readonly string[], resolve: ResolveHost) {
  const pass = allowedHost(allowed, url);
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new TargetRefused(`its host ${hostname} does not resolve`);
        if (!pass)
          for (const { address } of answers) {
            const refused = refusal(hostname, address);
            if (refused) throw refused;
          }
        if (options.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '');
      });
  };
}
