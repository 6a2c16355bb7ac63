import { formatAlsoReported, type AlsoReported } from './news-format';

/** The "also: @x +4.2s, Bybit +9.8s" line of a headline that other sources reported too; nothing when none did. */
export function AlsoReportedLine({
  also,
  as: Tag = 'p',
  className,
  testId,
}: {
  also: readonly AlsoReported[] | undefined;
  as?: 'p' | 'span';
  className: string;
  testId: string;
}) {
  if (!also?.length) return null;
  return (
    <Tag className={className} data-testid={testId}>
      {formatAlsoReported(also)}
    </Tag>
  );
}
