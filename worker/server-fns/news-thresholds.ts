import { newsThresholdsServerFns } from '../contract/server-fns/news-thresholds';
import * as thresholds from '../domains/news/settings/performance-thresholds';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsThresholdsFns = implementServerFns(newsThresholdsServerFns, {
  getPerformanceThresholds: approvedFn(({ ctx }) => thresholds.readPerformanceThresholds(ctx.db)),
  createPerformanceThreshold: adminFn(({ input, ctx }) => thresholds.createPerformanceThreshold(ctx.db, input)),
  deletePerformanceThreshold: adminFn(({ input, ctx }) => thresholds.deletePerformanceThreshold(ctx.db, input.id)),
});
