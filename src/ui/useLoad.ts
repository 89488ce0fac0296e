import { useCallback, useEffect, useState } from 'react';

/** Loads one thing for a read-only screen: data, failure and a reload. The API layer has
 * already shown the failure's message. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data: T | null; failed: boolean; loading: boolean }>({
    data: null,
    failed: false,
    loading: true,
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    run().then(
      (data) => live && setState({ data, failed: false, loading: false }),
      () => live && setState((s) => ({ ...s, failed: true, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [run]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
