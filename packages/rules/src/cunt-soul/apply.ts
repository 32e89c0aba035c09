/** Routes an intent to its rule; never throws for a malformed or illegal intent. */
import type { Seat } from '../core/game.ts';
import { err, type Result } from '../core/result.ts';
import { chooseNext, declare7, endSwaps, swap5 } from './abilities.ts';
import { changeField } from './change.ts';
import { endRun, pickUpIntent, playFaceDown, playLink } from './play.ts';
import { selectSetup } from './setup.ts';
import type { CuntSoulState } from './state.ts';

export function applyIntent(state: CuntSoulState, actor: Seat, intent: unknown): Result<CuntSoulState> {
  if (state.phase === 'over') return err('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(actor) || state.seats[actor] === undefined)
    return err('NOT_A_PLAYER', 'Only seated players can play.');
  if (typeof intent !== 'object' || intent === null || !('type' in intent))
    return err('BAD_INTENT', 'That is not a move in this game.');
  const i = intent as Record<string, unknown>;
  switch (i.type) {
    case 'setupSelect':
      return selectSetup(state, actor, i.up, i.field);
    case 'changeField':
      return changeField(state, actor, i.card, i.slot);
    case 'playLink':
      return playLink(state, actor, i.cards);
    case 'playFaceDown':
      return playFaceDown(state, actor, i.slot);
    case 'declare7':
      return declare7(state, actor, i.choice);
    case 'chooseNext':
      return chooseNext(state, actor, i.seat);
    case 'swap5':
      return swap5(state, actor, i.card, i.slot);
    case 'endSwaps':
      return endSwaps(state, actor);
    case 'endChain':
      return endRun(state, actor);
    case 'pickUp':
      return pickUpIntent(state, actor);
    default:
      return err('UNKNOWN_INTENT', 'That is not a move in this game.');
  }
}
