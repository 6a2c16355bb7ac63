import { useMutation } from '@tanstack/react-query';
import type { ServerFnInput } from '@contract/server-fns';
import { serverFn } from '~/lib/server-fn';
import { inputProblems } from '~/lib/input-problems';
import type {
  CustomRuleDto as CustomRule,
  CustomRuleActions,
  CustomRuleFields,
  RulePreview,
} from '@contract/server-fns/news-rules';
import { IMPORTANCE, isImportance, type Importance } from '@contract/enums';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { Switch } from '~/components/ui/switch';
import { cn } from '~/lib/cn';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { IMPORTANCE_LABEL, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { ImportanceBadge } from '~/shared/news/importance';
import { SymbolChips } from '~/shared/news/symbol-chips';
import { TagInput } from '~/components/ui/tag-input';
import { FieldError } from './common';
import { CrudForm, useCrudForm } from './crud-section';
import { compactRule, ruleProblems } from './rule-format';

const EMPTY: CustomRuleFields = { name: '', enabled: true, priority: 100, conditions: {}, actions: {} };

type Tri = '' | 'true' | 'false';
const toTri = (value: boolean | undefined): Tri => (value === undefined ? '' : value ? 'true' : 'false');
const fromTri = (value: string): boolean | undefined => (value === '' ? undefined : value === 'true');

function Field({
  label,
  htmlFor,
  children,
  hint,
  className,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** An importance level, or none of them (`none` names that choice). */
function ImportanceSelect({
  id,
  none,
  value,
  onChange,
  testId,
}: {
  id: string;
  none: string;
  value: Importance | undefined;
  onChange: (value: Importance | undefined) => void;
  testId?: string;
}) {
  return (
    <NativeSelect
      id={id}
      value={value ?? ''}
      onChange={(event) => onChange(isImportance(event.target.value) ? event.target.value : undefined)}
      data-testid={testId}
    >
      <option value="">{none}</option>
      {IMPORTANCE.map((level) => (
        <option key={level} value={level}>
          {IMPORTANCE_LABEL[level]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Create, edit (admins) or view (everyone else) a custom rule; every user can test it against recent news. */
export function RuleForm({ rule, readOnly }: { rule: CustomRule | null; readOnly: boolean }) {
  const ids = {
    name: useId(),
    priority: useId(),
    enabled: useId(),
    sources: useId(),
    text: useId(),
    regex: useId(),
    caseSensitive: useId(),
    symbols: useId(),
    atLeast: useId(),
    importance: useId(),
    garbage: useId(),
    forward: useId(),
    sound: useId(),
    add: useId(),
    remove: useId(),
    textError: useId(),
  };
  const [values, setValues] = useState<CustomRuleFields>(() =>
    rule
      ? {
          name: rule.name,
          enabled: rule.enabled,
          priority: rule.priority,
          conditions: { ...rule.conditions },
          actions: { ...rule.actions },
        }
      : EMPTY,
  );
  const [priorityText, setPriorityText] = useState(String(values.priority));
  const form = useCrudForm({
    save: (fields: CustomRuleFields) =>
      rule ? serverFn('updateCustomRule', { id: rule.id, updates: fields }) : serverFn('createCustomRule', fields),
    done: (saved) => (rule ? `Saved rule ${saved.name}` : `Created rule ${saved.name}`),
    failed: 'Could not save the rule',
  });
  const { errors, setErrors } = form;
  const [preview, setPreview] = useState<RulePreview | null>(null);

  const c = values.conditions;
  const a = values.actions;
  const setCondition = <K extends keyof CustomRuleFields['conditions']>(key: K, value: CustomRuleFields['conditions'][K]) => {
    setValues((prev) => ({ ...prev, conditions: { ...prev.conditions, [key]: value } }));
    setErrors((prev) => ({ ...prev, conditions: '', text: key === 'text' || key === 'isRegex' ? '' : (prev.text ?? '') }));
    setPreview(null);
  };
  const setAction = <K extends keyof CustomRuleActions>(key: K, value: CustomRuleActions[K]) => {
    setValues((prev) => {
      const actions = { ...prev.actions, [key]: value };
      if (value === undefined) delete actions[key];
      return { ...prev, actions };
    });
    setErrors((prev) => ({ ...prev, actions: '' }));
  };

  const test = useMutation({
    mutationFn: (rule: ServerFnInput<'testCustomRule'>['rule']) => serverFn('testCustomRule', { rule }),
    onSuccess: setPreview,
    onError: (error) => setPreview({ error: errorMessage(error, 'Could not test the rule'), tested: 0, matches: [] }),
  });

  function current(): CustomRuleFields {
    return compactRule({ ...values, priority: Number(priorityText) });
  }

  async function onSubmit() {
    const fields = current();
    const sent = { ...fields, priority: priorityText.trim() === '' ? NaN : fields.priority };
    // The contract's rules (name, priority, text length), then the server's rule checks the form can make.
    const found = {
      ...(rule
        ? await inputProblems('updateCustomRule', { id: rule.id, updates: sent })
        : await inputProblems('createCustomRule', sent)),
      ...ruleProblems(fields),
    };
    if (!Number.isInteger(sent.priority)) found.priority = 'A whole number (lower runs first)';
    form.submit(found, fields);
  }

  function runTest() {
    const fields = current();
    const problems = ruleProblems(fields);
    if (problems.conditions || problems.text) {
      setErrors((prev) => ({ ...prev, conditions: problems.conditions ?? '', text: problems.text ?? '' }));
      return;
    }
    test.mutate({ conditions: fields.conditions, actions: fields.actions });
  }

  const title = readOnly ? (rule?.name ?? 'Custom rule') : rule ? `Edit ${rule.name}` : 'New custom rule';

  return (
    <CrudForm
      form={form}
      title={title}
      description="When every condition holds, the actions apply. Enabled rules run from the lowest priority number up; later rules see earlier changes."
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      submitTestId="rule-submit"
      readOnly={readOnly}
      onSubmit={onSubmit}
    >
      <fieldset disabled={readOnly} className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]">
          <Field label="Name" htmlFor={ids.name}>
            <Input
              id={ids.name}
              value={values.name}
              onChange={(event) => setValues((prev) => ({ ...prev, name: event.target.value }))}
              maxLength={100}
              aria-invalid={errors.name ? true : undefined}
              autoComplete="off"
              data-testid="rule-name"
            />
            <FieldError message={errors.name} />
          </Field>
          <Field label="Priority" htmlFor={ids.priority}>
            <Input
              id={ids.priority}
              type="number"
              step={1}
              value={priorityText}
              onChange={(event) => setPriorityText(event.target.value)}
              aria-invalid={errors.priority ? true : undefined}
              className="tabular"
            />
            <FieldError message={errors.priority} />
          </Field>
          <Field label="Enabled" htmlFor={ids.enabled}>
            <span className="flex h-9 items-center">
              <Switch
                id={ids.enabled}
                checked={values.enabled}
                onCheckedChange={(enabled) => setValues((prev) => ({ ...prev, enabled }))}
              />
            </span>
          </Field>
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <fieldset
            className="grid content-start gap-3 rounded-lg border border-border p-3"
            aria-describedby={errors.conditions ? `${ids.sources}-c` : undefined}
          >
            <legend className="px-1 text-sm font-semibold">Conditions (all must hold)</legend>
            <Field label="Text" htmlFor={ids.text}>
              <Input
                id={ids.text}
                value={c.text ?? ''}
                onChange={(event) => setCondition('text', event.target.value)}
                placeholder={c.isRegex ? '\\bETF\\b' : 'approves'}
                className={cn(c.isRegex && 'font-mono')}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={errors.text ? ids.textError : undefined}
                autoComplete="off"
                spellCheck={false}
                data-testid="rule-text"
              />
              <FieldError id={ids.textError} message={errors.text} />
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                <span className="flex items-center gap-2">
                  <Switch
                    id={ids.regex}
                    checked={c.isRegex === true}
                    onCheckedChange={(on) => setCondition('isRegex', on)}
                    data-testid="rule-regex"
                  />
                  <Label htmlFor={ids.regex} className="font-normal">
                    Regular expression
                  </Label>
                </span>
                <span className="flex items-center gap-2">
                  <Switch
                    id={ids.caseSensitive}
                    checked={c.caseSensitive === true}
                    onCheckedChange={(on) => setCondition('caseSensitive', on)}
                  />
                  <Label htmlFor={ids.caseSensitive} className="font-normal">
                    Case-sensitive
                  </Label>
                </span>
              </span>
            </Field>
            <Field
              label="Sources"
              htmlFor={ids.sources}
              hint={`Kinds (${Object.keys(SOURCE_KIND_LABEL).join(', ')}) or source ids; any of them.`}
            >
              <TagInput
                id={ids.sources}
                value={c.sources ?? []}
                onChange={(next) => setCondition('sources', next)}
                transform={(entry) => entry.trim().toLowerCase()}
                placeholder="Any source"
                chipLabel="source"
                disabled={readOnly}
              />
            </Field>
            <Field label="Symbols" htmlFor={ids.symbols} hint="Any of them.">
              <TagInput
                id={ids.symbols}
                value={c.symbols ?? []}
                onChange={(next) => setCondition('symbols', next)}
                symbols
                placeholder="Any symbol"
                disabled={readOnly}
                testId="rule-symbols"
              />
            </Field>
            <Field label="Importance at least" htmlFor={ids.atLeast}>
              <ImportanceSelect
                id={ids.atLeast}
                none="Any importance"
                value={c.importanceAtLeast}
                onChange={(value) => setCondition('importanceAtLeast', value)}
              />
            </Field>
            {errors.conditions ? (
              <p id={`${ids.sources}-c`} className="text-xs font-medium text-destructive">
                {errors.conditions}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="grid content-start gap-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Actions</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Set importance" htmlFor={ids.importance}>
                <ImportanceSelect
                  id={ids.importance}
                  none="Unchanged"
                  value={a.importance}
                  onChange={(value) => setAction('importance', value)}
                  testId="rule-action-importance"
                />
              </Field>
              {(
                [
                  ['Garbage', 'garbage', ids.garbage, 'Unchanged', 'Mark as garbage', 'Not garbage'],
                  ['Telegram', 'forwardToTelegram', ids.forward, 'Unchanged', 'Forward to chats', 'Do not forward'],
                  ['Sound', 'sound', ids.sound, 'User’s setting', 'Always play', 'Silent'],
                ] as const
              ).map(([label, key, id, unset, yes, no]) => (
                <Field key={key} label={label} htmlFor={id}>
                  <NativeSelect id={id} value={toTri(a[key])} onChange={(event) => setAction(key, fromTri(event.target.value))}>
                    <option value="">{unset}</option>
                    <option value="true">{yes}</option>
                    <option value="false">{no}</option>
                  </NativeSelect>
                </Field>
              ))}
            </div>
            {(
              [
                ['Add symbols', 'addSymbols', ids.add],
                ['Remove symbols', 'removeSymbols', ids.remove],
              ] as const
            ).map(([label, key, id]) => (
              <Field key={key} label={label} htmlFor={id}>
                <TagInput
                  id={id}
                  value={a[key] ?? []}
                  onChange={(next) => setAction(key, next.length ? next : undefined)}
                  symbols
                  placeholder="None"
                  disabled={readOnly}
                />
              </Field>
            ))}
            <FieldError message={errors.actions} />
          </fieldset>
        </div>
      </fieldset>

      <RulePreviewPanel preview={preview} pending={test.isPending} onTest={runTest} />
    </CrudForm>
  );
}

/** "Test against recent news": which of the newest stored headlines the conditions select. */
function RulePreviewPanel({ preview, pending, onTest }: { preview: RulePreview | null; pending: boolean; onTest: () => void }) {
  return (
    <section
      className="grid gap-2 rounded-lg border border-dashed border-border p-3"
      aria-label="Test against recent news"
      data-testid="rule-preview"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {pending
            ? 'Testing…'
            : preview
              ? preview.error
                ? null
                : `${preview.matches.length} of the ${preview.tested} most recent headlines match.`
              : 'See which recent headlines these conditions select, before saving.'}
        </p>
        <Button type="button" size="sm" variant="secondary" onClick={onTest} disabled={pending} data-testid="rule-test">
          {pending ? <Spinner label="Testing" /> : null}
          Test against recent news
        </Button>
      </div>
      {preview?.error ? <Alert>{preview.error}</Alert> : null}
      {preview && !preview.error && preview.matches.length ? (
        <ul
          className="max-h-48 divide-y divide-border overflow-auto rounded-md border border-border text-sm"
          data-testid="rule-preview-matches"
        >
          {preview.matches.slice(0, 50).map((item) => (
            <li key={item.id} className="flex items-center gap-2 px-2 py-1.5">
              <ImportanceBadge importance={item.importance} />
              <span className="tabular shrink-0 text-xs text-muted-foreground">{formatDateTime(item.ts)}</span>
              <span className="min-w-0 flex-1 truncate" title={item.title}>
                {item.title}
              </span>
              <SymbolChips symbols={item.symbols} className="hidden sm:inline-flex" />
              {item.isTest ? <span className="text-xs text-warning">test</span> : null}
              {item.isGarbage ? <span className="text-xs text-muted-foreground">garbage</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {preview && preview.matches.length > 50 ? <p className="text-xs text-muted-foreground">Showing the first 50.</p> : null}
    </section>
  );
}
