// The share modal (spec §2): sharing on or off, the link in a field anyone can select, and "Copy link",
// which copies an invitation plus {origin}/shared-list/{token} and shows the toast 'link_copied'.
// Turning sharing off clears the token: the old link stops working, for followers too.
import { useContext, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { paths } from '#shared/routes';
import { shareText, WISHLIST_PATHS } from '#shared/wishlists/rules';
import { useI18n } from '../i18n/context';
import { useBoot } from '../lib/locale';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';
import { listCall } from './calls';

export interface ShareTarget {
  id: number;
  name: string;
  share_token: string | null;
}

/** Copies the invitation and the link; true when the clipboard took it. */
export async function copyShareLink(link: string, intro: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(shareText(intro, link));
    toast.success('link_copied');
    return true;
  } catch {
    toast.error('wl_copy_failed');
    return false;
  }
}

/** Opened for `list`; a change of sharing shows at once here and reloads the page's data behind it. */
export function ShareModal({ list, onClose }: { list: ShareTarget | null; onClose: () => void }) {
  const { t } = useI18n();
  const { origin } = useBoot();
  const api = useContext(ApiContext)!;
  const id = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  // The answer of this modal's last change, until the page's data (list.share_token) has caught up.
  const [changed, setChanged] = useState<{ id: number; token: string | null } | null>(null);
  const token = list ? (changed?.id === list.id ? changed.token : list.share_token) : null;
  const link = token ? paths.sharedList(origin, token) : '';

  async function setShared(value: boolean) {
    if (!list) return;
    setBusy(true);
    const res = await listCall<{ share_token: string | null }>(api, WISHLIST_PATHS.share(list.id), { value });
    setBusy(false);
    if (!res) return;
    setChanged({ id: list.id, token: res.share_token });
    void revalidator.revalidate();
  }

  return (
    <Modal
      open={list !== null}
      onClose={onClose}
      title={list ? t('wl_share_title', { name: list.name }) : ''}
      size="sm"
    >
      <p className="check">
        <input
          id={`${id}-on`}
          type="checkbox"
          role="switch"
          aria-checked={token !== null}
          checked={token !== null}
          disabled={busy}
          data-testid="share-toggle"
          onChange={(e) => void setShared(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>{t('wl_share_toggle')}</label>
      </p>
      {token ? (
        <>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-link`}>
              {t('wl_link_label')}
            </label>
            <input
              type="url"
              id={`${id}-link`}
              readOnly
              value={link}
              dir="ltr"
              data-testid="share-link"
              onFocus={(e) => e.target.select()}
            />
          </div>
          <p className="field-hint">{t('wl_share_stop_note')}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              data-testid="share-copy"
              onClick={() => void copyShareLink(link, t('wl_share_text', { name: list!.name }))}
            >
              {t('wl_copy_link')}
            </button>
          </div>
        </>
      ) : (
        <p className="field-hint">{t('wl_share_private_note')}</p>
      )}
    </Modal>
  );
}
