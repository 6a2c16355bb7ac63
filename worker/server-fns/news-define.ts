/**
 * Old names kept only for news-sources.ts, which is being changed in parallel: switch its import to
 * './define' (defineServerFn, noInput) and delete this file. The admin re-check that used to live
 * here is now in handler.ts, for every admin server function.
 */
export { defineServerFn as defineNewsServerFn, noInput } from './define';
