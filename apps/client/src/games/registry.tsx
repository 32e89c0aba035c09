import type { ReactNode } from 'react';
import {
  CassinoOptionsForm,
  defaultCassinoOptions,
  describeCassinoOptions,
} from './cassino/CassinoOptions.tsx';
import {
  BlindCassowaryOptionsForm,
  defaultBlindCassowaryOptions,
  describeBlindCassowaryOptions,
} from './blind-cassowary/BlindCassowaryOptions.tsx';
import { defaultMathOptions, describeMathOptions, MathOptionsForm } from './math-card-game/MathOptions.tsx';
import { defaultStarOptions, describeStarOptions, StarOptionsForm } from './star-navigator/StarOptions.tsx';
import {
  CuntSoulOptionsForm,
  defaultCuntSoulOptions,
  describeCuntSoulOptions,
} from './cunt-soul/CuntSoulOptions.tsx';

/** What the client knows how to show for each playable game. */
export interface ClientGame {
  defaultOptions: unknown;
  describeOptions: (options: unknown) => string;
  optionsForm: (props: {
    value: unknown;
    onChange: (options: unknown) => void;
    disabled?: boolean;
    idPrefix: string;
  }) => ReactNode;
}

export const CLIENT_GAMES: Readonly<Record<string, ClientGame>> = {
  cassino: {
    defaultOptions: defaultCassinoOptions,
    describeOptions: describeCassinoOptions,
    optionsForm: (props) => <CassinoOptionsForm {...props} />,
  },
  'math-card-game': {
    defaultOptions: defaultMathOptions,
    describeOptions: describeMathOptions,
    optionsForm: (props) => <MathOptionsForm {...props} />,
  },
  'blind-cassowary': {
    defaultOptions: defaultBlindCassowaryOptions,
    describeOptions: describeBlindCassowaryOptions,
    optionsForm: (props) => <BlindCassowaryOptionsForm {...props} />,
  },
  'star-navigator': {
    defaultOptions: defaultStarOptions,
    describeOptions: describeStarOptions,
    optionsForm: (props) => <StarOptionsForm {...props} />,
  },
  'cunt-soul': {
    defaultOptions: defaultCuntSoulOptions,
    describeOptions: describeCuntSoulOptions,
    optionsForm: (props) => <CuntSoulOptionsForm {...props} />,
  },
};
