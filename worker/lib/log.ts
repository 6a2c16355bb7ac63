/** Structured logs: one JSON line per event, so Workers Logs can filter by requestId. */
export function logError(message: string, err: unknown, requestId?: string) {
  const detail = err instanceof Error ? { name: err.name, error: err.message, stack: err.stack } : { error: String(err) };
  console.error(JSON.stringify({ level: 'error', message, requestId, ...detail }));
}

export function logInfo(message: string, fields: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: 'info', message, ...fields }));
}

export function logWarn(message: string, fields: Record<string, unknown> = {}) {
  console.warn(JSON.stringify({ level: 'warn', message, ...fields }));
}
