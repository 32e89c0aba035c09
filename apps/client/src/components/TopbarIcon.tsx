/**
 * The small pictures of the top bar's History and Rules buttons: on a phone they stand for the words
 * (which stay for screen readers), so the game's name has room.
 */
const PATHS = {
  // a clock face with its hands
  history:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm-1 2v6l5 3 1-1.7-4-2.3V7z',
  // an open book
  rules: 'M4 5c2.5-1 5-1 7 .5V19c-2-1.3-4.5-1.3-7-.5zm16 0c-2.5-1-5-1-7 .5V19c2-1.3 4.5-1.3 7-.5z',
} as const;

export function TopbarIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="topbar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
