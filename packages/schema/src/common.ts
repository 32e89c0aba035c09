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

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Pick a name.')
  .max(24, 'Names are at most 24 characters.')
  .regex(/^[^<>\p{C}]+$/u, 'Names cannot contain control characters or angle brackets.');
