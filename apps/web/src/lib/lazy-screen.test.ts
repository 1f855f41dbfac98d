import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_FLAG, lazyScreen } from './lazy-screen.ts';

const Screen = () => null;

afterEach(() => sessionStorage.clear());

describe('lazyScreen', () => {
  it('hands the screen component to the router', async () => {
    const route = await lazyScreen(async () => ({ Component: Screen }))();
    expect(route.Component).toBe(Screen);
  });

  it('reloads the page once when the download fails', async () => {
    const reload = vi.fn();
    const load = lazyScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), reload);
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');
  });

  it('does not reload again after the reload, so it cannot loop', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const reload = vi.fn();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(lazyScreen(() => Promise.reject(failure), reload)()).rejects.toBe(failure);
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the flag after a successful load', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    await lazyScreen(async () => ({ Component: Screen }))();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
