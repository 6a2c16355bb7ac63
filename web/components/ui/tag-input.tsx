import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cleanSymbol, symbolProblem } from '~/lib/symbol';
import { cn } from '~/lib/cn';

/**
 * A text field that turns entries into chips: Enter, comma or Tab (with text) adds, Backspace on an
 * empty field removes the last chip, each chip has its own remove button. Pasting "BTC, ETH" adds
 * both. `transform` cleans an entry (e.g. upper-cases symbols); `validate` refuses one with a message;
 * `symbols` does both for trading symbols (`$btc ` → `BTC`, the contract's pattern).
 */
export function TagInput({
  id,
  value,
  onChange,
  placeholder,
  label,
  symbols = false,
  transform = symbols ? cleanSymbol : (entry) => entry.trim(),
  validate = symbols ? symbolProblem : undefined,
  max = 50,
  separators = /[,\n]/,
  disabled = false,
  invalid = false,
  describedBy,
  className,
  inputClassName,
  fieldClassName,
  testId,
  chipLabel = symbols ? 'symbol' : 'item',
}: {
  id?: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  /** Accessible name of the text field when there is no <label for>. */
  label?: string;
  /** Entries are trading symbols: cleaned and checked like the contract does. */
  symbols?: boolean;
  transform?: (entry: string) => string;
  validate?: (entry: string) => string | null;
  max?: number;
  separators?: RegExp;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  inputClassName?: string;
  /** Classes of the bordered field around the chips and the input. */
  fieldClassName?: string;
  testId?: string;
  /** What one chip is, for the remove buttons ("Remove symbol BTC"). */
  chipLabel?: string;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const problemId = `${inputId}-problem`;

  function add(entries: string[]) {
    const next = [...value];
    let refused: string | null = null;
    for (const raw of entries) {
      const entry = transform(raw);
      if (!entry) continue;
      const issue = validate?.(entry) ?? null;
      if (issue) {
        refused = issue;
        continue;
      }
      if (next.some((existing) => existing.toLowerCase() === entry.toLowerCase())) continue;
      if (next.length >= max) {
        refused = `At most ${max}`;
        break;
      }
      next.push(entry);
    }
    setProblem(refused);
    if (next.length !== value.length) onChange(next);
    return refused === null;
  }

  function commit() {
    if (!text.trim()) return true;
    const ok = add(text.split(separators));
    if (ok) setText('');
    return ok;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim()) return;
      event.preventDefault();
      commit();
    } else if (event.key === 'Tab' && text.trim()) {
      if (!commit()) event.preventDefault();
    } else if (event.key === 'Backspace' && !text && value.length) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    } else if (event.key === 'Escape' && text) {
      event.stopPropagation();
      setText('');
      setProblem(null);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!separators.test(pasted)) return;
    event.preventDefault();
    add(pasted.split(separators));
  }

  return (
    <div className={cn('grid gap-1', className)}>
      <div
        className={cn(
          'flex min-h-9 w-full flex-wrap items-center gap-1 rounded-md border border-input bg-background px-1.5 py-1 shadow-xs transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
          (invalid || problem) && 'border-destructive',
          disabled && 'opacity-55',
          fieldClassName,
        )}
        data-testid={testId}
      >
        {value.map((entry) => (
          <span
            key={entry}
            className="inline-flex h-6 items-center gap-0.5 rounded border border-border bg-muted pr-0.5 pl-1.5 font-mono text-xs"
            data-testid="tag"
          >
            {entry}
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(value.filter((v) => v !== entry))}
              aria-label={`Remove ${chipLabel} ${entry}`}
              className="rounded-sm p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" className="size-3" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" />
              </svg>
            </button>
          </span>
        ))}
        <input
          id={inputId}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value;
            if (problem) setProblem(null);
            // A separator typed (or autocompleted) mid-text commits what comes before it.
            if (separators.test(next)) {
              const parts = next.split(separators);
              const rest = parts.pop() ?? '';
              add(parts);
              setText(rest);
            } else setText(next);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit()}
          placeholder={value.length ? undefined : placeholder}
          aria-label={label}
          aria-invalid={invalid || problem ? true : undefined}
          aria-describedby={[problem ? problemId : null, describedBy].filter(Boolean).join(' ') || undefined}
          className={cn(
            'h-6 min-w-[5rem] flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground',
            inputClassName,
          )}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-xs font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
