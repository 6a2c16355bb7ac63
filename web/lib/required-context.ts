import { createContext, useContext } from 'react';

/**
 * A context its readers cannot do without: the context (for its Provider), and a hook that returns
 * its value or throws `<name> missing` outside the provider.
 */
export function requiredContext<T>(name: string) {
  const Context = createContext<T | null>(null);
  function useRequiredContext() {
    const value = useContext(Context);
    if (!value) throw new Error(`${name} missing`);
    return value;
  }
  return [Context, useRequiredContext] as const;
}
