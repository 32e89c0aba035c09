/** How long a removed player's address may not enter the room again. */
export const ADDRESS_BAN_MS = 10 * 60_000;

/**
 * Addresses kept out of one room for a while. A token and a browser id are banned for good, but
 * clearing the browser's storage gets new ones; the address ban covers that for ADDRESS_BAN_MS.
 * It is short because an address may be shared (a household, a school, a mobile carrier's NAT).
 */
export class AddressBans {
  private readonly until = new Map<string, number>();

  add(address: string, now: number): void {
    this.until.set(address, now + ADDRESS_BAN_MS);
  }

  has(address: string, now: number): boolean {
    const until = this.until.get(address);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(address);
    return false;
  }
}
