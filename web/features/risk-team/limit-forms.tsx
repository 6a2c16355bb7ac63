import { TRADER_LIMIT_KINDS, type RiskLimitKind } from '@contract/enums';
import { Options } from '~/components/ui/select';
import type { RpcInputs } from '@contract/types';
import { useForm, useWatch } from 'react-hook-form';
import { PickerField, SelectField, TextField } from '~/components/form/fields';
import { Button } from '~/components/ui/button';
import { rpcResolver, showServerErrors } from '~/lib/contract-form';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { PERCENT_KINDS } from './risk-format';

type SetLimit = (input: RpcInputs['setRiskLimit']) => Promise<unknown>;

export const limitUnit = (k: RiskLimitKind) => (k === 'maxLeverage' ? '×' : PERCENT_KINDS.includes(k) ? '%' : 'USD');

/** The stored value of what the user typed (percent limits are stored as fractions); empty clears the limit. */
const toStored = (k: RiskLimitKind, typed: string) =>
  typed.trim() === '' ? null : Number(typed) / (PERCENT_KINDS.includes(k) ? 100 : 1);

const shownValue = (kind: RiskLimitKind, value: number | undefined) =>
  value === undefined ? '' : String(PERCENT_KINDS.includes(kind) ? Number((value * 100).toFixed(4)) : value);

/** One firm-wide limit: its value, saved on its own (empty clears it). Checked with setRiskLimit's schema. */
export function FirmLimitRow({ kind, value, onSave }: { kind: RiskLimitKind; value: number | undefined; onSave: SetLimit }) {
  const shown = shownValue(kind, value);
  const form = useForm({
    defaultValues: { value: shown },
    resolver: rpcResolver('setRiskLimit', (values: { value: string }) => ({
      traderId: null,
      kind,
      value: toStored(kind, values.value),
    })),
  });
  const typed = useWatch({ control: form.control, name: 'value' });
  const submit = form.handleSubmit(async (input) => {
    await onSave(input).catch((error: unknown) => showServerErrors(form, error, 'Could not save the limit'));
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        control={form.control}
        name="value"
        label={`${LIMIT_LABELS[kind]} (${limitUnit(kind)})`}
        type="number"
        step="any"
        min="0"
        placeholder="Not set"
        after={
          <Button type="submit" size="sm" variant="secondary" disabled={form.formState.isSubmitting || typed === shown}>
            Save
          </Button>
        }
      />
    </form>
  );
}

interface OverrideValues {
  traderId: string;
  kind: string;
  value: string;
}

/** A per-trader override: the trader (searchable), the limit and its value. */
export function OverrideForm({ traders, onSave }: { traders: { value: string; label: string }[]; onSave: SetLimit }) {
  const kindOf = (typed: string) => TRADER_LIMIT_KINDS.find((k) => k === typed) ?? 'maxLeverage';
  const form = useForm({
    defaultValues: { traderId: '', kind: 'maxLeverage', value: '' },
    resolver: rpcResolver(
      'setRiskLimit',
      (values: OverrideValues) => ({
        traderId: values.traderId,
        kind: kindOf(values.kind),
        value: toStored(kindOf(values.kind), values.value),
      }),
      (values) => ({
        traderId: values.traderId ? null : 'Pick a trader',
        value: values.value.trim() ? null : 'Enter the limit',
      }),
    ),
  });
  const kind = kindOf(useWatch({ control: form.control, name: 'kind' }));
  const submit = form.handleSubmit(async (input) => {
    await onSave(input).catch((error: unknown) => showServerErrors(form, error, 'Could not save the limit'));
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-2 items-start gap-2">
      <PickerField
        control={form.control}
        name="traderId"
        label="Trader"
        noun="trader"
        options={traders}
        testId="override-trader"
      />
      <SelectField control={form.control} name="kind" label="Limit">
        <Options values={TRADER_LIMIT_KINDS} label={(k) => LIMIT_LABELS[k]} />
      </SelectField>
      <TextField control={form.control} name="value" label={`Value (${limitUnit(kind)})`} type="number" step="any" min="0" />
      {/* On the value's line: below its label (14 px and a 6 px gap), centred on the 36 px input. */}
      <Button type="submit" size="sm" disabled={form.formState.isSubmitting} className="mt-5.5">
        Set override
      </Button>
    </form>
  );
}
