// The checkout layout: /checkout/shipping, /checkout/order and /checkout/success are its children
// (decision 15). What the steps share lives in client/orders/checkout-steps.tsx; this route keeps them
// one group in the route tree, where shared loaders or an error boundary for checkout would go.
import '#client/styles/orders.css';
import { Outlet } from 'react-router';

export function Component() {
  return <Outlet />;
}
