import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useStore } from '../store.ts';

const sent: unknown[] = [];
vi.mock('../net/connection.ts', () => ({
  sendIntent: (intent: unknown) => {
    sent.push(intent);
    return Promise.resolve(true);
  },
}));
const { IntentButton, KitButton, TokenButton } = await import('./buttons.tsx');

type Props = { onClick: () => void; disabled?: boolean; title?: string; 'aria-disabled'?: boolean };
/** The <button> a kit button renders (its function called as React would), to press it. */
function buttonOf(element: ReactElement): ReactElement<Props> {
  let el = element as ReactElement<Props>;
  while (typeof el.type === 'function') el = (el.type as (p: unknown) => ReactElement<Props>)(el.props);
  return el;
}

describe('the table kit buttons', () => {
  const why = 'Put a card before an operator.';

  it('off with a reason: focusable and greyed (aria-disabled), its tooltip and a press say why', () => {
    const onClick = vi.fn();
    const key = (
      <TokenButton testId="op" disabled why={why} onClick={onClick}>
        +
      </TokenButton>
    );
    const html = renderToStaticMarkup(key);
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain(`title="${why}"`);
    expect(html).not.toMatch(/\sdisabled=""/);
    expect(html).toContain('class="btn kit-token"');
    buttonOf(key).props.onClick();
    expect(onClick).not.toHaveBeenCalled();
    expect(useStore.getState().toast).toMatchObject({ kind: 'info', text: why });
  });

  it('on: a press does what it says; off without a reason or while busy: plainly disabled', () => {
    const onPress = vi.fn();
    buttonOf(
      <KitButton testId="k" off={false} onPress={onPress}>
        Go
      </KitButton>,
    ).props.onClick();
    expect(onPress).toHaveBeenCalledOnce();
    expect(
      renderToStaticMarkup(
        <TokenButton testId="b" disabled onClick={onPress}>
          ⌫
        </TokenButton>,
      ),
    ).toMatch(/\sdisabled=""/);
    const busy = renderToStaticMarkup(
      <KitButton testId="k" off why={why} busy onPress={onPress}>
        Go
      </KitButton>,
    );
    expect(busy).toMatch(/\sdisabled=""/);
    expect(busy).not.toContain('aria-disabled');
  });

  it('IntentButton sends its one intent, then runs onSent; with none it says why and sends nothing', async () => {
    const onSent = vi.fn();
    buttonOf(
      <IntentButton intent={{ type: 'cut', position: 3 }} testId="cut" onSent={onSent}>
        Cut
      </IntentButton>,
    ).props.onClick();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ type: 'cut', position: 3 }]);
    buttonOf(
      <IntentButton intent={null} why="Not your turn." testId="cut">
        Cut
      </IntentButton>,
    ).props.onClick();
    expect(sent).toHaveLength(1);
    expect(useStore.getState().toast?.text).toBe('Not your turn.');
  });
});
