import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** Opens a trader on /risk-team/risk-trader (a table row's click or Enter); stable across renders. */
export function useOpenTrader() {
  const navigate = useNavigate();
  return useCallback(
    (t: { traderId: string }) => void navigate({ to: '/risk-team/risk-trader', search: { trader: t.traderId } }),
    [navigate],
  );
}
