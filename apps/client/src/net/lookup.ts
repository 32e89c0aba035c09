import { RateLimitedSchema, RoomLookupSchema, type RoomLookup } from '@cards/schema';
import { z } from 'zod';
import { describeZodError } from '../games/parse.ts';
import { apiUrl } from './endpoint.ts';

/** GET /api/rooms/:code — null when there is no such room. */
export async function lookupRoom(code: string): Promise<RoomLookup | null> {
  const res = await fetch(apiUrl(`/api/rooms/${encodeURIComponent(code)}`), {
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return null;
  if (res.status === 429) {
    const body = RateLimitedSchema.safeParse(await res.json().catch(() => null));
    // The per-address limit on lookups (room creation and joins have one too; the SDK passes their
    // 429 message on as the error).
    throw new Error(
      body.success ? body.data.error : 'Too many room look-ups from your network. Please wait a minute.',
    );
  }
  if (res.status === 410) {
    // The server closed the room for a reason it gives (its game could not be restored).
    const body = z.object({ error: z.string() }).safeParse(await res.json().catch(() => null));
    throw new Error(body.success ? body.data.error : 'This room was closed.');
  }
  if (!res.ok) throw new Error(`The server answered ${res.status} when looking up the room.`);
  const parsed = RoomLookupSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`Unexpected room lookup: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
