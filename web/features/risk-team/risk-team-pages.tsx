import { PlaceholderPage } from '~/components/layout/page';

/** The risk-team pages (PRODUCT.md §6): what each will show, until the risk-team issue fills them. */
const FILL = 'min-h-64 flex-1';

export function RiskOverviewPage() {
  return (
    <PlaceholderPage
      title="Risk Overview"
      description="Every trader’s latest metrics in one table."
      className={FILL}
      items={[
        'Sortable table: equity, day PnL, uPnL, leverage, notional',
        'Drawdown from the 30-day peak',
        'Breaches highlighted (with an icon, not colour alone)',
        'Last update and data age per trader',
      ]}
    />
  );
}

export function RiskTraderPage() {
  return (
    <PlaceholderPage
      title="Risk Trader"
      description="One trader in depth."
      className={FILL}
      items={['Trader picker', 'Accounts and open positions', 'Equity curve over the date range', 'Trader statistics']}
    />
  );
}

export function RiskChartsPage() {
  return (
    <PlaceholderPage
      title="Risk Charts"
      description="Firm-wide equity and exposure over the date range."
      className={FILL}
      items={['Firm equity and exposure curves', 'Traders compared on one chart', 'Shared date range (last 30 days by default)']}
    />
  );
}

export function AccountMetricsPage() {
  return (
    <PlaceholderPage
      title="Account Metrics"
      description="Per-account performance and risk statistics."
      className={FILL}
      items={[
        'Return and max drawdown',
        'Daily-return volatility and Sharpe',
        'Average and peak leverage',
        'Largest position share',
      ]}
    />
  );
}

export function RiskAnalysisPage() {
  return (
    <PlaceholderPage
      title="Risk Analysis"
      description="Where the firm is exposed, and what a shock would cost."
      className={FILL}
      items={[
        'Net exposure by symbol across the firm',
        'Concentration',
        'Stress test: BTC and alts −5/−10/−20% → PnL per trader and firm',
      ]}
    />
  );
}

export function RiskAlertsPage() {
  return (
    <PlaceholderPage
      title="Risk Alerts"
      description="Risk-limit breaches across the firm."
      className={FILL}
      items={[
        'Leverage, drawdown and position-size limits per trader or firm-wide',
        'Acknowledge breaches',
        'Forwarded to the risk Telegram chats',
      ]}
    />
  );
}
