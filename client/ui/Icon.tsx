// Inline icons: no icon font or outside host, currentColor so they follow text colour, mirrored in RTL
// where direction matters (the `flip` class). The stroke's look is one CSS rule (`.icon` in app.css)
// rather than six attributes on each of the page's many icons: less markup to render and to send.
const paths = {
  cart: 'M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 3-4.3-4.3',
  close: 'M6 6l12 12M18 6 6 18',
  back: 'M15 18l-6-6 6-6',
  forward: 'M9 18l6-6-6-6',
  edit: 'M4 20h4L19 9l-4-4L4 16v4Z',
  add: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  filter: 'M4 6h16M7 12h10M10 18h4',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9c-2.5-2.6-3.5-5.6-3.5-9s1-6.4 3.5-9Z',
} as const;

export type IconName = keyof typeof paths;

/** `path`: an icon drawn only by a lazily loaded part (the blood-test cart's vial), not in this list. */
export function Icon({
  name,
  path,
  size = 22,
  flip = false,
}: {
  name?: IconName;
  path?: string;
  size?: number;
  flip?: boolean;
}) {
  return (
    <svg className={flip ? 'icon flip' : 'icon'} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={path ?? paths[name!]} />
    </svg>
  );
}
