import { afterEach, describe, expect, it, vi } from 'vitest';
import { disposeChart } from './dispose-chart';

/** A chart as lightweight-charts builds it: its element in our container. */
function fakeChart() {
  const container = document.createElement('div');
  const element = document.createElement('div');
  container.append(element);
  document.body.append(container);
  const remove = vi.fn(() => element.remove());
  return { container, element, chart: { chartElement: () => element, remove } };
}

describe('disposeChart', () => {
  afterEach(() => vi.useRealTimers());

  it('parks the container of a page that was left where it is not laid out, then frees the chart and it', () => {
    vi.useFakeTimers();
    const { container, chart } = fakeChart();
    container.remove(); // React took the page out
    disposeChart(chart);
    expect(container.isConnected).toBe(true);
    expect(container.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(container.parentElement?.style.contentVisibility).toBe('hidden');
    expect(chart.remove).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(chart.remove).toHaveBeenCalledOnce();
    expect(container.isConnected).toBe(false);
  });

  it('takes a replaced chart off a page that stays, and frees it later', () => {
    vi.useFakeTimers();
    const { container, element, chart } = fakeChart();
    disposeChart(chart);
    expect(element.isConnected).toBe(false);
    expect(container.isConnected).toBe(true);
    vi.runAllTimers();
    expect(chart.remove).toHaveBeenCalledOnce();
    container.remove();
  });
});
