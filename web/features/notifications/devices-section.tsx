import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DeviceList, DeviceRow, thisBrowserTag } from '~/components/ui/device-list';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { pushSettingsKey, pushSettingsQuery } from './push-queries';
import { pushSupport, rememberThisDevice, subscribeThisDevice, thisDeviceId } from './this-device';

const TEST_OUTCOME = {
  delivered: 'Sent: the notification should show on the device in a moment',
  retrying: 'The push service did not take it yet: it is retried',
  failed: 'The push service refused it',
  removed: 'The push service no longer knows this device: it was removed',
} as const;

/** The caller's devices: subscribe this one, send a test, remove one (after asking). */
export function DevicesSection() {
  const queryClient = useQueryClient();
  const settings = useQuery(pushSettingsQuery);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [support, setSupport] = useState(pushSupport);
  const [mine, setMine] = useState(thisDeviceId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushSettingsKey });

  const subscribe = useMutation({
    mutationFn: async (publicKey: string) => {
      try {
        return await orpc.subscribePushDevice.call(await subscribeThisDevice(publicKey));
      } finally {
        setSupport(pushSupport());
      }
    },
    onSuccess: (device) => {
      rememberThisDevice(device.id);
      setMine(device.id);
      toast.success(`${device.device} gets your notifications`);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not subscribe this device')),
  });
  const test = useMutation(
    orpc.sendTestPush.mutationOptions({
      onSuccess: ({ outcome, error }) => {
        const text = TEST_OUTCOME[outcome];
        if (outcome === 'delivered') toast.success(text);
        else toast.error(error ? `${text} (${error})` : text);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not send the test notification')),
    }),
  );
  const remove = useMutation(
    orpc.removePushDevice.mutationOptions({
      onSuccess: ({ id }) => {
        if (id === mine) {
          rememberThisDevice(null);
          setMine(null);
        }
        toast.success('Device removed');
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not remove the device')),
    }),
  );

  if (settings.isError) return <QueryError query={settings} what="your devices" />;
  const data = settings.data;
  const devices = data?.devices ?? [];
  const subscribed = devices.some((d) => d.id === mine);
  return (
    <section className="grid gap-3" aria-labelledby="devices-title" data-testid="push-devices">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="devices-title" className="text-base font-semibold">
            Devices
          </h2>
          <p className="text-sm text-muted-foreground">
            Notifications reach these browsers and phones even with no Meridian tab open.
          </p>
        </div>
        {data?.publicKey && support !== 'unsupported' ? (
          <Button
            disabled={subscribe.isPending || support === 'denied'}
            onClick={() => subscribe.mutate(data.publicKey!)}
            data-testid="push-subscribe"
          >
            {subscribe.isPending ? 'Subscribing…' : subscribed ? 'Subscribe this device again' : 'Subscribe this device'}
          </Button>
        ) : null}
      </div>
      {data && !data.publicKey ? (
        <Alert tone="warning" data-testid="push-off">
          Push notifications are off on this deployment (no VAPID keys).
        </Alert>
      ) : null}
      {support === 'unsupported' ? (
        <Alert tone="info">
          This browser cannot receive push notifications. On iPhone, add Meridian to the home screen first.
        </Alert>
      ) : null}
      {support === 'denied' ? (
        <Alert tone="warning" data-testid="push-denied">
          Notifications are blocked for this site: allow them in the browser's site settings, then subscribe.
        </Alert>
      ) : null}
      {settings.isPending ? (
        <Spinner label="Loading your devices" />
      ) : devices.length === 0 ? (
        <EmptyState title="No devices yet" testId="push-devices-empty">
          Subscribe this browser, then open Meridian on your phone and subscribe it too.
        </EmptyState>
      ) : (
        <DeviceList>
          {devices.map((d) => (
            <DeviceRow
              key={d.id}
              device={d.device}
              tag={thisBrowserTag(d.id === mine)}
              testId="push-device"
              details={
                <>
                  <p className="text-xs text-muted-foreground">
                    Added {formatDateTime(d.createdAt)} ·{' '}
                    {d.lastDeliveryAt ? `last delivery ${formatDateTime(d.lastDeliveryAt)}` : 'nothing delivered yet'}
                  </p>
                  {d.lastError ? (
                    <p className="text-xs text-destructive" data-testid="push-device-error">
                      {d.lastError}
                    </p>
                  ) : null}
                </>
              }
              actions={
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={test.isPending}
                    onClick={() => test.mutate({ id: d.id })}
                    data-testid="push-test"
                  >
                    Send a test
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      setConfirmation({
                        title: `Remove ${d.device}?`,
                        description: 'It stops getting notifications. Subscribe it again from that device to get them back.',
                        action: 'Remove',
                        onConfirm: () => remove.mutate({ id: d.id }),
                      })
                    }
                    data-testid="push-remove"
                  >
                    Remove
                  </Button>
                </div>
              }
            />
          ))}
        </DeviceList>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
