import { useCallback, useState } from 'react';
import { useEscape } from '../lib/useEscape.ts';
import { changeSettings, type MotionSetting, useSettings } from './settings.ts';
import './settings.css';

const MOTION_CHOICES: readonly { value: MotionSetting; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'reduce', label: 'Reduced' },
  { value: 'full', label: 'Full' },
];

/** The top bar's settings: sound, four-colour suits and motion, remembered by this browser. */
export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const settings = useSettings();
  const close = useCallback(() => setOpen(false), []);
  useEscape(close);
  return (
    <span className="settings">
      <button
        type="button"
        className="btn btn--ghost settings__toggle"
        aria-expanded={open}
        aria-controls="settings-panel"
        aria-label="Settings"
        title="Settings"
        data-testid="settings-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost settings__mute"
        aria-pressed={!settings.sound}
        aria-label={settings.sound ? 'Mute sounds' : 'Turn sounds on'}
        title={settings.sound ? 'Mute sounds' : 'Turn sounds on'}
        data-testid="mute-toggle"
        data-sound={settings.sound ? 'on' : 'off'}
        onClick={() => changeSettings({ sound: !settings.sound })}
      >
        <SpeakerIcon on={settings.sound} />
      </button>
      {open && (
        <div className="settings__panel" id="settings-panel" role="group" aria-label="Settings">
          <label className="settings__row">
            <input
              type="checkbox"
              checked={settings.sound}
              data-testid="setting-sound"
              onChange={(e) => changeSettings({ sound: e.target.checked })}
            />
            Sounds (your turn, a card played, the end of a game)
          </label>
          <label className="settings__row">
            <input
              type="checkbox"
              checked={settings.fourColour}
              data-testid="setting-four-colour"
              onChange={(e) => changeSettings({ fourColour: e.target.checked })}
            />
            Four-colour suits (♦ blue, ♣ green)
          </label>
          <fieldset className="settings__motion">
            <legend>Card movement</legend>
            {MOTION_CHOICES.map((choice) => (
              <label key={choice.value} className="settings__row">
                <input
                  type="radio"
                  name="settings-motion"
                  value={choice.value}
                  checked={settings.motion === choice.value}
                  data-testid={`setting-motion-${choice.value}`}
                  onChange={() => changeSettings({ motion: choice.value })}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn--ghost-dark btn--small" onClick={close}>
            Done
          </button>
        </div>
      )}
    </span>
  );
}

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9v6h4l5 5V4L7 9H3z" />
      {on ? (
        <path
          d="M15 8.5a4.5 4.5 0 0 1 0 7M17.5 5.5a8.5 8.5 0 0 1 0 13"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      ) : (
        <path d="M15 9l6 6M21 9l-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </svg>
  );
}

/** motion/react's setting for the chosen motion ('user' follows prefers-reduced-motion). */
export function useReducedMotionConfig(): 'user' | 'always' | 'never' {
  const motion = useSettings((s) => s.motion);
  return motion === 'system' ? 'user' : motion === 'reduce' ? 'always' : 'never';
}
