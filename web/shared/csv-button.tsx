import { Button } from '~/components/ui/button';
import { downloadCsv } from './csv';

/** Downloads `csv()` as `name` (built on click, so a large export costs nothing until asked for). */
export function CsvButton({ name, csv, testId }: { name: string; csv: () => string; testId: string }) {
  return (
    <Button size="sm" variant="outline" onClick={() => downloadCsv(name, csv())} data-testid={testId}>
      CSV
    </Button>
  );
}
