/**
 * How many journey files run side by side (E2E_WORKERS, default 2: the machines have two cores,
 * and a journey mostly waits on its browser and its server). Each worker has a server and
 * embedded database of its own (global-setup.ts), so files never share data at the same time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/** Debian's Chromium (no browser is downloaded for the tests). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every journey's Chromium starts (playwright.config.ts launchOptions). */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
