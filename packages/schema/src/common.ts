import { z } from 'zod';

export const SuitSchema = z.enum(['S', 'H', 'D', 'C']);
export type Suit = z.infer<typeof SuitSchema>;

/** A standard playing card; `id` is unique within a game (e.g. "10D", "AS"). */
export const CardSchema = z.object({
  id: z.string().min(1).max(12),
  rank: z.number().int().min(1).max(13),
  suit: SuitSchema,
});
export type Card = z.infer<typeof CardSchema>;

export const CardIdSchema = z.string().min(1).max(12);
export const SeatSchema = z.number().int().min(0).max(15);

/** Room codes: 5 letters from an alphabet without look-alikes (no I, L, O, U, 0, 1). */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ';
export const RoomCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${ROOM_CODE_ALPHABET}]{5}$`), 'A room code is 5 letters.');

/**
 * Invisible or control characters a name may not hold: controls, format characters (bidi overrides
 * and isolates, zero-width space, soft hyphen, BOM …), private-use, unassigned code points, lone
 * surrogates, line and paragraph separators. Allowed among the format characters: the zero-width
 * joiner and non-joiner and the tag characters, which joined emoji (👩‍💻, 🏳️‍🌈, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) and some scripts need.
 * (Variation selectors are marks, not format characters, so they pass anyway.)
 */
const FORBIDDEN_IN_NAME = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])[<>\p{C}\p{Zl}\p{Zp}]/u;
/** At least one character that shows: a letter, number, symbol or punctuation mark. */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

export const MAX_NAME_LENGTH = 24;

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Pick a name.')
  .max(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`)
  .refine((name) => !FORBIDDEN_IN_NAME.test(name), {
    message: 'Names cannot contain control characters or angle brackets.',
  })
  .refine((name) => VISIBLE.test(name), { message: 'Pick a name with letters or symbols in it.' });

/** A joker: no rank, no suit. Decks with several copies suffix the id (`JK1#1`). */
export const JokerSchema = z.object({
  id: z.string().min(1).max(12),
  joker: z.literal(true),
  /** Decks that tell their two jokers apart: JK1 is black (the "little" joker), JK2 red. */
  color: z.enum(['black', 'red']),
});
export type Joker = z.infer<typeof JokerSchema>;

/** A card of the standard deck with jokers. */
export const PlayingCardSchema = z.union([CardSchema, JokerSchema]);
export type PlayingCard = z.infer<typeof PlayingCardSchema>;
