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
/** The update's 'view' key, encoded (a msgpack string). */
const VIEW_KEY = Buffer.from(packr.pack('view'));

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

/** Whether msgpackr writes this value as a map of exactly `Object.keys(value)` (a plain object). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && value.constructor === Object;
}

/**
 * `left` less the bytes msgpack takes for `value` (as msgpackr writes it with `useRecords: false`:
 * plain objects as map 16, strings counted as ASCII), stopping once it is used up. Only to decide
 * cheaply whether a run is worth packing apart: either way the message's bytes are the same.
 */
function bytesLeft(value: unknown, left: number): number {
  if (left <= 0) return left;
  switch (typeof value) {
    case 'string':
      return left - value.length - (value.length < 32 ? 1 : value.length < 256 ? 2 : 3);
    case 'number':
      return left - numberBytes(value);
    case 'object': {
      if (value === null) return left - 1;
      if (Array.isArray(value)) {
        left -= value.length < 16 ? 1 : 3;
        for (let i = 0; i < value.length && left > 0; i++) left = bytesLeft(value[i], left);
        return left;
      }
      left -= MAP16_HEADER;
      const object = value as Record<string, unknown>;
      for (const key in object) {
        left = entryBytesLeft(key, object[key], left);
        if (left <= 0) return left;
      }
      return left;
    }
    default:
      return left - 1;
  }
}

/** `bytesLeft` after one map entry, its key and its value. */
function entryBytesLeft(key: string, value: unknown, left: number): number {
  return bytesLeft(value, bytesLeft(key, left));
}

function numberBytes(n: number): number {
  if (!Number.isInteger(n)) return 9;
  if (n >= -32 && n < 128) return 1;
  const size = Math.abs(n);
  return size < 0x100 ? 2 : size < 0x10000 ? 3 : size < 0x100000000 ? 5 : 9;
}

/** Are the entries from key `from` up to `to` at least `min` bytes of msgpack (roughly)? */
function runReaches(
  object: Record<string, unknown>,
  keys: readonly string[],
  from: number,
  to: number,
  min: number,
) {
  let left = min;
  for (let i = from; i < to && left > 0; i++) left = entryBytesLeft(keys[i]!, object[keys[i]!], left);
  return left <= 0;
}

/** The entries of `object` from key `from` up to (not including) key `to`, as a map's pairs. */
function runOf(object: Record<string, unknown>, keys: readonly string[], from: number, to: number) {
  const part: Record<string, unknown> = {};
  for (let i = from; i < to; i++) part[keys[i]!] = object[keys[i]!];
  return entryRun(part, false);
}

/**
 * For each of the first view's keys: whether every view has that key at that place, with the same
 * value. Every broadcast asks this, so it walks the views' keys in place (no key lists).
 */
function sharedPlaces(
  first: Record<string, unknown>,
  keys: readonly string[],
  views: readonly Record<string, unknown>[],
): boolean[] {
  const shared = keys.map(() => true);
  for (let n = 1; n < views.length; n++) {
    const view = views[n]!;
    let i = 0;
    for (const key in view) {
      if (i === keys.length) break;
      if (keys[i] !== key || !Object.is(view[key], first[key])) shared[i] = false;
      i++;
    }
    for (; i < keys.length; i++) shared[i] = false;
  }
  return shared;
}

/**
 * The view's entries that are the same in every view of one broadcast: at the same position in each
 * view, with the same key and the same value (one object by reference, a primitive by value), packed
 * once as runs of consecutive entries. Only the rules can put one object into every seat's view, so a
 * field shared by reference is public by construction, and identity costs nothing to check (a deep
 * comparison cost what it saved).
 */
class SharedViewEntries {
  /** For each key index of a view: the shared run that starts there, else undefined. */
  private readonly runs: (EntryRun & { end: number })[] = [];
  private readonly views: readonly unknown[];

  constructor(views: readonly unknown[]) {
    this.views = views;
    const [first] = views;
    if (views.length < 2 || !views.every(isPlainObject) || !isPlainObject(first)) return;
    const keys = Object.keys(first);
    const shared = sharedPlaces(first, keys, views);
    for (let i = 0; i < keys.length; i++) {
      if (!shared[i]) continue;
      let end = i;
      let objects = false;
      for (; end < keys.length && shared[end]; end++) {
        const value = first[keys[end]!];
        objects ||= typeof value === 'object' && value !== null;
      }
      // A short run costs each view more (its own entries packed in two calls) than it saves; a run
      // of primitives alone is short. Its size is reckoned before it is packed: most are short.
      const min = SplicedUpdates.minRunBytes;
      if (objects && runReaches(first, keys, i, end, min)) {
        const run = runOf(first, keys, i, end);
        if (run.bytes.length >= min) this.runs[i] = { bytes: Buffer.from(run.bytes), count: run.count, end };
      }
      i = end - 1;
    }
  }

  /** How many of a view's entries are encoded once (0: none, each view is encoded whole). */
  get count(): number {
    return this.runs.reduce((sum, run) => sum + (run?.count ?? 0), 0);
  }

