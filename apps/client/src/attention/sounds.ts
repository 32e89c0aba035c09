import type { Cue } from './attention.ts';

/** Short tones drawn by Web Audio: no sound files to download. Notes in Hz, each ~0.12 s. */
const TUNES: Readonly<Record<Cue, readonly number[]>> = {
  turn: [660, 880],
  card: [420],
  end: [523, 659, 784],
};
const NOTE_SECONDS = 0.12;

let context: AudioContext | null = null;

/** Plays a cue. Browsers allow sound only after the page was clicked or tapped; until then it is silent. */
export function playCue(cue: Cue): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    TUNES[cue].forEach((frequency, i) => {
      if (!context) return;
      const at = start + i * NOTE_SECONDS;
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      tone.type = 'sine';
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      tone.connect(gain).connect(context.destination);
      tone.start(at);
      tone.stop(at + NOTE_SECONDS);
    });
  } catch {
    // No Web Audio here: the cue stays silent (the title and the live region still tell).
  }
}
