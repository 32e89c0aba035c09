import { useSyncExternalStore } from 'react';

export type Route =
  | { name: 'home' }
  /** `code` as the link has it: the room page checks it (with the schemas, loaded with that page). */
  | { name: 'room'; code: string; watch: boolean }
  | { name: 'replay'; id: string; move: number | null; seat: number | null }
  | { name: 'notFound'; path: string };

const NAV_EVENT = 'cards:navigate';

function subscribe(callback: () => void): () => void {
  window.addEventListener('popstate', callback);
  window.addEventListener(NAV_EVENT, callback);
  return () => {
    window.removeEventListener('popstate', callback);
    window.removeEventListener(NAV_EVENT, callback);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export function parseRoute(pathname: string, search: string): Route {
  if (pathname === '/' || pathname === '') return { name: 'home' };
  const match = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (match) {
    const watch = new URLSearchParams(search).get('watch') === '1';
    return { name: 'room', code: decodeURIComponent(match[1] ?? ''), watch };
  }
  const replay = /^\/replay\/([A-Za-z0-9_-]{16,64})\/?$/.exec(pathname);
  if (replay) {
    const params = new URLSearchParams(search);
    const int = (key: string): number | null => {
      const n = Number(params.get(key) ?? 'x');
      return Number.isInteger(n) && n >= 0 ? n : null;
    };
    return { name: 'replay', id: replay[1] ?? '', move: int('move'), seat: int('seat') };
  }
  return { name: 'notFound', path: pathname };
}

export function useRoute(): Route {
  const location = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [pathname = '/', search = ''] = splitLocation(location);
  return parseRoute(pathname, search);
}

function splitLocation(location: string): [string, string] {
  const i = location.indexOf('?');
  return i < 0 ? [location, ''] : [location.slice(0, i), location.slice(i)];
}

export function navigate(path: string, replace = false): void {
  if (path === snapshot()) return;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAV_EVENT));
}

/** An <a> that navigates without a page load (but still works with ctrl/cmd-click). */
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  navigate(path);
}
