import { hintedCards, hintedPlaces, useStore } from '../store.ts';
import './table-kit.css';

/**
 * The player's own cards the hint on screen names (Blind Cassowary's cassowary, Star Navigator's
 * Vector Set, the Math Card Game turn's cards), for the table to mark; empty once the position the
 * hint was asked in has changed.
 */
export const useHintedCards = (): readonly string[] => useStore(hintedCards);

/** The places on the table the hint on screen points at (Math Card Game: `0`, `1`… or `new`), marked like its cards. */
export const useHintedPlaces = (): readonly string[] => useStore(hintedPlaces);

/** Added to the spoken name of a card the hint names. */
export const HINTED_WORDS = ', named by the hint';

/** The mark of a card element the hint names: `data-hinted`, which the kit outlines. */
export const hintedProps = (on: boolean): { 'data-hinted'?: 'true' } => (on ? { 'data-hinted': 'true' } : {});

/** For a card element without its own label: the words screen readers hear for a hinted card. */
export function HintedNote({ on }: { on: boolean }) {
  return on ? <span className="visually-hidden">{HINTED_WORDS}</span> : null;
}
