/**
 * Bundle bench (`pnpm bench bundle [--before <ref>] [--runs N] [--port P]`): the implementation lives
 * with the e2e tests, where Playwright resolves.
 */
export { benchBundle } from '../e2e/bench/bundle.ts';
