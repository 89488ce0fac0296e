/** staff/halls: the catalogue an admin edits (docs/product.md §2.8): the halls, one hall's kind
 * and booking rules, a hall's ticket types and prices. The staffCatalogue machine checks each
 * draft with src/domain/catalogueRules.ts before it is sent; a refusal is shown beside its field,
 * the server's at the save button. The forms hold text as typed and send numbers. */
import { useMachine } from '@xstate/react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffCatalogueMachine } from '../../../machines/staffCatalogue.machine.ts';
import {
  getCatalogueFilms,
  getCatalogueHalls,
  getCataloguePrices,
  saveCatalogueFilm,
  saveCatalogueHall,
  saveCataloguePrice,
} from '../../api/catalogueCalls.ts';
import { FilmForm } from './FilmForm.tsx';
import { hallKindOf, type CatalogueRefusal, type HallKind, type StaffHall, type StaffPrice } from '../../domain/catalogueRules.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { SeatMapEditor } from './SeatMapEditor.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { CatalogueFile } from './CatalogueFile.tsx';
import { Check, FieldRefusal, Input, num, str } from './CatalogueFields.tsx';

const machine = staffCatalogueMachine.provide({
  actors: {
    loadHalls: fromPromise(() => getCatalogueHalls()),
    saveHall: fromPromise(({ input }) => saveCatalogueHall(input.hallId, input.hall as never)),
    loadPrices: fromPromise(({ input }) => getCataloguePrices(input)),
    savePrice: fromPromise(({ input }) => saveCataloguePrice(input.hallId, input.priceId, input.price as never)),
    loadFilms: fromPromise(() => getCatalogueFilms()),
    saveFilm: fromPromise(({ input }) => saveCatalogueFilm(input.filmId, input.film, input.poster)),
  },
});

/** A new dome's grid to start from: three rows of eight seats with an aisle in the middle. */
const NEW_DOME = ['SSSS_SSSS', 'SSSS_SSSS', 'SSSS_SSSS'];

const FIELDS = [
  'key',
  'name',
  'kind',
  'cinema',
  'minBuyers',
  'maxBuyers',
  'minAge',
  'childAgeMin',
  'childAgeMax',
  'freeChildPerAdult',
  'needsAdultAndChild',
  'waitingList',
  'groups',
  'offSeasonMonths',
  'sort',
  'closed',
];