  /** The bytes of the shared entries spliced into each view (encoded once for all of them). */
  get bytes(): number {
    return this.runs.reduce((sum, run) => sum + (run?.bytes.length ?? 0), 0);
  }

  /** Whether this view is one the shared entries were worked out over, and any are shared. */
  covers(view: unknown): view is Record<string, unknown> {
    return this.runs.length > 0 && this.views.includes(view) && isPlainObject(view);
  }

  /** The view as msgpack: its own entries packed now, the shared ones as packed once, in key order. */
  write(view: Record<string, unknown>, out: Writer): void {
    const keys = Object.keys(view);
    out.mapHeader(keys.length);
    let from = 0;
    for (let i = 0; i <= keys.length; i++) {
      const run = this.runs[i];
      if (run === undefined && i < keys.length) continue;
      if (from < i) out.push(runOf(view, keys, from, i).bytes);
      if (run === undefined) break;
      out.push(run.bytes);
      i = run.end - 1;
      from = run.end;
    }
  }
}

/** A message written piece by piece (each piece copied in at once: packr reuses its buffer). */
class Writer {
  private buffer = Buffer.allocUnsafe(8192);
  private at = 0;

  push(bytes: Buffer): void {
    this.room(bytes.length);
    bytes.copy(this.buffer, this.at);
    this.at += bytes.length;
  }

  mapHeader(count: number): void {
    this.room(MAP16_HEADER);
    this.buffer[this.at] = MAP16;
    this.buffer.writeUInt16BE(count, this.at + 1);
    this.at += MAP16_HEADER;
  }

  private room(length: number): void {
    if (this.at + length <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + length));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  /** The message so far, as its own buffer; the writer starts afresh. */
  take(): Buffer {
    const out = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    return out;
  }
}

/** Colyseus's frame header of a 'game' message. */
const GAME_HEADER = getMessageBytes.raw(Protocol.ROOM_DATA, 'game');
/** One writer for every message (each is written and taken in one synchronous call). */
const WRITER = new Writer();

/**
 * One broadcast's game updates with what every client shares encoded once: the update's shared
 * fields (actors, timers, history, replayId), spliced after each client's own fields, and the view's
 * entries that every view of the broadcast shares (see SharedViewEntries), spliced among the view's
 * own entries in the view's key order. The bytes are exactly those of `client.send('game', { ...own,
 * ...shared })` (a msgpack map is its key/value pairs one after the other, so a map's pairs can be
 * encoded apart and joined under one header).
 */
export class SplicedUpdates {
  /**
   * Shared view entries are spliced in runs of at least this many bytes; shorter ones are packed with
   * each view's own (measured with `pnpm bench updates`: 256 B keeps Star Navigator's seats and last
   * showdown, and leaves Cassino's views whole).
   */
  static minRunBytes = 256;
  private readonly shared: EntryRun;
  private readonly view: SharedViewEntries;

  /** `views`: the view of every client these messages are for (only entries all of them share are spliced). */
  constructor(shared: SharedFields, views: readonly unknown[] = []) {
    this.shared = entryRun(shared, true);
    this.view = new SharedViewEntries(views);
  }

  /** How many of each view's entries are encoded once for all the views. */
  get sharedViewEntries(): number {
    return this.view.count;
  }

  /** The bytes of each view's shared entries, encoded once for all the views. */
  get sharedViewBytes(): number {
    return this.view.bytes;
  }

  /** The whole 'game' message (Colyseus frame) for one client, ready for `client.enqueueRaw`. */
  message(own: OwnFields): Buffer {
    if (!this.view.covers(own.view)) return this.withWholeView(own);
    const out = WRITER;
    out.push(GAME_HEADER);
    const keys = Object.keys(own);
    out.mapHeader(keys.length + this.shared.count);
    const at = keys.indexOf('view');
    const o = own as unknown as Record<string, unknown>;
    if (at > 0) out.push(runOf(o, keys, 0, at).bytes);
    out.push(VIEW_KEY);
    this.view.write(own.view as Record<string, unknown>, out);
    if (at + 1 < keys.length) out.push(runOf(o, keys, at + 1, keys.length).bytes);
    out.push(this.shared.bytes);
    return out.take();
  }

  /** The message with the view encoded whole (one allocation of the exact size). */
  private withWholeView(own: OwnFields): Buffer {
    const mine = entryRun(own, false);
    const out = Buffer.allocUnsafe(
      GAME_HEADER.length + MAP16_HEADER + mine.bytes.length + this.shared.bytes.length,
    );
    GAME_HEADER.copy(out, 0);
    let at = GAME_HEADER.length;
    out[at] = MAP16;
    out.writeUInt16BE(mine.count + this.shared.count, at + 1);
    at += MAP16_HEADER;
    mine.bytes.copy(out, at);
    this.shared.bytes.copy(out, at + mine.bytes.length);
    return out;
  }
}
