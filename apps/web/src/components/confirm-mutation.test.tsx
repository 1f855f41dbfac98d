import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { enabledButton, pageText, waitFor } from '../test/screen.ts';
import { ConfirmMutation } from './confirm-mutation.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Plan = { id: number; name: string };

describe('ConfirmMutation', () => {
  let root: Root | undefined;
  beforeAll(async () => {
    await initI18n('ja');
  });
  afterEach(() => {
    act(() => root?.unmount());
    notifications.clean();
    document.body.innerHTML = '';
  });

  function renderWith(mutate: (id: number, options: { onSuccess: () => void }) => void) {
    let setTarget: (plan: Plan | null) => void = () => undefined;
    function Screen() {
      const [target, set] = useState<Plan | null>(null);
      setTarget = set;
      return (
        <ConfirmMutation
          target={target}
          title="料金プランの削除"
          message={(plan) => `${plan.name} を削除します。`}
          confirmLabel="削除"
          danger
          mutation={{ mutate: mutate as never, isPending: false }}
          variables={(plan) => plan.id}
          done="削除しました"
          onClose={() => set(null)}
        />
      );
    }
    const container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <MantineProvider>
          <Notifications />
          <Screen />
        </MantineProvider>,
      ),
    );
    return (plan: Plan | null) => act(() => setTarget(plan));
  }

  it('asks about the target, runs the mutation with its variables, then closes and says it is done', async () => {
    const mutate = vi.fn((_id: number, options: { onSuccess: () => void }) => options.onSuccess());
    const open = renderWith(mutate);
    expect(pageText()).not.toContain('を削除します');
    open({ id: 7, name: '春の団体料金' });
    await waitFor(() => pageText().includes('春の団体料金 を削除します。'));
    act(() => enabledButton('削除')!.click());
    expect(mutate).toHaveBeenCalledWith(7, expect.anything());
    await waitFor(() => pageText().includes('削除しました'));
  });

  it('stays open when the mutation does not succeed', async () => {
    const mutate = vi.fn();
    const open = renderWith(mutate);
    open({ id: 8, name: '秋の団体料金' });
    await waitFor(() => enabledButton('削除'));
    act(() => enabledButton('削除')!.click());
    expect(mutate).toHaveBeenCalledWith(8, expect.anything());
    expect(pageText()).toContain('秋の団体料金 を削除します。');
    expect(pageText()).not.toContain('削除しました');
  });
});
