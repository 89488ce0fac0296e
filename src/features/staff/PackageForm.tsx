/** A package in its editor (docs/product.md §2.8): its code, names and intro, the exhibition hall
 * and the dome of its parts, the parts' prices typed in yuan (sent in fen), its place and whether
 * it is on sale. The staffPackages machine checks the draft with src/domain/packageEdits.ts before
 * it is sent; a refusal is shown beside its field, the server's at the save button. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueRefusal } from '../../domain/catalogueRules.ts';
import type { PackageHall, StaffPackage } from '../../domain/packageEdits.ts';
import type { Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { Check, FieldRefusal, Input, num, str } from './CatalogueFields.tsx';

const FIELDS = ['key', 'name', 'intro', 'hallId', 'cinemaId', 'admission', 'film', 'sort', 'onSale'];
const yuanOf = (fen: number | undefined) => (fen === undefined ? '' : (fen / 100).toFixed(2));
/** Yuan as typed, in fen (NaN and empty stay as they are: the rules name the field). */
const fenOf = (yuan: string) => {
  const n = num(yuan);
  return n === null || Number.isNaN(n) ? n : Math.round(n * 100);
};

export function PackageForm({
  pkg,
  halls,
  lang,
  refusal,
  error,
  onSave,
}: {
  pkg: StaffPackage | null;
  halls: PackageHall[];
  lang: Lang;
  refusal: CatalogueRefusal | null;
  error: string | null;
  onSave: (draft: unknown) => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    key: pkg?.key ?? '',
    nameZh: pkg?.name.zh ?? '',
    nameEn: pkg?.name.en ?? '',
    introZh: pkg?.intro.zh ?? '',
    introEn: pkg?.intro.en ?? '',
    hallId: str(pkg?.hallId),
    cinemaId: str(pkg?.cinemaId),
    admission: yuanOf(pkg?.admission),
    film: yuanOf(pkg?.film),
    sort: str(pkg?.sort ?? 0),
    onSale: pkg?.onSale ?? true,
  });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const save = () =>
    onSave({
      key: f.key.trim(),
      name: { zh: f.nameZh, en: f.nameEn },
      intro: { zh: f.introZh, en: f.introEn },
      hallId: num(f.hallId),
      cinemaId: num(f.cinemaId),
      admission: fenOf(f.admission),
      film: fenOf(f.film),
      sort: num(f.sort),
      onSale: f.onSale,
    });
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;
  const elsewhere = refusal && !FIELDS.some((x) => refusal.field === x || refusal.field.startsWith(`${x}.`)) ? tr(refusal.text) : null;
  const hallSelect = (label: string, key: 'hallId' | 'cinemaId', dome: boolean) => (
    <label className="field-label">
      {label}
      <select className="input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })}>
        <option value="">{t('staffPackages.chooseHall')}</option>
        {halls
          .filter((h) => h.dome === dome || String(h.hallId) === f[key])
          .map((h) => (
            <option key={h.hallId} value={h.hallId}>
              {h.closed ? t('staffPackages.closedHall', { name: h.name[lang] }) : h.name[lang]}
            </option>
          ))}
      </select>
    </label>
  );
  const text = (label: string, key: 'introZh' | 'introEn') => (
    <label className="field-label">
      {label}
      <textarea className="input" rows={2} value={f[key]} onChange={(e) => set({ [key]: e.target.value })} maxLength={20_000} />
    </label>
  );
  const total = (fenOf(f.admission) ?? 0) + (fenOf(f.film) ?? 0);

  return (
    <details className="card stack catalogue-form" data-package={pkg?.key ?? 'new'} open={pkg === null || refusal !== null || error !== null}>
      <summary className="catalogue-summary">
        {pkg ? `${pkg.name[lang]} · ¥${yuanOf(pkg.admission + pkg.film)}` : t('staffPackages.add')}
        {pkg && !pkg.onSale ? <span className="tag">{t('staffPackages.stoppedTag')}</span> : null}
        {pkg ? <span className="muted"> · {t('staffPackages.sold', { n: pkg.sold })}</span> : null}
      </summary>
      <Input label={t('staffPackages.key')} value={f.key} onChange={(key) => set({ key })} maxLength={40} disabled={pkg !== null} autoCapitalize="off" />
      {beside('key')}
      <div className="catalogue-row">
        <Input label={t('staffPackages.nameZh')} value={f.nameZh} onChange={(nameZh) => set({ nameZh })} maxLength={100} />
        <Input label={t('staffPackages.nameEn')} value={f.nameEn} onChange={(nameEn) => set({ nameEn })} maxLength={200} />
      </div>
      {beside('name')}
      {text(t('staffPackages.introZh'), 'introZh')}
      {text(t('staffPackages.introEn'), 'introEn')}
      {beside('intro')}
      {hallSelect(t('staffPackages.hall'), 'hallId', false)}
      {beside('hallId')}
      {hallSelect(t('staffPackages.cinema'), 'cinemaId', true)}
      {beside('cinemaId')}
      <div className="catalogue-row">
        <Input label={t('staffPackages.admission')} value={f.admission} onChange={(admission) => set({ admission })} inputMode="decimal" maxLength={9} />
        <Input label={t('staffPackages.film')} value={f.film} onChange={(film) => set({ film })} inputMode="decimal" maxLength={9} />
      </div>
      {beside('admission')}
      {beside('film')}
      {Number.isFinite(total) ? <p className="muted">{t('staffPackages.total', { yuan: yuanOf(total) })}</p> : null}
      <Input label={t('staffPackages.sort')} value={f.sort} onChange={(sort) => set({ sort })} inputMode="numeric" maxLength={3} />
      {beside('sort')}
      <Check label={t('staffPackages.onSale')} checked={f.onSale} onChange={(onSale) => set({ onSale })} />
      {beside('onSale')}
      {elsewhere ? <Refusal message={elsewhere} /> : null}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={save}>
        {pkg ? t('staffPackages.save') : t('staffPackages.add')}
      </button>
    </details>
  );
}
