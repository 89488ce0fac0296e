import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../ui/feedback.ts';
import { sessionActor } from './session.ts';

/** The confirm dialog of an expired login: log in again, or cancel (log out, area start). */
export function SessionDialog() {
  const { t } = useTranslation();
  const confirming = useSelector(sessionActor, (s) => s.matches('confirming'));
  useEffect(() => {
    if (!confirming) return;
    void confirm({
      title: t('expired.title'),
      message: t('expired.message'),
      confirmButtonText: t('expired.relogin'),
      cancelButtonText: t('common.cancel'),
    }).then((again) => sessionActor.send({ type: again ? 'RELOGIN' : 'CANCEL' }));
  }, [confirming, t]);
  return null;
}
