import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { useForm, type ResolverResult } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { sortableColumnHelper } from '~/components/ui/data-table';
import { CrudForm, CrudSection, type CrudSectionProps } from './crud-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

interface Item {
  id: string;
  name: string;
}

const helper = sortableColumnHelper<Item>();
const columns = helper.columns([helper.accessor('name', { header: 'Name', sortFn: 'alphanumeric' })]);

function ItemForm({ item, save }: { item: Item | null; save: (name: string) => Promise<Item> }) {
  const form = useForm<{ name: string }, unknown, { name: string }>({
    defaultValues: { name: item?.name ?? '' },
    resolver: (values): ResolverResult<{ name: string }> =>
      values.name ? { values, errors: {} } : { values: {}, errors: { name: { type: 'required', message: 'Name is required' } } },
  });
  return (
    <CrudForm
      form={form}
      save={({ name }) => save(name)}
      done={(saved) => `Saved ${saved.name}`}
      failed="Could not save"
      title={item ? `Edit ${item.name}` : 'New item'}
      description="An item."
      submitLabel="Save"
      submitTestId="item-submit"
    >
      <p data-testid="item-error">{form.formState.errors.name?.message}</p>
    </CrudForm>
  );
}

function Harness({
  items,
  canEdit,
  save,
  ...props
}: { items: Item[]; canEdit: boolean; save: (name: string) => Promise<Item> } & Partial<CrudSectionProps<Item>>) {
  const query = useQuery({ queryKey: ['items'], queryFn: () => Promise.resolve(items) });
  return (
    <CrudSection
      title="Items"
      canEdit={canEdit}
      readOnlyNote="the items"
      add={{ label: 'Add item', testId: 'add-item' }}
      query={query}
      what="items"
      table={{ label: 'Items', testId: 'items-table', columns, getRowId: (i) => i.id, rowLabel: (i) => i.name }}
      empty={{ title: 'No items yet.', testId: 'items-empty', editorHint: 'Add one.', readerHint: 'An admin adds them.' }}
      dialog={{ testId: 'item-dialog', form: (item) => <ItemForm item={item} save={save} /> }}
      rowActions={{ testId: (i) => `item-${i.id}` }}
      invalidates={[['items']]}
      {...props}
    />
  );
}

const page = reactRootPerTest();
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function mount(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    page.root.render(
      <QueryClientProvider client={client}>
        <Harness {...props} />
      </QueryClientProvider>,
    ),
  );
  await flush();
}

async function click(element: HTMLElement | null | undefined) {
  expect(element).toBeTruthy();
  await act(async () => element?.click());
  await flush();
}

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const items = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

describe('CrudSection', () => {
  it('shows the rows with Edit and Delete to editors, and deletes after confirmation', async () => {
    const run = vi.fn(() => Promise.resolve());
    await mount({
      items,
      canEdit: true,
      save: vi.fn(),
      remove: {
        run,
        confirm: (i) => ({ title: `Delete ${i.name}?`, description: 'Gone.', action: 'Delete it' }),
        done: (i) => `Deleted ${i.name}`,
        failed: 'Could not delete',
      },
    });
    expect($('items-table')?.querySelectorAll('tbody tr')).toHaveLength(2);
    expect($('add-item')).toBeTruthy();
    expect($('read-only-note')).toBeNull();

    await click($('delete-item-b'));
    expect($('confirm-dialog')?.textContent).toContain('Delete Beta?');
    await click($('confirm-action'));
    expect(run).toHaveBeenCalledWith(items[1]);
    expect(toast.success).toHaveBeenCalledWith('Deleted Beta');
  });

  it('opens the form for a new item, keeps it open on field errors, closes it after saving', async () => {
    const save = vi.fn((name: string) => Promise.resolve({ id: 'a', name }));
    await mount({ items, canEdit: true, save });

    await click($('add-item'));
    expect($('item-dialog')?.textContent).toContain('New item');
    await click($('item-submit'));
    expect($('item-error')?.textContent).toBe('Name is required');
    expect(save).not.toHaveBeenCalled();
    await click(button('Cancel'));
    expect($('item-dialog')).toBeNull();

    await click($('edit-item-a'));
    expect($('item-dialog')?.textContent).toContain('Edit Alpha');
    await click($('item-submit'));
    expect(save).toHaveBeenCalledWith('Alpha');
    expect(toast.success).toHaveBeenCalledWith('Saved Alpha');
    expect($('item-dialog')).toBeNull();
  });

  it('shows a server error in the form', async () => {
    const save = vi.fn(() => Promise.reject(new Error('Nope')));
    await mount({ items, canEdit: true, save });
    await click($('edit-item-a'));
    await click($('item-submit'));
    expect($('item-dialog')?.querySelector('[role="alert"]')?.textContent).toBe('Nope');
  });

  it('is read-only for readers: a note, no Add, no row actions unless viewable', async () => {
    await mount({ items, canEdit: false, save: vi.fn() });
    expect($('read-only-note')?.textContent).toContain('the items');
    expect($('add-item')).toBeNull();
    expect(button('Edit Alpha')).toBeUndefined();
    expect(button('View Alpha')).toBeUndefined();

    page.remount();
    await mount({ items, canEdit: false, save: vi.fn(), rowActions: { testId: (i) => `item-${i.id}`, viewable: true } });
    await click(button('View Alpha'));
    expect($('item-dialog')?.textContent).toContain('Edit Alpha');
  });

  it('says what to do when the list is empty', async () => {
    await mount({ items: [], canEdit: true, save: vi.fn() });
    expect($('items-empty')?.textContent).toBe('No items yet.Add one.');
    page.remount();
    await mount({ items: [], canEdit: false, save: vi.fn() });
    expect($('items-empty')?.textContent).toBe('No items yet.An admin adds them.');
  });
});
