import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SearchInput } from '~/components/ui/search-input';
import { SegmentedControl } from '~/components/ui/segmented-control';
import type { UserStatusFilter } from '@contract/types';
import type { UsersSearch } from './users-search';

const STATUS_FILTERS: { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'disabled', label: 'Disabled' },
];

const SEARCH_DEBOUNCE_MS = 300;

/** Search box (debounced into ?search=) and the status filter (?status=). */
export function UsersToolbar({ search }: { search: UsersSearch }) {
  const navigate = useNavigate({ from: '/admin/' });
  const [text, setText] = useState(search.search ?? '');
  const lastSent = useRef(search.search ?? '');

  // Back/forward or a link changed the URL: show its value.
  useEffect(() => {
    const fromUrl = search.search ?? '';
    if (fromUrl !== lastSent.current) {
      lastSent.current = fromUrl;
      setText(fromUrl);
    }
  }, [search.search]);

  useEffect(() => {
    const value = text.trim();
    if (value === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = value;
      void navigate({ search: (prev) => ({ ...prev, search: value || undefined, page: undefined }), replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, navigate]);

  const status = search.status ?? 'all';

  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <SearchInput
        className="w-full sm:max-w-xs"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search name or email"
        aria-label="Search users"
        maxLength={100}
        data-testid="users-search"
      />
      <SegmentedControl
        label="Status"
        className="w-fit"
        options={STATUS_FILTERS}
        value={status}
        onChange={(value) =>
          void navigate({ search: (prev) => ({ ...prev, status: value === 'all' ? undefined : value, page: undefined }) })
        }
      />
    </div>
  );
}