function HallForm({
  hall,
  refusal,
  error,
  onSave,
  onBack,
}: {
  hall: StaffHall | null;
  refusal: CatalogueRefusal | null;
  error: string | null;
  onSave: (draft: unknown) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    key: hall?.key ?? '',
    nameZh: hall?.name.zh ?? '',
    nameEn: hall?.name.en ?? '',
    kind: (hall ? hallKindOf(hall) : 'exhibition') as HallKind,
    rows: hall?.cinema?.rows ?? NEW_DOME,
    chooseMode: hall?.cinema?.chooseMode ?? 1,
    minBuyers: str(hall?.minBuyers ?? 1),
    maxBuyers: str(hall?.maxBuyers ?? 5),
    minAge: str(hall?.minAge),
    childAgeMin: str(hall?.childAgeMin),
    childAgeMax: str(hall?.childAgeMax),
    waitingList: hall?.waitingList ?? false,
    groups: hall?.groups !== null && hall?.groups !== undefined,
    groupMin: str(hall?.groups?.min ?? 16),
    groupMax: str(hall?.groups?.max ?? 100),
    schoolOnly: hall?.groups?.schoolOnly ?? false,
    offSeasonOnly: hall?.groups?.offSeasonOnly ?? false,
    schoolFreeDaily: str(hall?.groups?.schoolFreeDaily ?? 0),
    sort: str(hall?.sort ?? 0),
    closed: hall?.closed ?? false,
    freeChildPerAdult: str(hall?.freeChildPerAdult),
    offSeasonMonths: hall?.offSeasonMonths?.join(',') ?? '',
  });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const save = () =>
    onSave({
      key: f.key.trim(),
      name: { zh: f.nameZh, en: f.nameEn },
      intro: hall?.intro ?? { zh: '', en: '' },
      ageNote: hall?.ageNote ?? null,
      minBuyers: num(f.minBuyers),
      maxBuyers: num(f.maxBuyers),
      minAge: num(f.minAge),
      childAgeMin: num(f.childAgeMin),
      childAgeMax: num(f.childAgeMax),
      needsAdultAndChild: f.kind === 'park',
      waitingList: f.waitingList,
      groups: f.groups
        ? { min: num(f.groupMin), max: num(f.groupMax), schoolOnly: f.schoolOnly, offSeasonOnly: f.offSeasonOnly, schoolFreeDaily: num(f.schoolFreeDaily) }
        : null,
      cinema:
        f.kind === 'dome'
          ? {
              chooseMode: f.chooseMode,
              rows: f.rows,
            }
          : null,
      sort: num(f.sort),
      closed: f.closed,
      freeChildPerAdult: num(f.freeChildPerAdult),
      offSeasonMonths:
        f.offSeasonMonths.trim() === ''
          ? null
          : f.offSeasonMonths
              .split(/[,，\s]+/)
              .filter(Boolean)
              .map(Number),
    });
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;
  const elsewhere = refusal && !FIELDS.some((x) => refusal.field === x || refusal.field.startsWith(`${x}.`)) ? tr(refusal.text) : null;
  const row = (children: ReactNode) => <div className="catalogue-row">{children}</div>;

  return (
    <section className="card stack catalogue-form" data-hall={hall?.key ?? 'new'}>
      {hall && hall.facts.upcomingTickets > 0 ? <p className="muted">{t('catalogue.sold', { n: hall.facts.upcomingTickets })}</p> : null}
      <Input label={t('catalogue.key')} value={f.key} onChange={(key) => set({ key })} maxLength={30} disabled={hall !== null} autoCapitalize="off" />
      {beside('key')}
      {row(
        <>
          <Input label={t('catalogue.nameZh')} value={f.nameZh} onChange={(nameZh) => set({ nameZh })} maxLength={100} />
          <Input label={t('catalogue.nameEn')} value={f.nameEn} onChange={(nameEn) => set({ nameEn })} maxLength={200} />
        </>,
      )}
      {beside('name')}
      <label className="field-label">
        {t('catalogue.kind')}
        <select className="input" value={f.kind} onChange={(e) => set({ kind: e.target.value as HallKind })}>
          {(['exhibition', 'park', 'dome'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`catalogue.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {beside('kind')}
      {f.kind === 'dome' ? (
        <>
          <fieldset className="catalogue-fieldset">
            <legend className="field-label">{t('catalogue.rows')}</legend>
            <SeatMapEditor rows={f.rows} onChange={(rows) => set({ rows })} />
          </fieldset>
          <label className="field-label">
            {t('catalogue.chooseMode')}
            <select className="input" value={f.chooseMode} onChange={(e) => set({ chooseMode: Number(e.target.value) as 1 | 2 | 3 })}>
              {([1, 2, 3] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`catalogue.chooseModes.${m}`)}
                </option>
              ))}
            </select>
          </label>
          {beside('cinema')}
        </>
      ) : null}
      {row(
        <>
          <Input label={t('catalogue.minBuyers')} value={f.minBuyers} onChange={(minBuyers) => set({ minBuyers })} inputMode="numeric" maxLength={3} />
          <Input label={t('catalogue.maxBuyers')} value={f.maxBuyers} onChange={(maxBuyers) => set({ maxBuyers })} inputMode="numeric" maxLength={3} />
        </>,
      )}
      {beside('minBuyers')}
      {beside('maxBuyers')}
      <Input label={t('catalogue.minAge')} value={f.minAge} onChange={(minAge) => set({ minAge })} inputMode="numeric" maxLength={3} />
      {beside('minAge')}
      {row(
        <>
          <Input label={t('catalogue.childAgeMin')} value={f.childAgeMin} onChange={(childAgeMin) => set({ childAgeMin })} inputMode="numeric" maxLength={3} />
          <Input label={t('catalogue.childAgeMax')} value={f.childAgeMax} onChange={(childAgeMax) => set({ childAgeMax })} inputMode="numeric" maxLength={3} />
        </>,
      )}
      {beside('childAgeMin')}
      {beside('childAgeMax')}
      <Input
        label={t('catalogue.freeChildPerAdult')}
        value={f.freeChildPerAdult}
        onChange={(freeChildPerAdult) => set({ freeChildPerAdult })}
        inputMode="numeric"
        maxLength={2}
      />
      {beside('freeChildPerAdult')}
      {beside('needsAdultAndChild')}
      <Check label={t('catalogue.waitingList')} checked={f.waitingList} onChange={(waitingList) => set({ waitingList })} />
      {beside('waitingList')}
      <Check label={t('catalogue.takesGroups')} checked={f.groups} onChange={(groups) => set({ groups })} />
      {f.groups ? (
        <>
          {row(
            <>
              <Input label={t('catalogue.groupMin')} value={f.groupMin} onChange={(groupMin) => set({ groupMin })} inputMode="numeric" maxLength={5} />
              <Input label={t('catalogue.groupMax')} value={f.groupMax} onChange={(groupMax) => set({ groupMax })} inputMode="numeric" maxLength={5} />
            </>,
          )}
          <Check label={t('catalogue.schoolOnly')} checked={f.schoolOnly} onChange={(schoolOnly) => set({ schoolOnly })} />
          <Check label={t('catalogue.offSeasonOnly')} checked={f.offSeasonOnly} onChange={(offSeasonOnly) => set({ offSeasonOnly })} />
          <Input
            label={t('catalogue.offSeasonMonths')}
            value={f.offSeasonMonths}
            onChange={(offSeasonMonths) => set({ offSeasonMonths })}
            inputMode="numeric"
            maxLength={40}
          />
          {beside('offSeasonMonths')}
          <Input
            label={t('catalogue.schoolFreeDaily')}
            value={f.schoolFreeDaily}
            onChange={(schoolFreeDaily) => set({ schoolFreeDaily })}
            inputMode="numeric"
            maxLength={6}
          />
        </>
      ) : null}
      {beside('groups')}
      <Input label={t('catalogue.sort')} value={f.sort} onChange={(sort) => set({ sort })} inputMode="numeric" maxLength={3} />
      {beside('sort')}
      <Check label={t('catalogue.closed')} checked={f.closed} onChange={(closed) => set({ closed })} />
      {beside('closed')}
      {elsewhere ? <Refusal message={elsewhere} /> : null}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={save}>
        {t('catalogue.save')}
      </button>
      <button type="button" className="btn btn--block" onClick={onBack}>
        {t('catalogue.back')}
      </button>
    </section>
  );
}

const PRICE_FIELDS = ['name', 'kind', 'price', 'free', 'ageMin', 'ageMax', 'validFrom', 'validTo', 'sort'];

function PriceForm({
  price,
  refusal,
  error,
  onSave,
}: {
  price: StaffPrice | null;
  refusal: CatalogueRefusal | null;
  error: string | null;
  onSave: (draft: unknown) => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    nameZh: price?.name.zh ?? '',
    nameEn: price?.name.en ?? '',
    kind: price?.kind ?? 'adult',
    price: price ? (price.price / 100).toFixed(2) : '',
    free: price?.free ?? false,
    ageMin: str(price?.ageMin),
    ageMax: str(price?.ageMax),
    validFrom: price?.validFrom ?? '',
    validTo: price?.validTo ?? '',
    sort: str(price?.sort ?? 0),
  });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const yuan = num(f.price);
  const save = () =>
    onSave({
      name: { zh: f.nameZh, en: f.nameEn },
      kind: f.kind,
      price: yuan === null ? null : Math.round(yuan * 100),
      ageMin: num(f.ageMin),
      ageMax: num(f.ageMax),
      free: f.free,
      sort: num(f.sort),
      validFrom: f.validFrom || null,
      validTo: f.validTo || null,
    });
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;
  const elsewhere = refusal && !PRICE_FIELDS.some((x) => refusal.field === x || refusal.field.startsWith(`${x}.`)) ? tr(refusal.text) : null;
  const title = price ? `${price.name.zh} · ${price.name.en} · ¥${(price.price / 100).toFixed(2)}` : t('catalogue.newPrice');

  return (
    <details className="card stack catalogue-form" data-price={price?.name.en ?? 'new'} open={price === null || refusal !== null || error !== null}>
      <summary className="catalogue-summary">
        {title}
        {price ? <span className="muted"> · {t('catalogue.priceSold', { n: price.soldTickets })}</span> : null}
      </summary>
      <div className="catalogue-row">
        <Input label={t('catalogue.priceNameZh')} value={f.nameZh} onChange={(nameZh) => set({ nameZh })} maxLength={100} />
        <Input label={t('catalogue.priceNameEn')} value={f.nameEn} onChange={(nameEn) => set({ nameEn })} maxLength={200} />
      </div>
      {beside('name')}
      <div className="catalogue-row">
        <label className="field-label">
          {t('catalogue.priceKind')}
          <select className="input" value={f.kind} onChange={(e) => set({ kind: e.target.value as typeof f.kind })}>
            {(['adult', 'child', 'student', 'senior'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`catalogue.priceKinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <Input label={t('catalogue.price')} value={f.price} onChange={(p) => set({ price: p })} inputMode="decimal" maxLength={9} />
      </div>
      {beside('kind')}
      {beside('price')}
      <Check label={t('catalogue.free')} checked={f.free} onChange={(free) => set({ free })} />
      {beside('free')}
      <div className="catalogue-row">
        <Input label={t('catalogue.ageMin')} value={f.ageMin} onChange={(ageMin) => set({ ageMin })} inputMode="numeric" maxLength={3} />
        <Input label={t('catalogue.ageMax')} value={f.ageMax} onChange={(ageMax) => set({ ageMax })} inputMode="numeric" maxLength={3} />
      </div>
      {beside('ageMin')}
      {beside('ageMax')}
      <div className="catalogue-row">
        <Input label={t('catalogue.validFrom')} type="date" value={f.validFrom} onChange={(validFrom) => set({ validFrom })} />
        <Input label={t('catalogue.validTo')} type="date" value={f.validTo} onChange={(validTo) => set({ validTo })} />
      </div>
      {beside('validFrom')}
      {beside('validTo')}
      <Input label={t('catalogue.sort')} value={f.sort} onChange={(sort) => set({ sort })} inputMode="numeric" maxLength={3} />
      {beside('sort')}
      {elsewhere ? <Refusal message={elsewhere} /> : null}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={save}>
        {price ? t('catalogue.save') : t('catalogue.newPrice')}
      </button>
    </details>
  );
}

function HallCard({ hall, lang, onEdit, onPrices }: { hall: StaffHall; lang: Lang; onEdit: () => void; onPrices: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card stack" data-hall={hall.key}>
      <div className="card__title">
        {hall.name[lang]} {hall.closed ? <span className="tag">{t('catalogue.closedTag')}</span> : null}
      </div>
      <p className="muted">
        {t(`catalogue.kinds.${hallKindOf(hall)}`)} · {hall.key} · {t('catalogue.sold', { n: hall.facts.upcomingTickets })}
      </p>
      <div className="catalogue-row">
        <button type="button" className="btn" onClick={onEdit}>
          {t('catalogue.editHall')}
        </button>
        <button type="button" className="btn" onClick={onPrices}>
          {t('catalogue.pricesButton')}
        </button>
      </div>
    </section>
  );
}

export default function StaffCatalogue() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [snapshot, send] = useMachine(machine);
  const { halls, hallId, prices, films, generation, refusal, error, saved, priceTarget } = snapshot.context;
  useStaffToken();
  const hall = halls?.find((h) => h.hallId === hallId) ?? null;
  const errorText = error ? tr(error) : null;
  const inList = snapshot.matches('halls') || snapshot.matches('failed');
  const reload = useCallback(() => send({ type: 'RELOAD' }), [send]);

  return (
    <Screen title={t('catalogue.title')} backTo={STAFF_PATHS.area}>
      {saved && (snapshot.matches('halls') || snapshot.matches('prices') || snapshot.matches('films')) ? (
        <p className="notice-bar" role="status">
          {t('catalogue.saved', { name: saved })}
        </p>
      ) : null}
      {inList && errorText ? <Refusal message={errorText} /> : null}
      {snapshot.matches('halls') ? (
        <>
          <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'EDIT', hallId: null })}>
            {t('catalogue.addHall')}
          </button>
          <button type="button" className="btn btn--block" onClick={() => send({ type: 'FILMS' })}>
            {t('catalogue.films.button')}
          </button>
          {halls?.length === 0 ? <p className="muted">{t('catalogue.noHalls')}</p> : null}
          {halls?.map((h) => (
            <HallCard
              key={h.hallId}
              hall={h}
              lang={lang}
              onEdit={() => send({ type: 'EDIT', hallId: h.hallId })}
              onPrices={() => send({ type: 'PRICES', hallId: h.hallId })}
            />
          ))}
        </>
      ) : null}
      {/* Kept mounted while an import's reload reads the halls again: its report stays in view. */}
      {snapshot.matches('halls') || snapshot.matches('loading') ? <CatalogueFile onImported={reload} shown={generation} /> : null}
      {snapshot.matches('hall') || snapshot.matches('savingHall') ? (
        <HallForm
          key={`${hallId ?? 'new'}-${generation}`}
          hall={hall}
          refusal={refusal}
          error={errorText}
          onSave={(draft) => send({ type: 'SAVE', hall: draft })}
          onBack={() => send({ type: 'BACK' })}
        />
      ) : null}
      {snapshot.matches('prices') || snapshot.matches('savingPrice') ? (
        <>
          <h2 className="staff-heading">
            {hall?.name[lang]} · {t('catalogue.prices')}
          </h2>
          <p className="muted">{t('catalogue.priceNote')}</p>
          {prices?.map((p) => (
            <PriceForm
              key={`${p.ticketPriceId}-${generation}`}
              price={p}
              refusal={priceTarget === p.ticketPriceId ? refusal : null}
              error={priceTarget === p.ticketPriceId ? errorText : null}
              onSave={(draft) => send({ type: 'SAVE_PRICE', priceId: p.ticketPriceId, price: draft })}
            />
          ))}
          <PriceForm
            key={`new-${generation}`}
            price={null}
            refusal={priceTarget === null ? refusal : null}
            error={priceTarget === null ? errorText : null}
            onSave={(draft) => send({ type: 'SAVE_PRICE', priceId: null, price: draft })}
          />
          <button type="button" className="btn btn--block" onClick={() => send({ type: 'BACK' })}>
            {t('catalogue.back')}
          </button>
        </>
      ) : null}
      {snapshot.matches('films') || snapshot.matches('savingFilm') ? (
        <>
          <h2 className="staff-heading">{t('catalogue.films.title')}</h2>
          <p className="muted">{t('catalogue.films.note')}</p>
          {[...(films ?? []), null].map((film) => (
            <FilmForm
              key={`${film?.filmId ?? 'new'}-${generation}`}
              film={film}
              lang={lang}
              refusal={priceTarget === (film?.filmId ?? null) ? refusal : null}
              error={priceTarget === (film?.filmId ?? null) ? errorText : null}
              onSave={(draft, poster) => send({ type: 'SAVE_FILM', filmId: film?.filmId ?? null, film: draft, poster })}
            />
          ))}
          <button type="button" className="btn btn--block" onClick={() => send({ type: 'BACK' })}>
            {t('catalogue.back')}
          </button>
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.hasTag('busy')} />
    </Screen>
  );
}
