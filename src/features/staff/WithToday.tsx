/** A staff screen that needs the museum's today: shown once the server's clock has told it
 * (useMuseumToday), with a retry in its place if the server could not be asked. */
import type { ReactNode } from 'react';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useMuseumToday } from './useMuseumToday.ts';

export function WithToday({ title, backTo, children }: { title: string; backTo: string; children: (today: string) => ReactNode }) {
  const today = useMuseumToday();
  if (today.data) return children(today.data);
  return (
    <Screen title={title} backTo={backTo}>
      {today.failed ? <LoadFailed onRetry={today.reload} /> : null}
      <LoadingOverlay show={today.loading} />
    </Screen>
  );
}
