/** individualCustomers/personalCenter/baseInfo: the visitor's account as the museum keeps it
 * (her phone masked, the day she registered) and her e-mail, bound, changed or unbound here. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindEmail, getMe, unbindEmail } from '../../api/accountCalls.ts';
import { checkBindEmail } from '../../domain/account.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { errorText } from '../../../machines/errors.ts';
import type { Text } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { confirm, toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/vant.ts';
import '../../ui/centre.css';

export default function BaseInfo() {
  const { t } = useTranslation();
  const { data: me, failed, loading, reload } = useLoad(getMe, []);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toastInfo(done);
      setEmail('');
      reload();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const bind = () => {
    const refused = checkBindEmail(email);
    if (refused) return setError(refused);
    void run(() => bindEmail(email.trim()), t('centre.emailBound'));
  };
  const unbind = async () => {
    const yes = await confirm({
      title: t('centre.unbindTitle'),
      message: t('centre.unbindMessage'),
      confirmButtonText: t('centre.unbindEmail'),
      cancelButtonText: t('common.cancel'),
    });
    if (yes) void run(unbindEmail, t('centre.emailUnbound'));
  };

  return (
    <Screen title={t('centre.baseInfo')} backTo={INDIVIDUAL_PATHS.personHome}>
      {me ? (
        <section className="card">
          <div className="centre-row">
            <span>{t('centre.phone')}</span>
            <span className="centre-value" data-testid="phone">
              {me.phone}
            </span>
          </div>
          <div className="centre-row">
            <span>{t('centre.registeredAt')}</span>
            <span className="centre-value">{me.registeredAt}</span>
          </div>
          <div className="centre-row">
            <span>{t('centre.email')}</span>
            <span className="centre-value" data-testid="email">
              {me.email ?? t('centre.noEmail')}
            </span>
          </div>
          <div className="centre-email">
            <Field
              type="text"
              label={me.email ? t('centre.newEmail') : t('centre.email')}
              placeholder={t('centre.emailPlaceholder')}
              value={email}
              maxLength={254}
              onChange={(value) => (setEmail(value), setError(null))}
            />
            {error ? <Refusal message={tr(error)} /> : null}
            <div className="centre-email__actions">
              {me.email ? (
                <button type="button" className="btn" disabled={busy} onClick={unbind}>
                  {t('centre.unbindEmail')}
                </button>
              ) : null}
              <button type="button" className="btn btn--primary" disabled={busy} onClick={bind}>
                {me.email ? t('centre.changeEmail') : t('centre.bindEmail')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
