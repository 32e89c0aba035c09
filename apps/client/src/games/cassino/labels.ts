export { seatName } from '../../table-kit/seatName.ts';

export const SCORE_ROWS = [
  { key: 'cards', label: 'Cards taken', hint: 'count' },
  { key: 'spades', label: 'Spades taken', hint: 'count' },
  { key: 'mostCards', label: 'Most cards', hint: '3 points' },
  { key: 'mostSpades', label: 'Most spades', hint: '1 point' },
  { key: 'bigCassino', label: 'Big Cassino (10♦)', hint: '2 points' },
  { key: 'littleCassino', label: 'Little Cassino (2♠)', hint: '1 point' },
  { key: 'aces', label: 'Aces', hint: '1 point each' },
  { key: 'sweeps', label: 'Sweeps', hint: '1 point each' },
] as const;
