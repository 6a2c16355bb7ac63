import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { thresholdsQuery } from './settings-queries';
import { THRESHOLD_WINDOWS } from '@contract/enums';
import type { PerformanceThresholdDto as PerformanceThreshold } from '@contract/server-fns/news-thresholds';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect, Options } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverFnResolver, showServerErrors } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { cleanSymbol } from '~/lib/symbol';
import { FieldError, QueryState, SettingsSection } from './common';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';

const pct = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * Performance thresholds: when a symbol's price moves at least this much within the window after
 * a headline, the headline is flagged with the move it made ("▲ 0.47 % in 5 min"). One default
 * (1% within 5 min unless stored) and per-symbol overrides; admins add and delete them.
 */
export function ThresholdsSection({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(thresholdsQuery);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const remove = useMutation({
    mutationFn: (threshold: PerformanceThreshold) => serverFn('deletePerformanceThreshold', { id: threshold.id }),
    onSuccess: (_r, threshold) =>
      toast.success(
        threshold.symbol ? `Removed the ${threshold.symbol} threshold` : 'Default threshold reset to 1% within 5 min',
      ),
    onError: (error) => toast.error(errorMessage(error, 'Could not remove the threshold')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.thresholds }),
  });

  return (
    <SettingsSection
      title="Price-move thresholds"
      description="After a headline, its symbols’ prices are checked at 1, 5 and 15 minutes; a move past the symbol’s threshold flags the headline with the move and its window (▲ 0.47 % in 5 min)."
      testId="thresholds-section"
    >
      <QueryState query={query} label="thresholds">
        {(thresholds) => {
          const rows: (PerformanceThreshold & { implied?: boolean })[] = [
            { ...thresholds.default, id: thresholds.default.id ?? 'implied', createdAt: thresholds.default.createdAt ?? 0 },
            ...thresholds.overrides,
          ];
          return (
            <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <Table aria-label="Thresholds" data-testid="thresholds-table" containerClassName="max-h-[20rem]">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead scope="col">Applies to</TableHead>
                    <TableHead scope="col" className="text-right">
                      Move
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Within
                    </TableHead>
                    {canEdit ? (
                      <TableHead scope="col">
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id} data-testid={`threshold-${row.symbol ?? 'default'}`}>
                      <TableCell>
                        {row.symbol ? (
                          <span className="font-mono font-medium">{row.symbol}</span>
                        ) : (
                          <span className="flex items-center gap-2">
                            Every other symbol {row.implied ? <Badge>built-in</Badge> : null}
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="tabular text-right">±{pct(row.percent)}</TableCell>
                      <TableCell className="tabular text-right">{row.windowMinutes} min</TableCell>
                      {canEdit ? (
                        <TableCell className="text-right">
                          {row.implied ? null : (
                            <Button
                              size="xs"
                              variant="ghost"
                              className="text-destructive hover:text-destructive"
                              aria-label={`Delete the ${row.symbol ?? 'default'} threshold`}
                              onClick={() =>
                                setConfirmation({
                                  title: row.symbol ? `Delete the ${row.symbol} threshold?` : 'Delete the stored default?',
                                  description: row.symbol
                                    ? `${row.symbol} then follows the default threshold.`
                                    : 'Every symbol without its own threshold goes back to the built-in 1% within 5 minutes.',
                                  action: 'Delete',
                                  onConfirm: () => remove.mutate(row),
                                })
                              }
                            >
                              Delete
                            </Button>
                          )}
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {canEdit ? (
                <AddThresholdForm
                  hasStoredDefault={!thresholds.default.implied}
                  existing={thresholds.overrides.map((o) => o.symbol ?? '')}
                />
              ) : null}
            </div>
          );
        }}
      </QueryState>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </SettingsSection>
  );
}

interface ThresholdValues {
  symbol: string;
  percent: string;
  windowMinutes: string;
}

function AddThresholdForm({ hasStoredDefault, existing }: { hasStoredDefault: boolean; existing: string[] }) {
  const queryClient = useQueryClient();
  const ids = { symbol: useId(), percent: useId(), window: useId() };
  const form = useForm({
    defaultValues: { symbol: '', percent: '1', windowMinutes: '5' },
    // The contract's rules (symbol, 0.1–50 %, window), then what only this list knows.
    resolver: serverFnResolver(
      'createPerformanceThreshold',
      (values: ThresholdValues) => ({
        symbol: cleanSymbol(values.symbol) || null,
        percent: Number(values.percent),
        windowMinutes: THRESHOLD_WINDOWS.find((w) => String(w) === values.windowMinutes) ?? 5,
      }),
      (values) => {
        const symbol = cleanSymbol(values.symbol);
        return {
          percent: values.percent.trim() === '' || !Number.isFinite(Number(values.percent)) ? 'Enter a percentage' : null,
          symbol:
            symbol && existing.includes(symbol)
              ? `${symbol} already has a threshold: delete it first`
              : !symbol && hasStoredDefault
                ? 'A default is stored: delete it first, or enter a symbol'
                : null,
        };
      },
    ),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await serverFn('createPerformanceThreshold', input);
      void queryClient.invalidateQueries({ queryKey: newsSettingsKeys.thresholds });
      toast.success(
        created.symbol ? `${created.symbol}: ±${pct(created.percent)} within ${created.windowMinutes} min` : 'Default threshold saved',
      );
      form.resetField('symbol');
    } catch (error) {
      showServerErrors(form, error, 'Could not add the threshold');
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid content-start gap-3 rounded-lg border border-border p-3"
      aria-label="Add a threshold"
      data-testid="threshold-form"
    >
      <p className="text-sm font-medium">Add a threshold</p>
      <div className="grid grid-cols-[1fr_6rem_7rem] items-start gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.symbol} className="text-xs">
            Symbol
          </Label>
          <Input
            id={ids.symbol}
            {...form.register('symbol')}
            placeholder="Empty: default"
            aria-invalid={errors.symbol ? true : undefined}
            className="h-8 font-mono uppercase placeholder:font-sans placeholder:normal-case"
            maxLength={21}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.percent} className="text-xs">
            Move (%)
          </Label>
          <Input
            id={ids.percent}
            type="number"
            step="0.1"
            min={0.1}
            max={50}
            {...form.register('percent')}
            aria-invalid={errors.percent ? true : undefined}
            className="tabular h-8"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.window} className="text-xs">
            Within
          </Label>
          <NativeSelect id={ids.window} {...form.register('windowMinutes')} className="[&_select]:h-8">
            <Options values={THRESHOLD_WINDOWS} label={(w) => `${w} min`} />
          </NativeSelect>
        </div>
      </div>
      <FieldError
        message={errors.symbol?.message ?? errors.percent?.message ?? errors.windowMinutes?.message ?? errors.root?.server?.message}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={isSubmitting} data-testid="threshold-submit">
          {isSubmitting ? <Spinner label="Adding" /> : null}
          Add threshold
        </Button>
      </div>
    </form>
  );
}
