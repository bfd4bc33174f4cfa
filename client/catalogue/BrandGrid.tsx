// Brand logos linking to their products: the home page's brands section and /brands.
import '../styles/catalogue.css';
import { Link } from 'react-router';
import { useHref } from '../lib/locale';
import { responsive } from '../ui/responsive-image';

export interface BrandTile {
  id: number;
  name: string;
  logo: { url: string; width: number; height: number; srcset?: string };
}

export function BrandGrid({ brands }: { brands: readonly BrandTile[] }) {
  const href = useHref();
  return (
    <ul className="brand-row">
      {brands.map((b) => (
        <li key={b.id}>
          <Link to={href(`/products?brand=${b.id}`)} className="brand-tile">
            <img
              {...responsive(b.logo, '(max-width: 600px) 40vw, 200px')}
              alt={b.name}
              width={b.logo.width}
              height={b.logo.height}
              loading="lazy"
              decoding="async"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
