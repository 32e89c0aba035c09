/** The Colyseus endpoint: the page's own origin, or the server's port when running under `vite dev`. */
export function serverEndpoint(): string {
  const { protocol, hostname, port, origin } = window.location;
  if (port === '5173') return `${protocol}//${hostname}:2567`;
  return origin;
}

/** Room lookups go through the page origin (proxied to the server in `vite dev`). */
export function apiUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

export function inviteUrl(code: string): string {
  return `${window.location.origin}/r/${code}`;
}

export function watchPath(code: string): string {
  return `/r/${code}?watch=1`;
}
