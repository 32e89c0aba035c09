import { lazy, Suspense, useEffect, useRef } from 'react';
import { ToastHost } from './components/Toast.tsx';
import { onLinkClick, useRoute } from './lib/router.ts';
import { Home } from './pages/Home.tsx';

// A room (the Colyseus client, the lobby, card animation) loads when one is opened; each game's
// table loads on its own from there.
const RoomPage = lazy(() => import('./pages/RoomPage.tsx'));
const ReplayPage = lazy(() => import('./pages/ReplayPage.tsx').then((m) => ({ default: m.ReplayPage })));

export function App() {
  const route = useRoute();
  const roomCode = route.name === 'room' ? route.code : null;

  // Leaving a room's page (home link, back button) leaves the room.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = roomCode;
    if (was !== null && roomCode === null) void import('./net/connection.ts').then((net) => net.leaveRoom());
  }, [roomCode]);

  return (
    <>
      {route.name === 'home' && <Home />}
      {route.name === 'room' && (
        <Suspense fallback={<Loading />}>
          <RoomPage code={route.code} watch={route.watch} />
        </Suspense>
      )}
      {route.name === 'replay' && (
        <Suspense fallback={<Loading />}>
          <ReplayPage id={route.id} move={route.move} seat={route.seat} />
        </Suspense>
      )}
      {route.name === 'notFound' && (
        <main className="centered">
          <section className="panel-card centered__card">
            <h1 className="centered__title">Nothing here</h1>
            <p>There is no page at {route.path}.</p>
            <a className="btn btn--primary" href="/" onClick={(e) => onLinkClick(e, '/')}>
              Go to the games
            </a>
          </section>
        </main>
      )}
      <ToastHost />
    </>
  );
}

function Loading() {
  return (
    <main className="centered">
      <section className="panel-card centered__card">
        <h1 className="centered__title">Loading…</h1>
      </section>
    </main>
  );
}
