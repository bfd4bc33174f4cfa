// An order as a success page follows it (the product checkout's and the blood-test booking's): loaded
// once, then again every 2 s, at most 15 times, while its card payment's outcome is still on its way
// from the gateway (pending_payment). `missing` when the id is not one or the order cannot be read.
import { useContext, useEffect, useState } from 'react';
import { ApiContext } from '../providers';

export function usePolledOrder<T extends { status: string }>(id: number, path: (id: number) => string) {
  const api = useContext(ApiContext)!;
  const [order, setOrder] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  const url = Number.isInteger(id) && id > 0 ? path(id) : null;

  useEffect(() => {
    if (!url) {
      setMissing(true);
      return;
    }
    let live = true;
    let tries = 0;
    const load = () =>
      api
        .get<T>(url)
        .then((res) => {
          if (!live) return;
          setOrder(res.data);
          if (res.data.status === 'pending_payment' && ++tries < 15) setTimeout(load, 2000);
        })
        .catch(() => live && setMissing(true));
    void load();
    return () => {
      live = false;
    };
  }, [api, url]);

  return { order, setOrder, missing };
}
