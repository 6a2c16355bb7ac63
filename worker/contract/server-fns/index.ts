import type { z } from 'zod';
import { authServerFns } from './auth';
import type { ServerFnDefinition } from './define';
import type { SERVER_FN_METHODS } from './methods';
import { newsMappingsServerFns } from './news-mappings';
import { newsRulesServerFns } from './news-rules';
import { newsSettingsServerFns } from './news-settings';
import { newsSourcesServerFns } from './news-sources';
import { newsTelegramServerFns } from './news-telegram';
import { newsThresholdsServerFns } from './news-thresholds';
import { newsTwitterServerFns } from './news-twitter';

/**
 * Every server function (docs/PRODUCT-RULES.md §5) by name: method, input and output schemas. One object per
 * domain, merged like the RPC contract; worker/server-fns implements exactly these names.
 */
export const serverFnContract = {
  ...authServerFns,
  ...newsSettingsServerFns,
  ...newsMappingsServerFns,
  ...newsRulesServerFns,
  ...newsSourcesServerFns,
  ...newsTelegramServerFns,
  ...newsThresholdsServerFns,
  ...newsTwitterServerFns,
} satisfies Record<string, ServerFnDefinition>;

export type ServerFnContract = typeof serverFnContract;
export type ServerFnName = keyof ServerFnContract;
/** What a caller may send (before defaults and transforms). */
export type ServerFnInput<N extends ServerFnName> = z.input<ServerFnContract[N]['input']>;
/** What the handler receives (after defaults and transforms). */
export type ServerFnParsedInput<N extends ServerFnName> = z.output<ServerFnContract[N]['input']>;
/** What the function answers, as the client reads it. */
export type ServerFnOutput<N extends ServerFnName> = z.output<ServerFnContract[N]['output']>;
export type ServerFnMethodOf<N extends ServerFnName> = ServerFnContract[N]['method'];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compiles only while SERVER_FN_METHODS (methods.ts) names every function with its contract's method, and no other. */
export type MethodsTableMatchesContract = Assert<
  Same<typeof SERVER_FN_METHODS, { readonly [N in ServerFnName]: ServerFnMethodOf<N> }>
>;
