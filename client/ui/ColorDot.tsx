// A colour swatch drawn as SVG: its fill is an attribute, so no inline style is needed (the CSP
// allows no inline styles).
import '../styles/catalogue.css';
export function ColorDot({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <svg className="color-dot" width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <circle cx="6" cy="6" r="6" fill={/^#[0-9a-f]{6}$/i.test(color) ? color : '#999999'} />
    </svg>
  );
}
