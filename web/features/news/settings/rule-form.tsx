import { useMutation } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { IMPORTANCE, isImportance } from '@contract/enums';
import type { ServerFnInput } from '@contract/server-fns';
import type { CustomRuleDto as CustomRule, CustomRuleFields, RulePreview } from '@contract/server-fns/news-rules';
import { SelectField, SwitchField, TagField, TextField } from '~/components/form/fields';
import { cn } from '~/lib/cn';
import { serverFnResolver } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { serverFn } from '~/lib/server-fn';
import { IMPORTANCE_LABEL, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { FieldError } from './common';
import { CrudForm } from './crud-section';
import { compactRule, ruleProblems } from './rule-format';
import { RulePreviewPanel } from './rule-preview';

/** A yes/no action that may also be left unchanged (''). */
type Tri = '' | 'true' | 'false';
const toTri = (value: boolean | undefined): Tri => (value === undefined ? '' : value ? 'true' : 'false');
const fromTri = (value: Tri): boolean | undefined => (value === '' ? undefined : value === 'true');

interface RuleValues {
  name: string;
  enabled: boolean;
  priority: string;
  conditions: {
    text: string;
    isRegex: boolean;
    caseSensitive: boolean;
    sources: string[];
    symbols: string[];
    importanceAtLeast: string;
  };
  actions: {
    importance: string;
    garbage: Tri;
    forwardToTelegram: Tri;
    sound: Tri;
    addSymbols: string[];
    removeSymbols: string[];
  };
}

function valuesOf(rule: CustomRule | null): RuleValues {
  const c = rule?.conditions ?? {};
  const a = rule?.actions ?? {};
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    priority: String(rule?.priority ?? 100),
    conditions: {
      text: c.text ?? '',
      isRegex: c.isRegex === true,
      caseSensitive: c.caseSensitive === true,
      sources: c.sources ?? [],
      symbols: c.symbols ?? [],
      importanceAtLeast: c.importanceAtLeast ?? '',
    },
    actions: {
      importance: a.importance ?? '',
      garbage: toTri(a.garbage),
      forwardToTelegram: toTri(a.forwardToTelegram),
      sound: toTri(a.sound),
      addSymbols: a.addSymbols ?? [],
      removeSymbols: a.removeSymbols ?? [],
    },
  };
}

/** The rule the form describes, with empty lists and blank text dropped (an empty priority is not a number). */
function fieldsOf(values: RuleValues): CustomRuleFields {
  const { conditions: c, actions: a } = values;
  return compactRule({
    name: values.name,
    enabled: values.enabled,
    priority: values.priority.trim() === '' ? NaN : Number(values.priority),
    conditions: {
      sources: c.sources,
      text: c.text,
      isRegex: c.isRegex,
      caseSensitive: c.caseSensitive,
      symbols: c.symbols,
      importanceAtLeast: isImportance(c.importanceAtLeast) ? c.importanceAtLeast : undefined,
    },
    actions: {
      importance: isImportance(a.importance) ? a.importance : undefined,
      garbage: fromTri(a.garbage),
      forwardToTelegram: fromTri(a.forwardToTelegram),
      sound: fromTri(a.sound),
      addSymbols: a.addSymbols,
      removeSymbols: a.removeSymbols,
    },
  });
}

/**
 * The server's rule checks the form can make (rule-format.ts), where the form shows them: a missing
 * condition or action under its group, a bad pattern under the text.
 */
function formProblems(values: RuleValues) {
  const problems = ruleProblems(fieldsOf(values));
  return {
    'root.conditions': problems.conditions,
    'conditions.text': problems.text,
    'root.actions': problems.actions,
    priority: Number.isInteger(fieldsOf(values).priority) ? null : 'A whole number (lower runs first)',
  };
}

