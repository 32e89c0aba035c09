import { describeFrameWrites } from './frameWritesPlay.ts';
import { serverForFile } from './helpers.ts';

describeFrameWrites(serverForFile(41500, { allowTestSeeds: true }), 'without a store');
