// /install ("Get the app"): how to add the shop to the home screen. iPhone and iPad first,
// step by step, because there web push works only for an app on the home screen; then Android and
// computers. The illustrations are drawn here as SVG (no image files, nothing from another host), each
// with a text alternative; their colours come from the stylesheet's tokens.
import '../styles/app-install.css';
import type { ReactNode } from 'react';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, group: 'help', texts: ['app'], siteIndex: 'help' } satisfies PageDeclaration;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg className="install-figure" viewBox="0 0 120 90" width="120" height="90" role="img" aria-label={label}>
      {children}
    </svg>
  );
}

/** Safari's bottom toolbar; the Share button (a square with an arrow up) ringed. */
function ShareFigure({ label }: { label: string }) {
  return (
    <Figure label={label}>
      <rect className="fig-screen" x="10" y="4" width="100" height="82" rx="10" />
      <rect className="fig-bar" x="10" y="62" width="100" height="24" rx="0" />
      <path className="fig-line" d="M24 74h8M88 74h8" />
      <circle className="fig-ring" cx="60" cy="74" r="10" />
      <path className="fig-stroke" d="M56 72v6h8v-6M60 76v-10M57 69l3-3 3 3" />
    </Figure>
  );
}

/** The Share menu; the "Add to Home Screen" row (a square with a plus) highlighted. */
function AddFigure({ label }: { label: string }) {
  return (
    <Figure label={label}>
      <rect className="fig-screen" x="10" y="4" width="100" height="82" rx="10" />
      <rect className="fig-row" x="18" y="14" width="84" height="14" rx="4" />
      <rect className="fig-row fig-row-on" x="18" y="36" width="84" height="16" rx="4" />
      <rect className="fig-row" x="18" y="60" width="84" height="14" rx="4" />
      <rect className="fig-stroke" x="24" y="39" width="10" height="10" rx="2" />
      <path className="fig-stroke" d="M29 41.5v5M26.5 44h5" />
      <path className="fig-line" d="M40 44h48" />
    </Figure>
  );
}

/** A home screen of app icons; ours (the brand's tile with its check mark) among them. */
function OpenFigure({ label }: { label: string }) {
  const others = [
    [22, 14],
    [50, 14],
    [78, 14],
    [22, 42],
    [78, 42],
  ] as const;
  return (
    <Figure label={label}>
      <rect className="fig-screen" x="10" y="4" width="100" height="82" rx="10" />
      {others.map(([x, y]) => (
        <rect key={`${x}-${y}`} className="fig-app" x={x} y={y} width="20" height="20" rx="5" />
      ))}
      <rect className="fig-brand" x="50" y="42" width="20" height="20" rx="5" />
      <path className="fig-check" d="M55 52.5l3.5 3.5 6.5-8" />
      <circle className="fig-ring" cx="60" cy="52" r="15" />
    </Figure>
  );
}

/** A bell beside a switch turned on. */
function NotifyFigure({ label }: { label: string }) {
  return (
    <Figure label={label}>
      <rect className="fig-screen" x="10" y="4" width="100" height="82" rx="10" />
      <path className="fig-stroke" d="M30 52v-10a10 10 0 0 1 20 0v10l4 5H26zM36 61a4 4 0 0 0 8 0" />
      <rect className="fig-switch" x="62" y="36" width="34" height="20" rx="10" />
      <circle className="fig-knob" cx="86" cy="46" r="7" />
    </Figure>
  );
}

const IOS_STEPS: Array<{ text: MessageId; figure: MessageId; Draw: (p: { label: string }) => ReactNode }> = [
  { text: 'app_guide_ios_step_share', figure: 'app_guide_figure_share', Draw: ShareFigure },
  { text: 'app_guide_ios_step_add', figure: 'app_guide_figure_add', Draw: AddFigure },
  { text: 'app_guide_ios_step_open', figure: 'app_guide_figure_open', Draw: OpenFigure },
  { text: 'app_guide_ios_step_notify', figure: 'app_guide_figure_notify', Draw: NotifyFigure },
];

export function Component() {
  const { t } = useI18n();
  return (
    <Page title={t('page_install')} description={t('app_guide_intro')}>
      <p className="static-intro">{t('app_guide_intro')}</p>
      <section className="install-section" aria-labelledby="install-ios" data-testid="install-ios">
        <h2 id="install-ios">{t('app_guide_ios_title')}</h2>
        <p className="install-note">{t('app_guide_ios_note')}</p>
        <ol className="install-steps">
          {IOS_STEPS.map(({ text, figure, Draw }) => (
            <li key={text} className="install-step">
              <Draw label={t(figure)} />
              <p>{t(text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="install-section" aria-labelledby="install-android">
        <h2 id="install-android">{t('app_guide_android_title')}</h2>
        <p>{t('app_guide_android_body')}</p>
      </section>
      <section className="install-section" aria-labelledby="install-desktop">
        <h2 id="install-desktop">{t('app_guide_desktop_title')}</h2>
        <p>{t('app_guide_desktop_body')}</p>
      </section>
      <p className="muted">{t('app_guide_installed')}</p>
    </Page>
  );
}
