import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * The parts of a long page below its first screen, made after the page has painted: the first
 * commit holds only what is seen at once, and the rest renders as a transition, which React does
 * in slices that leave the page answering. Nothing is drawn in their place meanwhile (they are
 * below the fold), so nothing above them moves.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
