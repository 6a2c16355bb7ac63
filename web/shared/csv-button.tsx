import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/http-error';
import { downloadCsv } from './csv';

/**
 * Downloads `csv()` as `name` (built on click, so a large export costs nothing until asked for);
 * `csv` may read first (every page of a long list), the button busy meanwhile.
 */
export function CsvButton({ name, csv, testId }: { name: string; csv: () => string | Promise<string>; testId: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      downloadCsv(name, await csv());
    } catch (error) {
      toast.error(`Could not export ${name}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? 'CSV…' : 'CSV'}
    </Button>
  );
}
