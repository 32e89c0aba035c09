import { useEffect, useRef } from 'react';
import { ToastHost } from './components/Toast.tsx';
import { leaveRoom } from './net/connection.ts';
import { onLinkClick, useRoute } from './lib/router.ts';
import { Home } from './pages/Home.tsx';
import { ReplayPage } from './pages/ReplayPage.tsx';
import { RoomPage } from './pages/RoomPage.tsx';

export function App() {
  const route = useRoute();
  const roomCode = route.name === 'room' ? route.code : null;

  // Leaving a room's page (home link, back button) leaves the room.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = roomCode;
    if (was !== null && roomCode === null) void leaveRoom();
  }, [roomCode]);

  return (
    <>
      {route.name === 'home' && <Home />}
      {route.name === 'room' && <RoomPage code={route.code} watch={route.watch} valid={route.valid} />}
      {route.name === 'replay' && <ReplayPage id={route.id} move={route.move} seat={route.seat} />}
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
