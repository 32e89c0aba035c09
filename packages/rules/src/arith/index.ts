/** Exact arithmetic shared by the maths card games (Blind Cassowary, Star Navigator). */
export * from './rational.ts';
export * from './expr.ts';
export * from './parse.ts';
export * from './format.ts';
export { canonical } from './canon.ts';
export type { Canonical } from './canon.ts';
export * from './solve.ts';
