import { fuzzEveryProcedure } from './test/fuzz-suite';

/** Every procedure and server function fuzzed as the lowest principal (see test/fuzz-suite.ts). */
fuzzEveryProcedure('anonymous');
