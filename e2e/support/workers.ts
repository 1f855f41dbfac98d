/**
 * How many journey files run side by side (E2E_WORKERS, default 2: the machines have two cores,
 * and a journey mostly waits on its browser and its server). Each worker has a server and
 * embedded database of its own (global-setup.ts), so files never share data at the same time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