/** Create, edit (admins) or view (everyone else) a custom rule; every user can test it against recent news. */
export function RuleForm({ rule, readOnly }: { rule: CustomRule | null; readOnly: boolean }) {
  const form = useForm({
    defaultValues: valuesOf(rule),
    // The create function's schema checks the fields; an edit sends the same fields as its updates.
    resolver: serverFnResolver('createCustomRule', fieldsOf, formProblems),
  });
  const { control } = form;
  const errors = form.formState.errors;
  // A preview belongs to the conditions it tested, and a group's message holds while its problem does.
  useWatch({ control });
  const current = form.getValues();
  const live = ruleProblems(fieldsOf(current));
  const conditionsKey = JSON.stringify(current.conditions);
  const [tested, setTested] = useState<{ conditions: string; preview: RulePreview } | null>(null);
  const preview = tested?.conditions === conditionsKey ? tested.preview : null;

  const test = useMutation({
    mutationFn: (rule: ServerFnInput<'testCustomRule'>['rule']) => serverFn('testCustomRule', { rule }),
    onSuccess: (result) => setTested({ conditions: conditionsKey, preview: result }),
    onError: (error) =>
      setTested({
        conditions: conditionsKey,
        preview: { error: errorMessage(error, 'Could not test the rule'), tested: 0, matches: [] },
      }),
  });

  function runTest() {
    const fields = fieldsOf(form.getValues());
    const problems = ruleProblems(fields);
    form.clearErrors('root.conditions');
    form.clearErrors('conditions.text');
    if (problems.conditions) form.setError('root.conditions', { type: 'form', message: problems.conditions });
    if (problems.text) form.setError('conditions.text', { type: 'form', message: problems.text });
    if (!problems.conditions && !problems.text) test.mutate({ conditions: fields.conditions, actions: fields.actions });
  }

  const title = readOnly ? (rule?.name ?? 'Custom rule') : rule ? `Edit ${rule.name}` : 'New custom rule';

  return (
    <CrudForm
      form={form}
      save={(fields) => (rule ? serverFn('updateCustomRule', { id: rule.id, updates: fields }) : serverFn('createCustomRule', fields))}
      done={(saved) => (rule ? `Saved rule ${saved.name}` : `Created rule ${saved.name}`)}
      failed="Could not save the rule"
      title={title}
      description="When every condition holds, the actions apply. Enabled rules run from the lowest priority number up; later rules see earlier changes."
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      submitTestId="rule-submit"
      readOnly={readOnly}
    >
      <fieldset disabled={readOnly} className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto]">
          <TextField
            control={control}
            name="name"
            label="Name"
            fieldClassName="grid content-start gap-1.5"
            maxLength={100}
            autoComplete="off"
            data-testid="rule-name"
          />
          <TextField
            control={control}
            name="priority"
            label="Priority"
            fieldClassName="grid content-start gap-1.5"
            type="number"
            step={1}
            className="tabular"
          />
          <SwitchField control={control} name="enabled" label="Enabled" stacked />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <fieldset className="grid content-start gap-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Conditions (all must hold)</legend>
            <ConditionText control={control} />
            <TagField
              control={control}
              name="conditions.sources"
              label="Sources"
              fieldClassName="grid content-start gap-1.5"
              hint={`Kinds (${Object.keys(SOURCE_KIND_LABEL).join(', ')}) or source ids; any of them.`}
              transform={(entry) => entry.trim().toLowerCase()}
              placeholder="Any source"
              chipLabel="source"
              disabled={readOnly}
            />
            <TagField
              control={control}
              name="conditions.symbols"
              label="Symbols"
              fieldClassName="grid content-start gap-1.5"
              hint="Any of them."
              symbols
              placeholder="Any symbol"
              disabled={readOnly}
              testId="rule-symbols"
            />
            <ImportanceSelect control={control} name="conditions.importanceAtLeast" label="Importance at least" none="Any importance" />
            <FieldError message={live.conditions && errors.root?.conditions?.message} />
          </fieldset>

          <fieldset className="grid content-start gap-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Actions</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <ImportanceSelect
                control={control}
                name="actions.importance"
                label="Set importance"
                none="Unchanged"
                testId="rule-action-importance"
              />
              {TRI_ACTIONS.map(([label, key, unset, yes, no]) => (
                <SelectField key={key} control={control} name={`actions.${key}`} label={label} fieldClassName="grid content-start gap-1.5">
                  <option value="">{unset}</option>
                  <option value="true">{yes}</option>
                  <option value="false">{no}</option>
                </SelectField>
              ))}
            </div>
            {(
              [
                ['Add symbols', 'addSymbols'],
                ['Remove symbols', 'removeSymbols'],
              ] as const
            ).map(([label, key]) => (
              <TagField
                key={key}
                control={control}
                name={`actions.${key}`}
                label={label}
                fieldClassName="grid content-start gap-1.5"
                symbols
                placeholder="None"
                disabled={readOnly}
              />
            ))}
            <FieldError message={live.actions && errors.root?.actions?.message} />
          </fieldset>
        </div>
      </fieldset>

      <RulePreviewPanel preview={preview} pending={test.isPending} onTest={runTest} />
    </CrudForm>
  );
}

const TRI_ACTIONS = [
  ['Garbage', 'garbage', 'Unchanged', 'Mark as garbage', 'Not garbage'],
  ['Telegram', 'forwardToTelegram', 'Unchanged', 'Forward to chats', 'Do not forward'],
  ['Sound', 'sound', 'User’s setting', 'Always play', 'Silent'],
] as const;

/** The text condition: the text (or pattern) with its two switches under it. */
function ConditionText({ control }: { control: Control<RuleValues, unknown, unknown> }) {
  const isRegex = useWatch({ control, name: 'conditions.isRegex' });
  return (
    <div className="grid content-start gap-1.5">
      <TextField
        control={control}
        name="conditions.text"
        label="Text"
        placeholder={isRegex ? '\\bETF\\b' : 'approves'}
        className={cn(isRegex && 'font-mono')}
        autoComplete="off"
        spellCheck={false}
        data-testid="rule-text"
      />
      <span className="flex flex-wrap gap-x-4 gap-y-1">
        <SwitchField
          control={control}
          name="conditions.isRegex"
          label="Regular expression"
          className="flex items-center gap-2"
          labelClassName="font-normal"
          data-testid="rule-regex"
        />
        <SwitchField
          control={control}
          name="conditions.caseSensitive"
          label="Case-sensitive"
          className="flex items-center gap-2"
          labelClassName="font-normal"
        />
      </span>
    </div>
  );
}

/** An importance level, or none of them (`none` names that choice). */
function ImportanceSelect({
  control,
  name,
  label,
  none,
  testId,
}: {
  control: Control<RuleValues, unknown, unknown>;
  name: 'conditions.importanceAtLeast' | 'actions.importance';
  label: string;
  none: string;
  testId?: string;
}) {
  return (
    <SelectField control={control} name={name} label={label} fieldClassName="grid content-start gap-1.5" data-testid={testId}>
      <option value="">{none}</option>
      <Options values={IMPORTANCE} label={(level) => IMPORTANCE_LABEL[level]} />
    </SelectField>
  );
}
