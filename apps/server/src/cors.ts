import { matchMaker } from '@colyseus/core';

/**
 * Which web pages may call this server from another origin (matchmaking, room lookups) with the
 * browser's credentials. The site's own pages (same origin) always may; `allowed` adds exact
 * origins such as `https://cards.example` or the Vite dev page `http://localhost:5173`.
 */
export interface OriginPolicy {
  allowed: readonly string[];
}

/** ALLOWED_ORIGINS: a comma-separated list of origins (`scheme://host[:port]`). */
export function parseOrigins(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/** The origin may read our answers: it is the page's own origin or one the operator listed. */
export function originAllowed(origin: string, host: string | undefined, policy: OriginPolicy): boolean {
  if (policy.allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** CORS headers for a request from `origin` to `host`: the origin is echoed only when allowed. */
export function corsHeaders(
  origin: string | undefined | null,
  host: string | undefined | null,
  policy: OriginPolicy,
): Record<string, string> {
  if (!origin || !originAllowed(origin, host ?? undefined, policy)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

/**
 * Replaces Colyseus' CORS answer (it echoes any Origin, with credentials) by the policy. Colyseus
 * puts its CORS headers on every HTTP response, express routes included, from one process-wide
 * controller, so this holds for the whole process.
 */
export function installCorsPolicy(policy: OriginPolicy): void {
  const defaults: Partial<Record<string, string>> = matchMaker.controller.DEFAULT_CORS_HEADERS;
  delete defaults['Access-Control-Allow-Origin'];
  matchMaker.controller.getCorsHeaders = (headers: Headers) =>
    corsHeaders(headers.get('origin'), headers.get('host'), policy);
}
