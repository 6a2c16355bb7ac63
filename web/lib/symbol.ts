import { SYMBOL_MESSAGE, SYMBOL_PATTERN } from '@contract/patterns';

/** A symbol typed into a filter or a form: trimmed, `$` and spaces dropped, upper case. */
export function cleanSymbol(value: string) {
  return value.replace(/[$\s]/g, '').toUpperCase();
}

/** Why a symbol (cleaned) is refused, or null: the contract's pattern and message. */
export function symbolProblem(symbol: string) {
  return SYMBOL_PATTERN.test(symbol) ? null : SYMBOL_MESSAGE;
}
