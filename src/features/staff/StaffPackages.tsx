/** staff/packages: the packages an admin edits (docs/product.md §2.8): each package, on sale or
 * stopped, with what is sold of it, and a new one. The staffPackages machine checks a draft with
 * src/domain/packageEdits.ts before it is sent; its flow is there, this screen only shows it. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffPackagesMachine } from '../../../machines/staffPackages.machine.ts';
import { getCataloguePackages, saveCataloguePackage } from '../../api/catalogueCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { PackageForm } from './PackageForm.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = staffPackagesMachine.provide({
  actors: {
    loadPackages: fromPromise(() => getCataloguePackages()),
    savePackage: fromPromise(({ input }) => saveCataloguePackage(input.packageId, input.draft as never)),
  },
});

export default function StaffPackages() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [snapshot, send] = useMachine(machine);
  const { listed, generation, refusal, error, target, saved } = snapshot.context;
  useStaffToken();
  const errorText = error ? tr(error) : null;
  const shown = snapshot.matches('ready') || snapshot.matches('saving');

  return (
    <Screen title={t('staffPackages.title')} backTo={STAFF_PATHS.area}>
      {saved !== null && snapshot.matches('ready') ? (
        <p className="notice-bar" role="status">
          {t('staffPackages.saved', { name: saved })}
        </p>
      ) : null}
      {shown && listed ? (
        <>
          <p className="muted">{t('staffPackages.note')}</p>
          {listed.packages.length === 0 ? <p className="muted">{t('staffPackages.none')}</p> : null}
          {[...listed.packages, null].map((pkg) => (
            <PackageForm
              key={`${pkg?.packageId ?? 'new'}-${generation}`}
              pkg={pkg}
              halls={listed.halls}
              lang={lang}
              refusal={target === (pkg?.packageId ?? null) ? refusal : null}
              error={target === (pkg?.packageId ?? null) ? errorText : null}
              onSave={(draft) => send({ type: 'SAVE', packageId: pkg?.packageId ?? null, draft })}
            />
          ))}
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <>
          {errorText ? <Refusal message={errorText} /> : null}
          <LoadFailed onRetry={() => send({ type: 'RETRY' })} />
        </>
      ) : null}
      <LoadingOverlay show={snapshot.hasTag('busy')} />
    </Screen>
  );
}
