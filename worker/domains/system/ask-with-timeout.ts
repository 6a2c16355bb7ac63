/** How long a live figure (a hub, the queue) may take to answer before the status shows it as unknown. */
export const STATUS_ASK_TIMEOUT_MS = 2_000;

/** The answer, or null when it failed or took longer than the status can wait. */
export function askWithTimeout<T>(ask: () => Promise<T>, ms = STATUS_ASK_TIMEOUT_MS): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([ask().catch(() => null), timeout]).finally(() => clearTimeout(timer));
}
