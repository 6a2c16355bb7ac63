// Types of demo-second-factor.mjs, for the TypeScript that uses it (e2e/).
export declare const DEFAULT_DEMO_TOTP_SECRET: string;
export declare const DEMO_TOTP_SECRET: string;
export declare const TOTP_PERIOD_MS: number;
export declare function totpCodeAt(secret: string, at?: number): string;
export declare function totpStepOf(at?: number): number;
export declare function demoTotpUri(issuer?: string): string;
export declare function sealTotpSecret(keyring: string, factorId: string, secret: string): Promise<string>;
export declare function demoFactorInsert(
  keyring: string,
  user: { userId?: string; email?: string },
  label?: string,
  now?: number,
): Promise<string>;
export interface CodeLedger {
  plan(key: string, at?: number): { step: number; waitMs: number };
  next(key: string, secret: string): Promise<string>;
}
export declare function codeLedger(store?: {
  load?: () => Record<string, number>;
  save?: (all: Record<string, number>) => void;
}): CodeLedger;
