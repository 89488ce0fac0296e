import { useTranslation } from 'react-i18next';
import type { CancelConsequences } from '../../domain/account.ts';

/** The lines of what a cancellation does with these counts (before on destory, after on reDestory). */
export function ConsequenceList({ c }: { c: CancelConsequences }) {
  const { t } = useTranslation();
  const lines = [
    [c.unpaidOrders, 'centre.willCancelOrders'],
    [c.cartHeld, 'centre.willReleaseCart'],
    [c.contacts, 'centre.willDeleteContacts'],
    [c.messages, 'centre.willBlankMessages'],
  ] as const;
  return (
    <ul className="consequences" data-testid="consequences">
      {lines.map(([n, key]) => (n > 0 ? <li key={key}>{t(key, { n })}</li> : null))}
      <li>{t('centre.willRemovePhone')}</li>
      {c.keptOrders > 0 ? <li>{t('centre.willKeepOrders', { n: c.keptOrders })}</li> : null}
    </ul>
  );
}
