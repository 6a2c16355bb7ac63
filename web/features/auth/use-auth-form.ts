import { useState, type FormEvent } from 'react';
import { errorMessage, errorStatus, fieldErrors, retryAfterOf } from '~/lib/http-error';

export interface AuthFormState {
  pending: boolean;
  error: string | null;
  fields: Record<string, string>;
}

function generalMessage(error: unknown, fields: Record<string, string>): string | null {
  const status = errorStatus(error);
  if (status === 429) {
    const retryAfter = retryAfterOf(error);
    const minutes = retryAfter === undefined ? null : Math.max(1, Math.ceil(retryAfter / 60));
    return minutes ? `${errorMessage(error)} (about ${minutes} min)` : errorMessage(error);
  }
  if (status === undefined) return 'Could not reach the server. Check your connection and try again.';
  // Field errors are shown under the fields; keep the general line short.
  if (Object.keys(fields).length > 0) return 'Please correct the highlighted fields.';
  return errorMessage(error);
}

/** Submits a form's fields to an auth call; collects the general and per-field server errors. */
export function useAuthForm<T extends Record<string, string>>(submit: (values: T) => Promise<void>) {
  const [state, setState] = useState<AuthFormState>({ pending: false, error: null, fields: {} });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.pending) return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as T;
    setState({ pending: true, error: null, fields: {} });
    try {
      await submit(values);
      setState({ pending: false, error: null, fields: {} });
    } catch (error) {
      const fields = fieldErrors(error);
      setState({ pending: false, error: generalMessage(error, fields), fields });
    }
  }

  return { ...state, onSubmit };
}
