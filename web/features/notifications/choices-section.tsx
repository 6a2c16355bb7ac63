import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PushKind } from '@contract/enums';
import type { PushPreferences } from '@contract/push';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { SelectField } from '~/components/ui/select-field';
import { SwitchField } from '~/components/ui/switch-field';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { pushSettingsKey, pushSettingsQuery } from './push-queries';
import { browserTimeZone } from './this-device';

const KIND_LABEL: Record<PushKind, string> = {
  alerts: 'Alerts that fire',
  watchlist: 'Watchlist hits (lists set to notify)',
  fills: 'Order fills',
  risk: 'Risk breaches (risk team)',
};

const toTime = (minutes: number | null, fallback: string) =>
  minutes === null ? fallback : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (time: string) => {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
};

/** Which kinds to push, and quiet hours in the user's time zone; saved per user (every device). */
export function ChoicesSection() {
  const settings = useQuery(pushSettingsQuery);
  if (!settings.data) return null;
  return (
    <ChoicesForm key={settings.dataUpdatedAt} preferences={settings.data.preferences} available={settings.data.availableKinds} />
  );
}

function ChoicesForm({ preferences, available }: { preferences: PushPreferences; available: PushKind[] }) {
  const queryClient = useQueryClient();
  const [kinds, setKinds] = useState(new Set(preferences.kinds));
  const [quiet, setQuiet] = useState(preferences.quietFrom !== null);
  const [from, setFrom] = useState(toTime(preferences.quietFrom, '22:00'));
  const [to, setTo] = useState(toTime(preferences.quietTo, '07:00'));
  const [timeZone, setTimeZone] = useState(preferences.quietFrom === null ? browserTimeZone() : preferences.timeZone);
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [timeZone];
  const save = useMutation(
    orpc.savePushPreferences.mutationOptions({
      onSuccess: () => {
        toast.success('Notification choices saved');
        void queryClient.invalidateQueries({ queryKey: pushSettingsKey });
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not save your choices')),
    }),
  );
  const errors = save.error ? fieldErrors(save.error) : {};
  const toggle = (kind: PushKind, on: boolean) =>
    setKinds((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  return (
    <section className="grid gap-4" aria-labelledby="choices-title" data-testid="push-choices">
      <div>
        <h2 id="choices-title" className="text-base font-semibold">
          What to push
        </h2>
        <p className="text-sm text-muted-foreground">For every device above. What is not pushed still shows in the app.</p>
      </div>
      <div className="grid gap-3">
        {available.map((kind) => (
          <SwitchField
            key={kind}
            label={KIND_LABEL[kind]}
            checked={kinds.has(kind)}
            onCheckedChange={(on) => toggle(kind, on)}
            data-testid={`push-kind-${kind}`}
          />
        ))}
      </div>
      <div className="grid gap-3 rounded-lg border border-border p-3">
        <SwitchField
          label="Quiet hours: push nothing between"
          checked={quiet}
          onCheckedChange={setQuiet}
          data-testid="push-quiet"
        />
        {quiet ? (
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-from">From</Label>
              <Input id="quiet-from" type="time" value={from} onChange={(e) => setFrom(e.target.value)} className="w-32" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-to">To</Label>
              <Input id="quiet-to" type="time" value={to} onChange={(e) => setTo(e.target.value)} className="w-32" />
            </div>
            <SelectField
              label="Time zone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              fieldClassName="w-64"
              error={errors.timeZone ?? errors.quietTo}
              name="timeZone"
            >
              {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
      </div>
      <div>
        <Button
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              kinds: available.filter((k) => kinds.has(k)),
              quietFrom: quiet ? toMinutes(from) : null,
              quietTo: quiet ? toMinutes(to) : null,
              timeZone,
            })
          }
          data-testid="push-save"
        >
          {save.isPending ? 'Saving…' : 'Save choices'}
        </Button>
      </div>
    </section>
  );
}
