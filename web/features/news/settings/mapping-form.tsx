import { useQueryClient } from '@tanstack/react-query';
import type { MappingKind } from '@contract/enums';
import type { Mapping, MappingFields } from '@contract/news-mappings';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogForm } from '~/components/form/dialog-form';
import { TagField } from '~/components/form/fields';
import { rpcResolver } from '~/lib/contract-form';
import { rpc } from '~/lib/rpc';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { KIND_LABEL } from './mapping-columns';
import { normaliseTerm } from './mapping-format';

const same = (fields: MappingFields) => fields;

/**
 * Create or edit a mapping of either kind. The create procedure's schema checks the terms and
 * symbols (a special mapping needs both; a banned one may have no symbols); an edit sends the same
 * fields as its updates.
 */
export function MappingForm({ kind, mapping, onDone }: { kind: MappingKind; mapping: Mapping | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { terms: mapping?.terms ?? [], symbols: mapping?.symbols ?? [] },
    resolver: kind === 'special' ? rpcResolver('createSpecialMapping', same) : rpcResolver('createBannedMapping', same),
  });

  async function save(input: Pick<MappingFields, 'terms'> & Partial<Pick<MappingFields, 'symbols'>>) {
    const fields = { terms: input.terms, symbols: input.symbols ?? [] };
    if (kind === 'special') {
      await (mapping ? rpc.updateSpecialMapping({ id: mapping.id, updates: fields }) : rpc.createSpecialMapping(fields));
    } else {
      await (mapping ? rpc.updateBannedMapping({ id: mapping.id, updates: fields }) : rpc.createBannedMapping(fields));
    }
    void queryClient.invalidateQueries({ queryKey: newsSettingsKeys.mappings });
    toast.success(mapping ? `Saved the ${KIND_LABEL[kind].one}` : `Created a ${KIND_LABEL[kind].one}`);
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={save}
      failed="Could not save the mapping"
      onCancel={onDone}
      title={mapping ? `Edit ${KIND_LABEL[kind].one}` : `New ${KIND_LABEL[kind].one}`}
      description={
        kind === 'special'
          ? 'Headlines that mention any of the terms are tagged with every symbol.'
          : 'Headlines that mention any of the terms lose these symbols. Leave symbols empty to mark such headlines garbage.'
      }
      submitLabel={mapping ? 'Save' : 'Create'}
      submitTestId="mapping-submit"
    >
      <TagField
        control={form.control}
        name="terms"
        label="Terms"
        hint="Enter or comma adds a term; case does not matter."
        transform={normaliseTerm}
        max={200}
        placeholder="bitcoin, spot etf, …"
        chipLabel="term"
        testId="mapping-terms"
      />
      <TagField
        control={form.control}
        name="symbols"
        label={kind === 'special' ? 'Symbols to tag' : 'Symbols to remove (optional)'}
        symbols
        placeholder="BTC"
        testId="mapping-symbols"
      />
    </DialogForm>
  );
}
