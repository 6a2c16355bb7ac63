import { describe, expect, it } from 'vitest';
import { ALERT_METRIC_KEYS, describeCondition, formatMetricValue, metricLabel, metricUnit } from './alert-format';

describe('alert metrics in the rule form and the history', () => {
  it('offers the account figures, then liquidation distance, funding rate and the day’s realized loss', () => {
    expect(ALERT_METRIC_KEYS.slice(0, 2)).toEqual(['totalBalance', 'futuresBalance']);
    expect(ALERT_METRIC_KEYS.slice(-3)).toEqual(['liquidationDistance', 'fundingRate', 'dailyRealizedLoss']);
    expect(ALERT_METRIC_KEYS.map(metricLabel)).not.toContain('liquidationDistance');
  });

  it('says each threshold in its unit', () => {
    expect(metricUnit('liquidationDistance').unit).toBe('% of the mark');
    expect(metricUnit('fundingRate').hint).toMatch(/longs pay/);
    expect(metricUnit('leverage')).toEqual({ unit: '× (e.g. 3 for 3×)' });
    expect(metricUnit('dailyRealizedLoss').unit).toBe('USD');
    expect(describeCondition({ metric: 'liquidationDistance', operator: '<', threshold: 10 })).toBe(
      'Distance to liquidation < 10 %',
    );
    expect(formatMetricValue('fundingRate', 0.0812345)).toBe('0.08123 %');
    expect(describeCondition({ metric: 'dailyRealizedLoss', operator: '>', threshold: 500 })).toBe(
      'Realized loss today > $500.00',
    );
  });
});
