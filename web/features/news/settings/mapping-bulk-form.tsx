import type { Mapping } from '@contract/news-mappings';
import { useForm } from 'react-hook-form';
import { DialogForm } from '~/components/form/dialog-form';
import { TextField } from '~/components/form/fields';
import type { Confirmation } from '~/components/ui/confirm-dialog';
import { rpcResolver } from '~/lib/contract-form';
import { cleanSymbol } from '~/lib/symbol';
import { KIND_LABEL, type Bulk } from './mapping-columns';
import { mappingsLackingSymbol, mappingsLackingTerm, normaliseTerm, plural } from './mapping-format';

interface BulkValues {
  term: string;
  symbol: string;
}

/**
 * Asks for the term or symbol of a bulk action (checked with the bulk procedure's own schema), then
 * hands over a confirmation that says how many mappings change.
 */
export function BulkForm({
  bulk,
  mappings,
  onConfirm,
  onCancel,
  run,
}: {
  bulk: Bulk;
  mappings: Mapping[];
  onConfirm: (c: Confirmation) => void;
  onCancel: () => void;
  run: (bulk: Bulk, input: string) => void;
}) {
  const isSymbol = bulk.field === 'symbol';
  const form = useForm<BulkValues, unknown, { term: string } | { symbol: string }>({
    defaultValues: { term: '', symbol: '' },
    resolver: isSymbol
      ? rpcResolver('addSymbolToAllSpecialMappings', (values: BulkValues) => ({ symbol: cleanSymbol(values.symbol) }))
      : rpcResolver(bulk.kind === 'special' ? 'addTermToAllSpecialMappings' : 'addTermToAllBannedMappings', (values: BulkValues) => ({
          term: normaliseTerm(values.term),
        })),
  });
  const kindLabel = KIND_LABEL[bulk.kind].one;

  async function review(input: { term: string } | { symbol: string }) {
    const value = 'symbol' in input ? input.symbol : input.term;
    const changes = isSymbol ? mappingsLackingSymbol(mappings, value) : mappingsLackingTerm(mappings, value);
    const already = mappings.length - changes;
    onConfirm({
      title: isSymbol ? `Add ${value} to every special mapping?` : `Add “${value}” to every ${kindLabel}?`,
      description: (
        <span data-testid="bulk-summary">
          {changes ? (
            <>
              <strong className="text-foreground">{plural(changes, kindLabel)}</strong> will change
              {already ? ` (${plural(already, 'other')} already ${already === 1 ? 'has' : 'have'} it)` : ''}. All or nothing: if
              one fails, none changes.
            </>
          ) : (
            <>Every {kindLabel} already has it: nothing will change.</>
          )}
        </span>
      ),
      action: changes ? `Change ${plural(changes, 'mapping')}` : 'OK',
      destructive: false,
      onConfirm: () => {
        if (changes) run(bulk, value);
      },
    });
  }

  return (
    <DialogForm
      form={form}
      onSubmit={review}
      failed="Could not check the value"
      onCancel={onCancel}
      title={isSymbol ? 'Add a symbol to all special mappings' : `Add a term to all ${KIND_LABEL[bulk.kind].title.toLowerCase()}`}
      description="You will see how many mappings change before anything is saved."
      submitLabel="Review"
      submitTestId="bulk-next"
    >
      <TextField
        control={form.control}
        name={isSymbol ? 'symbol' : 'term'}
        label={isSymbol ? 'Symbol' : 'Term'}
        placeholder={isSymbol ? 'BTC' : 'e.g. airdrop'}
        className={isSymbol ? 'font-mono uppercase' : undefined}
        autoFocus
        autoComplete="off"
        data-testid="bulk-value"
      />
    </DialogForm>
  );
}
