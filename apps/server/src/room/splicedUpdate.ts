import { getMessageBytes, Protocol } from '@colyseus/core';
import { Packr } from 'msgpackr';
import type { GameUpdate } from '@cards/schema';

/** Encodes as Colyseus's own packer does (`@colyseus/core` Protocol: `useRecords: false`). */
const packr = new Packr({ useRecords: false });

/** The fields of a game update that every client of one broadcast shares, in their wire order. */
export type SharedFields = Pick<GameUpdate, 'actors' | 'timers' | 'history' | 'replayId'>;
/** The fields of one client's game update, in their wire order, before the shared ones. */
export type OwnFields = Pick<GameUpdate, 'version' | 'view' | 'legal' | 'hint'>;

/** msgpack's map 16 (then the entry count, 2 bytes): msgpackr writes every plain object so. */
const MAP16 = 0xde;
const MAP16_HEADER = 3;

/** The bytes of a msgpack map without its header: its key/value pairs, and how many there are. */
interface EntryRun {
  bytes: Buffer;
  count: number;
}

function entryRun(fields: object, copy: boolean): EntryRun {
  const packed = packr.pack(fields);
  if (packed[0] !== MAP16) throw new Error('msgpackr did not encode a game update part as a map 16');
  // packr reuses its buffer on the next pack: what outlives this call is copied.
  const run = packed.subarray(MAP16_HEADER);
  return { bytes: copy ? Buffer.from(run) : run, count: packed.readUInt16BE(1) };
}

/**
 * One broadcast's game updates with the shared fields (actors, timers, history, replayId) encoded once
 * and spliced into each client's message after its own fields. The bytes are exactly those of
 * `client.send('game', { ...own, ...shared })` (msgpack maps are their key/value pairs one after the
 * other, so a map's pairs can be encoded apart and joined under one header).
 */
export class SplicedUpdates {
  private readonly header = getMessageBytes.raw(Protocol.ROOM_DATA, 'game');
  private readonly shared: EntryRun;

  constructor(shared: SharedFields) {
    this.shared = entryRun(shared, true);
  }

  /** The whole 'game' message (Colyseus frame) for one client, ready for `client.enqueueRaw`. */
  message(own: OwnFields): Buffer {
    const mine = entryRun(own, false);
    const out = Buffer.allocUnsafe(
      this.header.length + MAP16_HEADER + mine.bytes.length + this.shared.bytes.length,
    );
    this.header.copy(out, 0);
    let at = this.header.length;
    out[at] = MAP16;
    out.writeUInt16BE(mine.count + this.shared.count, at + 1);
    at += MAP16_HEADER;
    mine.bytes.copy(out, at);
    this.shared.bytes.copy(out, at + mine.bytes.length);
    return out;
  }
}
