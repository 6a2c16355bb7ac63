import type { AuditRow } from '../../db/schema-audit';

/** Columns of the CSV export, in order. */
const COLUMNS = [
  'id',
  'time (UTC)',
  'actor',
  'actor id',
  'session',
  'ip',
  'action',
  'target type',
  'target',
  'target label',
  'before',
  'after',
  'result',
  'reason',
] as const;

/**
 * One CSV field (RFC 4180 quoting). A cell that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe: entries carry text other people
 * typed (reasons, labels), and an export must not execute it.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [COLUMNS.map(csvField).join(',')];
  for (const r of rows)
    lines.push(
      [
        r.id,
        new Date(r.at).toISOString(),
        r.actorEmail,
        r.actorId,
        r.sessionId,
        r.ip,
        r.action,
        r.targetType,
        r.targetId,
        r.targetLabel,
        r.before,
        r.after,
        r.result,
        r.reason,
      ]
        .map(csvField)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
