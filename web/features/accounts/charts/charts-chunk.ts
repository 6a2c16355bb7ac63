import { lazy } from 'react';
import type HistoryChartsComponent from './history-charts';

/*
 * The chart library arrives with the history-charts chunk, on the Charts page only. The route's
 * loader starts loading it (loadHistoryCharts) alongside the accounts and the history, so the charts
 * are created, empty, before the data arrives and only the data remains to draw.
 */
type HistoryChartsType = typeof HistoryChartsComponent;
let loaded: HistoryChartsType | undefined;

export function loadHistoryCharts() {
  return import('./history-charts').then((module) => (loaded = module.default));
}

/**
 * The charts as a lazy component. Once the chunk is in, its first render does not suspend: a plain
 * lazy import suspends even for a loaded chunk (its promise settles a tick later), and React then
 * holds the fallback for up to 300 ms, long enough for the history to arrive first and the charts
 * to be created with it. React reads a thenable that settles synchronously at once.
 */
export const HistoryCharts = lazy<HistoryChartsType>(() => {
  const component = loaded;
  if (!component) return loadHistoryCharts().then((module) => ({ default: module }));
  const settled: PromiseLike<{ default: HistoryChartsType }> = {
    then: (onFulfilled) => {
      onFulfilled?.({ default: component });
      return settled as never;
    },
  };
  // React only calls then() on it; the type asks for a whole Promise.
  return settled as Promise<{ default: HistoryChartsType }>;
});
