import { fuzzEveryProcedure } from './test/fuzz-suite';

/** Issue 11: every procedure and server function fuzzed as the lowest principal (see test/fuzz-suite.ts). */
fuzzEveryProcedure('anonymous');
