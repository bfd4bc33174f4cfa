// /profile/addresses: the shopper's saved addresses; add, edit, delete, and choose the default one.
import '../styles/account.css';
import { useContext, useRef, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { ApiFailure } from '#shared/api/client';
import { AddressForm } from '../accounts/AddressForm';
import { addressLines } from '../accounts/address-lines';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';
import { EmptyState, Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['accounts'], siteIndex: 'account' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs) {
  const api = args.context.get(apiContext);
  return signedInCall(args, () => api.get<{ items: Address[] }>('/user/address').then((r) => r.data.items));
}

type Editing = { mode: 'none' } | { mode: 'new' } | { mode: 'edit'; id: number };

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const items = useLoaderData() as Address[];
  const revalidator = useRevalidator();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const { country, user } = useSnapshot(session);
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const [removing, setRemoving] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  async function refresh(focus: 'list' | 'add') {
    await revalidator.revalidate();
    setEditing({ mode: 'none' });
    // Back to a stable place once the list has re-rendered.
    requestAnimationFrame(() => (focus === 'add' ? addButton.current : listHeading.current)?.focus());
  }

  async function act(path: string, done: 'address_removed' | 'address_default_set') {
    setBusy(true);
    try {
      await api.post(path, {});
      toast.success(done);
      await refresh('list');
    } catch (error) {
      toast.apiError(error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  const saved = () => {
    toast.success('address_saved');
    void refresh('list');
  };

  return (
    <Page title={t('page_profile_addresses')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {editing.mode === 'new' ? (
        <section className="form-card" aria-labelledby="address-new-title">
          <h2 id="address-new-title">{t('address_new_title')}</h2>
          <AddressForm
            country={country}
            recipient={user?.name ?? ''}
            onSaved={saved}
            onCancel={() => void refresh('add')}
          />
        </section>
      ) : (
        <p className="page-actions">
          <button
            ref={addButton}
            type="button"
            className="button"
            onClick={() => setEditing({ mode: 'new' })}
            data-testid="address-add"
          >
            {t('address_add')}
          </button>
        </p>
      )}
      {items.length === 0 ? (
        editing.mode !== 'new' && <EmptyState message="empty_addresses" />
      ) : (
        <>
          <h2 className="section-title" ref={listHeading} tabIndex={-1}>
            {t('address_list_label')}
          </h2>
          <ul className="address-list">
            {items.map((a) => (
              <li key={a.id}>
                {editing.mode === 'edit' && editing.id === a.id ? (
                  <section className="form-card" aria-labelledby={`address-${a.id}-title`}>
                    <h3 id={`address-${a.id}-title`}>{t('address_edit_title')}</h3>
                    <AddressForm
                      address={a}
                      country={a.country}
                      onSaved={saved}
                      onCancel={() => void refresh('list')}
                    />
                  </section>
                ) : (
                  <AddressCard
                    address={a}
                    busy={busy}
                    onEdit={() => setEditing({ mode: 'edit', id: a.id })}
                    onDefault={() => void act(`/user/address/${a.id}/default`, 'address_default_set')}
                    onRemove={() => setRemoving(a)}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('address_remove_confirm_title')}
        size="xs"
      >
        <p>{t('address_remove_confirm_body')}</p>
        <div className="form-actions">
          <button
            type="button"
            className="button danger-button"
            disabled={busy}
            data-testid="address-remove-confirm"
            onClick={() => {
              const target = removing!;
              setRemoving(null);
              void act(`/user/address/${target.id}/remove`, 'address_removed');
            }}
          >
            {t('address_remove')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setRemoving(null)}>
            {t('address_cancel')}
          </button>
        </div>
      </Modal>
    </Page>
  );
}

function AddressCard({
  address: a,
  busy,
  onEdit,
  onDefault,
  onRemove,
}: {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const titleId = `address-${a.id}-name`;
  return (
    <article className="address-card" aria-labelledby={titleId} data-testid="address-card">
      <h3 id={titleId}>
        <bdi>{a.label || a.recipient}</bdi>
        {a.is_default && <span className="pill">{t('address_default_badge')}</span>}
      </h3>
      <address>
        {a.label && <span>{a.recipient}</span>}
        {addressLines(a, t).map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        <bdi dir="ltr">{a.phone}</bdi>
      </address>
      <div className="address-actions">
        <button type="button" className="button button-secondary" onClick={onEdit} aria-describedby={titleId}>
          {t('address_edit')}
        </button>
        {!a.is_default && (
          <button
            type="button"
            className="button button-secondary"
            onClick={onDefault}
            disabled={busy}
            aria-describedby={titleId}
          >
            {t('address_make_default')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary danger-text"
          onClick={onRemove}
          disabled={busy}
          aria-describedby={titleId}
        >
          {t('address_remove')}
        </button>
      </div>
    </article>
  );
}
