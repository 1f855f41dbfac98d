/**
 * Runs `work` when the page is idle (requestIdleCallback, or a timeout where the browser has none);
 * returns the cancel, for an effect's cleanup. For work worth doing before it is needed, not at load.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
