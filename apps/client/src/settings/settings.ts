import { create } from 'zustand';
import { z } from 'zod';

/** How cards move: as the system asks (prefers-reduced-motion), always reduced, or always full. */
export type MotionSetting = 'system' | 'reduce' | 'full';

const SettingsSchema = z.object({
  /** Sounds for your turn, a card played and the end of a game. */
  sound: z.boolean().catch(true),
  /** Four-colour suits: ♦ blue and ♣ green, so colour and shape both tell the suit. */
  fourColour: z.boolean().catch(false),
  motion: z.enum(['system', 'reduce', 'full']).catch('system'),
});
export type Settings = z.infer<typeof SettingsSchema>;

const KEY = 'cards.settings';
export const DEFAULT_SETTINGS: Settings = { sound: true, fourColour: false, motion: 'system' };

/** The browser's saved settings; anything unreadable falls back to the defaults, field by field. */
export function parseSettings(raw: string | null): Settings {
  if (raw === null) return DEFAULT_SETTINGS;
  try {
    const parsed = SettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function load(): Settings {
  try {
    return parseSettings(localStorage.getItem(KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const useSettings = create<Settings>(() =>
  typeof window === 'undefined' ? DEFAULT_SETTINGS : load(),
);

export function changeSettings(change: Partial<Settings>): void {
  useSettings.setState(change);
  try {
    localStorage.setItem(KEY, JSON.stringify(useSettings.getState()));
  } catch {
    // Private mode without storage: the setting holds for this page only.
  }
}

/** Motion is reduced when the setting says so, or by default when the system asks for it. */
export function motionReduced(setting: MotionSetting, systemPrefersReduced: boolean): boolean {
  return setting === 'reduce' || (setting === 'system' && systemPrefersReduced);
}

const systemQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : null;

/** The page's <html> carries the settings CSS reads: data-suits="four", data-motion="reduce". */
function applyToDocument(settings: Settings): void {
  const root = document.documentElement;
  root.dataset['suits'] = settings.fourColour ? 'four' : 'two';
  root.dataset['motion'] = motionReduced(settings.motion, systemQuery()?.matches ?? false)
    ? 'reduce'
    : 'full';
}

if (typeof document !== 'undefined') {
  applyToDocument(useSettings.getState());
  useSettings.subscribe(applyToDocument);
  systemQuery()?.addEventListener('change', () => applyToDocument(useSettings.getState()));
}
