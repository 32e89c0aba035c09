/**
 * Reading what the server sent: a Colyseus room message is one protocol byte, the message type and
 * the payload, both msgpack. Just enough msgpack to read the Math Card Game's 'game' updates.
 */

function readValues(frame: Buffer, from: number): unknown[] {
  let at = from;
  const u8 = () => frame.readUInt8(at++);
  const take = <T>(size: number, value: T): T => {
    at += size;
    return value;
  };
  const str = (length: number) => take(length, frame.toString('utf8', at, at + length));
  const arr = (length: number): unknown[] => Array.from({ length }, () => read());
  const map = (length: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let k = 0; k < length; k++) {
      const key = String(read());
      out[key] = read();
    }
    return out;
  };
  function read(): unknown {
    const b = u8();
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if (b >= 0x80 && b <= 0x8f) return map(b & 0x0f);
    if (b >= 0x90 && b <= 0x9f) return arr(b & 0x0f);
    if (b >= 0xa0 && b <= 0xbf) return str(b & 0x1f);
    switch (b) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xca:
        return take(4, frame.readFloatBE(at));
      case 0xcb:
        return take(8, frame.readDoubleBE(at));
      case 0xcc:
        return u8();
      case 0xcd:
        return take(2, frame.readUInt16BE(at));
      case 0xce:
        return take(4, frame.readUInt32BE(at));
      case 0xcf:
        return take(8, Number(frame.readBigUInt64BE(at)));
      case 0xd0:
        return take(1, frame.readInt8(at));
      case 0xd1:
        return take(2, frame.readInt16BE(at));
      case 0xd2:
        return take(4, frame.readInt32BE(at));
      case 0xd3:
        return take(8, Number(frame.readBigInt64BE(at)));
      case 0xd9:
        return str(u8());
      case 0xda:
        return str(take(2, frame.readUInt16BE(at)));
      case 0xdb:
        return str(take(4, frame.readUInt32BE(at)));
      case 0xdc:
        return arr(take(2, frame.readUInt16BE(at)));
      case 0xdd:
        return arr(take(4, frame.readUInt32BE(at)));
      case 0xde:
        return map(take(2, frame.readUInt16BE(at)));
      case 0xdf:
        return map(take(4, frame.readUInt32BE(at)));
    }
    throw new Error(`msgpack type 0x${b.toString(16)} is not read here`);
  }
  const out: unknown[] = [];
  while (at < frame.length) out.push(read());
  return out;
}

export interface GameUpdate {
  version: number;
  legal: unknown[];
  view: unknown;
}

/** The last 'game' update among these frames with this version, or null. */
export function gameUpdate(frames: readonly Buffer[], version: number): GameUpdate | null {
  // From the newest frame back: a long game's tab holds hundreds of frames, most of them older.
  for (let k = frames.length - 1; k >= 0; k--) {
    const found = gameUpdates([frames[k] as Buffer]).find(({ update }) => update.version === version);
    if (found) return found.update;
  }
  return null;
}

/** Every 'game' update among these frames (any game), with the raw frame it came in. */
export function gameUpdates(frames: readonly Buffer[]): { update: GameUpdate; frame: Buffer }[] {
  const out: { update: GameUpdate; frame: Buffer }[] = [];
  for (const frame of frames) {
    let parts: unknown[];
    try {
      parts = readValues(frame, 1);
    } catch {
      continue; // not a room message this reader knows
    }
    const [type, message] = parts;
    if (type === 'game' && typeof message === 'object' && message !== null)
      out.push({ update: message as GameUpdate, frame });
  }
  return out;
}
