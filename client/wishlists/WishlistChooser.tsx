// The add-to-wishlist chooser (spec §2): the shopper's lists with a toggle each (on adds the SKU, off
// removes it), "New list" inline (created with the SKU in it), and an opt-in price-drop alert for what
// is added now. Loaded on the first click of a heart (WishlistButton), with the wishlists' texts.
import '../styles/account.css';
import { useContext, useId, useState } from 'react';
import useSWR from 'swr';
import { ApiFailure } from '#shared/api/client';
import type { WishlistScopeView, WishlistSummary } from '#shared/api/wishlist-schemas';
import { WISHLIST_PATHS } from '#shared/wishlists/rules';
import { useI18n } from '../i18n/context';
import { Link } from 'react-router';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';
import { fieldProblem, listCall } from './calls';
import { ListNameForm } from './ListNameForm';

export function WishlistChooser({ sku, name, onClose }: { sku: number; name: string; onClose: () => void }) {
  const { t } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const alertId = useId();
  const key = WISHLIST_PATHS.scope('personal', { sku });
  const { data, mutate, error } = useSWR<WishlistScopeView>(key, { revalidateOnMount: true });
  const [open, setOpen] = useState(true);
  const [alert, setAlert] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const lists = data?.items ?? [];

  function close() {
    setOpen(false);
    // The modal animates out, then the chooser goes.
    setTimeout(onClose, 320);
  }

  async function toggle(list: WishlistSummary, on: boolean) {
    setBusy(list.id);
    const done = on
      ? await listCall(api, WISHLIST_PATHS.addItem(list.id), { sku, price_alert: alert })
      : await listCall(api, WISHLIST_PATHS.removeItems(list.id), { skus: [sku] });
    if (done) await mutate();
    setBusy(null);
  }

  async function create(listName: string): Promise<string | null> {
    try {
      const res = await api.post<{ item: WishlistSummary }>(WISHLIST_PATHS.create, { name: listName });
      const added = await listCall(api, WISHLIST_PATHS.addItem(res.data.item.id), { sku, price_alert: alert });
      if (added) setCreating(false);
      await mutate();
      return null;
    } catch (e) {
      const problem = fieldProblem(e);
      if (problem) return problem;
      toast.apiError(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
      return null;
    }
  }

  return (
    <Modal open={open} onClose={close} title={t('wl_chooser_title')} size="sm">
      <p className="wl-chooser-product">{name}</p>
      {!data && !error && <p aria-live="polite">{t('wl_loading')}</p>}
      {data && (
        <fieldset className="wl-chooser-lists" data-testid="wishlist-chooser">
          <legend className="field-label">{t('wl_lists_label')}</legend>
          {lists.length === 0 && <p>{t('wl_no_lists')}</p>}
          <ul>
            {lists.map((l) => (
              <li key={l.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={!!l.contains}
                    disabled={busy !== null}
                    onChange={(e) => void toggle(l, e.target.checked)}
                  />
                  <span>{l.name}</span>
                  <span className="wl-count">{t('wl_items_count', { count: l.items_count })}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="check wl-alert-choice">
        <input id={alertId} type="checkbox" checked={alert} onChange={(e) => setAlert(e.target.checked)} />
        <label htmlFor={alertId}>{t('wl_price_alert')}</label>
      </p>
      {creating ? (
        <ListNameForm submitLabel={t('wl_create')} onSubmit={create} onCancel={() => setCreating(false)} autoFocus />
      ) : (
        <p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setCreating(true)}
            data-testid="wishlist-new"
          >
            {t('wl_new_list')}
          </button>
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={close} data-testid="wishlist-chooser-done">
          {t('wl_done')}
        </button>
        <Link className="wl-manage" to={href('/profile/wishlists')} onClick={close}>
          {t('wl_manage_lists')}
        </Link>
      </div>
    </Modal>
  );
}
